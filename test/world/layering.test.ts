/**
 * What a generated column must look like, whatever the (sanitized) params: bedrock floor,
 * solid ground up to the surface height, water from there up to sea level, and nothing but
 * air above. Also run at the extremes of every parameter range, where the fBm sum is largest
 * and the surface is clamped.
 */
import { describe, expect, it } from 'vitest';
import {
  Block,
  BLOCK_COUNT,
  COLUMN_SIZE,
  DEFAULT_WORLD_PARAMS as DEFAULTS,
  generateColumn,
  isValidBlockId,
  MAX_SURFACE_Y,
  MIN_SURFACE_Y,
  sanitizeWorldParams,
  WORLD_HEIGHT,
  type ChunkColumn,
  type WorldParams,
} from '../../src/world';

/** These tests describe the classic generator (the biomes and flat types: biomes.test.ts, flat.test.ts). */
const DEFAULT_WORLD_PARAMS: WorldParams = { ...DEFAULTS, type: 'classic' };
import { blockAt, highestNonAir, surfaceHeight, surfaceHeights } from './helpers';

const COLUMNS: readonly (readonly [number, number])[] = [
  [0, 0],
  [-1, -1],
  [123, -456],
  [1_000_000, -1_000_000],
  [-999_999, 999_999],
];

const SURFACE_BLOCKS: readonly number[] = [Block.Grass, Block.Sand, Block.Gravel, Block.Snow, Block.Stone];

/** Checks every block of a column against the layering rules; returns its height range and how many trunks start on its ground. */
function expectLayered(column: ChunkColumn, params: Readonly<WorldParams>): { min: number; max: number; trunkFeet: number } {
  const where = (lx: number, y: number, lz: number): string => `column (${column.cx}, ${column.cz}) at (${lx}, ${y}, ${lz})`;
  let min = Infinity;
  let max = -Infinity;
  let expectedMaxY = -1;
  let trunkFeet = 0;
  for (const id of column.blocks) if (!isValidBlockId(id)) expect.fail(`invalid block id ${id}`);
  for (let lz = 0; lz < COLUMN_SIZE; lz++) {
    for (let lx = 0; lx < COLUMN_SIZE; lx++) {
      const h = surfaceHeight(column, lx, lz);
      min = Math.min(min, h);
      max = Math.max(max, h);
      expect(Number.isInteger(h)).toBe(true);
      expect(h).toBeGreaterThanOrEqual(MIN_SURFACE_Y);
      expect(h).toBeLessThanOrEqual(MAX_SURFACE_Y);
      const top = Math.max(h, params.seaLevel);
      expectedMaxY = Math.max(expectedMaxY, top);
      // Collect the broken blocks of a whole vertical line, then assert once (an expect per
      // block would be slow), so a failure lists where the column is wrong.
      const problems: string[] = [];
      for (let y = 0; y < WORLD_HEIGHT; y++) {
        const b = blockAt(column, lx, y, lz);
        let ok: boolean;
        if (y === 0) ok = b === Block.Bedrock;
        else if (y < h) ok = b !== Block.Air && b !== Block.Water && b !== Block.Bedrock && b !== Block.Grass && b !== Block.Snow;
        else if (y === h) ok = SURFACE_BLOCKS.includes(b);
        else if (y <= params.seaLevel) ok = b === Block.Water;
        // Above ground and water: air, or a tree (trunks grow only from grass, checked below).
        else ok = b === Block.Air || b === Block.Log || b === Block.Leaves;
        if (!ok) problems.push(`${where(lx, y, lz)}: block ${b} (surface ${h}, sea level ${params.seaLevel})`);
      }
      expect(problems.slice(0, 5)).toEqual([]);
      // Grass and snow grow only on dry land.
      const surface = blockAt(column, lx, h, lz);
      if (surface === Block.Grass || surface === Block.Snow) expect(h).toBeGreaterThan(params.seaLevel);
      // A log right on the ground is a trunk's foot: it stands on grass.
      if (h + 1 < WORLD_HEIGHT && blockAt(column, lx, h + 1, lz) === Block.Log) {
        expect(surface).toBe(Block.Grass);
        trunkFeet++;
      }
    }
  }
  // Ground and water reach expectedMaxY; only trees may stand higher.
  expect(column.maxY).toBeGreaterThanOrEqual(expectedMaxY);
  expect(column.maxY).toBe(highestNonAir(column));
  return { min, max, trunkFeet };
}

describe('block layering', () => {
  const paramSets: readonly (readonly [string, Readonly<WorldParams>])[] = [
    ['default', DEFAULT_WORLD_PARAMS],
    ['seed "" simplex', { ...DEFAULT_WORLD_PARAMS, seed: '', noise: 'simplex' }],
    ['rough', { ...DEFAULT_WORLD_PARAMS, seed: '12345', scale: 40, amplitude: 110, seaLevel: 70 }],
  ];
  it.each(paramSets)('%s: bedrock at y=0, ground to the surface, water to sea level, air above', (_name, params) => {
    for (const [cx, cz] of COLUMNS) expectLayered(generateColumn(params, cx, cz), params);
  });

  it('trunks stand on grass (checked where trees grow)', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, seed: 'trees' };
    let trunkFeet = 0;
    for (let i = 0; i < 64; i++) trunkFeet += expectLayered(generateColumn(params, (i & 7) - 4, (i >> 3) - 4), params).trunkFeet;
    expect(trunkFeet).toBeGreaterThan(0);
  });

  it('the layering check itself rejects broken columns', () => {
    const params = DEFAULT_WORLD_PARAMS;
    const column = generateColumn(params, 0, 0);
    column.blocks[0] = Block.Stone;
    expect(() => expectLayered(column, params)).toThrow();
    const floating = generateColumn(params, 0, 0);
    floating.blocks[floating.blocks.length - 1] = Block.Stone;
    expect(() => expectLayered(floating, params)).toThrow();
    const highWater = generateColumn(params, 0, 0);
    highWater.blocks[(params.seaLevel + 20) << 8] = Block.Water;
    expect(() => expectLayered(highWater, params)).toThrow();
  });
});

describe('extreme (clamped) parameters', () => {
  const extremes: readonly (readonly [string, Record<string, unknown>])[] = [
    ['the roughest, highest world', { amplitude: 127, octaves: 16, scale: 8, seaLevel: 250, persistence: 1, lacunarity: 4 }],
    ['out-of-range inputs, clamped', { amplitude: 1e6, octaves: 1000, scale: 0, seaLevel: -5, persistence: 7, lacunarity: 99 }],
    ['deep sea floor', { amplitude: 127, octaves: 16, scale: 8, seaLevel: 1, persistence: 1, lacunarity: 1 }],
    ['smoothest', { amplitude: 127, octaves: 1, scale: 4096, seaLevel: 128, persistence: 0, lacunarity: 1 }],
    ['flat', { amplitude: 0, seaLevel: 250 }],
    ['simplex, roughest', { noise: 'simplex', amplitude: 127, octaves: 16, scale: 8, seaLevel: 128, persistence: 1, lacunarity: 4 }],
    ['non-power-of-two scale', { amplitude: 127, octaves: 16, scale: 13, seaLevel: 128, persistence: 0.99, lacunarity: 3.7 }],
  ];

  it.each(extremes)('%s: valid block ids, heights in [1, 254], bedrock everywhere at y=0', (_name, input) => {
    const { params } = sanitizeWorldParams({ type: 'classic', seed: 'extreme', ...input });
    for (const [cx, cz] of COLUMNS) {
      const column = generateColumn(params, cx, cz);
      expectLayered(column, params);
      for (let i = 0; i < COLUMN_SIZE * COLUMN_SIZE; i++) expect(column.blocks[i]).toBe(Block.Bedrock);
    }
  });

  it.each(extremes)('%s, as biomes and as flat worlds: only valid block ids, bedrock everywhere at y=0', (_name, input) => {
    for (const type of ['biomes', 'flat'] as const) {
      const { params } = sanitizeWorldParams({ seed: 'extreme', ...input, type, biomeScale: 0.25 });
      for (const [cx, cz] of COLUMNS) {
        const column = generateColumn(params, cx, cz);
        for (let i = 0; i < COLUMN_SIZE * COLUMN_SIZE; i++) expect(column.blocks[i]).toBe(Block.Bedrock);
        expect(column.blocks.every((b) => b < BLOCK_COUNT)).toBe(true);
        expect(column.maxY).toBeGreaterThan(0);
      }
    }
  });

  it('the surface really is clamped at both ends (the bounds are exercised, not just assumed)', () => {
    const ranges = (input: Record<string, unknown>): { min: number; max: number } => {
      const { params } = sanitizeWorldParams({ type: 'classic', seed: 'extreme', ...input });
      let min = Infinity;
      let max = -Infinity;
      for (const [cx, cz] of COLUMNS) {
        const r = expectLayered(generateColumn(params, cx, cz), params);
        min = Math.min(min, r.min);
        max = Math.max(max, r.max);
      }
      return { min, max };
    };
    expect(ranges({ amplitude: 127, octaves: 1, scale: 8, seaLevel: 250 }).max).toBe(MAX_SURFACE_Y);
    expect(ranges({ amplitude: 127, octaves: 1, scale: 8, seaLevel: 1 }).min).toBe(MIN_SURFACE_Y);
  });

  it('unsanitized NaN params still give integer heights and valid layering (defence in depth)', () => {
    for (const bad of [{ scale: NaN }, { amplitude: NaN }, { persistence: NaN }, { lacunarity: NaN }, { octaves: NaN }]) {
      const params: WorldParams = { ...DEFAULT_WORLD_PARAMS, ...bad };
      const column = generateColumn(params, 2, -2);
      const heights = surfaceHeights(column);
      expect(heights).toHaveLength(256);
      for (const h of heights) {
        expect(Number.isInteger(h), JSON.stringify(bad)).toBe(true);
        expect(h).toBeGreaterThanOrEqual(MIN_SURFACE_Y);
        expect(h).toBeLessThanOrEqual(MAX_SURFACE_Y);
      }
      expectLayered(column, params);
    }
  });
});
