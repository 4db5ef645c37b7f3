/**
 * Everything the multiplayer server keeps, behind one interface: shared worlds (their
 * parameters, owner and build policy) and their edits, stored per column in the packing the
 * export file and IndexedDB already use (src/storage/column-edits.ts). One implementation runs
 * the same SQL on the embedded PGlite (the default) and on a PostgreSQL server (DATABASE_URL);
 * rooms only ever see this interface.
 */
import type { BlockEdit, WorldParams } from '../../src/world';

/** Who may place and break blocks in a shared world. */
export type BuildPolicy = 'visitors' | 'invited';

export interface SharedWorld {
  /** Unguessable (at least 128 random bits), URL-safe: the invite link carries it. */
  id: string;
  name: string;
  params: WorldParams;
  /** The secret the owner's client keeps to prove it owns the world (never sent to others). */
  ownerKey: string;
  policy: BuildPolicy;
  /** Player keys the owner invited to build while the policy is 'invited'. */
  builders: string[];
}

/** One accepted edit with where it came from, so a re-send after a reconnect is applied once. */
export interface CommittedEdit extends BlockEdit {
  /** The stable identity of the client that sent it (kept across reconnects). */
  playerKey: string;
  /** That client's sequence number for the edit, increasing per client. */
  seq: number;
}

export interface WorldRepository {
  /** Creates a world with its first edits (a player shares a world they already built in), in one transaction. */
  createWorld(world: SharedWorld, edits: readonly BlockEdit[]): Promise<void>;
  /** The world, or null when no world has that id. */
  world(id: string): Promise<SharedWorld | null>;
  setPolicy(id: string, policy: BuildPolicy, builders: readonly string[]): Promise<void>;
  /**
   * Commits a batch of edits (one room tick's) in one transaction: each column's stored edits
   * are merged with the batch's (a later edit of a block replaces an earlier one), and each
   * player's last committed seq is raised. Resolves only once the database has committed.
   */
  commitEdits(worldId: string, edits: readonly CommittedEdit[]): Promise<void>;
  /** All edits of a world, one per edited block. */
  edits(worldId: string): Promise<BlockEdit[]>;
  /** The highest seq committed from each player of a world (players with none are absent). */
  lastSeqs(worldId: string): Promise<Map<string, number>>;
  /** Releases the connection or the embedded database; safe to call twice. */
  dispose(): Promise<void>;
}
