/**
 * The terrain's heightfield goes through the noise batch path (fillGrid2D); this checks the
 * promise that made that allowed: every height equals heightAt, which samples the fBm one
 * point at a time, for both noise sources, odd parameters and far-out columns.
 */
import { describe, expect, it } from 'vitest';
import { createTerrain, createTerrainOfType, DEFAULT_WORLD_PARAMS, type WorldParams } from '../../src/world';

const CASES: Partial<WorldParams>[] = [
  {},
  { noise: 'simplex' },
  { seed: '12345', octaves: 16, persistence: 0.7, lacunarity: 2.3, scale: 37 },
  { seed: '', octaves: 1, scale: 8 },
  { seed: 'far', noise: 'simplex', octaves: 9, scale: 4096, lacunarity: 3.7 },
];

describe('terrain fillHeights (batch) === heightAt (per sample)', () => {
  it.each(CASES)('%o', (overrides) => {
    const terrain = createTerrain({ ...DEFAULT_WORLD_PARAMS, ...overrides });
    for (const [x0, z0] of [
      [-17, -17],
      [0, 0],
      [16 * 123456 - 1, -16 * 654321 - 1],
      [-1e7, 1e7],
    ] as const) {
      const out = new Int16Array(18 * 18);
      terrain.fillHeights(out, x0, z0, 18, 18);
      for (let z = 0; z < 18; z++) {
        for (let x = 0; x < 18; x++) {
          const h = terrain.heightAt(x0 + x, z0 + z);
          if (out[x + 18 * z] !== h) expect.fail(`(${x0 + x}, ${z0 + z}): batch ${out[x + 18 * z]}, per sample ${h}`);
        }
      }
      expect(new Set(out).size).toBeGreaterThan(1);
    }
  });

  it.each(['classic', 'biomes', 'flat'] as const)('with a step, %s heights equal heightAt at the sample points', (type) => {
    for (const overrides of [{}, { noise: 'simplex' as const, seed: 'step' }]) {
      const terrain = createTerrainOfType({ ...DEFAULT_WORLD_PARAMS, ...overrides, type });
      for (const [x0, z0, w, d, step] of [
        [-37, 91, 9, 7, 2],
        [1001, -2003, 5, 6, 3],
        [-5, 64, 1, 11, 128],
        [123457, -98765, 12, 1, 16],
      ] as const) {
        const out = new Int16Array(w * d);
        terrain.fillHeights(out, x0, z0, w, d, step);
        for (let z = 0; z < d; z++) {
          for (let x = 0; x < w; x++) {
            const h = terrain.heightAt(x0 + x * step, z0 + z * step);
            if (out[x + w * z] !== h) expect.fail(`${type} step ${step} (${x0 + x * step}, ${z0 + z * step}): batch ${out[x + w * z]}, per sample ${h}`);
          }
        }
      }
    }
  });

  it('leaves the output alone for empty boxes', () => {
    const terrain = createTerrain({ ...DEFAULT_WORLD_PARAMS });
    const out = new Int16Array(4).fill(-5);
    terrain.fillHeights(out, 0, 0, 0, 2);
    terrain.fillHeights(out, 0, 0, 2, -1);
    expect([...out]).toEqual([-5, -5, -5, -5]);
  });
});
