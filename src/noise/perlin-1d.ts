/**
 * Seeded 1D Perlin noise: the slope at each integer is random, the curve between two
 * integers blends the two lines through them. Handy for things that wobble over time
 * (a camera shake, the wind) and the easiest case in which to see what a fade does.
 */
import { fadeFunction } from './fade';
import { HASH_MULTIPLIER, mixSeed, PRIME_X } from './hash';
import { DEFAULT_PERLIN_OPTIONS, perlinOutputScale, type PerlinOptions } from './perlin-options';
import type { Noise1D } from './types';
import { INT32_TO_UNIT } from './white-noise';

const PX = PRIME_X;
const HM = HASH_MULTIPLIER;

/**
 * Gradients in [-1, 1), scaled by 2: the two lines meet at height g/2 mid-cell, so the
 * output peaks at exactly 1 (g0 = 1, g1 = -1 at x = 1/2), whatever the fade.
 */
const SCALE_1D = 2;

/** Seeded 1D Perlin noise. Output in [-1, 1]; 0 at every integer; NaN/Infinity give 0. */
export function createPerlin1D(seed: number, options: Partial<PerlinOptions> = {}): Noise1D {
  const o = { ...DEFAULT_PERLIN_OPTIONS, ...options };
  const s = mixSeed(seed);
  const fade = fadeFunction(o.fade);
  const scale = SCALE_1D * perlinOutputScale(1, o);
  return function perlin1D(x: number): number {
    const x0 = Math.floor(x);
    const t = x - x0;
    const xp0 = Math.imul(x0, PX);
    // The whole 32-bit hash is the slope: a finer gradient set than 2D/3D need, for free.
    let h = Math.imul(s ^ xp0, HM);
    const g0 = (h ^ (h >>> 15)) * INT32_TO_UNIT;
    h = Math.imul(s ^ ((xp0 + PX) | 0), HM);
    const g1 = (h ^ (h >>> 15)) * INT32_TO_UNIT;
    const a = g0 * t;
    const r = (a + fade(t) * (g1 * (t - 1) - a)) * scale;
    return r === r ? r : 0;
  };
}
