/**
 * Plants in the biomes world (issue 22): where they grow, what they stand on, and that every
 * box that holds a block column agrees about its plant.
 */
import { describe, expect, it } from 'vitest';
import {
  Biome, Block, blockIndex, COLUMN_SIZE, DEFAULT_WORLD_PARAMS, generateColumn, terrainFor, WORLD_HEIGHT, type ChunkColumn, type WorldParams,
} from '../../src/world';
import { BARREN_BIOMES, patchNoise, PLANT_BLOCKS, plantAt } from '../../src/world/gen/plants';

const PERLIN: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };
const SIMPLEX: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: '12345', noise: 'simplex' };
const PLANTS = new Set(PLANT_BLOCKS);
const FLOWERS = new Set<number>([Block.Dandelion, Block.Poppy, Block.Cornflower]);
const LEAVES = new Set<number>([Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves]);

/** Plant counts of a column by block id. */
function plantCounts(column: ChunkColumn): Map<number, number> {
  const counts = new Map<number, number>();
  for (let y = 0; y < WORLD_HEIGHT; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      for (let x = 0; x < COLUMN_SIZE; x++) {
        const b = column.blocks[blockIndex(x, y, z)]!;
        if (PLANTS.has(b)) counts.set(b, (counts.get(b) ?? 0) + 1);
      }
    }
  }
  return counts;
}

describe('plants in the biomes world', () => {
  // The golden tables' plains, forest and taiga columns (test/world/fixtures/golden-hashes-types.ts).
  it('plains grow tall grass and flowers, forests tall grass and ferns, taiga ferns', () => {
    const plains = [plantCounts(generateColumn(PERLIN, 13, 13)), plantCounts(generateColumn(SIMPLEX, -2, 0))];
    for (const counts of plains) expect(counts.get(Block.TallGrass) ?? 0).toBeGreaterThan(10);
    const flowers = plains.reduce((sum, c) => sum + [...FLOWERS].reduce((s, f) => s + (c.get(f) ?? 0), 0), 0);
    expect(flowers).toBeGreaterThan(0);
    const forest = plantCounts(generateColumn(PERLIN, 3, 2));
    expect(forest.get(Block.TallGrass) ?? 0).toBeGreaterThan(5);
    expect(forest.get(Block.Fern) ?? 0).toBeGreaterThan(0);
    const taiga = plantCounts(generateColumn(SIMPLEX, 5, -1));
    expect(taiga.get(Block.Fern) ?? 0).toBeGreaterThan(taiga.get(Block.TallGrass) ?? 0);
  });

  it('flowers of the plains come in patches: over a wide area, each of the three kinds, and most flowers have a flower near them', () => {
    const terrain = terrainFor(PERLIN);
    const size = 96;
    const blocks = new Uint8Array(size * size * WORLD_HEIGHT);
    const ground = new Int16Array(size * size);
    // Plains around the golden plains column (13, 13).
    terrain.fillBlocks(blocks, 13 * 16 - 40, 13 * 16 - 40, size, size, WORLD_HEIGHT, ground);
    const flowerAt = (x: number, z: number): number => {
      if (x < 0 || z < 0 || x >= size || z >= size) return Block.Air;
      const b = blocks[x + size * z + size * size * (ground[x + size * z]! + 1)]!;
      return FLOWERS.has(b) ? b : Block.Air;
    };
    const kinds = new Set<number>();
    let flowers = 0;
    let neighboured = 0;
    for (let z = 0; z < size; z++) {
      for (let x = 0; x < size; x++) {
        const f = flowerAt(x, z);
        if (f === Block.Air) continue;
        kinds.add(f);
        flowers++;
        let near = false;
        for (let dz = -2; dz <= 2 && !near; dz++) for (let dx = -2; dx <= 2 && !near; dx++) near = (dx !== 0 || dz !== 0) && flowerAt(x + dx, z + dz) !== Block.Air;
        if (near) neighboured++;
      }
    }
    expect(flowers).toBeGreaterThan(30);
    expect(neighboured / flowers).toBeGreaterThan(0.7);
    expect(kinds.size).toBe(3);
  });

  it('every plant stands on grass above the sea in a biome that grows plants, with air or leaves over it; barren biomes grow none', () => {
    const problems: string[] = [];
    let plants = 0;
    let barrenColumns = 0;
    for (const [params, columns] of [
      [PERLIN, [[13, 13], [3, 2], [-6, 8], [-33, -33], [3, 23], [-10, 15], [2, -2], [0, -18], [1, -1], [0, 0], [3, -2]]],
      [SIMPLEX, [[-2, 0], [0, 0], [3, -4], [-7, -6], [-5, -4], [-1, -7], [5, -1], [15, 2], [-1, 1], [4, 1], [-2, -2]]],
    ] as const) {
      const terrain = terrainFor(params);
      for (const [cx, cz] of columns) {
        const column = generateColumn(params, cx, cz);
        for (let z = 0; z < COLUMN_SIZE; z++) {
          for (let x = 0; x < COLUMN_SIZE; x++) {
            const wx = cx * COLUMN_SIZE + x;
            const wz = cz * COLUMN_SIZE + z;
            const barren = BARREN_BIOMES.includes(terrain.biomeAt(wx, wz));
            if (barren) barrenColumns++;
            for (let y = 1; y < WORLD_HEIGHT - 1; y++) {
              const b = column.blocks[blockIndex(x, y, z)]!;
              if (!PLANTS.has(b)) continue;
              plants++;
              const where = `${params.noise} (${wx}, ${y}, ${wz})`;
              const below = column.blocks[blockIndex(x, y - 1, z)]!;
              const above = column.blocks[blockIndex(x, y + 1, z)]!;
              if (below !== Block.Grass) problems.push(`${where}: on ${below}`);
              if (above !== Block.Air && !LEAVES.has(above)) problems.push(`${where}: under ${above}`);
              if (y - 1 <= params.seaLevel) problems.push(`${where}: at the sea`);
              if (y - 1 !== terrain.heightAt(wx, wz)) problems.push(`${where}: not on the ground`);
              if (barren) problems.push(`${where}: in barren biome ${terrain.biomeAt(wx, wz)}`);
            }
          }
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(plants).toBeGreaterThan(300);
    expect(barrenColumns).toBeGreaterThan(1000);
  });

  it('a plant is the same from any box that holds its column (boxes of other sizes and offsets)', () => {
    const terrain = terrainFor(PERLIN);
    const [x0, z0, n] = [13 * 16, 13 * 16, 16];
    const whole = new Uint8Array(n * n * WORLD_HEIGHT);
    terrain.fillBlocks(whole, x0, z0, n, n, WORLD_HEIGHT);
    let compared = 0;
    for (const [bx, bz, w] of [[x0 - 5, z0 - 7, 23], [x0 + 3, z0 + 2, 1], [x0 + 9, z0 + 11, 5]] as const) {
      const part = new Uint8Array(w * w * WORLD_HEIGHT);
      terrain.fillBlocks(part, bx, bz, w, w, WORLD_HEIGHT);
      for (let z = 0; z < w; z++) {
        for (let x = 0; x < w; x++) {
          const ix = bx + x - x0;
          const iz = bz + z - z0;
          if (ix < 0 || iz < 0 || ix >= n || iz >= n) continue;
          for (let y = 0; y < WORLD_HEIGHT; y++) {
            const a = whole[ix + n * iz + n * n * y]!;
            const b = part[x + w * z + w * w * y]!;
            if (PLANTS.has(a) || PLANTS.has(b)) {
              compared++;
              expect(b, `(${bx + x}, ${y}, ${bz + z})`).toBe(a);
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('plantAt is a pure function of seed, biome and position; barren biomes answer air', () => {
    for (let k = 0; k < 200; k++) {
      const [x, z] = [k * 7919 - 500_000, 123_457 - k * 104_729];
      expect(plantAt(42, Biome.Plains, x, z)).toBe(plantAt(42, Biome.Plains, x, z));
      for (const biome of BARREN_BIOMES) expect(plantAt(42, biome, x, z)).toBe(Block.Air);
      const p = patchNoise(42, x, z);
      expect(Number.isInteger(p) && p >= 0 && p <= 255 * 64).toBe(true);
    }
    expect(BARREN_BIOMES).toEqual(expect.arrayContaining([Biome.Desert, Biome.SnowyPlains, Biome.SnowyPeaks, Biome.Beach, Biome.Ocean, Biome.River]));
  });
});
