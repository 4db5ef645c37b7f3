/**
 * The octave plan shared by the fractal layers (fBm, ridged multifractal): one seeded field
 * per octave, each at `lacunarity` times the frequency and `persistence` times the amplitude
 * of the one before. Computed once, when a fractal noise is created.
 *
 * The frequencies and amplitudes are running products (f, f*l, f*l*l, ...), not powers, so
 * no Math.pow and the same bits on every engine; every layer built on a plan depends on
 * these exact products, so keep the order of operations as it is.
 */
import type { Noise2D, SeededNoise2D } from './types';

/** The default per-octave seed step (the golden ratio in 32 bits). */
export const OCTAVE_SEED_STEP = 0x9e3779b9;

export const MIN_OCTAVES = 1;
export const MAX_OCTAVES = 16;

/** Octave count as the fractal layers use it: an integer in 1..16 (NaN counts as 1). */
export function clampOctaves(octaves: number): number {
  if (!(octaves >= MIN_OCTAVES)) return MIN_OCTAVES;
  return Math.min(MAX_OCTAVES, Math.floor(octaves));
}

/**
 * Per-octave seeds. Each octave is its own field (FastNoiseLite does the same) so that
 * the lattice points of all octaves do not coincide at the origin, where they would add
 * up to a visible flat spot.
 */
export function octaveSeed(seed: number, octave: number, step: number = OCTAVE_SEED_STEP): number {
  return (seed + Math.imul(octave, step)) | 0;
}

/** What a plan reads from a fractal layer's options (FbmOptions and RidgedOptions have these). */
export interface OctaveOptions {
  /** Number of octaves; clamped with clampOctaves. */
  octaves: number;
  /** Frequency of the first octave. */
  frequency: number;
  /** Frequency ratio between successive octaves. */
  lacunarity: number;
  /** Amplitude ratio between successive octaves; the first octave has amplitude 1. */
  persistence: number;
  /** Octave i uses seed octaveSeed(seed, i, seedStep). */
  seedStep: number;
}

/** One entry per octave, plus the sum of the (unnormalised) amplitudes. */
export interface OctavePlan {
  layers: Noise2D[];
  frequencies: number[];
  amplitudes: number[];
  /** amplitudes[0] + amplitudes[1] + ..., summed in octave order. */
  total: number;
}

/** The octaves of a fractal layer over `source`, seeded from `seed`. */
export function planOctaves(source: SeededNoise2D, seed: number, o: Readonly<OctaveOptions>): OctavePlan {
  const octaves = clampOctaves(o.octaves);
  const layers: Noise2D[] = [];
  const frequencies: number[] = [];
  const amplitudes: number[] = [];
  let frequency = o.frequency;
  let amplitude = 1;
  let total = 0;
  for (let i = 0; i < octaves; i++) {
    layers.push(source(octaveSeed(seed, i, o.seedStep)));
    frequencies.push(frequency);
    amplitudes.push(amplitude);
    total += amplitude;
    frequency *= o.lacunarity;
    amplitude *= o.persistence;
  }
  return { layers, frequencies, amplitudes, total };
}
