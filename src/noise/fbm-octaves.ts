/**
 * fBm taken apart, for the noise lab's octave figure: each octave's field on a grid, and the
 * running sum after each octave. The sum is built with createFbm2D's own arithmetic (the
 * same octave plan, weights amplitude / total, added in octave order starting from 0, at
 * coordinates (x0 + i * step) * frequency), so the sum after the last octave equals
 * createFbm2D, and fillGrid2D over it, bit for bit (test/noise/fbm-octaves.test.ts).
 */
import { DEFAULT_FBM_OPTIONS, type FbmOptions } from './fbm';
import { axisFill2D, DEFAULT_GRID_2D, type Grid2D } from './grid';
import { planOctaves } from './octaves';
import type { Noise2D, SeededNoise2D } from './types';

export interface FbmOctaveGrids {
  /** Columns and rows of every grid (the grid's counts, floored, at least 0). */
  width: number;
  height: number;
  /** Octave i sampled alone, unweighted, row-major in x. */
  octaves: Float64Array[];
  /** The fBm of the first i + 1 octaves (weights as in the full fBm, so not rescaled). */
  sums: Float64Array[];
  /** Octave i's frequency (first octave: options.frequency). */
  frequencies: number[];
  /** Octave i's weight in the sum: its amplitude divided by the total of all amplitudes. */
  weights: number[];
}

function count(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/** A grid's sample coordinates per axis, x0 + i * stepX and y0 + j * stepY (fillGrid2D's expression). */
export interface GridAxes {
  xs: Float64Array;
  ys: Float64Array;
}

export function gridAxes(grid: Partial<Grid2D>): GridAxes {
  const g = { ...DEFAULT_GRID_2D, ...grid };
  const nx = count(g.width);
  const ny = count(g.height);
  const xs = new Float64Array(nx);
  const ys = new Float64Array(ny);
  for (let i = 0; i < nx; i++) xs[i] = g.x0 + i * g.stepX;
  for (let j = 0; j < ny; j++) ys[j] = g.y0 + j * g.stepY;
  return { xs, ys };
}

/**
 * One octave alone: `layer` at (x * frequency, y * frequency) for every grid point, scaled
 * after the grid expression as createFbm2D scales its input, into a new row-major array.
 */
export function fillOctaveLayer(layer: Noise2D, frequency: number, axes: GridAxes): Float64Array {
  const nx = axes.xs.length;
  const ny = axes.ys.length;
  const xs = new Float64Array(nx);
  const ys = new Float64Array(ny);
  for (let i = 0; i < nx; i++) xs[i] = axes.xs[i]! * frequency;
  for (let j = 0; j < ny; j++) ys[j] = axes.ys[j]! * frequency;
  const out = new Float64Array(nx * ny);
  if (nx * ny > 0) axisFill2D(layer)(xs, nx, ys, ny, out);
  return out;
}

/**
 * The running sum one octave on: previous + octave * weight, from 0 before the first octave,
 * into `out` (which may be `previous` itself, to keep only the last sum).
 */
export function addOctave(previous: Float64Array | null, octave: Float64Array, weight: number, out = new Float64Array(octave.length)): Float64Array {
  const n = octave.length;
  if (previous) for (let k = 0; k < n; k++) out[k] = previous[k]! + octave[k]! * weight;
  else for (let k = 0; k < n; k++) out[k] = 0 + octave[k]! * weight;
  return out;
}

/** Each octave's weight in the fBm: amplitude / total, as createFbm2D normalises. */
export function octaveWeights(amplitudes: readonly number[], total: number): number[] {
  const norm = total > 0 ? 1 / total : 0;
  return amplitudes.map((a) => a * norm);
}

/** Every octave of createFbm2D(source, seed, options) and the running sums, over `grid`. */
export function fillFbmOctaves2D(source: SeededNoise2D, seed: number, options: Partial<FbmOptions>, grid: Partial<Grid2D>): FbmOctaveGrids {
  const { layers, frequencies, amplitudes, total } = planOctaves(source, seed, { ...DEFAULT_FBM_OPTIONS, ...options });
  const axes = gridAxes(grid);
  const weights = octaveWeights(amplitudes, total);
  const octaves: Float64Array[] = [];
  const sums: Float64Array[] = [];
  for (let o = 0; o < layers.length; o++) {
    const octave = fillOctaveLayer(layers[o]!, frequencies[o]!, axes);
    octaves.push(octave);
    sums.push(addOctave(sums[o - 1] ?? null, octave, weights[o]!));
  }
  return { width: axes.xs.length, height: axes.ys.length, octaves, sums, frequencies, weights };
}
