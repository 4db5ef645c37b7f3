import { describe, expect, it } from 'vitest';
import { DEFAULT_EDIT_HISTORY_OPTIONS, EditHistory, type EditChange } from '../../src/storage';

const change = (x: number, before: number, after: number, world = 'w1'): EditChange => ({ world, x, y: 64, z: -3, before, after });

describe('EditHistory', () => {
  it('starts empty', () => {
    const h = new EditHistory();
    expect([h.size, h.canUndo, h.canRedo, h.limit]).toEqual([0, false, false, 200]);
    expect(h.undo()).toBeNull();
    expect(h.redo()).toBeNull();
  });

  it('undoes newest first, with before and after swapped and a group’s changes in reverse', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5)]);
    h.record([change(2, 0, 6), change(3, 1, 0)]);
    expect(h.undo()).toEqual([change(3, 0, 1), change(2, 6, 0)]);
    expect(h.undo()).toEqual([change(1, 5, 0)]);
    expect(h.undo()).toBeNull();
    expect([h.size, h.canUndo, h.canRedo]).toEqual([0, false, true]);
  });

  it('redoes what was undone, in the original order, then can undo it again', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5)]);
    h.record([change(2, 0, 6), change(3, 1, 0)]);
    h.undo();
    h.undo();
    expect(h.redo()).toEqual([change(1, 0, 5)]);
    expect(h.redo()).toEqual([change(2, 0, 6), change(3, 1, 0)]);
    expect(h.redo()).toBeNull();
    expect(h.undo()).toEqual([change(3, 0, 1), change(2, 6, 0)]);
  });

  it('takes a block changed twice in one action back to where it began', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5), change(1, 5, 7)]);
    const blocks = new Map([[1, 7]]);
    for (const c of h.undo()!) {
      expect(blocks.get(c.x)).toBe(c.before);
      blocks.set(c.x, c.after);
    }
    expect(blocks.get(1)).toBe(0);
  });

  it('keeps one click in two worlds as one entry', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5, 'left'), change(1, 2, 5, 'right')]);
    expect(h.size).toBe(1);
    expect(h.undo()).toEqual([change(1, 5, 2, 'right'), change(1, 5, 0, 'left')]);
    expect(h.canUndo).toBe(false);
  });

  it('clears redo when a new action is recorded after an undo', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5)]);
    h.record([change(2, 0, 5)]);
    h.undo();
    expect(h.canRedo).toBe(true);
    h.record([change(3, 0, 5)]);
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeNull();
    expect(h.undo()).toEqual([change(3, 5, 0)]);
    expect(h.undo()).toEqual([change(1, 5, 0)]);
  });

  it('drops changes that change nothing, and groups left empty', () => {
    const h = new EditHistory();
    expect(h.record([])).toBe(false);
    expect(h.record([change(1, 4, 4)])).toBe(false);
    expect(h.size).toBe(0);
    expect(h.record([change(1, 4, 4), change(2, 0, 3)])).toBe(true);
    expect(h.undo()).toEqual([change(2, 3, 0)]);
  });

  it('an empty record after an undo keeps the redo stack', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5)]);
    h.undo();
    h.record([change(2, 3, 3)]);
    expect(h.canRedo).toBe(true);
  });

  it(`keeps at most ${DEFAULT_EDIT_HISTORY_OPTIONS.limit} entries: the 201st drops the oldest`, () => {
    const h = new EditHistory();
    for (let i = 1; i <= 201; i++) h.record([change(i, 0, 1)]);
    expect(h.size).toBe(200);
    const undone: number[] = [];
    for (let c = h.undo(); c; c = h.undo()) undone.push(c[0]!.x);
    expect(undone.length).toBe(200);
    expect(undone[0]).toBe(201);
    expect(undone.at(-1)).toBe(2); // entry 1 fell off
  });

  it('takes a smaller limit, and refuses a nonsense one', () => {
    const h = new EditHistory({ limit: 2 });
    for (let i = 1; i <= 3; i++) h.record([change(i, 0, 1)]);
    expect([h.undo()![0]!.x, h.undo()![0]!.x, h.undo()]).toEqual([3, 2, null]);
    const off = new EditHistory({ limit: 0 });
    expect(off.record([change(1, 0, 1)])).toBe(false);
    expect(off.canUndo).toBe(false);
    expect(() => new EditHistory({ limit: -1 })).toThrow(RangeError);
    expect(() => new EditHistory({ limit: 1.5 })).toThrow(RangeError);
  });

  it('is not changed by the caller changing what it recorded or was given', () => {
    const h = new EditHistory();
    const group = [change(1, 0, 5)];
    h.record(group);
    group[0]!.after = 9;
    const back = h.undo()!;
    expect(back).toEqual([change(1, 5, 0)]);
    back[0]!.after = 42;
    expect(h.redo()).toEqual([change(1, 0, 5)]);
  });

  it('forgets one world’s changes, keeping the rest of each action', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5, 'left'), change(1, 0, 5, 'right')]);
    h.record([change(2, 0, 5, 'left')]);
    h.record([change(3, 0, 5, 'right')]);
    h.undo();
    h.forgetWorld('right');
    expect([h.size, h.canRedo]).toEqual([2, false]);
    expect(h.undo()).toEqual([change(2, 5, 0, 'left')]);
    expect(h.undo()).toEqual([change(1, 5, 0, 'left')]);
    expect(h.undo()).toBeNull();
  });

  it('clears', () => {
    const h = new EditHistory();
    h.record([change(1, 0, 5)]);
    h.record([change(2, 0, 5)]);
    h.undo();
    h.clear();
    expect([h.size, h.canUndo, h.canRedo]).toEqual([0, false, false]);
  });

  it('takes back and makes again a block state with its block, and keeps a change of state alone', () => {
    const h = new EditHistory();
    const open: EditChange = { world: 'w1', x: 1, y: 64, z: -3, before: 5, after: 5, beforeState: 1, afterState: 9 };
    expect(h.record([open, change(2, 3, 3)])).toBe(true); // the second changes nothing: dropped
    expect(h.peekUndo()).toEqual([{ ...open, beforeState: 9, afterState: 1 }]);
    expect(h.undo()).toEqual([{ ...open, beforeState: 9, afterState: 1 }]);
    expect(h.redo()).toEqual([open]);
    // A missing state is 0: 0 -> 0 changes nothing.
    expect(h.record([{ ...change(3, 2, 2), beforeState: 0 }])).toBe(false);
    // Only the state that was given is swapped; the other stays missing (0).
    h.record([{ ...change(4, 0, 7), afterState: 3 }]);
    expect(h.undo()).toEqual([{ ...change(4, 7, 0), beforeState: 3 }]);
  });
});

