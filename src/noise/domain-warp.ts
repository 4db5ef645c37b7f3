/**
 * Domain warping: sample a noise at a point moved by another noise, n(p + A * w(p)).
 * Straight features bend into swirls and folds, the look of eroded rock or marble
 * (Inigo Quilez, "Domain warping"; FastNoiseLite's DomainWarp).
 *
 * The offset field w is a pair of fBm fields over any seeded 2D noise, one per axis, seeded
 * apart from each other and from the noise being warped. With `iterations` > 1 the warp is
 * applied again to the already-warped point (FastNoiseLite's "progressive" fractal warp),
 * which folds the folds.
 */
import { createFbm2D, DEFAULT_FBM_OPTIONS, type FbmOptions } from './fbm';
import { mixSeed } from './hash';
import type { Noise2D, SeededNoise2D } from './types';

export interface DomainWarpOptions {
  /** Largest displacement, in input units (the offset fields lie in [-1, 1] and are scaled by this). */
  amplitude: number;
  /** Frequency of the offset fields' first octave (cycles per input unit). */
  frequency: number;
  /** Octaves of the offset fields, clamped to 1..16. */
  octaves: number;
  /** Amplitude ratio between the offset fields' octaves. */
  persistence: number;
  /** Frequency ratio between the offset fields' octaves. */
  lacunarity: number;
  /** How many times the point is displaced (1..8; clamped). */
  iterations: number;
}

export const DEFAULT_DOMAIN_WARP_OPTIONS: Readonly<DomainWarpOptions> = Object.freeze({
  amplitude: 4,
  frequency: 0.25,
  octaves: 3,
  persistence: 0.5,
  lacunarity: 2,
  iterations: 1,
});

export const MAX_WARP_ITERATIONS = 8;

/** The displacement field: add `amplitude * offsetX(x, y)` to x and likewise for y. */
export interface DomainWarp2D {
  readonly amplitude: number;
  readonly iterations: number;
  readonly offsetX: Noise2D;
  readonly offsetY: Noise2D;
}

/** Seed salts for the two offset fields, so they are unrelated to each other and to `seed`. */
const SALT_X = 0x2f6b7d1b;
const SALT_Y = 0x6c8e9cf5;

function clampIterations(n: number): number {
  if (!(n >= 1)) return 1;
  return Math.min(MAX_WARP_ITERATIONS, Math.floor(n));
}

/** A seeded displacement field over `source` (Perlin, value, simplex, ...). */
export function createDomainWarp2D(source: SeededNoise2D, seed: number, options: Partial<DomainWarpOptions> = {}): DomainWarp2D {
  const o = { ...DEFAULT_DOMAIN_WARP_OPTIONS, ...options };
  const fbm: Partial<FbmOptions> = {
    ...DEFAULT_FBM_OPTIONS,
    octaves: o.octaves,
    persistence: o.persistence,
    lacunarity: o.lacunarity,
    frequency: o.frequency,
  };
  return Object.freeze({
    amplitude: o.amplitude,
    iterations: clampIterations(o.iterations),
    offsetX: createFbm2D(source, mixSeed(seed ^ SALT_X), fbm),
    offsetY: createFbm2D(source, mixSeed(seed ^ SALT_Y), fbm),
  });
}

/**
 * `noise` sampled through `warp`. NaN or infinite input gives 0; a displacement can never
 * produce one (the offset fields are finite and bounded).
 */
export function warpNoise2D(noise: Noise2D, warp: DomainWarp2D): Noise2D {
  const { amplitude, iterations, offsetX, offsetY } = warp;
  return function warped2D(x: number, y: number): number {
    if (x - x !== 0 || y - y !== 0) return 0;
    let px = x;
    let py = y;
    for (let i = 0; i < iterations; i++) {
      const dx = offsetX(px, py);
      const dy = offsetY(px, py);
      px += amplitude * dx;
      py += amplitude * dy;
    }
    return noise(px, py);
  };
}

/**
 * One-call convenience: an fBm of `source` (fbm options) warped by a displacement field of
 * the same source (warp options), both from `seed`.
 */
export function createWarpedFbm2D(
  source: SeededNoise2D,
  seed: number,
  fbm: Partial<FbmOptions> = {},
  warp: Partial<DomainWarpOptions> = {},
): Noise2D {
  return warpNoise2D(createFbm2D(source, seed, fbm), createDomainWarp2D(source, seed, warp));
}
