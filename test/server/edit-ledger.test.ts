/** EditLedger: each player's edits applied once and in order, across re-sends and failed commits. */
import { describe, expect, it } from 'vitest';
import { EditLedger } from '../../server/edit-ledger';

const edit = (playerKey: string, seq: number) => ({ playerKey, seq, x: seq, y: 70, z: 0, block: 1 });

describe('EditLedger', () => {
  it('calls a seq the database already has committed, starting from the stored last seqs', () => {
    const ledger = new EditLedger(new Map([['a', 5]]));
    expect([ledger.intake('a', 5), ledger.intake('a', 6), ledger.intake('b', 0)]).toEqual(['committed', 'new', 'new']);
  });

  it('calls a re-send of a queued or in-flight edit pending, and committed once it is in', () => {
    const ledger = new EditLedger(new Map());
    ledger.accept(edit('a', 1));
    expect(ledger.intake('a', 1)).toBe('pending');
    expect(ledger.takeBatch()).toEqual([edit('a', 1)]);
    expect(ledger.takeBatch()).toBeNull();
    ledger.accept(edit('a', 2));
    expect(ledger.takeBatch()).toBeNull(); // one commit at a time keeps the order
    expect(ledger.intake('a', 1)).toBe('pending');
    ledger.committedBatch();
    expect(ledger.intake('a', 1)).toBe('committed');
    expect(ledger.takeBatch()).toEqual([edit('a', 2)]);
  });

  it('after a failed commit refuses its players later edits too, and wants them back in order', () => {
    const ledger = new EditLedger(new Map());
    ledger.accept(edit('a', 1));
    ledger.accept(edit('b', 1));
    ledger.takeBatch();
    ledger.accept(edit('a', 2));
    ledger.accept(edit('c', 1));
    const refused = ledger.failedBatch();
    expect(refused.map((e) => `${e.playerKey}${e.seq}`)).toEqual(['a1', 'b1', 'a2']);
    expect(ledger.pendingCount).toBe(1); // c's edit stays queued
    expect(ledger.intake('a', 3)).toBe('out-of-order');
    expect(ledger.intake('a', 2)).toBe('out-of-order');
    expect(ledger.intake('a', 1)).toBe('new');
    ledger.accept(edit('a', 1));
    expect(ledger.intake('a', 2)).toBe('new');
    // The rules refuse a2 now (say it is out of reach): the client drops it, a3 may follow.
    ledger.skip('a', 2);
    expect(ledger.intake('a', 3)).toBe('new');
    expect(ledger.intake('b', 1)).toBe('new');
  });
});
