/**
 * Which edits of which player the room has taken, queued, sent to the database and had
 * committed: the bookkeeping that makes a re-sent edit (after a reconnect or a reload) apply
 * exactly once and still be acked, and keeps a player's edits in their order when a commit
 * fails. Edits are numbered per player key (`seq`, increasing); clients send and re-send them
 * in that order.
 */
import type { CommittedEdit } from './storage/world-repository';

/**
 * What to do with an incoming edit: `new` goes on to the rules; `committed` is a re-send of
 * one already in the database (ack it again); `pending` is a re-send of one queued or being
 * committed (its ack follows the commit); `out-of-order` comes before the player re-sent the
 * edits a failed commit refused, so it is refused for now too, to be sent again after them.
 */
export type Intake = 'new' | 'committed' | 'pending' | 'out-of-order';

export class EditLedger {
  /** The highest seq the database committed per player key. */
  private readonly committed: Map<string, number>;
  /** The highest seq queued or being committed per player key (at least the committed one). */
  private readonly taken = new Map<string, number>();
  /** Seqs a failed commit refused, per player key, ascending: they must come back first. */
  private readonly failed = new Map<string, number[]>();
  private queue: CommittedEdit[] = [];
  private inFlight: CommittedEdit[] | null = null;

  constructor(lastSeqs: ReadonlyMap<string, number>) {
    this.committed = new Map(lastSeqs);
  }

  intake(playerKey: string, seq: number): Intake {
    const committed = this.committed.get(playerKey) ?? -1;
    if (seq <= committed) return 'committed';
    const failed = this.failed.get(playerKey);
    if (failed) return seq === failed[0] ? 'new' : 'out-of-order';
    return seq <= (this.taken.get(playerKey) ?? committed) ? 'pending' : 'new';
  }

  /** Queues an edit intake() called new and the rules let through. */
  accept(edit: CommittedEdit): void {
    this.taken.set(edit.playerKey, edit.seq);
    this.skip(edit.playerKey, edit.seq);
    this.queue.push(edit);
  }

  /** Forgets a failed seq the rules now refused: the client drops it, so it will not come again. */
  skip(playerKey: string, seq: number): void {
    const failed = this.failed.get(playerKey);
    if (failed?.[0] !== seq) return;
    failed.shift();
    if (failed.length === 0) this.failed.delete(playerKey);
  }

  /** The queued edits to commit now, or null while a commit is under way or nothing is queued. */
  takeBatch(): readonly CommittedEdit[] | null {
    if (this.inFlight || this.queue.length === 0) return null;
    this.inFlight = this.queue;
    this.queue = [];
    return this.inFlight;
  }

  /** The batch is in the database. */
  committedBatch(): void {
    for (const e of this.inFlight ?? []) this.committed.set(e.playerKey, Math.max(e.seq, this.committed.get(e.playerKey) ?? -1));
    this.inFlight = null;
  }

  /**
   * The batch's commit failed: returns the edits refused, the batch and any edits its players
   * queued since (later seqs, which must not be committed before the batch's), and expects
   * them back in seq order.
   */
  failedBatch(): CommittedEdit[] {
    const batch = this.inFlight ?? [];
    this.inFlight = null;
    const players = new Set(batch.map((e) => e.playerKey));
    const refused = [...batch, ...this.queue.filter((e) => players.has(e.playerKey))];
    this.queue = this.queue.filter((e) => !players.has(e.playerKey));
    for (const key of players) {
      const seqs = new Set([...(this.failed.get(key) ?? []), ...refused.filter((e) => e.playerKey === key).map((e) => e.seq)]);
      this.failed.set(key, [...seqs].sort((a, b) => a - b));
      this.taken.set(key, this.committed.get(key) ?? -1);
    }
    return refused;
  }

  /** Edits waiting for a commit (queued or under way). */
  get pendingCount(): number {
    return this.queue.length + (this.inFlight?.length ?? 0);
  }
}
