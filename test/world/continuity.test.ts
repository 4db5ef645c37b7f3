/**
 * Columns are cut from one continuous heightfield: a column's heights are the terrain's
 * heightAt at the same world (x, z), and the step across a column border is no bigger than
 * the steps inside columns. A per-column offset, a wrong origin (cx * 16 + 1) or a
 * truncating division for negative coordinates shows up here as a cliff along the border.
 */
import { describe, expect, it } from 'vitest';
import {
  COLUMN_SIZE,
  DEFAULT_WORLD_PARAMS as DEFAULTS,
  generateColumn,
  MAX_SURFACE_Y,
  MIN_SURFACE_Y,
  terrainFor,
  type ChunkColumn,
  type WorldParams,
} from '../../src/world';

/** These tests describe the classic generator (the biomes and flat types: biomes.test.ts, flat.test.ts). */
const DEFAULT_WORLD_PARAMS: WorldParams = { ...DEFAULTS, type: 'classic' };
import { surfaceHeight, surfaceHeights } from './helpers';

/** Columns whose +x and +z neighbours are checked: around the origin, negative, and far out. */
const ORIGINS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [-1, 0],
  [0, -1],
  [0, 0],
  [5, -3],
  [-17, 42],
  [999_999, -1_000_000],
  [-1_000_000, 999_999],
];

const PARAM_SETS: readonly (readonly [string, Readonly<WorldParams>])[] = [
  ['default perlin', DEFAULT_WORLD_PARAMS],
  ['seed ""', { ...DEFAULT_WORLD_PARAMS, seed: '' }],
  ['simplex', { ...DEFAULT_WORLD_PARAMS, noise: 'simplex' }],
  ['rough', { ...DEFAULT_WORLD_PARAMS, seed: '12345', scale: 64, amplitude: 100, persistence: 0.65 }],
];

/** Largest |height step| between 4-neighbours inside one column. */
function interiorMaxStep(column: ChunkColumn): number {
  let max = 0;
  for (let lz = 0; lz < COLUMN_SIZE; lz++) {
    for (let lx = 0; lx < COLUMN_SIZE; lx++) {
      const h = surfaceHeight(column, lx, lz);
      if (lx + 1 < COLUMN_SIZE) max = Math.max(max, Math.abs(h - surfaceHeight(column, lx + 1, lz)));
      if (lz + 1 < COLUMN_SIZE) max = Math.max(max, Math.abs(h - surfaceHeight(column, lx, lz + 1)));
    }
  }
  return max;
}

describe.each(PARAM_SETS)('heights across column borders (%s)', (_name, params) => {
  const terrain = terrainFor(params);

  it('every column height equals terrain.heightAt at the same world x, z', () => {
    for (const [cx, cz] of ORIGINS) {
      const column = generateColumn(params, cx, cz);
      for (let lz = 0; lz < COLUMN_SIZE; lz++) {
        for (let lx = 0; lx < COLUMN_SIZE; lx++) {
          const x = cx * COLUMN_SIZE + lx;
          const z = cz * COLUMN_SIZE + lz;
          expect(surfaceHeight(column, lx, lz), `(${x}, ${z})`).toBe(terrain.heightAt(x, z));
        }
      }
    }
  });

  it('the edge rows of a column continue into its neighbours: one heightAt across the seam', () => {
    for (const [cx, cz] of ORIGINS) {
      const a = generateColumn(params, cx, cz);
      const east = generateColumn(params, cx + 1, cz);
      const south = generateColumn(params, cx, cz + 1);
      const xEdge = cx * COLUMN_SIZE + COLUMN_SIZE - 1;
      const zEdge = cz * COLUMN_SIZE + COLUMN_SIZE - 1;
      for (let i = 0; i < COLUMN_SIZE; i++) {
        expect(surfaceHeight(a, 15, i)).toBe(terrain.heightAt(xEdge, cz * COLUMN_SIZE + i));
        expect(surfaceHeight(east, 0, i)).toBe(terrain.heightAt(xEdge + 1, cz * COLUMN_SIZE + i));
        expect(surfaceHeight(a, i, 15)).toBe(terrain.heightAt(cx * COLUMN_SIZE + i, zEdge));
        expect(surfaceHeight(south, i, 0)).toBe(terrain.heightAt(cx * COLUMN_SIZE + i, zEdge + 1));
      }
    }
  });

  it('the step across a border is no larger than the largest step inside the columns', () => {
    let interior = 0;
    let border = 0;
    for (const [cx, cz] of ORIGINS) {
      const a = generateColumn(params, cx, cz);
      const east = generateColumn(params, cx + 1, cz);
      const south = generateColumn(params, cx, cz + 1);
      interior = Math.max(interior, interiorMaxStep(a), interiorMaxStep(east), interiorMaxStep(south));
      for (let i = 0; i < COLUMN_SIZE; i++) {
        border = Math.max(border, Math.abs(surfaceHeight(a, 15, i) - surfaceHeight(east, 0, i)));
        border = Math.max(border, Math.abs(surfaceHeight(a, i, 15) - surfaceHeight(south, i, 0)));
      }
    }
    // The terrain is not flat (otherwise this test would prove nothing) ...
    expect(interior).toBeGreaterThan(0);
    // ... and the seams are no steeper than the hills.
    expect(border, `border ${border} vs interior ${interior}`).toBeLessThanOrEqual(interior);
  });

  it('heights stay within [MIN_SURFACE_Y, MAX_SURFACE_Y] and are integers', () => {
    for (const [cx, cz] of ORIGINS) {
      const heights = surfaceHeights(generateColumn(params, cx, cz));
      expect(heights).toHaveLength(256);
      for (const h of heights) {
        expect(Number.isInteger(h)).toBe(true);
        expect(h).toBeGreaterThanOrEqual(MIN_SURFACE_Y);
        expect(h).toBeLessThanOrEqual(MAX_SURFACE_Y);
      }
    }
  });
});
