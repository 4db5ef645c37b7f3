import { describe, expect, it } from 'vitest';
import {
  Block,
  BLOCK_COLLIDES,
  BLOCK_FULL_FORM,
  BLOCK_PARTIAL,
  BLOCK_SHAPE,
  Shape,
  BLOCK_CULLS_SELF,
  BLOCK_SKY_FILTER,
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

  it('air is neither opaque nor translucent; water and ice are translucent; leaves and glass are cut-out; the rest are opaque', () => {
    expect(BLOCK_OPAQUE[Block.Air]).toBe(0);
    expect(BLOCK_TRANSLUCENT[Block.Air]).toBe(0);
    expect(BLOCK_COLLIDES[Block.Air]).toBe(0);
    const translucent: number[] = [Block.Water, Block.Ice];
    const cutouts: number[] = [Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves, Block.Glass];
    for (const id of Object.values(Block)) {
      if (id === Block.Air || BLOCK_PARTIAL[id]) continue;
      const name = BLOCK_NAMES[id];
      expect(BLOCK_TRANSLUCENT[id], name).toBe(translucent.includes(id) ? 1 : 0);
      expect(BLOCK_CUTOUT[id], name).toBe(cutouts.includes(id) ? 1 : 0);
      expect(BLOCK_OPAQUE[id], name).toBe(translucent.includes(id) || cutouts.includes(id) ? 0 : 1);
      // Everything but the liquids stops the player, ice and glass included; lava, opaque, is swum in.
      expect(BLOCK_COLLIDES[id], name).toBe(id === Block.Water || id === Block.Lava ? 0 : 1);
      // Leaves hide nothing behind them but still shade corners; glass and the translucent do not.
      expect(BLOCK_SOLID[id], name).toBe(translucent.includes(id) || id === Block.Glass ? 0 : 1);
      // Only glass hides its faces toward its own kind; light passes it whole.
      expect(BLOCK_CULLS_SELF[id], name).toBe(id === Block.Glass ? 1 : 0);
      expect(BLOCK_SKY_FILTER[id], name).toBe(id === Block.Glass ? 0 : BLOCK_OPAQUE[id] ? 15 : 1);
    }
  });

  it('partial blocks hide nothing and shade no corner; shapes collide, plants do not; doors and plants are cut-outs', () => {
    const partial = Object.values(Block).filter((id) => BLOCK_PARTIAL[id]);
    expect(partial.map((id) => BLOCK_NAMES[id])).toEqual([
      'stone slab', 'oak slab', 'brick slab', 'cobblestone slab', 'stone brick slab',
      'stone stairs', 'oak stairs', 'brick stairs', 'cobblestone stairs', 'stone brick stairs', 'oak door',
      'tall grass', 'fern', 'dandelion', 'poppy', 'cornflower', 'torch',
    ]);
    for (const id of partial) {
      const name = BLOCK_NAMES[id];
      // A torch is a shape the player walks through and light passes, as a plant.
      const plant = BLOCK_SHAPE[id] === Shape.Cross || BLOCK_SHAPE[id] === Shape.Torch;
      expect(BLOCK_OPAQUE[id], name).toBe(0);
      expect(BLOCK_SOLID[id], name).toBe(0);
      expect(BLOCK_TRANSLUCENT[id], name).toBe(0);
      expect(BLOCK_COLLIDES[id], name).toBe(plant ? 0 : 1);
      expect(BLOCK_CUTOUT[id], name).toBe(plant || id === Block.OakDoor ? 1 : 0);
      expect(BLOCK_SKY_FILTER[id], name).toBe(plant ? 0 : 1);
    }
    // From afar a slab or stairs reads as its full block; a plant vanishes.
    expect(BLOCK_FULL_FORM[Block.BrickStairs]).toBe(Block.Bricks);
    expect(BLOCK_FULL_FORM[Block.OakSlab]).toBe(Block.OakPlanks);
    expect(BLOCK_FULL_FORM[Block.Poppy]).toBe(Block.Air);
    expect(BLOCK_FULL_FORM[Block.Stone]).toBe(Block.Stone);
    // A torch is too small to see from afar; lava and glowstone are whole blocks, seen as themselves.
    expect(BLOCK_FULL_FORM[Block.Torch]).toBe(Block.Air);
    expect(BLOCK_FULL_FORM[Block.Lava]).toBe(Block.Lava);
    expect(BLOCK_FULL_FORM[Block.Glowstone]).toBe(Block.Glowstone);
  });

  it('has at least forty blocks besides air, sixteen of them wool', () => {
    expect(BLOCK_COUNT - 1).toBeGreaterThanOrEqual(40);
    const wool = BLOCK_NAMES.filter((name) => name.endsWith(' wool'));
    expect(wool).toHaveLength(16);
    expect(new Set(BLOCK_NAMES).size).toBe(BLOCK_COUNT);
  });

  it('names every block, and tints exactly grass, oak leaves, tall grass and ferns', () => {
    expect(BLOCK_NAMES).toHaveLength(BLOCK_COUNT);
    const tinted = Object.values(Block).filter((id) => BLOCK_TINTED[id]);
    expect(tinted.sort((a, b) => a - b)).toEqual([Block.Grass, Block.Leaves, Block.TallGrass, Block.Fern]);
  });

  it('every face of every visible block has a tile in the atlas', () => {
    for (const id of Object.values(Block)) {
      if (id === Block.Air) continue;
      for (let f = 0; f < 6; f++) expect(BLOCK_FACE_TILE[id * 6 + f]).toBeLessThan(TILE_COUNT);
    }
  });
});
