/**
 * Keeps tabs of the game in step over a BroadcastChannel.
 *
 * Protocol. Every tab may write to the database, and a write never erases another tab's work:
 * a tab writes only the blocks it changed, merged into the stored column inside one
 * transaction (ColumnWriter, WorldDb.mergeColumns), and patches records field by field
 * (WorldDb.patchWorld). Once its write has committed, a tab announces the edits in it
 * (announceEdits): every edit is the block now at (x, y, z) of that world. Another tab that
 * has the world on screen applies them to its in-memory EditStore, storing an edit, or
 * forgetting its edit there when the block equals the generated one, as BlockEditor does for
 * its own edits, and does NOT save them (the sender has). A tab that has the world in memory
 * but not on screen holds them until it is (loaded-worlds.ts); a tab without the world in
 * memory ignores them: it reads the world from the database when it opens it, and since the
 * announcement came after the commit, the edits are there. A tab that creates, renames or
 * deletes a world, or clears its edits, announces worldsChanged; the others re-read the world
 * list (and the records of the worlds they have in memory).
 *
 * Each WorldChannel has a random tab id and ignores messages carrying its own (a second
 * channel object in the same tab does receive them; that is the same as another tab).
 * Messages are data from another tab, possibly another build: anything malformed, or of a
 * protocol version this build does not know, is ignored. Without BroadcastChannel (very old
 * browsers) the channel does nothing and tabs simply do not see each other's edits until
 * they reload.
 */
import { cleanEdit, validateEdit, type BlockEdit } from '../world';
import { randomId } from './random-id';

export interface WorldChannelHooks {
  /** Another tab saved these edits (the block now at each position) in world `worldId`. */
  edits(worldId: string, edits: BlockEdit[]): void;
  /** Another tab changed the list of worlds or a world record. */
  worldsChanged(): void;
}

/**
 * The protocol version of the messages below. 2 added block states: an edit is five numbers
 * where version 1 had four. Version 1 is still read (its edits have state 0): a tab of the
 * older build may announce an edit it committed just before this build's upgrade closed its
 * database. Any other version is ignored.
 */
const PROTOCOL = 2;
const V1_PROTOCOL = 1;

type WorldMessage =
  | { v: typeof PROTOCOL; tab: string; type: 'edits'; world: string; /** x, y, z, block, state per edit: compact to clone. */ edits: number[] }
  | { v: typeof PROTOCOL; tab: string; type: 'worlds-changed' };

export class WorldChannel {
  /** This tab's id, carried by every message it sends. */
  readonly tabId = randomId();
  private readonly channel: BroadcastChannel | null;
  private disposed = false;

  constructor(
    name: string,
    private readonly hooks: WorldChannelHooks,
  ) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
    if (this.channel) this.channel.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data);
  }

  /** Tells the other tabs about edits this tab has saved (committed) in world `worldId`. */
  announceEdits(worldId: string, edits: readonly BlockEdit[]): void {
    if (edits.length === 0) return;
    const flat: number[] = [];
    for (const e of edits) flat.push(e.x, e.y, e.z, e.block, e.state ?? 0);
    this.post({ v: PROTOCOL, tab: this.tabId, type: 'edits', world: worldId, edits: flat });
  }

  /** Tells the other tabs that worlds were created, changed or deleted. */
  announceWorldsChanged(): void {
    this.post({ v: PROTOCOL, tab: this.tabId, type: 'worlds-changed' });
  }

  /** Stops sending and receiving. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.channel?.close();
  }

  private post(message: WorldMessage): void {
    if (this.disposed || !this.channel) return;
    this.channel.postMessage(message);
  }

  private receive(data: unknown): void {
    if (this.disposed || typeof data !== 'object' || data === null) return;
    const m = data as Record<string, unknown>;
    if ((m.v !== PROTOCOL && m.v !== V1_PROTOCOL) || typeof m.tab !== 'string' || m.tab === this.tabId) return;
    if (m.type === 'worlds-changed') {
      this.hooks.worldsChanged();
      return;
    }
    if (m.type !== 'edits' || typeof m.world !== 'string' || m.world === '') return;
    const edits = readEdits(m.edits, m.v === V1_PROTOCOL ? 4 : 5);
    if (edits && edits.length > 0) this.hooks.edits(m.world, edits);
  }
}

/**
 * Edits from a flat [x, y, z, block, state, …] array (`stride` 5; 4, without states, from a
 * version-1 tab), or null unless every one is a valid edit, its state included.
 */
function readEdits(flat: unknown, stride: 4 | 5): BlockEdit[] | null {
  if (!Array.isArray(flat) || flat.length % stride !== 0) return null;
  const edits: BlockEdit[] = [];
  for (let i = 0; i < flat.length; i += stride) {
    const edit = { x: flat[i], y: flat[i + 1], z: flat[i + 2], block: flat[i + 3], state: stride === 5 ? flat[i + 4] : 0 } as BlockEdit;
    if (validateEdit(edit) !== null) return null;
    edits.push(cleanEdit(edit));
  }
  return edits;
}
