/**
 * Fractal Brownian motion: a sum of octaves of one noise, each at `lacunarity` times the
 * frequency and `persistence` times the amplitude of the one before (the construction in
 * Hugo Elias's "Perlin noise" write-up and in every terrain generator since).
 */
import { axisFill2D, hasFastGridFill, registerAxisFill2D, type AxisFill2D } from './grid';
import { OCTAVE_SEED_STEP, planOctaves } from './octaves';
import type { Noise2D, SeededNoise2D } from './types';

export interface FbmOptions {
  /** Number of layers summed, clamped to 1..16. Each adds detail at a finer scale. */
  octaves: number;
  /** Amplitude ratio between successive octaves (a.k.a. gain); 0.5 halves each time. */
  persistence: number;
  /** Frequency ratio between successive octaves; 2 doubles each time. */
  lacunarity: number;
  /** Frequency of the first octave, in cycles per input unit (1 / feature size). */
  frequency: number;
  /**
   * Added to the seed per octave (octave i uses seed + i * seedStep, wrapped to 32 bits), so
   * each octave is its own field. Default 0x9e3779b9 (the golden ratio in 32 bits).
   */
  seedStep: number;
}

export const DEFAULT_FBM_OPTIONS: Readonly<FbmOptions> = Object.freeze({
  octaves: 6,
  persistence: 0.5,
  lacunarity: 2,
  frequency: 1,
  seedStep: OCTAVE_SEED_STEP,
});

/**
 * 2D fBm over any seeded noise. If the base noise lies in [-1, 1], so does the result:
 * the sum is divided by the total amplitude. Options are read once, at creation.
 * fillGrid2D on the result uses the octaves' batch paths when they have one (Perlin does).
 */
export function createFbm2D(source: SeededNoise2D, seed: number, options: Partial<FbmOptions> = {}): Noise2D {
  const { layers, frequencies, amplitudes, total } = planOctaves(source, seed, { ...DEFAULT_FBM_OPTIONS, ...options });
  const octaves = layers.length;
  const norm = total > 0 ? 1 / total : 0;
  for (let i = 0; i < octaves; i++) amplitudes[i] = amplitudes[i]! * norm;

  const fbm2D = function fbm2D(x: number, y: number): number {
    let sum = 0;
    for (let i = 0; i < octaves; i++) {
      const f = frequencies[i]!;
      sum += layers[i]!(x * f, y * f) * amplitudes[i]!;
    }
    return sum;
  };
  if (layers.some(hasFastGridFill)) registerAxisFill2D(fbm2D, createLayeredFill(layers, frequencies, amplitudes));
  return fbm2D;
}

/**
 * Grid fill for a weighted sum of octaves: each octave's (batch) fill adds its samples times
 * its amplitude into the grid. Per sample this is the same sum in the same order as fbm2D
 * (0, then octave 0, then octave 1, ...), with coordinates scaled by the same products
 * x * f, so the bits are the same.
 */
export function createLayeredFill(layers: readonly Noise2D[], frequencies: readonly number[], amplitudes: readonly number[]): AxisFill2D {
  const fills = layers.map(axisFill2D);
  let xs = new Float64Array(0);
  let ys = new Float64Array(0);
  let sum = new Float64Array(0);
  return function fillLayers(xIn, nx, yIn, ny, out, weight): void {
    const n = nx * ny;
    if (xs.length < nx) xs = new Float64Array(nx);
    if (ys.length < ny) ys = new Float64Array(ny);
    // Summing into `out` directly unless this fBm is itself a weighted layer of something.
    if (weight !== undefined && sum.length < n) sum = new Float64Array(n);
    const target = weight === undefined ? out : sum;
    target.fill(0, 0, n);
    for (let o = 0; o < fills.length; o++) {
      const f = frequencies[o]!;
      for (let i = 0; i < nx; i++) xs[i] = xIn[i]! * f;
      for (let j = 0; j < ny; j++) ys[j] = yIn[j]! * f;
      fills[o]!(xs, nx, ys, ny, target, amplitudes[o]!);
    }
    if (weight !== undefined) for (let k = 0; k < n; k++) out[k] = out[k]! + sum[k]! * weight;
  };
}
