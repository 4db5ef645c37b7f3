/**
 * sampleLodRegion is the far terrain's view of the generator: every sampled cell must be the
 * block column at its sample point as the game generates it (trees left out, except at level
 * 1 where a tree over the column makes the cell its top; rock above the snow cap is snow),
 * and edits must move exactly the
 * cells whose sample point they sit on.
 */
import { describe, expect, it } from 'vitest';
import {
  Block, BLOCK_FULL_FORM, BLOCK_SHAPE, DEFAULT_WORLD_PARAMS, LOD_CANOPY_MAX_LEVEL, LOD_GRID, LOD_MAX_LEVEL, lodGridIndex, lodSampleCoord, NO_SNOW_LINE, sampleLodRegion,
  terrainFor, WORLD_HEIGHT, Shape, type BlockEdit, type LodSamples, type Terrain, type WorldParams,
} from '../../src/world';

const WORLDS: readonly [string, WorldParams][] = [
  ['classic perlin', { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: 'lod' }],
  ['classic simplex ridged', { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: '12345', noise: 'simplex', style: 'ridged' }],
  ['biomes perlin', { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' }],
  ['biomes simplex', { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: '12345', noise: 'simplex' }],
  ['flat', { ...DEFAULT_WORLD_PARAMS, type: 'flat', seed: 'lod' }],
];

/** [level, rx, rz]: every level, negative and far regions. */
const REGIONS: readonly [number, number, number][] = [
  [1, 0, 0], [1, -40000, 7], [2, -3, 5], [3, 11, -9], [4, -1, -1], [5, 2, 0], [6, -7, 3], [LOD_MAX_LEVEL, 1, -2],
];

/** The block column at (x, z) as fillBlocks makes it, with its ground height and tint; `raw` false: as far terrain reads it (BLOCK_FULL_FORM, plants as air). */
function generatedColumn(terrain: Terrain, x: number, z: number, raw = false): { blocks: Uint8Array; height: number; tint: number } {
  const blocks = new Uint8Array(WORLD_HEIGHT);
  const height = new Int16Array(1);
  const tint = new Uint8Array(1);
  terrain.fillBlocks(blocks, x, z, 1, 1, WORLD_HEIGHT, height, tint);
  if (!raw) for (let y = 0; y < WORLD_HEIGHT; y++) blocks[y] = BLOCK_FULL_FORM[blocks[y]!]!;
  return { blocks, height: height[0]!, tint: tint[0]! };
}

/**
 * What a cell at `level` must show of a generated column: its ground (trees left out), or up
 * to LOD_CANOPY_MAX_LEVEL its highest block other than air and water (a tree's top where one
 * stands over it); under water when that is below sea level and water is at sea level.
 */
function expectedCell(
  column: ReturnType<typeof generatedColumn>, level: number, seaLevel: number, snowCap: number,
): { height: number; top: number; water: number } {
  let height = column.height;
  if (level <= LOD_CANOPY_MAX_LEVEL) {
    height = WORLD_HEIGHT - 1;
    while (column.blocks[height] === Block.Air || column.blocks[height] === Block.Water) height--;
  }
  const block = column.blocks[height]!;
  // Rock at or above the snow cap (a peak's cliffs) is drawn as snow.
  const top = block === Block.Stone && height >= snowCap ? Block.Snow : block;
  return { height, top, water: height < seaLevel && column.blocks[seaLevel] === Block.Water ? 1 : 0 };
}

/** The canopy over block column (x, z) (fillCanopy), -1 for none. */
function canopyAt(terrain: Terrain, x: number, z: number): number {
  const height = new Int16Array(1);
  terrain.fillCanopy(height, new Uint8Array(1), x, z, 1, 1);
  return height[0]!;
}

const TREE_BLOCKS = new Set<number>([Block.Log, Block.BirchLog, Block.SpruceLog, Block.Cactus, Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves]);

/** World block (x, z) that grid cell (i, j) of a region samples. */
function samplePoint(samples: LodSamples, i: number, j: number): [number, number] {
  return [lodSampleCoord(samples.level, samples.rx * 16 + i), lodSampleCoord(samples.level, samples.rz * 16 + j)];
}

function cellsOf(samples: LodSamples): { height: number; top: number; tint: number; water: number }[] {
  const out = [];
  for (let k = 0; k < LOD_GRID * LOD_GRID; k++) {
    out.push({ height: samples.heights[k]!, top: samples.tops[k]!, tint: samples.tints[k]!, water: samples.underWater[k]! });
  }
  return out;
}

describe('sampleLodRegion', () => {
  for (const [name, params] of WORLDS) {
    it(`${name}: every cell and ring cell has the heightAt of its sample point (level 1: its canopy over a tree), at every level`, () => {
      const terrain = terrainFor(params);
      for (const [level, rx, rz] of REGIONS) {
        const samples = sampleLodRegion(terrain, level, rx, rz, []);
        for (let j = -1; j <= 16; j++) {
          for (let i = -1; i <= 16; i++) {
            const [x, z] = samplePoint(samples, i, j);
            const canopy = level <= LOD_CANOPY_MAX_LEVEL ? canopyAt(terrain, x, z) : -1;
            expect(samples.heights[lodGridIndex(i, j)], `level ${level} (${rx}, ${rz}) cell (${i}, ${j})`).toBe(canopy >= 0 ? canopy : terrain.heightAt(x, z));
          }
        }
      }
    });

    it(`${name}: tops, tints and water are the blocks fillBlocks puts at each sample point`, () => {
      const terrain = terrainFor(params);
      const { seaLevel } = params;
      const kinds = new Set<number>();
      let wet = 0;
      for (const [level, rx, rz] of [REGIONS[1]!, REGIONS[3]!, REGIONS[6]!]) {
        const samples = sampleLodRegion(terrain, level, rx, rz, []);
        for (let j = -1; j <= 16; j++) {
          for (let i = -1; i <= 16; i++) {
            const k = lodGridIndex(i, j);
            const [x, z] = samplePoint(samples, i, j);
            const column = generatedColumn(terrain, x, z);
            const where = `level ${level} cell (${i}, ${j})`;
            const cell = expectedCell(column, level, seaLevel, terrain.snowCap);
            expect(samples.heights[k], where).toBe(cell.height);
            expect(samples.tops[k], where).toBe(cell.top);
            expect(samples.tints[k], where).toBe(column.tint);
            expect(samples.underWater[k], where).toBe(cell.water);
            kinds.add(samples.tops[k]!);
            wet += samples.underWater[k]!;
          }
        }
      }
      if (params.type !== 'flat') {
        expect(kinds.size).toBeGreaterThan(2);
        expect(wet).toBeGreaterThan(0);
      }
    });
  }

  it('snowy peaks: rock at or above the snow cap is snow, rock below it and snow stay as generated', () => {
    // The snowy peaks of the biomes world "voxel" around block (-32, 32), at two levels.
    const terrain = terrainFor(WORLDS[2]![1]);
    expect(Number.isFinite(terrain.snowCap)).toBe(true);
    let capped = 0;
    for (const level of [1, 2, 3]) {
      const span = 16 * (1 << level);
      const rx = Math.floor(-32 / span);
      const rz = Math.floor(32 / span);
      const samples = sampleLodRegion(terrain, level, rx, rz, []);
      const heights = new Int16Array(LOD_GRID * LOD_GRID);
      const tops = new Uint8Array(LOD_GRID * LOD_GRID);
      const [gx, gz] = samplePoint(samples, -1, -1);
      terrain.fillSurface(heights, tops, gx, gz, LOD_GRID, LOD_GRID, 1 << level);
      for (let k = 0; k < tops.length; k++) {
        if (samples.heights[k] !== heights[k]) continue; // a canopy (level 1)
        const rock = tops[k] === Block.Stone && heights[k]! >= terrain.snowCap;
        if (rock) capped++;
        expect(samples.tops[k], `level ${level} cell ${k}`).toBe(rock ? Block.Snow : tops[k]);
      }
    }
    expect(capped).toBeGreaterThan(0);
  });

  it('a flat world has no snow cap', () => {
    expect(terrainFor(WORLDS[4]![1]).snowCap).toBe(NO_SNOW_LINE);
  });

  /** [name, world, level-1 region rx, rz]: forests (biomes.test.ts's perlin forest and simplex taiga). */
  const FORESTS: readonly [string, WorldParams, number, number][] = [
    ['biomes perlin forest', WORLDS[2]![1], 1, 0],
    ['biomes simplex taiga', WORLDS[3]![1], 2, -1],
  ];
  for (const [name, params, rx, rz] of FORESTS) {
    it(`${name}: level 1 draws the trees' tops as fillBlocks makes them, level 2 leaves them out`, () => {
      const terrain = terrainFor(params);
      const samples = sampleLodRegion(terrain, 1, rx, rz, []);
      let canopies = 0;
      for (let j = -1; j <= 16; j++) {
        for (let i = -1; i <= 16; i++) {
          const k = lodGridIndex(i, j);
          const [x, z] = samplePoint(samples, i, j);
          const column = generatedColumn(terrain, x, z);
          const cell = expectedCell(column, 1, params.seaLevel, terrain.snowCap);
          expect(samples.heights[k], `cell (${i}, ${j})`).toBe(cell.height);
          expect(samples.tops[k], `cell (${i}, ${j})`).toBe(cell.top);
          if (TREE_BLOCKS.has(cell.top)) {
            canopies++;
            expect(cell.height).toBeGreaterThan(column.height);
          }
        }
      }
      expect(canopies).toBeGreaterThan(20);
      // Level 2 over the same place: the ground everywhere, no tree block on top.
      const coarse = sampleLodRegion(terrain, 2, Math.floor(rx / 2), Math.floor(rz / 2), []);
      for (let k = 0; k < LOD_GRID * LOD_GRID; k++) expect(TREE_BLOCKS.has(coarse.tops[k]!)).toBe(false);
    });
  }

  it('rejects levels outside 1..7 and region coordinates that are not whole numbers', () => {
    const terrain = terrainFor(DEFAULT_WORLD_PARAMS);
    for (const level of [0, 8, 1.5, Number.NaN, -1]) expect(() => sampleLodRegion(terrain, level, 0, 0, [])).toThrow(RangeError);
    for (const [rx, rz] of [[0.5, 0], [0, Number.NaN], [Number.POSITIVE_INFINITY, 0]]) {
      expect(() => sampleLodRegion(terrain, 2, rx!, rz!, [])).toThrow(/whole numbers/);
    }
  });
});

describe('sampleLodRegion with edits', () => {
  const params: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };
  const terrain = terrainFor(params);
  const [level, rx, rz] = [2, 3, -2];
  const plain = sampleLodRegion(terrain, level, rx, rz, []);

  /** Expects `edited` to equal `plain` except at region cell (ci, cj). */
  function expectOnlyCellChanged(edited: LodSamples, ci: number, cj: number): void {
    const a = cellsOf(plain);
    const b = cellsOf(edited);
    const k = lodGridIndex(ci, cj);
    for (let n = 0; n < a.length; n++) if (n !== k) expect(b[n], `grid index ${n}`).toEqual(a[n]);
    expect(Array.from(edited.sideFloors)).toEqual(Array.from(plain.sideFloors));
  }

  it('a block placed above the ground on a sample point raises exactly that cell, out of the water too', () => {
    for (const [ci, cj] of [[5, 7], [0, 0], [15, 15]] as const) {
      const [x, z] = samplePoint(plain, ci, cj);
      const y = Math.max(plain.heights[lodGridIndex(ci, cj)]!, params.seaLevel) + 3;
      const edited = sampleLodRegion(terrain, level, rx, rz, [{ x, y, z, block: Block.Stone }]);
      const k = lodGridIndex(ci, cj);
      expect(edited.heights[k]).toBe(y);
      expect(edited.tops[k]).toBe(Block.Stone);
      expect(edited.tints[k]).toBe(plain.tints[k]);
      expect(edited.underWater[k]).toBe(0);
      expectOnlyCellChanged(edited, ci, cj);
    }
  });

  it('removing the top block on a sample point lowers exactly that cell to the block under it', () => {
    const [ci, cj] = [9, 4];
    const k = lodGridIndex(ci, cj);
    const [x, z] = samplePoint(plain, ci, cj);
    const h = plain.heights[k]!;
    const column = generatedColumn(terrain, x, z);
    let below = h - 1;
    while (column.blocks[below] === Block.Air || column.blocks[below] === Block.Water) below--;
    const edited = sampleLodRegion(terrain, level, rx, rz, [{ x, y: h, z, block: Block.Air }]);
    expect(edited.heights[k]).toBe(below);
    expect(edited.tops[k]).toBe(column.blocks[below]);
    expectOnlyCellChanged(edited, ci, cj);
  });

  it('edits off the sample points change nothing', () => {
    const edits: BlockEdit[] = [];
    for (const [ci, cj] of [[3, 3], [0, 15], [12, 8]] as const) {
      const [x, z] = samplePoint(plain, ci, cj);
      const h = plain.heights[lodGridIndex(ci, cj)]!;
      edits.push({ x: x + 1, y: h + 2, z, block: Block.Stone }, { x, y: h, z: z - 1, block: Block.Air }, { x: x - 1, y: h, z: z + 1, block: Block.Air });
    }
    const edited = sampleLodRegion(terrain, level, rx, rz, edits);
    expect(cellsOf(edited)).toEqual(cellsOf(plain));
  });

  it('at level 1 an edited cell keeps its tree: re-placing the ground block under a canopy keeps the canopy', () => {
    const region = sampleLodRegion(terrain, 1, 1, 0, []);
    let found = 0;
    for (let cj = 0; cj < 16 && found < 3; cj++) {
      for (let ci = 0; ci < 16 && found < 3; ci++) {
        const k = lodGridIndex(ci, cj);
        if (!TREE_BLOCKS.has(region.tops[k]!)) continue;
        found++;
        const [x, z] = samplePoint(region, ci, cj);
        const column = generatedColumn(terrain, x, z);
        const edited = sampleLodRegion(terrain, 1, 1, 0, [{ x, y: column.height, z, block: column.blocks[column.height]! }]);
        expect(cellsOf(edited)).toEqual(cellsOf(region));
        // Taking the top leaf away shows what is under it.
        const under = sampleLodRegion(terrain, 1, 1, 0, [{ x, y: region.heights[k]!, z, block: Block.Air }]);
        expect(under.heights[k]).toBeLessThan(region.heights[k]!);
        expect(under.heights[k]).toBeGreaterThanOrEqual(column.height);
      }
    }
    expect(found).toBe(3);
  });

  it('shapes on a sample point read as their full block, placed plants as air', () => {
    const [ci, cj] = [6, 6];
    const k = lodGridIndex(ci, cj);
    const [x, z] = samplePoint(plain, ci, cj);
    const y = Math.max(plain.heights[k]!, params.seaLevel) + 1;
    for (const [block, full] of [[Block.StoneSlab, Block.Stone], [Block.OakStairs, Block.OakPlanks], [Block.OakDoor, Block.OakPlanks]] as const) {
      const edited = sampleLodRegion(terrain, level, rx, rz, [{ x, y, z, block }]);
      expect(edited.heights[k]).toBe(y);
      expect(edited.tops[k]).toBe(full);
      expectOnlyCellChanged(edited, ci, cj);
    }
    // A flower planted on the ground (and one in the air over a slab) leaves the ground's top.
    const h = plain.heights[k]!;
    for (const block of [Block.Poppy, Block.TallGrass]) {
      const planted = sampleLodRegion(terrain, level, rx, rz, [{ x, y: h + 1, z, block }]);
      expect(cellsOf(planted)).toEqual(cellsOf(plain));
    }
    const onSlab = sampleLodRegion(terrain, level, rx, rz, [{ x, y, z, block: Block.StoneSlab }, { x, y: y + 1, z, block: Block.Dandelion }]);
    expect(onSlab.heights[k]).toBe(y);
    expect(onSlab.tops[k]).toBe(Block.Stone);
  });

  it('generated plants never show: an edited cell over a plant keeps its ground, at level 1 too', () => {
    // A plains-and-forest region: sample points with a generated plant on their grass.
    let found = 0;
    for (const lv of [1, 2]) {
      const region = sampleLodRegion(terrain, lv, 1, 0, []);
      for (let cj = 0; cj < 16; cj++) {
        for (let ci = 0; ci < 16; ci++) {
          const [x, z] = samplePoint(region, ci, cj);
          const column = generatedColumn(terrain, x, z, true);
          if (BLOCK_SHAPE[column.blocks[column.height + 1]!] !== Shape.Cross) continue;
          found++;
          const k = lodGridIndex(ci, cj);
          // The unedited cell is the grass under the plant (level 1: unless a crown is over it).
          if (!TREE_BLOCKS.has(region.tops[k]!)) {
            expect(region.heights[k]).toBe(column.height);
            expect(region.tops[k]).toBe(Block.Grass);
          }
          // Re-placing the grass goes through the edited column: the plant still does not show.
          const edited = sampleLodRegion(terrain, lv, 1, 0, [{ x, y: column.height, z, block: Block.Grass }]);
          expect(cellsOf(edited)).toEqual(cellsOf(region));
        }
      }
    }
    expect(found).toBeGreaterThan(3);
  });

  it('trees stay out of an edited cell: re-placing the ground block under a tree keeps the ground height', () => {
    // A forest (biomes.test.ts's "perlin forest"): find a sample point with a tree block above its ground.
    const forest = [1, 1, 0] as const;
    const region = sampleLodRegion(terrain, ...forest, []);
    let found = false;
    for (let cj = 0; cj < 16 && !found; cj++) {
      for (let ci = 0; ci < 16 && !found; ci++) {
        const [x, z] = samplePoint(region, ci, cj);
        const column = generatedColumn(terrain, x, z);
        const above = column.blocks[column.height + 1]!;
        if (above === Block.Air || above === Block.Water) continue;
        found = true;
        const k = lodGridIndex(ci, cj);
        const edited = sampleLodRegion(terrain, ...forest, [{ x, y: column.height, z, block: column.blocks[column.height]! }]);
        expect(edited.heights[k]).toBe(region.heights[k]);
        expect(edited.tops[k]).toBe(region.tops[k]);
      }
    }
    expect(found).toBe(true);
  });
});
