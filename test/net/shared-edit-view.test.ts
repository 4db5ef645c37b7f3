/**
 * The client's book of pending edits and the view that reconciles them with the server's
 * order, without a server: a fake room commits edits in the order it takes them.
 */
import { describe, expect, it } from 'vitest';
import { memorySeqStore, PendingEdits, SharedEditView, type BlockChange, type EditMessage, type SharedEdit } from '../../src/net';

const stone = { x: 1, y: 70, z: 1, block: 1, state: 0 };
const glass = { x: 1, y: 70, z: 1, block: 20, state: 0 };

describe('PendingEdits', () => {
  it('numbers edits on from the stored seq and saves each before it is sent', () => {
    const store = memorySeqStore();
    store.save('w', 41);
    const book = new PendingEdits('w', store);
    expect(book.add(stone).seq).toBe(42);
    expect(store.load('w')).toBe(42);
    expect(new PendingEdits('w', store).add(glass).seq).toBe(43);
    expect(new PendingEdits('other', store).add(glass).seq).toBe(1);
    // Another tab numbered on meanwhile: this one carries on after it.
    store.save('w', 50);
    expect(book.add(stone).seq).toBe(51);
  });

  it('drops acked edits, keeps retried ones, reports refused ones, and lists the rest in seq order', () => {
    const book = new PendingEdits('w', memorySeqStore());
    const [a, b, c] = [book.add(stone), book.add(glass), book.add({ ...stone, x: 2 })];
    expect(book.count).toBe(3);
    expect(book.confirm(a.seq)).toEqual(a);
    expect(book.confirm(a.seq)).toBeUndefined();
    expect(book.refused({ seq: c.seq, reason: 'down', retry: true })).toEqual({ kind: 'retry', edit: c });
    expect(book.resendAll().map((e) => e.seq)).toEqual([b.seq, c.seq]);
    expect(book.refused({ seq: b.seq, reason: 'that block is out of reach', retry: false })).toEqual({ kind: 'reverted', edit: b, reason: 'that block is out of reach' });
    expect(book.refused({ seq: 99, reason: 'x', retry: false })).toEqual({ kind: 'unknown' });
    expect(book.resendAll()).toEqual([c]);
    expect(book.count).toBe(1);
  });
});

/** A room in miniature: commits what it takes in arrival order, echoes to all, acks the author. */
class FakeRoom {
  readonly log: SharedEdit[] = [];
  commit(author: string, edit: EditMessage): SharedEdit {
    const shared = { author, ...edit };
    this.log.push(shared);
    return shared;
  }
}

function client(id: string): SharedEditView {
  const view = new SharedEditView(new PendingEdits('w', memorySeqStore()));
  view.world([], id);
  return view;
}

const block = (view: SharedEditView) => view.blockAt(1, 70, 1)?.block ?? null;

describe('SharedEditView', () => {
  it('ends a two-player race for one block with the edit the server committed last, on both screens', () => {
    for (const order of [['a', 'b'], ['b', 'a']] as const) {
      const a = client('a');
      const b = client('b');
      const room = new FakeRoom();
      const sent = { a: a.local(stone), b: b.local(glass) };
      // Each sees its own edit at once.
      expect(block(a)).toBe(stone.block);
      expect(block(b)).toBe(glass.block);
      const committed = order.map((who) => room.commit(who, sent[who]));
      // Broadcast (one batch), then the acks: the room's order on the wire.
      const changesA = a.edits(committed);
      const changesB = b.edits(committed);
      a.ack(sent.a.seq);
      b.ack(sent.b.seq);
      const last = order[1] === 'a' ? stone.block : glass.block;
      expect(block(a)).toBe(last);
      expect(block(b)).toBe(last);
      // The loser is told to show the winner's block; the winner is told nothing new.
      const loser = order[1] === 'a' ? changesB : changesA;
      const winner = order[1] === 'a' ? changesA : changesB;
      expect(loser).toEqual([{ x: 1, y: 70, z: 1, block: last, state: 0 }]);
      expect(winner).toEqual([]);
      expect(a.book.count + b.book.count).toBe(0);
    }
  });

  it("keeps a pending local edit shown while others' edits to that block arrive, until its own echo", () => {
    const a = client('a');
    const room = new FakeRoom();
    const mine = a.local(stone);
    // Someone else's edit, committed before ours: remembered, not shown over ours.
    expect(a.edits([room.commit('b', { ...glass, seq: 1 })])).toEqual([]);
    expect(block(a)).toBe(stone.block);
    expect(a.edits([room.commit('a', mine)])).toEqual([]);
    expect(block(a)).toBe(stone.block);
    expect(a.book.count).toBe(0);
  });

  it('reverts a refused edit to what the server has, and keeps a retried one', () => {
    const a = client('a');
    a.edits([{ author: 'b', seq: 1, ...glass }]);
    const mine = a.local(stone);
    expect(a.refused({ seq: mine.seq, reason: 'down', retry: true }).changes).toEqual([]);
    expect(block(a)).toBe(stone.block);
    const { outcome, changes } = a.refused({ seq: mine.seq, reason: 'that block is out of reach', retry: false });
    expect(outcome.kind).toBe('reverted');
    expect(changes).toEqual([{ x: 1, y: 70, z: 1, block: glass.block, state: 0 }]);
    // With no committed edit there, the revert goes back to the generated block.
    const other = a.local({ ...stone, x: 5 });
    expect(a.refused({ seq: other.seq, reason: 'no', retry: false }).changes).toEqual([{ x: 5, y: 70, z: 1, block: null, state: 0 }]);
  });

  it('on a rejoin, shows what was committed while away but keeps pending edits on top', () => {
    const a = client('a');
    const mine = a.local(stone);
    const changes: BlockChange[] = a.world([{ ...glass }, { x: 9, y: 9, z: 9, block: 3 }], 'a');
    expect(changes).toEqual([{ x: 9, y: 9, z: 9, block: 3, state: 0 }]);
    expect(block(a)).toBe(stone.block);
    expect(a.ack(mine.seq)).toEqual([{ x: 1, y: 70, z: 1, block: glass.block, state: 0 }]);
  });
});
