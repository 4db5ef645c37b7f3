/**
 * Options shared by the seeded Perlin noises (1D to 4D), and their output ranges.
 *
 * The ranges are measured, not assumed. For each dimension and fade, the largest possible
 * |noise| is the maximum over a cell of sum_corners(weight * best gradient dot offset): every
 * corner's weight is positive, so the worst case picks each corner's gradient independently.
 * That bound was maximised numerically (grid search, then coordinate refinement to 1e-12,
 * by scripts/noise-peaks.ts) and rounded up in the 4th decimal. It is tight:
 * the hash can pick those gradients, and random sampling gets within 1% (see perlin tests).
 */
import type { Fade } from './fade';

export interface PerlinOptions {
  /** Fade curve between lattice points. Default `quintic` (Perlin 2002). */
  fade: Fade;
  /**
   * Divide by the peak for this dimension and fade (PERLIN_PEAKS) so the output spans
   * [-1, 1] as closely as possible without leaving it. Default false: the raw, classic values.
   */
  normalise: boolean;
}

export const DEFAULT_PERLIN_OPTIONS: Readonly<PerlinOptions> = Object.freeze({
  fade: 'quintic',
  normalise: false,
});

/**
 * Largest |output| of the seeded Perlin noises as returned without `normalise`:
 * - 1D: gradients in [-1, 1), scaled by 2, so exactly 1 for every fade.
 * - 2D: 16 unit gradients, scaled by sqrt(2); the peak 0.9834 sits at (0.473, 0.5), not at
 *   the cell centre, because no gradient points exactly along a diagonal.
 * - 3D: the 12 cube-edge gradients of improved noise; 1.0364 for the quintic fade (the
 *   classic "about 1.0364", at (0.355, 0.481, 0.5)). improvedNoise3 shares this peak.
 * - 4D: the 32 gradients with one zero coordinate; 1.5366 for the quintic fade.
 */
export const PERLIN_PEAKS: Readonly<Record<1 | 2 | 3 | 4, Readonly<Record<Fade, number>>>> = Object.freeze({
  1: Object.freeze({ linear: 1, cosine: 1, smoothstep: 1, quintic: 1 }),
  2: Object.freeze({ linear: 0.9857, cosine: 0.9839, smoothstep: 0.9841, quintic: 0.9834 }),
  3: Object.freeze({ linear: 1.0649, cosine: 1.0431, smoothstep: 1.0450, quintic: 1.0364 }),
  4: Object.freeze({ linear: 1.5654, cosine: 1.5434, smoothstep: 1.5452, quintic: 1.5366 }),
});

/** The factor `normalise` multiplies by: 1 / peak, or 1 when not normalising. */
export function perlinOutputScale(dimension: 1 | 2 | 3 | 4, options: Readonly<PerlinOptions>): number {
  if (!options.normalise) return 1;
  const peak = PERLIN_PEAKS[dimension][options.fade] ?? PERLIN_PEAKS[dimension].quintic;
  return 1 / peak;
}
