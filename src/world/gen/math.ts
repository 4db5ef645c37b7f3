/**
 * Small exact helpers for the biomes generator: only + - * / and comparisons, so every
 * engine rounds them the same way (docs/architecture.md §2).
 */
import { smoothstepFade } from '../../noise/fade';

/** 0 at or below `lo`, 1 at or above `hi`, linear between. */
export function ramp(v: number, lo: number, hi: number): number {
  if (v <= lo) return 0;
  if (v >= hi) return 1;
  return (v - lo) / (hi - lo);
}

/**
 * The cubic smoothstep of a value already in [0, 1] (the noise library's Hermite fade): flat
 * at both ends, so blends have no kink.
 */
export const smooth = smoothstepFade;

/** smooth(ramp(v, lo, hi)). */
export function smoothRamp(v: number, lo: number, hi: number): number {
  return smooth(ramp(v, lo, hi));
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * Piecewise-linear spline through (xs[i], ys[i]), xs increasing; flat outside. Continuous,
 * which is what makes a height made from it continuous across climate borders.
 */
export function spline(v: number, xs: readonly number[], ys: readonly number[]): number {
  if (v <= xs[0]!) return ys[0]!;
  const n = xs.length;
  for (let i = 1; i < n; i++) {
    if (v < xs[i]!) {
      const x0 = xs[i - 1]!;
      return ys[i - 1]! + ((ys[i]! - ys[i - 1]!) * (v - x0)) / (xs[i]! - x0);
    }
  }
  return ys[n - 1]!;
}

/** A climate value in about [-1, 1] quantised to 0..15 (the tint byte's levels). */
export function level16(v: number): number {
  const q = Math.floor((v + 1) * 8);
  return q < 0 ? 0 : q > 15 ? 15 : q;
}
