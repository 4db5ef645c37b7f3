import { describe, expect, it } from 'vitest';
import {
  Block,
  BLOCK_COUNT,
  BLOCK_CUTOUT,
  BLOCK_FACE_TILE,
  BLOCK_NAMES,
  BLOCK_OPAQUE,
  BLOCK_SOLID,
  BLOCK_TINTED,
  BLOCK_TRANSLUCENT,
  blockIndex,
  COLUMN_SIZE,
  COLUMN_VOLUME,
  columnKey,
  columnOf,
  createEmptyColumn,
  isValidBlockId,
  TILE_COUNT,
  WORLD_HEIGHT,
} from '../../src/world';

describe('coordinates', () => {
  it('columnOf floors, so negative blocks belong to negative columns', () => {
    const cases: readonly (readonly [number, number])[] = [
      [0, 0], [15, 0], [16, 1], [-1, -1], [-16, -1], [-17, -2], [-32, -2], [-33, -3],
      [16_000_000, 1_000_000], [-15_999_985, -1_000_000], [-16_000_001, -1_000_001],
      [2 ** 31 * 16, 2 ** 31], [-(2 ** 35) - 1, -(2 ** 31) - 1],
    ];
    for (const [x, cx] of cases) expect(columnOf(x), `x = ${x}`).toBe(cx);
  });

  it('every block of a column maps to its own index inside the column', () => {
    const seen = new Uint8Array(COLUMN_VOLUME);
    for (let y = 0; y < WORLD_HEIGHT; y++) {
      for (let lz = 0; lz < COLUMN_SIZE; lz++) {
        for (let lx = 0; lx < COLUMN_SIZE; lx++) seen[blockIndex(lx, y, lz)]! += 1;
      }
    }
    expect(seen.every((n) => n === 1)).toBe(true);
    // Layers are contiguous: y is the slowest axis.
    expect(blockIndex(0, 1, 0)).toBe(COLUMN_SIZE * COLUMN_SIZE);
    expect(blockIndex(1, 0, 0)).toBe(1);
    expect(blockIndex(0, 0, 1)).toBe(COLUMN_SIZE);
  });

  it('columnKey tells columns apart, including the signs', () => {
    const keys = new Set<string>();
    for (let cx = -3; cx <= 3; cx++) for (let cz = -3; cz <= 3; cz++) keys.add(columnKey(cx, cz));
    expect(keys.size).toBe(49);
    expect(columnKey(1, -12)).not.toBe(columnKey(11, -2));
  });

  it('an empty column is all air with nothing above y = -1', () => {
    const column = createEmptyColumn(-4, 9);
    expect(column.blocks.length).toBe(COLUMN_VOLUME);
    expect(column.blocks.every((b) => b === Block.Air)).toBe(true);
    expect(column.maxY).toBe(-1);
  });
});

describe('block registry', () => {
  it('names and ids line up, and every id is valid', () => {
    const ids = Object.values(Block);
    expect(BLOCK_NAMES).toHaveLength(BLOCK_COUNT);
    expect(new Set(ids).size).toBe(BLOCK_COUNT);
    for (const id of ids) expect(isValidBlockId(id)).toBe(true);
    for (const bad of [-1, BLOCK_COUNT, 1.5, NaN, Infinity]) expect(isValidBlockId(bad)).toBe(false);
  });

  it('air is neither opaque nor translucent; water is translucent; leaves are cut-out; the rest are opaque', () => {
    expect(BLOCK_OPAQUE[Block.Air]).toBe(0);
    expect(BLOCK_TRANSLUCENT[Block.Air]).toBe(0);
    expect(BLOCK_TRANSLUCENT[Block.Water]).toBe(1);
    expect(BLOCK_OPAQUE[Block.Water]).toBe(0);
    const leaves: number[] = [Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves];
    for (const id of Object.values(Block)) {
      if (id === Block.Air || id === Block.Water) continue;
      const cutout = leaves.includes(id);
      expect(BLOCK_OPAQUE[id], BLOCK_NAMES[id]).toBe(cutout ? 0 : 1);
      expect(BLOCK_CUTOUT[id], BLOCK_NAMES[id]).toBe(cutout ? 1 : 0);
      // Leaves hide nothing behind them but still shade corners and stop the player.
      expect(BLOCK_SOLID[id], BLOCK_NAMES[id]).toBe(1);
    }
  });

  it('names every block, and tints exactly grass and oak leaves', () => {
    expect(BLOCK_NAMES).toHaveLength(BLOCK_COUNT);
    const tinted = Object.values(Block).filter((id) => BLOCK_TINTED[id]);
    expect(tinted.sort((a, b) => a - b)).toEqual([Block.Grass, Block.Leaves]);
  });

  it('every face of every visible block has a tile in the atlas', () => {
    for (const id of Object.values(Block)) {
      if (id === Block.Air) continue;
      for (let f = 0; f < 6; f++) expect(BLOCK_FACE_TILE[id * 6 + f]).toBeLessThan(TILE_COUNT);
    }
  });
});
