import { describe, expect, it } from 'vitest';
import { affectedColumns, LIGHT_MARGIN, Block, createBlockSampler, DEFAULT_WORLD_PARAMS, EditStore, generateColumn, blockIndex, terrainFor, validateEdit } from '../../src/world';

describe('EditStore', () => {
  it('stores, overwrites and reads edits, counting distinct blocks', () => {
    const s = new EditStore();
    s.set({ x: 3, y: 70, z: -4, block: Block.Stone });
    s.set({ x: 3, y: 70, z: -4, block: Block.Sand });
    s.set({ x: -17, y: 5, z: 33, block: Block.Air });
    expect(s.size).toBe(2);
    expect(s.get(3, 70, -4)).toBe(Block.Sand);
    expect(s.get(-17, 5, 33)).toBe(Block.Air);
    expect(s.get(3, 71, -4)).toBeUndefined();
  });

  it('deletes an edit, naming the columns to re-mesh, and deleting nothing changes nothing', () => {
    const s = new EditStore();
    s.set({ x: 16, y: 70, z: 5, block: Block.Stone });
    s.set({ x: 17, y: 70, z: 5, block: Block.Stone });
    expect(s.delete(16, 70, 5).map((c) => `${c.cx},${c.cz}`).sort()).toEqual(['0,0', '1,0']);
    expect(s.size).toBe(1);
    expect(s.get(16, 70, 5)).toBeUndefined();
    expect(s.delete(16, 70, 5)).toEqual([]);
    expect(s.size).toBe(1);
    expect(s.forPaddedColumn(1, 0).length).toBe(1);
  });

  it('refuses fractional, out-of-height and unknown-block edits', () => {
    const s = new EditStore();
    expect(() => s.set({ x: 0.5, y: 1, z: 0, block: 1 })).toThrow(RangeError);
    expect(() => s.set({ x: 0, y: 256, z: 0, block: 1 })).toThrow(/height/);
    expect(() => s.set({ x: 0, y: -1, z: 0, block: 1 })).toThrow(/bedrock floor/);
    expect(() => s.set({ x: 0, y: 1, z: 0, block: 99 })).toThrow(/block/);
    expect(validateEdit({ x: Number.NaN, y: 1, z: 0, block: 1 })).toBe('coordinates must be whole numbers');
    expect(s.size).toBe(0);
  });

  it('names the columns whose mesh an edit may change: those within LIGHT_MARGIN (4) of it', () => {
    const sorted = (cols: { cx: number; cz: number }[]) => cols.map((c) => `${c.cx},${c.cz}`).sort();
    expect(LIGHT_MARGIN).toBe(4);
    expect(sorted(affectedColumns(5, 5))).toEqual(['0,0']);
    expect(sorted(affectedColumns(4, 11))).toEqual(['0,0']);
    expect(sorted(affectedColumns(0, 5))).toEqual(['-1,0', '0,0']);
    expect(sorted(affectedColumns(3, 5))).toEqual(['-1,0', '0,0']);
    expect(sorted(affectedColumns(12, 5))).toEqual(['0,0', '1,0']);
    expect(sorted(affectedColumns(15, 15))).toEqual(['0,0', '0,1', '1,0', '1,1']);
    expect(sorted(affectedColumns(-1, -16))).toEqual(['-1,-1', '-1,-2', '0,-1', '0,-2']);
    expect(sorted(affectedColumns(-4, -13))).toEqual(['-1,-1', '-1,-2', '0,-1', '0,-2']);
  });

  it('gives a column the edits of its own blocks and of the LIGHT_MARGIN blocks around it only', () => {
    const s = new EditStore();
    const inside = { x: 7, y: 60, z: 7, block: 2 };
    const westBorder = { x: -1, y: 60, z: 3, block: 2 };
    const westMargin = { x: -4, y: 60, z: 3, block: 2 };
    const corner = { x: 19, y: 60, z: 19, block: 2 };
    const tooFar = { x: -5, y: 60, z: 3, block: 2 };
    const tooFarSouth = { x: 8, y: 60, z: 20, block: 2 };
    for (const e of [inside, westBorder, westMargin, corner, tooFar, tooFarSouth]) s.set(e);
    expect(s.forPaddedColumn(0, 0)).toEqual(expect.arrayContaining([inside, westBorder, westMargin, corner]));
    expect(s.forPaddedColumn(0, 0)).toHaveLength(4);
  });

  it('keeps a block state per edit: 0 without one, replaced with the edit, gone with it', () => {
    const s = new EditStore();
    s.set({ x: 3, y: 70, z: -4, block: Block.Stone, state: 5 });
    s.set({ x: 4, y: 70, z: -4, block: Block.Stone });
    expect(s.stateAt(3, 70, -4)).toBe(5);
    expect(s.stateAt(4, 70, -4)).toBe(0);
    expect(s.stateAt(5, 70, -4)).toBe(0);
    s.set({ x: 3, y: 70, z: -4, block: Block.Stone, state: 255 });
    expect(s.stateAt(3, 70, -4)).toBe(255);
    s.set({ x: 3, y: 70, z: -4, block: Block.Sand });
    expect(s.stateAt(3, 70, -4)).toBe(0);
    s.set({ x: 3, y: 70, z: -4, block: Block.Sand, state: 2 });
    s.delete(3, 70, -4);
    expect(s.stateAt(3, 70, -4)).toBe(0);
  });

  it('hands edits on with their state, and without a state field when it is 0 (workers get them as they were)', () => {
    const s = new EditStore();
    s.set({ x: 1, y: 60, z: 1, block: 2, state: 9 });
    s.set({ x: 2, y: 60, z: 1, block: 2, state: 0 });
    s.set({ x: 3, y: 60, z: 1, block: 2 });
    const expected = [
      { x: 1, y: 60, z: 1, block: 2, state: 9 },
      { x: 2, y: 60, z: 1, block: 2 },
      { x: 3, y: 60, z: 1, block: 2 },
    ];
    expect(s.forPaddedColumn(0, 0)).toEqual(expected);
    expect(s.inColumn(0, 0)).toEqual(expected);
    expect(s.inColumnRange(-1, -1, 1, 1)).toEqual(expected);
    expect(s.all()).toEqual(expected);
    expect(structuredClone(s.forPaddedColumn(0, 0))[0]!.state).toBe(9);
  });

  it('refuses a block state that is not a whole number 0..255', () => {
    const s = new EditStore();
    for (const state of [256, -1, 1.5, Number.NaN, '3' as unknown as number, null as unknown as number]) {
      expect(validateEdit({ x: 0, y: 1, z: 0, block: 1, state })).toBe('block state must be a whole number 0..255');
      expect(() => s.set({ x: 0, y: 1, z: 0, block: 1, state })).toThrow(/block state must be a whole number 0\.\.255/);
    }
    expect(validateEdit({ x: 0, y: 1, z: 0, block: 1, state: 0 })).toBeNull();
    expect(validateEdit({ x: 0, y: 1, z: 0, block: 1, state: 255 })).toBeNull();
    expect(s.size).toBe(0);
  });

  it('serializes a state as a fifth number only when it is not 0, and loads old 4-number entries with state 0', () => {
    const s = new EditStore();
    s.set({ x: 1, y: 2, z: 3, block: 4, state: 7 });
    s.set({ x: 5, y: 6, z: 7, block: 1 });
    expect(s.serialize()).toEqual([
      [1, 2, 3, 4, 7],
      [5, 6, 7, 1],
    ]);
    const copy = new EditStore();
    expect(copy.load(JSON.parse(JSON.stringify(s.serialize())))).toEqual({ loaded: 2, skipped: 0 });
    expect(copy.stateAt(1, 2, 3)).toBe(7);
    expect(copy.stateAt(5, 6, 7)).toBe(0);
    const bad = new EditStore();
    expect(bad.load([[1, 2, 3, 1, 256], [1, 2, 3, 1, null], [1, 2, 3, 1, 2, 3], [4, 5, 6, 1, 0], [7, 8, 9, 1]])).toEqual({ loaded: 2, skipped: 3 });
    expect(bad.all()).toEqual([
      { x: 4, y: 5, z: 6, block: 1 },
      { x: 7, y: 8, z: 9, block: 1 },
    ]);
  });

  it('round-trips through serialize/load and skips malformed saved entries', () => {
    const s = new EditStore();
    s.set({ x: 1, y: 2, z: 3, block: 4 });
    s.set({ x: -100, y: 200, z: 1e6, block: 0 });
    const copy = new EditStore();
    expect(copy.load(JSON.parse(JSON.stringify(s.serialize())))).toEqual({ loaded: 2, skipped: 0 });
    expect(copy.all()).toEqual(expect.arrayContaining(s.all()));
    const bad = new EditStore();
    expect(bad.load([[1, 2, 3], [1, 2, 3, 999], ['a', 2, 3, 1], null, [1, 300, 3, 1], [4, 5, 6, 1]])).toEqual({ loaded: 1, skipped: 5 });
    expect(bad.load('not an array')).toEqual({ loaded: 0, skipped: 1 });
    expect(bad.size).toBe(1);
  });
});

describe('createBlockSampler', () => {
  it('matches generated columns block for block', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, seed: 'sampler' };
    const blockAt = createBlockSampler(terrainFor(params));
    for (const [cx, cz] of [[0, 0], [-3, 2]] as const) {
      const column = generateColumn(params, cx, cz);
      for (const [lx, lz] of [[0, 0], [15, 15], [7, 3], [0, 15]] as const) {
        for (let y = 0; y < 256; y += 3) {
          expect(blockAt(cx * 16 + lx, y, cz * 16 + lz)).toBe(column.blocks[blockIndex(lx, y, lz)]);
        }
      }
    }
    expect(blockAt(0, -1, 0)).toBe(Block.Air);
    expect(blockAt(0, 256, 0)).toBe(Block.Air);
  });
});

describe('EditStore.inColumnRange (the edits a far region shows)', () => {
  const store = new EditStore();
  const edits = [
    { x: -1, y: 70, z: -1, block: Block.Stone },
    { x: 0, y: 70, z: 0, block: Block.Stone },
    { x: 31, y: 70, z: 15, block: Block.Stone },
    { x: 32, y: 70, z: 0, block: Block.Stone },
    { x: 5000, y: 70, z: -5000, block: Block.Stone },
  ];
  for (const e of edits) store.set(e);
  const inRange = (cx0: number, cz0: number, cx1: number, cz1: number) =>
    store.inColumnRange(cx0, cz0, cx1, cz1).map((e) => `${e.x},${e.z}`).sort();

  it('a narrow range looks its columns up, a wide one walks the edited columns: both give the edits inside, half-open', () => {
    expect(inRange(0, 0, 2, 1)).toEqual(['0,0', '31,15']);
    expect(inRange(-1, -1, 1, 1)).toEqual(['-1,-1', '0,0']);
    // 128 x 128 columns is wider than the store: the other path, the same rule.
    expect(inRange(-64, -64, 64, 64)).toEqual(['-1,-1', '0,0', '31,15', '32,0']);
    expect(inRange(312, -313, 313, -312)).toEqual(['5000,-5000']);
    expect(inRange(2, 1, 3, 2)).toEqual([]);
  });
});
