/**
 * Bit-exact pins for the functions the world generator depends on. The fixture was written
 * by scripts/noise-golden.ts before any optimisation of the hot paths; every later change
 * (inlined hashes, batch paths) must reproduce it exactly, or the golden world hashes move.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFbm2D, createPerlin2D, createPerlin3D, createSimplex2D, hashInts } from '../../src/noise';
import { mixSeed } from '../../src/noise/hash';
import { GOLDEN_FBM_CASES, GOLDEN_SEEDS, goldenPoints2D, goldenPoints3D } from './golden-points';

interface Golden {
  seeds: number[];
  perlin2D: number[][];
  perlin3D: number[][];
  simplex2D: number[][];
  fbm2D: number[][];
  mixSeed: number[];
  hashInts: number[];
}

const golden = JSON.parse(readFileSync(new URL('./fixtures/seeded-golden.json', import.meta.url), 'utf8')) as Golden;
const points2 = goldenPoints2D();
const points3 = goldenPoints3D();

/** Object.is so that 0 and -0 count as different bits (JSON cannot hold -0, so it is +0 there). */
function expectSameBits(actual: number[], expected: number[], label: string): void {
  expect(actual.length, label).toBe(expected.length);
  for (let i = 0; i < actual.length; i++) {
    const a = Object.is(actual[i], -0) ? 0 : actual[i];
    if (a !== expected[i]) expect.fail(`${label} point #${i}: got ${a}, golden ${expected[i]}`);
  }
}

describe('golden bits of the world-shaping noise', () => {
  it('covers the seeds and points the script used', () => {
    expect(golden.seeds).toEqual(GOLDEN_SEEDS);
    expect(golden.perlin2D[0]!.length).toBe(points2.length);
    expect(golden.perlin3D[0]!.length).toBe(points3.length);
  });

  it('createPerlin2D', () => {
    GOLDEN_SEEDS.forEach((seed, s) => {
      const f = createPerlin2D(seed);
      expectSameBits(points2.map(([x, y]) => f(x, y)), golden.perlin2D[s]!, `perlin2D seed ${seed}`);
    });
  });

  it('createPerlin3D', () => {
    GOLDEN_SEEDS.forEach((seed, s) => {
      const f = createPerlin3D(seed);
      expectSameBits(points3.map(([x, y, z]) => f(x, y, z)), golden.perlin3D[s]!, `perlin3D seed ${seed}`);
    });
  });

  it('createSimplex2D', () => {
    GOLDEN_SEEDS.forEach((seed, s) => {
      const f = createSimplex2D(seed);
      expectSameBits(points2.map(([x, y]) => f(x, y)), golden.simplex2D[s]!, `simplex2D seed ${seed}`);
    });
  });

  it('createFbm2D', () => {
    GOLDEN_FBM_CASES.forEach(({ source, seed, options }, c) => {
      const f = createFbm2D(source === 'perlin' ? createPerlin2D : createSimplex2D, seed, options);
      expectSameBits(points2.map(([x, y]) => f(x, y)), golden.fbm2D[c]!, `fbm case ${c}`);
    });
  });

  it('mixSeed and hashInts', () => {
    expectSameBits(points3.map(([x]) => mixSeed(Math.floor(x * 1000))), golden.mixSeed, 'mixSeed');
    expectSameBits(
      points3.map(([x, y, z]) => hashInts(mixSeed(Math.floor(z)), Math.floor(x), Math.floor(y), Math.floor(z * 7))),
      golden.hashInts,
      'hashInts',
    );
  });
});
