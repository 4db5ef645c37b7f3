/**
 * This player's edits the server has not yet confirmed, numbered with the seq the room dedupes
 * re-sends by. The counter outlives a reload (SeqStore): a seq the room has seen before counts
 * as already committed and is acked without being applied, so numbering must never restart
 * while the player key is the same. The pending edits themselves do not outlive the page.
 */
import type { EditMessage, RefusedMessage } from './protocol';

/** Where the last seq handed out for a world is kept (localStorage in the browser). */
export interface SeqStore {
  /** The last seq handed out for `worldId`, 0 when none was. */
  load(worldId: string): number;
  save(worldId: string, seq: number): void;
}

/** A store that forgets on reload: for tests, and where no storage is available. */
export function memorySeqStore(): SeqStore {
  const seqs = new Map<string, number>();
  return { load: (worldId) => seqs.get(worldId) ?? 0, save: (worldId, seq) => void seqs.set(worldId, seq) };
}

/** An edit as the game makes it: no seq yet. */
export type LocalEdit = Omit<EditMessage, 'seq'>;

/** What a refusal means for the game: keep waiting (`retry`), or revert `edit`. */
export type RefusalOutcome = { kind: 'retry'; edit: EditMessage } | { kind: 'reverted'; edit: EditMessage; reason: string } | { kind: 'unknown' };

export class PendingEdits {
  private readonly pending = new Map<number, EditMessage>();
  private lastSeq: number;

  constructor(
    private readonly worldId: string,
    private readonly store: SeqStore,
  ) {
    this.lastSeq = store.load(worldId);
  }

  /** Numbers a local edit and keeps it until the server confirms or refuses it. */
  add(edit: LocalEdit): EditMessage {
    // Read again: another tab with the same player key may have numbered edits since.
    const seq = (this.lastSeq = Math.max(this.lastSeq, this.store.load(this.worldId)) + 1);
    // Saved before the edit can reach the wire, so a reload never hands the same seq out twice.
    this.store.save(this.worldId, seq);
    const message: EditMessage = { seq, x: edit.x, y: edit.y, z: edit.z, block: edit.block, state: edit.state };
    this.pending.set(seq, message);
    return message;
  }

  /**
   * The edit `seq` is committed (its ack, or its own echo in 'edits', which the room sends
   * only after the commit too). Returns it, or undefined when it was not pending.
   */
  confirm(seq: number): EditMessage | undefined {
    const edit = this.pending.get(seq);
    this.pending.delete(seq);
    return edit;
  }

  refused(message: RefusedMessage): RefusalOutcome {
    const edit = this.pending.get(message.seq);
    if (!edit) return { kind: 'unknown' };
    if (message.retry) return { kind: 'retry', edit };
    this.pending.delete(message.seq);
    return { kind: 'reverted', edit, reason: message.reason };
  }

  get(seq: number): EditMessage | undefined {
    return this.pending.get(seq);
  }

  /** Every pending edit in seq order: what to send again after a reconnect or a retry refusal. */
  resendAll(): EditMessage[] {
    return [...this.pending.values()].sort((a, b) => a.seq - b.seq);
  }

  get count(): number {
    return this.pending.size;
  }
}
