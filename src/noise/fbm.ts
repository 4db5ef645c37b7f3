/**
 * Fractal Brownian motion: a sum of octaves of one noise, each at `lacunarity` times the
 * frequency and `persistence` times the amplitude of the one before (the construction in
 * Hugo Elias's "Perlin noise" write-up and in every terrain generator since).
 */
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
}

export const DEFAULT_FBM_OPTIONS: Readonly<FbmOptions> = Object.freeze({
  octaves: 6,
  persistence: 0.5,
  lacunarity: 2,
  frequency: 1,
});

export const MIN_OCTAVES = 1;
export const MAX_OCTAVES = 16;

/** Octave count as fBm uses it: an integer in 1..16 (NaN counts as 1). */
export function clampOctaves(octaves: number): number {
  if (!(octaves >= MIN_OCTAVES)) return MIN_OCTAVES;
  return Math.min(MAX_OCTAVES, Math.floor(octaves));
}

/**
 * Per-octave seeds. Each octave is its own field (FastNoiseLite does the same) so that
 * the lattice points of all octaves do not coincide at the origin, where they would add
 * up to a visible flat spot.
 */
export function octaveSeed(seed: number, octave: number): number {
  return (seed + Math.imul(octave, 0x9e3779b9)) | 0;
}

/**
 * 2D fBm over any seeded noise. If the base noise lies in [-1, 1], so does the result:
 * the sum is divided by the total amplitude. Options are read once, at creation.
 */
export function createFbm2D(source: SeededNoise2D, seed: number, options: Partial<FbmOptions> = {}): Noise2D {
  const o = { ...DEFAULT_FBM_OPTIONS, ...options };
  const octaves = clampOctaves(o.octaves);
  const layers: Noise2D[] = [];
  const frequencies: number[] = [];
  const amplitudes: number[] = [];
  let frequency = o.frequency;
  let amplitude = 1;
  let total = 0;
  for (let i = 0; i < octaves; i++) {
    layers.push(source(octaveSeed(seed, i)));
    frequencies.push(frequency);
    amplitudes.push(amplitude);
    total += amplitude;
    frequency *= o.lacunarity;
    amplitude *= o.persistence;
  }
  const norm = total > 0 ? 1 / total : 0;
  for (let i = 0; i < octaves; i++) amplitudes[i] = amplitudes[i]! * norm;

  return function fbm2D(x: number, y: number): number {
    let sum = 0;
    for (let i = 0; i < octaves; i++) {
      const f = frequencies[i]!;
      sum += layers[i]!(x * f, y * f) * amplitudes[i]!;
    }
    return sum;
  };
}
