/** The connection's small parts, on a stepped clock: pose throttle, paced outbox, seq store. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditMessage, MoveMessage } from '../../../src/net';
import { EditOutbox } from '../../../src/app/net/edit-outbox';
import { localSeqStore } from '../../../src/app/net/local-seq-store';
import { MoveThrottle } from '../../../src/app/net/move-throttle';

let now = 0;
const clock = () => now;
const pose = (x: number): MoveMessage => ({ x, y: 70, z: 0, yaw: 0, pitch: 0 });
const edit = (seq: number): EditMessage => ({ seq, x: seq, y: 70, z: 0, block: 1, state: 0 });

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
});
afterEach(() => vi.useRealTimers());

describe('MoveThrottle', () => {
  it('sends at most one pose an interval, the latest, and flushes a changed pose at once', () => {
    const sent: number[] = [];
    const moves = new MoveThrottle((m) => sent.push(m.x), 100, clock);
    moves.update(pose(1));
    moves.update(pose(2));
    moves.update(pose(3));
    expect(sent).toEqual([1]);
    now = 100;
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1, 3]);
    now = 120;
    moves.update(pose(4));
    moves.flush(); // an edit is about to go: the room must know where we stand
    moves.flush();
    expect(sent).toEqual([1, 3, 4]);
    moves.reset(); // a new seat: the same pose goes again
    moves.flush();
    expect(sent).toEqual([1, 3, 4, 4]);
    moves.dispose();
    moves.dispose();
  });
});

describe('EditOutbox', () => {
  it('sends a burst at once, paces the rest at the rate, in order, each seq once', () => {
    const sent: number[] = [];
    const outbox = new EditOutbox((e) => (sent.push(e.seq), true), { editsPerSecond: 10, editBurst: 3 }, clock);
    outbox.push([1, 2, 3, 4, 5].map(edit));
    outbox.push([edit(4)]);
    expect(sent).toEqual([1, 2, 3]);
    now = 100;
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1, 2, 3, 4]);
    now = 200;
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1, 2, 3, 4, 5]);
    expect(outbox.size).toBe(0);
    outbox.dispose();
  });

  it('keeps edits queued while there is no connection, without spending the rate', () => {
    let up = false;
    const sent: number[] = [];
    const outbox = new EditOutbox((e) => up && sent.push(e.seq) > 0, { editsPerSecond: 10, editBurst: 2 }, clock);
    outbox.push([edit(1), edit(2)]);
    expect(outbox.size).toBe(2);
    up = true;
    outbox.drain();
    expect(sent).toEqual([1, 2]);
  });
});

describe('localSeqStore', () => {
  it('keeps the last seq per world, and reads junk as none', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    const store = localSeqStore(storage);
    expect(store.load('w')).toBe(0);
    store.save('w', 12);
    expect(localSeqStore(storage).load('w')).toBe(12);
    expect(store.load('other')).toBe(0);
    items.set('voxel.shared.seq.bad', 'NaN');
    expect(store.load('bad')).toBe(0);
  });
});
