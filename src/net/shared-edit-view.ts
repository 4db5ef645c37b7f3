/**
 * What a client shows of a shared world's edited blocks: the server's committed edits, with
 * this player's pending edits on top. The rule that makes every screen agree:
 *
 * - The server's order is final. Each block shows the last committed edit in that order…
 * - …except while one of our own edits to it is pending: the local edit is shown at once, and
 *   a committed edit from someone else does not overwrite it then (it is remembered, though).
 * - Our edit stops being pending when it comes back in 'edits' (author is our id, same seq),
 *   is acked, or is refused without retry. The block then shows the last committed edit: ours
 *   if it came last, or whoever's the server committed after it (theirs wins), or, after a
 *   refusal, what the server had (the revert).
 *
 * So two players setting one block at once both end with the edit the server committed last.
 * Each call returns the blocks whose shown value changed, for the game to set.
 */
import type { BlockEdit } from '../world';
import type { LocalEdit, PendingEdits, RefusalOutcome } from './pending-edits';
import type { EditMessage, RefusedMessage, SharedEdit } from './protocol';

/** A block to show: `block` null means no edit (the world's generated block). */
export interface BlockChange {
  x: number;
  y: number;
  z: number;
  block: number | null;
  state: number;
}

interface Shown {
  block: number;
  state: number;
}

const keyOf = (e: { x: number; y: number; z: number }): string => `${e.x},${e.y},${e.z}`;
const same = (a: Shown | null | undefined, b: Shown | null | undefined): boolean => (a ?? null) === (b ?? null) || (!!a && !!b && a.block === b.block && a.state === b.state);

export class SharedEditView {
  /** The last committed edit per block, in the server's order. */
  private readonly committed = new Map<string, Shown>();
  /** What the game was last told to show, per block it was told about. */
  private readonly shown = new Map<string, Shown | null>();
  private playerId = '';

  constructor(readonly book: PendingEdits) {}

  /**
   * The world as the room sent it on a join (or a rejoin after a drop): every committed edit.
   * Returns the blocks to set, which on a rejoin includes what was missed while away.
   */
  world(edits: readonly BlockEdit[], playerId: string): BlockChange[] {
    this.playerId = playerId;
    this.committed.clear();
    for (const e of edits) this.committed.set(keyOf(e), { block: e.block, state: e.state ?? 0 });
    const keys = new Set([...this.committed.keys(), ...this.shown.keys(), ...this.book.resendAll().map(keyOf)]);
    return this.refresh(keys);
  }

  /** A local edit: numbered and pending; the game shows it already. Returns what to send. */
  local(edit: LocalEdit): EditMessage {
    const message = this.book.add(edit);
    this.shown.set(keyOf(edit), { block: edit.block, state: edit.state });
    return message;
  }

  /** Committed edits in the room's order. */
  edits(edits: readonly SharedEdit[]): BlockChange[] {
    const touched = new Set<string>();
    for (const e of edits) {
      const key = keyOf(e);
      this.committed.set(key, { block: e.block, state: e.state });
      if (e.author === this.playerId) this.book.confirm(e.seq);
      touched.add(key);
    }
    return this.refresh(touched);
  }

  ack(seq: number): BlockChange[] {
    const edit = this.book.confirm(seq);
    return edit ? this.refresh([keyOf(edit)]) : [];
  }

  refused(message: RefusedMessage): { outcome: RefusalOutcome; changes: BlockChange[] } {
    const outcome = this.book.refused(message);
    return { outcome, changes: outcome.kind === 'reverted' ? this.refresh([keyOf(outcome.edit)]) : [] };
  }

  /** What the block at (x, y, z) shows now, as far as edits go (null: the generated block). */
  blockAt(x: number, y: number, z: number): Shown | null {
    return this.target(keyOf({ x, y, z }), this.latestPending());
  }

  private latestPending(): Map<string, EditMessage> {
    const byKey = new Map<string, EditMessage>();
    for (const e of this.book.resendAll()) byKey.set(keyOf(e), e); // seq order: the last one stays
    return byKey;
  }

  private target(key: string, pending: Map<string, EditMessage>): Shown | null {
    const local = pending.get(key);
    return local ? { block: local.block, state: local.state } : (this.committed.get(key) ?? null);
  }

  private refresh(keys: Iterable<string>): BlockChange[] {
    const pending = this.latestPending();
    const changes: BlockChange[] = [];
    for (const key of keys) {
      const next = this.target(key, pending);
      if (this.shown.has(key) ? same(this.shown.get(key), next) : next === null) continue;
      this.shown.set(key, next);
      const [x, y, z] = key.split(',').map(Number) as [number, number, number];
      changes.push({ x, y, z, block: next?.block ?? null, state: next?.state ?? 0 });
    }
    return changes;
  }
}
