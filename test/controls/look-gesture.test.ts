import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOK_GESTURE_OPTIONS, LookGesture } from '../../src/controls/look-gesture';

const { slopPx, longPressMs } = DEFAULT_LOOK_GESTURE_OPTIONS;
const kinds = (events: { kind: string }[]) => events.map((e) => e.kind);

describe('LookGesture', () => {
  it('a quick still touch is a tap (break)', () => {
    const g = new LookGesture(100, 100, 1000);
    expect(g.move(103, 101)).toEqual([]);
    expect(kinds(g.up(1100))).toEqual(['charge-cancel', 'tap']);
  });

  it('a still touch held for the charge places once, and lifting then does nothing', () => {
    const g = new LookGesture(100, 100, 1000);
    expect(g.expire(1000 + longPressMs - 1)).toEqual([]);
    expect(kinds(g.expire(1000 + longPressMs))).toEqual(['long-press']);
    expect(g.expire(5000)).toEqual([]);
    expect(g.up(6000)).toEqual([]);
  });

  it('a lift after the charge time counts as a press even if the timer was late (a slow frame)', () => {
    const g = new LookGesture(0, 0, 0);
    expect(kinds(g.up(longPressMs + 200))).toEqual(['long-press']);
  });

  it('a drag past the slop cancels the charge and turns by the whole way travelled', () => {
    const g = new LookGesture(100, 100, 0);
    expect(g.move(100 + slopPx, 100)).toEqual([]);
    const events = g.move(100 + slopPx + 5, 96);
    expect(kinds(events)).toEqual(['charge-cancel', 'look']);
    expect(events[1]).toEqual({ kind: 'look', dx: slopPx + 5, dy: -4 });
    expect(g.move(120, 90)).toEqual([{ kind: 'look', dx: 120 - (100 + slopPx + 5), dy: -6 }]);
    expect(g.expire(10 * longPressMs)).toEqual([]);
    expect(g.up(10 * longPressMs)).toEqual([]);
  });

  it('after placing, the same finger can still drag to look', () => {
    const g = new LookGesture(0, 0, 0);
    g.expire(longPressMs);
    expect(g.move(2, 0)).toEqual([{ kind: 'look', dx: 2, dy: 0 }]);
  });

  it('a cancelled touch (system gesture) neither breaks nor places', () => {
    const g = new LookGesture(0, 0, 0);
    expect(kinds(g.cancel())).toEqual(['charge-cancel']);
    expect(g.up(50)).toEqual([]);
    expect(g.expire(longPressMs)).toEqual([]);
  });
});
