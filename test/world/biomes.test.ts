/**
 * The `biomes` world type (src/world/gen): order independence across boxes and columns,
 * and the generation invariants of issue 10 (trees, caves, rivers, biome coverage, blend
 * continuity), with both noise sources.
 */
import { describe, expect, it } from 'vitest';
import {
  Biome,
  BIOME_COUNT,
  BIOME_NAMES,
  Block,
  blockIndex,
  COLUMN_SIZE,
  createTerrainOfType,
  DEFAULT_WORLD_PARAMS,
  generateColumn,
  hashChunk,
  terrainFor,
  WORLD_HEIGHT,
  type NoiseSource,
  type WorldParams,
} from '../../src/world';
import { BLOCK_SHAPE, Shape } from '../../src/world/blocks';
import { mulberry32 } from '../support/random';
import { shuffled } from './helpers';

const PERLIN: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel', noise: 'perlin' };
const SIMPLEX: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: '12345', noise: 'simplex' };
const TRUNKS = new Set<number>([Block.Log, Block.BirchLog, Block.SpruceLog, Block.Cactus]);
const TREE_BLOCKS = new Set<number>([...TRUNKS, Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves]);

/** Blocks of the box [x0, x0 + w) x [0, 256) x [z0, z0 + d) from one fillBlocks call. */
function box(params: WorldParams, x0: number, z0: number, w: number, d: number): Uint8Array {
  const out = new Uint8Array(w * d * WORLD_HEIGHT);
  terrainFor(params).fillBlocks(out, x0, z0, w, d, WORLD_HEIGHT);
  return out;
}

/** Places (block x, z of a 48x48 box's corner) chosen so trees, cacti and caves cross the inner borders. */
const BOX_CASES: readonly [string, WorldParams, number, number][] = [
  ['perlin forest', PERLIN, 2 * 16, 1 * 16],
  ['perlin desert', PERLIN, -34 * 16, -34 * 16],
  ['simplex taiga', SIMPLEX, 4 * 16, -2 * 16],
  ['simplex desert', SIMPLEX, -8 * 16, -7 * 16],
];

describe('biomes: order independence', () => {
  for (const params of [PERLIN, SIMPLEX]) {
    it(`${params.noise}: a 5x5 block of columns hashes the same in shuffled orders`, () => {
      const coords: [number, number][] = [];
      for (let cz = -2; cz <= 2; cz++) for (let cx = 1; cx <= 5; cx++) coords.push([cx, cz]);
      const reference = new Map(coords.map(([cx, cz]) => [`${cx},${cz}`, hashChunk(generateColumn(params, cx, cz))]));
      const random = mulberry32(7);
      for (let round = 0; round < 2; round++) {
        for (const [cx, cz] of shuffled(coords, random)) expect(hashChunk(generateColumn(params, cx, cz))).toBe(reference.get(`${cx},${cz}`));
      }
    });
  }

  it('columns from a fresh terrain in one order equal those of a warm one in the reverse order (scratch and memo keep nothing that matters)', () => {
    for (const params of [PERLIN, SIMPLEX]) {
      const coords: [number, number][] = [[0, 0], [-1, -1], [7, -3], [-40, 25], [250_000, -250_000], [3, 3], [4, 3], [3, 4]];
      const boxHash = (terrain: ReturnType<typeof createTerrainOfType>, cx: number, cz: number): string => {
        const column = generateColumn(params, cx, cz);
        terrain.fillBlocks(column.blocks, cx * COLUMN_SIZE, cz * COLUMN_SIZE, COLUMN_SIZE, COLUMN_SIZE, WORLD_HEIGHT);
        return hashChunk(column);
      };
      const fresh = new Map(coords.map(([cx, cz]) => [`${cx},${cz}`, boxHash(createTerrainOfType(params), cx, cz)]));
      const warm = terrainFor(params);
      // Warm it on other sizes and places first: a big box, single points, a sparse surface.
      warm.fillBlocks(new Uint8Array(40 * 40 * WORLD_HEIGHT), -500, 300, 40, 40, WORLD_HEIGHT);
      warm.heightAt(1, 2);
      warm.biomeAt(3, 4);
      warm.fillSurface(new Int16Array(18 * 18), new Uint8Array(18 * 18), -64, 64, 18, 18, 4);
      for (const [cx, cz] of coords.slice().reverse()) expect(boxHash(warm, cx, cz), `${params.noise} ${cx},${cz}`).toBe(fresh.get(`${cx},${cz}`));
    }
  });

  for (const [name, params, x0, z0] of BOX_CASES) {
    it(`${name}: nine 16x16 boxes equal one 48x48 box, and 1x1 boxes agree`, () => {
      const big = box(params, x0, z0, 48, 48);
      const at = (x: number, y: number, z: number) => big[x + 48 * (z + 48 * y)]!;
      // What the box must contain for the test to mean something.
      let trunks = 0;
      let crossing = 0;
      let caves = 0;
      const terrain = terrainFor(params);
      const heights = new Int16Array(48 * 48);
      terrain.fillHeights(heights, x0, z0, 48, 48);
      for (let z = 0; z < 48; z++) {
        for (let x = 0; x < 48; x++) {
          const h = heights[x + 48 * z]!;
          for (let y = 1; y < h; y++) if (at(x, y, z) === Block.Air) caves++;
          for (let y = h + 1; y < WORLD_HEIGHT; y++) {
            const b = at(x, y, z);
            if (TRUNKS.has(b) && !TRUNKS.has(at(x, y - 1, z))) trunks++;
            // Leaves within 2 of an inner border, with their trunk across it.
            if ((b === Block.Leaves || b === Block.BirchLeaves || b === Block.SpruceLeaves) && (x % 16 === 0 || x % 16 === 15 || z % 16 === 0 || z % 16 === 15)) crossing++;
          }
        }
      }
      expect(trunks, 'trees or cacti in the box').toBeGreaterThan(0);
      expect(caves, 'cave blocks in the box').toBeGreaterThan(0);
      if (!name.includes('desert')) expect(crossing, 'leaves at inner borders').toBeGreaterThan(0);
      for (let bz = 0; bz < 3; bz++) {
        for (let bx = 0; bx < 3; bx++) {
          const small = box(params, x0 + bx * 16, z0 + bz * 16, 16, 16);
          for (let y = 0; y < WORLD_HEIGHT; y++) {
            for (let z = 0; z < 16; z++) {
              for (let x = 0; x < 16; x++) {
                const a = small[x + 16 * (z + 16 * y)]!;
                const b = at(bx * 16 + x, y, bz * 16 + z);
                if (a !== b) expect(a, `block (${x0 + bx * 16 + x}, ${y}, ${z0 + bz * 16 + z})`).toBe(b);
              }
            }
          }
        }
      }
      const random = mulberry32(11);
      for (let i = 0; i < 40; i++) {
        const x = Math.floor(random() * 48);
        const z = Math.floor(random() * 48);
        const one = box(params, x0 + x, z0 + z, 1, 1);
        for (let y = 0; y < WORLD_HEIGHT; y++) if (one[y] !== at(x, y, z)) expect(one[y], `1x1 block (${x0 + x}, ${y}, ${z0 + z})`).toBe(at(x, y, z));
      }
    });
  }
});

/** The columns of BOX_CASES plus one column per biome location of the golden table. */
const INVARIANT_COLUMNS: readonly [WorldParams, number, number][] = [
  ...BOX_CASES.flatMap(([, p, x0, z0]) => [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => [p, x0 / 16 + i, z0 / 16 + j] as [WorldParams, number, number]))),
  [PERLIN, 4, -4], [PERLIN, 2, -3], [PERLIN, -10, 15], [PERLIN, 0, -18], [PERLIN, 0, 0], [PERLIN, 3, -3], [PERLIN, 3, 23],
  [SIMPLEX, 6, -5], [SIMPLEX, -2, -2], [SIMPLEX, -1, -7], [SIMPLEX, 15, 2], [SIMPLEX, -1, 1], [SIMPLEX, 1, 4],
];

describe('biomes: generation invariants', () => {
  it('trees stand on ground above the sea, never float and never touch water; caves spare bedrock and water', () => {
    // Problems are collected as text (an expect per block would take seconds).
    const problems: string[] = [];
    const GROUND_UNDER_TRUNK = new Set<number>([Block.Grass, Block.Snow, Block.Sand]);
    for (const [params, cx, cz] of INVARIANT_COLUMNS) {
      const column = generateColumn(params, cx, cz);
      const terrain = terrainFor(params);
      const b = (x: number, y: number, z: number) => column.blocks[blockIndex(x, y, z)]!;
      for (let z = 0; z < COLUMN_SIZE; z++) {
        for (let x = 0; x < COLUMN_SIZE; x++) {
          const where = `${params.noise} column (${cx}, ${cz}) block (${x}, ${z})`;
          if (b(x, 0, z) !== Block.Bedrock) problems.push(`${where}: no bedrock`);
          const h = terrain.heightAt(cx * 16 + x, cz * 16 + z);
          for (let y = 1; y < WORLD_HEIGHT; y++) {
            const block = b(x, y, z);
            if (TRUNKS.has(block)) {
              const below = b(x, y - 1, z);
              if (!TRUNKS.has(below) && (!GROUND_UNDER_TRUNK.has(below) || y - 1 <= params.seaLevel)) problems.push(`${where} y ${y}: trunk on ${below}`);
              for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
                const nx = x + dx;
                const nz = z + dz;
                if (nx >= 0 && nx < 16 && nz >= 0 && nz < 16 && b(nx, y, nz) === Block.Water) problems.push(`${where} y ${y}: trunk beside water`);
              }
            }
            // A cave block: air under the surface. None of its neighbours may be water.
            if (block === Block.Air && y < h) {
              if (y <= 4) problems.push(`${where} y ${y}: cave too deep`);
              const around = [b(x, y + 1, z), b(x, y - 1, z)];
              if (x > 0) around.push(b(x - 1, y, z));
              if (x < 15) around.push(b(x + 1, y, z));
              if (z > 0) around.push(b(x, y, z - 1));
              if (z < 15) around.push(b(x, y, z + 1));
              if (around.includes(Block.Water)) problems.push(`${where} y ${y}: cave beside water`);
            }
            if (TREE_BLOCKS.has(block) && y <= h) problems.push(`${where} y ${y}: tree block in the ground`);
          }
          // heightAt is the ground in the blocks (caves never take the surface block).
          const top = b(x, h, z);
          if (TREE_BLOCKS.has(top) || top === Block.Air || top === Block.Water) problems.push(`${where}: ${top} at heightAt`);
          const above = b(x, h + 1, z);
          const plant = BLOCK_SHAPE[above] === Shape.Cross;
          if (above !== Block.Air && above !== Block.Water && !TREE_BLOCKS.has(above) && !plant) problems.push(`${where}: ground above heightAt`);
          if (plant && top !== Block.Grass) problems.push(`${where}: plant on ${top}`);
          if (terrain.biomeAt(cx * 16 + x, cz * 16 + z) === Biome.River && b(x, params.seaLevel, z) !== Block.Water) problems.push(`${where}: dry river`);
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('rivers exist near the origin and hold water at sea level', () => {
    for (const params of [PERLIN, SIMPLEX]) {
      const terrain = terrainFor(params);
      let rivers = 0;
      for (let z = -1024; z <= 1024; z += 8) {
        for (let x = -1024; x <= 1024; x += 8) {
          if (terrain.biomeAt(x, z) !== Biome.River) continue;
          rivers++;
          expect(terrain.heightAt(x, z), `river at (${x}, ${z})`).toBeLessThan(params.seaLevel);
        }
      }
      expect(rivers).toBeGreaterThan(50);
    }
  });

  for (const seed of ['voxel', '12345', '']) {
    for (const noise of ['perlin', 'simplex'] as NoiseSource[]) {
      it(`seed ${JSON.stringify(seed)} ${noise}: every biome occurs within 2048 blocks of the origin`, () => {
        const terrain = terrainFor({ ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed, noise });
        const seen = new Set<number>();
        for (let z = -2048; z <= 2048 && seen.size < BIOME_COUNT; z += 32) for (let x = -2048; x <= 2048; x += 32) seen.add(terrain.biomeAt(x, z));
        const missing = BIOME_NAMES.filter((_, i) => !seen.has(i));
        expect(missing).toEqual([]);
      });
    }
  }

  for (const params of [PERLIN, SIMPLEX]) {
    it(`${params.noise}: heights blend across biome borders (steps of at most 3 away from mountains and rivers)`, () => {
      const terrain = terrainFor(params);
      const rough = new Set<number>([Biome.Mountains, Biome.SnowyPeaks, Biome.River]);
      const W = 1024;
      let borders = 0;
      let worst = 0;
      for (const z0 of [-700, -300, 100, 500]) {
        const heights = new Int16Array(W);
        const biomes: number[] = [];
        terrain.fillHeights(heights, -512, z0, W, 1);
        for (let x = 0; x < W; x++) biomes.push(terrain.biomeAt(-512 + x, z0));
        for (let x = 1; x < W; x++) {
          // Skip within 48 blocks of mountains or rivers: their slopes are steep by design.
          let near = false;
          for (let d = -48; d <= 48 && !near; d += 4) near = rough.has(biomes[Math.min(W - 1, Math.max(0, x + d))]!);
          if (near) continue;
          if (biomes[x] !== biomes[x - 1]) borders++;
          worst = Math.max(worst, Math.abs(heights[x]! - heights[x - 1]!));
        }
      }
      expect(borders).toBeGreaterThan(3);
      expect(worst).toBeLessThanOrEqual(3);
    });
  }
});
