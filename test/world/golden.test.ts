/**
 * The golden table pins the world: same seed and params, same blocks, forever (per format
 * version). If this fails after a deliberate generator change, bump WORLD_FORMAT_VERSION and
 * regenerate the table (see fixtures/golden-hashes.ts); otherwise the change is a bug.
 */
import { describe, expect, it } from 'vitest';
import {
  BIOME_COUNT,
  CLASSIC_WORLD_FORMAT_VERSION,
  DEFAULT_WORLD_PARAMS,
  generateColumn,
  hashChunk,
  terrainFor,
  WORLD_FORMAT_VERSION,
  type NoiseSource,
} from '../../src/world';
import * as worldIndex from '../../src/world';
import {
  GOLDEN_COLUMNS,
  GOLDEN_FORMAT_VERSION,
  GOLDEN_SEEDS,
  PERLIN_GOLDEN,
  SIMPLEX_GOLDEN,
  SIMPLEX_GOLDEN_COLUMNS,
  type GoldenHash,
} from './fixtures/golden-hashes';
import { BIOMES_GOLDEN_SEEDS, TYPES_GOLDEN, TYPES_GOLDEN_FORMAT_VERSION } from './fixtures/golden-hashes-types';

function hashOf(seed: string, noise: NoiseSource, cx: number, cz: number): string {
  return hashChunk(generateColumn({ ...DEFAULT_WORLD_PARAMS, type: 'classic', seed, noise }, cx, cz));
}

function label(g: GoldenHash): string {
  return `seed ${JSON.stringify(g.seed)} column (${g.cx}, ${g.cz})`;
}

describe('golden column hashes', () => {
  it('the classic table is format 1 forever; the biomes and flat table belongs to the current version (bump both together)', () => {
    expect(CLASSIC_WORLD_FORMAT_VERSION).toBe(GOLDEN_FORMAT_VERSION);
    expect(WORLD_FORMAT_VERSION).toBe(TYPES_GOLDEN_FORMAT_VERSION);
    expect(worldIndex.WORLD_FORMAT_VERSION).toBe(WORLD_FORMAT_VERSION);
  });

  it('the table covers every seed at every column (no entry quietly dropped)', () => {
    expect(GOLDEN_SEEDS).toEqual(['voxel', '12345', '']);
    const expectCovers = (table: readonly GoldenHash[], columns: readonly (readonly [number, number])[]): void => {
      const keys = new Set(table.map((g) => JSON.stringify([g.seed, g.cx, g.cz])));
      expect(keys.size).toBe(table.length);
      for (const seed of GOLDEN_SEEDS) {
        for (const [cx, cz] of columns) expect(keys.has(JSON.stringify([seed, cx, cz])), `${seed} ${cx},${cz}`).toBe(true);
      }
      expect(table.length).toBe(GOLDEN_SEEDS.length * columns.length);
    };
    expectCovers(PERLIN_GOLDEN, GOLDEN_COLUMNS);
    expectCovers(SIMPLEX_GOLDEN, SIMPLEX_GOLDEN_COLUMNS);
    // Negative and far columns (|cx| ~ 1e6) are part of the contract.
    expect(GOLDEN_COLUMNS.some(([cx, cz]) => cx < 0 && cz < 0)).toBe(true);
    expect(GOLDEN_COLUMNS.some(([cx]) => Math.abs(cx) >= 999_999)).toBe(true);
  });

  it('every golden hash is distinct (different seeds and places are different worlds)', () => {
    const all = [...PERLIN_GOLDEN, ...SIMPLEX_GOLDEN].map((g) => g.hash);
    expect(new Set(all).size).toBe(all.length);
  });

  describe('biomes and flat types (one column per biome per seed and noise)', () => {
    it('the biomes table has a column for every biome of every golden seed', () => {
      for (const [seed, noise] of BIOMES_GOLDEN_SEEDS) {
        const biomes = TYPES_GOLDEN.filter((g) => g.type === 'biomes' && g.seed === seed && g.noise === noise).map((g) => g.biome);
        expect(new Set(biomes).size, `${seed} ${noise}`).toBe(BIOME_COUNT);
      }
    });
    for (const g of TYPES_GOLDEN) {
      it(`${g.type} ${g.noise} seed ${JSON.stringify(g.seed)} column (${g.cx}, ${g.cz})`, () => {
        const params = { ...DEFAULT_WORLD_PARAMS, type: g.type, seed: g.seed, noise: g.noise };
        expect(terrainFor(params).biomeAt(g.cx * 16 + 8, g.cz * 16 + 8)).toBe(g.biome);
        expect(hashChunk(generateColumn(params, g.cx, g.cz))).toBe(g.hash);
      });
    }
  });

  describe("classic, noise 'perlin' (DEFAULT_WORLD_PARAMS as classic with the seed replaced)", () => {
    for (const g of PERLIN_GOLDEN) {
      it(label(g), () => {
        expect(hashOf(g.seed, 'perlin', g.cx, g.cz)).toBe(g.hash);
      });
    }
  });

  describe("classic, noise 'simplex' (simplex-noise package seeded through alea)", () => {
    for (const g of SIMPLEX_GOLDEN) {
      it(label(g), () => {
        expect(hashOf(g.seed, 'simplex', g.cx, g.cz)).toBe(g.hash);
      });
    }
  });
});
