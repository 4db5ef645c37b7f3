/**
 * A WorldRepository in memory: a test double of the database for the room's tests. `down`
 * makes every call reject, as a database that went away would; `commits` records each
 * commitEdits batch, and `gate` holds a commit open until the test releases it.
 */
import { cleanEdit, type BlockEdit } from '../../src/world';
import type { BuildPolicy, CommittedEdit, SharedWorld, WorldRepository } from '../../server/storage/world-repository';

export class MemoryRepository implements WorldRepository {
  down = false;
  readonly commits: { worldId: string; edits: CommittedEdit[] }[] = [];
  /** When set, commitEdits waits for it before committing. */
  gate: Promise<void> | null = null;
  private readonly worlds = new Map<string, SharedWorld>();
  private readonly blocks = new Map<string, Map<string, BlockEdit>>();
  private readonly seqs = new Map<string, Map<string, number>>();

  private check(): void {
    if (this.down) throw new Error('connection refused');
  }

  async createWorld(world: SharedWorld, edits: readonly BlockEdit[]): Promise<void> {
    this.check();
    if (this.worlds.has(world.id)) throw new Error(`world ${world.id} exists`);
    this.worlds.set(world.id, structuredClone(world));
    this.blocks.set(world.id, new Map(edits.map((e) => [`${e.x},${e.y},${e.z}`, cleanEdit(e)])));
    this.seqs.set(world.id, new Map());
  }

  async world(id: string): Promise<SharedWorld | null> {
    this.check();
    const world = this.worlds.get(id);
    return world ? structuredClone(world) : null;
  }

  async setPolicy(id: string, policy: BuildPolicy, builders: readonly string[]): Promise<void> {
    this.check();
    const world = this.worlds.get(id);
    if (!world) throw new Error(`no world ${id}`);
    world.policy = policy;
    world.builders = [...builders];
  }

  async commitEdits(worldId: string, edits: readonly CommittedEdit[]): Promise<void> {
    this.check();
    if (this.gate) await this.gate;
    this.check();
    const blocks = this.blocks.get(worldId)!;
    const seqs = this.seqs.get(worldId)!;
    for (const e of edits) {
      blocks.set(`${e.x},${e.y},${e.z}`, cleanEdit(e));
      seqs.set(e.playerKey, Math.max(e.seq, seqs.get(e.playerKey) ?? -1));
    }
    this.commits.push({ worldId, edits: edits.map((e) => ({ ...e })) });
  }

  /** Holds every commit open (see gate) until the returned function is called. */
  holdCommits(): () => void {
    let release!: () => void;
    this.gate = new Promise((r) => (release = r));
    return release;
  }

  /** How many worlds it holds. */
  get worldCount(): number {
    return this.worlds.size;
  }

  /** Every edit committed to `worldId`, in commit order. */
  committed(worldId: string): CommittedEdit[] {
    return this.commits.filter((c) => c.worldId === worldId).flatMap((c) => c.edits);
  }

  async edits(worldId: string): Promise<BlockEdit[]> {
    this.check();
    return [...(this.blocks.get(worldId)?.values() ?? [])];
  }

  async lastSeqs(worldId: string): Promise<Map<string, number>> {
    this.check();
    return new Map(this.seqs.get(worldId));
  }

  async dispose(): Promise<void> {}
}
