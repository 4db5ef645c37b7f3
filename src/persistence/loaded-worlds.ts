/**
 * The worlds one tab holds in memory, which of them are on screen, and the edits other tabs
 * announce for them (docs/architecture.md §8).
 *
 * Another tab's edits reach a world on screen at once, through `deliver` (the game applies
 * them to its store and meshes, deciding by its generator whether each is an edit or the
 * generated block back). A world in memory but not on screen cannot be handed to the game, so
 * its announcements are held: while its pages are being read (a page read before the other
 * tab's commit would not have them), and while it waits off screen (read for a switch not yet
 * shown, or left while its own edits could not be saved). They are handed over, in order, when
 * the world is put on screen. A world not in memory needs nothing: other tabs announce edits
 * after their commit, so reading it later finds them in the database.
 */
import type { WorldRecord } from '../storage';
import type { BlockEdit, EditStore } from '../world';

/** A world with its edits in memory. */
export interface LoadedWorld {
  record: WorldRecord;
  store: EditStore;
}

export class LoadedWorlds {
  private readonly worlds = new Map<string, LoadedWorld>();
  /** Announced edits waiting for a world being read or off screen, by world id. */
  private readonly held = new Map<string, BlockEdit[]>();
  private screen: ReadonlySet<string> = new Set();

  /** `deliver` hands edits to the world on screen (see the top of this file). */
  constructor(private readonly deliver: (worldId: string, edits: BlockEdit[]) => void) {}

  get(id: string): LoadedWorld | undefined {
    return this.worlds.get(id);
  }

  /** Every world in memory, as a copy: safe to iterate across awaits. */
  all(): [string, LoadedWorld][] {
    return [...this.worlds];
  }

  /** Whether the latest setScreen named this world. */
  isOnScreen(id: string): boolean {
    return this.screen.has(id);
  }

  /** World `id` is being read, or waits off screen: its announcements are held from now on. */
  hold(id: string): void {
    if (!this.held.has(id)) this.held.set(id, []);
  }

  /** Reading world `id` failed: what was held for it goes, unless it is in memory. */
  dropHeld(id: string): void {
    if (!this.worlds.has(id)) this.held.delete(id);
  }

  /** A world read (or imported) is in memory from now on; it gets its held edits if it is on screen. */
  add(world: LoadedWorld): void {
    const id = world.record.id;
    this.worlds.set(id, world);
    if (this.screen.has(id)) this.handOver(id);
    else this.hold(id);
  }

  /** Drops a world from memory, with anything held for it. */
  forget(id: string): void {
    this.worlds.delete(id);
    this.held.delete(id);
  }

  /** These worlds are on screen now: worlds leaving it start holding, worlds arriving get what was held. */
  setScreen(ids: readonly string[]): void {
    this.screen = new Set(ids);
    for (const id of this.worlds.keys()) if (!this.screen.has(id)) this.hold(id);
    for (const id of ids) if (this.worlds.has(id)) this.handOver(id);
  }

  /** Edits another tab saved in world `worldId`. */
  receive(worldId: string, edits: BlockEdit[]): void {
    const held = this.held.get(worldId);
    if (held) {
      held.push(...edits);
      return;
    }
    if (this.worlds.has(worldId)) this.pass(worldId, edits);
  }

  private handOver(id: string): void {
    const edits = this.held.get(id);
    this.held.delete(id);
    if (edits && edits.length > 0) this.pass(id, edits);
  }

  private pass(id: string, edits: BlockEdit[]): void {
    this.deliver(id, edits);
    const world = this.worlds.get(id);
    if (world) world.record.edits = world.store.size;
  }
}
