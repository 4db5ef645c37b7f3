/**
 * Block states through the editor: an edit's state is stored, saved, taken back and made
 * again by undo and redo, applied from another tab; a change of state alone is an edit like
 * any other; a state back to 0 on the generated block is no edit at all.
 */
import { describe, expect, it } from 'vitest';
import { BlockEditor } from '../../../src/app/session/block-editor';
import { Block, DEFAULT_WORLD_PARAMS, EditStore, worldParamsKey, type BlockEdit } from '../../../src/world';

const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };

function setup() {
  const saved: BlockEdit[] = [];
  const messages: string[] = [];
  const changed: string[] = [];
  const store = new EditStore();
  const editor = new BlockEditor({
    columnsChanged: (cs) => changed.push(...cs.map((c) => `${c.cx},${c.cz}`)),
    message: (text) => messages.push(text),
    stored: (_w, e) => void saved.push(e),
    occupiedByPlayer: () => false,
  });
  editor.setWorld({ params, store });
  return { editor, saved, messages, changed, store };
}

describe('BlockEditor and block states', () => {
  it('stores and saves an edit with its state; generated blocks and plain edits read state 0', () => {
    const { editor, saved, store } = setup();
    expect(editor.apply({ x: 1, y: 200, z: 1, block: Block.Log, state: 2 })).toBeNull();
    expect(editor.stateAt(1, 200, 1)).toBe(2);
    expect(store.stateAt(1, 200, 1)).toBe(2);
    expect(editor.stateAt(1, 5, 1)).toBe(0); // generated
    editor.apply({ x: 2, y: 200, z: 1, block: Block.Log, state: 0 });
    expect(editor.stateAt(2, 200, 1)).toBe(0);
    expect(saved).toEqual([
      { x: 1, y: 200, z: 1, block: Block.Log, state: 2 },
      { x: 2, y: 200, z: 1, block: Block.Log },
    ]);
  });

  it('a change of state alone is an edit: saved, re-meshed and undoable; the same state again is nothing', () => {
    const { editor, saved, changed } = setup();
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Log, state: 1 });
    saved.length = 0;
    changed.length = 0;
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Log, state: 2 });
    expect(editor.stateAt(1, 200, 1)).toBe(2);
    expect(saved).toEqual([{ x: 1, y: 200, z: 1, block: Block.Log, state: 2 }]);
    expect(changed.length).toBeGreaterThan(0);
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Log, state: 2 });
    expect(saved).toHaveLength(1);
    expect(editor.undo()).toBe(true);
    expect(editor.stateAt(1, 200, 1)).toBe(1);
    expect(editor.redo()).toBe(true);
    expect(editor.stateAt(1, 200, 1)).toBe(2);
  });

  it('undo and redo bring back the block and its state, saving each step with its state', () => {
    const { editor, saved, store } = setup();
    editor.apply({ x: 1, y: 200, z: 1, block: Block.OakStairs, state: 7 });
    editor.apply({ x: 1, y: 200, z: 1, block: Block.Stone });
    saved.length = 0;
    expect(editor.undo()).toBe(true);
    expect([editor.blockAt(1, 200, 1), editor.stateAt(1, 200, 1)]).toEqual([Block.OakStairs, 7]);
    expect(editor.undo()).toBe(true);
    expect([editor.blockAt(1, 200, 1), editor.stateAt(1, 200, 1)]).toEqual([Block.Air, 0]);
    expect(store.size).toBe(0);
    expect(editor.redo()).toBe(true);
    expect([editor.blockAt(1, 200, 1), editor.stateAt(1, 200, 1)]).toEqual([Block.OakStairs, 7]);
    expect(saved).toEqual([
      { x: 1, y: 200, z: 1, block: Block.OakStairs, state: 7 },
      { x: 1, y: 200, z: 1, block: Block.Air },
      { x: 1, y: 200, z: 1, block: Block.OakStairs, state: 7 },
    ]);
  });

  it('a block with a state put back to the generated block (stateless) is no edit any more', () => {
    const { editor, store } = setup();
    editor.apply({ x: 1, y: 250, z: 1, block: Block.OakStairs, state: 4 });
    expect(store.size).toBe(1);
    expect(editor.stateAt(1, 250, 1)).toBe(4);
    editor.apply({ x: 1, y: 250, z: 1, block: Block.Air });
    expect(store.size).toBe(0);
    expect(editor.stateAt(1, 250, 1)).toBe(0);
  });

  it('refuses a state its block does not have (a stone facing east), saying why', () => {
    const { editor, messages, saved } = setup();
    expect(editor.apply({ x: 1, y: 200, z: 1, block: Block.Stone, state: 1 })).toBe('that block has no such state');
    expect(messages.join(' ')).toMatch(/no such state/);
    expect(saved).toEqual([]);
  });

  it('refuses a state that is not a byte, saying why', () => {
    const { editor, messages, saved } = setup();
    expect(editor.apply({ x: 1, y: 200, z: 1, block: Block.Log, state: 256 })).toBe('block state must be a whole number 0..255');
    expect(messages.join(' ')).toMatch(/block state must be a whole number 0\.\.255/);
    expect(saved).toEqual([]);
  });

  it("applies another tab's edits with their states, without saving them", () => {
    const { editor, saved } = setup();
    editor.applySaved(worldParamsKey(params), [{ x: 4, y: 230, z: 4, block: Block.Log, state: 9 }]);
    expect(editor.stateAt(4, 230, 4)).toBe(9);
    expect(saved).toEqual([]);
  });

  it('breaks a door as a whole, and in a second world on screen only what that world has there', () => {
    const { editor, store } = setup();
    const twin = new EditStore();
    editor.setWorlds([{ params, store }, { params: { ...params, noise: 'simplex' }, store: twin }]);
    // World one: a door at y 200..201; world two: stone under bricks there.
    editor.applySaved(worldParamsKey(params), [
      { x: 1, y: 200, z: 1, block: Block.OakDoor, state: 1 },
      { x: 1, y: 201, z: 1, block: Block.OakDoor, state: 1 | 16 },
    ]);
    editor.applySaved(worldParamsKey({ ...params, noise: 'simplex' }), [
      { x: 1, y: 200, z: 1, block: Block.Stone },
      { x: 1, y: 201, z: 1, block: Block.Bricks },
    ]);
    // Aim down at the door's upper half from above.
    editor.updateAim({ x: 1.9, y: 205, z: 1.5 }, { x: 0, y: -1, z: 0 }); // onto the closed panel, on the east side
    expect(editor.aimed).toMatchObject({ x: 1, y: 201, z: 1 });
    editor.breakAimed();
    expect([editor.blockAt(1, 200, 1), editor.blockAt(1, 201, 1)]).toEqual([Block.Air, Block.Air]);
    const twinKey = worldParamsKey({ ...params, noise: 'simplex' });
    expect([editor.blockAt(1, 200, 1, twinKey), editor.blockAt(1, 201, 1, twinKey)]).toEqual([Block.Stone, Block.Air]);
  });

  it('refuses a door with no room for its upper half at the top of the world, leaving nothing behind', () => {
    const { editor, messages, store } = setup();
    editor.apply({ x: 1, y: 254, z: 1, block: Block.Stone });
    editor.hotbar.put(0, Block.OakDoor);
    editor.selectSlot(0);
    editor.updateAim({ x: 1.5, y: 256.5, z: 2.5 }, { x: 0, y: -1, z: -0.5 });
    expect(editor.aimed).toMatchObject({ x: 1, y: 254, z: 1, ny: 1 });
    const before = store.size;
    expect(editor.placeAtAim()).toBeNull();
    expect(store.size).toBe(before);
    expect(messages.join(' ')).toMatch(/two free blocks/);
  });
});
