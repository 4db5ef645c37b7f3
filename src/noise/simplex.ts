/**
 * The `simplex-noise` package as a baseline with the same shape as our noise: a seeded
 * factory. `alea` turns the 32-bit world seed into the random stream the package builds
 * its permutation table from, so one seed always gives one simplex field.
 */
import alea from 'alea';
import { createNoise2D, createNoise3D } from 'simplex-noise';
import type { Noise2D, Noise3D } from './types';

/** Seeded 2D simplex noise from the `simplex-noise` package. Output in [-1, 1]. */
export function createSimplex2D(seed: number): Noise2D {
  return createNoise2D(alea(seed | 0));
}

/** Seeded 3D simplex noise from the `simplex-noise` package. Output in [-1, 1]. */
export function createSimplex3D(seed: number): Noise3D {
  return createNoise3D(alea(seed | 0));
}
