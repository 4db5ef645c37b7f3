/**
 * fillSurface is the map view of the terrain (the lab's terrain preview): its heights and top
 * blocks must be the blocks fillBlocks makes, at any sample spacing.
 */
import { describe, expect, it } from 'vitest';
import { Block, createTerrain, createTerrainOfType, DEFAULT_WORLD_PARAMS, WORLD_HEIGHT, WORLD_TYPES, type WorldParams } from '../../src/world';

const WORLDS: WorldParams[] = [
  { ...DEFAULT_WORLD_PARAMS },
  { ...DEFAULT_WORLD_PARAMS, seed: '12345', noise: 'simplex', style: 'ridged' },
  { ...DEFAULT_WORLD_PARAMS, seed: '', style: 'warped', amplitude: 127, seaLevel: 40 },
];

describe('Terrain.fillSurface', () => {
  for (const params of WORLDS) {
    it(`equals the ground fillBlocks makes, block for block (${params.seed || '""'}, ${params.noise}, ${params.style})`, () => {
      const terrain = createTerrain(params);
      const x0 = -37;
      const z0 = 1021;
      const size = 40;
      const blocks = new Uint8Array(size * size * WORLD_HEIGHT);
      const boxHeights = new Int16Array(size * size);
      terrain.fillBlocks(blocks, x0, z0, size, size, WORLD_HEIGHT, boxHeights);
      const heights = new Int16Array(size * size);
      const tops = new Uint8Array(size * size);
      terrain.fillSurface(heights, tops, x0, z0, size, size);
      const kinds = new Set<number>();
      for (let i = 0; i < size * size; i++) {
        const h = heights[i]!;
        expect(h).toBe(boxHeights[i]);
        expect(blocks[i + size * size * h]).toBe(tops[i]);
        // The block above the ground is open (air, water, or a tree's log).
        expect([Block.Air, Block.Water, Block.Log, Block.Leaves]).toContain(blocks[i + size * size * (h + 1)]);
        kinds.add(tops[i]!);
      }
      expect(kinds.size).toBeGreaterThan(1);
    });
  }

  it('at a step of k blocks, every sample equals the step-1 surface at that block', () => {
    const terrain = createTerrain({ ...DEFAULT_WORLD_PARAMS, seed: 'map' });
    const fine = { heights: new Int16Array(64 * 64), tops: new Uint8Array(64 * 64) };
    terrain.fillSurface(fine.heights, fine.tops, -500, 300, 64, 64);
    for (const step of [2, 4, 8]) {
      const n = 64 / step;
      const heights = new Int16Array(n * n);
      const tops = new Uint8Array(n * n);
      terrain.fillSurface(heights, tops, -500, 300, n, n, step);
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          expect(heights[i + n * j]).toBe(fine.heights[i * step + 64 * j * step]);
          expect(tops[i + n * j]).toBe(fine.tops[i * step + 64 * j * step]);
        }
      }
    }
  });

  for (const type of WORLD_TYPES) {
    it(`tints equal the tints fillBlocks gives each block column, at steps 1 and 5 (${type})`, () => {
      const terrain = createTerrainOfType({ ...DEFAULT_WORLD_PARAMS, type, seed: 'tints' });
      const x0 = 913;
      const z0 = -2210;
      const size = 30;
      const blocks = new Uint8Array(size * size * WORLD_HEIGHT);
      const boxTints = new Uint8Array(size * size);
      terrain.fillBlocks(blocks, x0, z0, size, size, WORLD_HEIGHT, undefined, boxTints);
      for (const step of [1, 5]) {
        const n = size / step;
        const heights = new Int16Array(n * n);
        const tops = new Uint8Array(n * n);
        const tints = new Uint8Array(n * n);
        terrain.fillSurface(heights, tops, x0, z0, n, n, step, tints);
        for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) expect(tints[i + n * j]).toBe(boxTints[i * step + size * j * step]);
      }
      if (type === 'biomes') expect(new Set(boxTints).size).toBeGreaterThan(1);
    });
  }

  it('refuses outputs too small for the grid, and steps that are not a whole number of blocks, instead of writing part of it', () => {
    const terrain = createTerrain(DEFAULT_WORLD_PARAMS);
    expect(() => terrain.fillSurface(new Int16Array(10), new Uint8Array(10), 0, 0, 4, 4)).toThrow(RangeError);
    expect(() => terrain.fillSurface(new Int16Array(16), new Uint8Array(16), 0, 0, 4, 4, 1, new Uint8Array(10))).toThrow(RangeError);
    for (const step of [Number.NaN, 0, -2, Number.POSITIVE_INFINITY]) {
      expect(() => terrain.fillSurface(new Int16Array(16), new Uint8Array(16), 0, 0, 4, 4, step)).toThrow(/step must be/);
    }
  });
});
