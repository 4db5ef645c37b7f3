/**
 * The `simplex-noise` package as a baseline with the same shape as our noise: a seeded
 * factory. `alea` turns the 32-bit world seed into the random stream the package builds
 * its permutation table from, so one seed always gives one simplex field.
 */
import alea from 'alea';
import { createNoise2D, createNoise3D, createNoise4D } from 'simplex-noise';
import type { Noise2D, Noise3D, Noise4D } from './types';

/**
 * Seeded 2D simplex noise from the `simplex-noise` package. Output in [-1, 1]. Returned
 * unwrapped (so benchmarks measure the package itself): NaN and infinite input already give
 * 0 there, as every noise in src/noise does (tested in test/noise/bad-input.test.ts).
 */
export function createSimplex2D(seed: number): Noise2D {
  return createNoise2D(alea(seed | 0));
}

/**
 * Seeded 3D simplex noise from the `simplex-noise` package. Output in [-1, 1]. The package
 * returns NaN for NaN input; this adapter returns 0, like every noise in src/noise.
 */
export function createSimplex3D(seed: number): Noise3D {
  const noise = createNoise3D(alea(seed | 0));
  return function simplex3D(x: number, y: number, z: number): number {
    const r = noise(x, y, z);
    return r === r ? r : 0;
  };
}

/**
 * Seeded 4D simplex noise from the `simplex-noise` package (the noise lab animates a slice
 * through z and w with it, next to our 4D Perlin). Output in [-1, 1]; NaN input gives 0.
 */
export function createSimplex4D(seed: number): Noise4D {
  const noise = createNoise4D(alea(seed | 0));
  return function simplex4D(x: number, y: number, z: number, w: number): number {
    const r = noise(x, y, z, w);
    return r === r ? r : 0;
  };
}
