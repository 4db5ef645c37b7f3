/**
 * The 3D lattice fill against the per-sample path: Perlin's registered fill must give exactly
 * the bits of calling perlin3D at every (xs[i], ys[j], zs[k]), at cave frequencies, at
 * lattice points, far out and for non-finite input; other noises get the per-sample loop.
 */
import { describe, expect, it } from 'vitest';
import { createPerlin3D, createSimplex3D, type Noise3D } from '../../src/noise';
import { axisFill3D, perSampleFill3D } from '../../src/noise/grid-3d';
import { mulberry32 } from '../support/random';

/** First index where the two arrays differ in bits (Object.is: -0 and 0 differ), or -1. */
function firstDifference(a: Float64Array, b: Float64Array): number {
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

function axis(values: readonly number[]): Float64Array {
  return Float64Array.from(values);
}

/** Compares the registered fill with the plain loop over one lattice. */
function expectSameBits(noise: Noise3D, xs: Float64Array, ys: Float64Array, zs: Float64Array): void {
  const n = xs.length * ys.length * zs.length;
  const fast = new Float64Array(n).fill(7);
  const reference = new Float64Array(n);
  axisFill3D(noise)(xs, xs.length, ys, ys.length, zs, zs.length, fast);
  perSampleFill3D(noise)(xs, xs.length, ys, ys.length, zs, zs.length, reference);
  expect(firstDifference(fast, reference)).toBe(-1);
  // And the layout: y fastest, then x, then z.
  const [i, j, k] = [xs.length - 1, ys.length - 1, zs.length - 1];
  expect(Object.is(fast[j + ys.length * (i + xs.length * k)], noise(xs[i]!, ys[j]!, zs[k]!))).toBe(true);
}

describe('axisFill3D', () => {
  it('Perlin: bit for bit the per-sample function at cave node lattices (world positions times frequency)', () => {
    for (const seed of [0, 1, -7, 0x7fffffff, 20240601]) {
      const noise = createPerlin3D(seed);
      for (const [gx0, gz0] of [[0, 0], [-9, 37], [250_000, -250_000], [-25_000_001, 3]] as const) {
        const xs = axis(Array.from({ length: 7 }, (_, i) => (gx0 + i) * 4 * (1 / 72)));
        const ys = axis(Array.from({ length: 33 }, (_, l) => l * 8 * (1 / 48)));
        const zs = axis(Array.from({ length: 7 }, (_, j) => (gz0 + j) * 4 * (1 / 72)));
        expectSameBits(noise, xs, ys, zs);
      }
    }
  });

  it('Perlin: random, negative, repeated, integer and non-finite coordinates', () => {
    const random = mulberry32(321);
    const noise = createPerlin3D(99);
    for (let round = 0; round < 40; round++) {
      const pick = (n: number): Float64Array => axis(Array.from({ length: n }, () => (random() - 0.5) * 10 ** Math.floor(random() * 8)));
      expectSameBits(noise, pick(1 + Math.floor(random() * 9)), pick(1 + Math.floor(random() * 9)), pick(1 + Math.floor(random() * 9)));
    }
    expectSameBits(noise, axis([0, 1, -1, 2, 2]), axis([0, -0, 3]), axis([-5, 5]));
    expectSameBits(noise, axis([NaN, 0.5, Infinity]), axis([0.25, -Infinity]), axis([NaN, 1.5]));
  });

  it('a noise without a registered fill (simplex-noise) gets the per-sample loop', () => {
    const noise = createSimplex3D(5);
    expectSameBits(noise, axis([0.1, 2.7, -3.3]), axis([0, 0.5]), axis([9.25, -1]));
  });
});
