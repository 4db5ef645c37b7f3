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
import type { SeededNoise2D } from './types';

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

/** Every octave of createFbm2D(source, seed, options) and the running sums, over `grid`. */
export function fillFbmOctaves2D(source: SeededNoise2D, seed: number, options: Partial<FbmOptions>, grid: Partial<Grid2D>): FbmOctaveGrids {
  const { layers, frequencies, amplitudes, total } = planOctaves(source, seed, { ...DEFAULT_FBM_OPTIONS, ...options });
  const g = { ...DEFAULT_GRID_2D, ...grid };
  const nx = count(g.width);
  const ny = count(g.height);
  const n = nx * ny;
  const norm = total > 0 ? 1 / total : 0;
  const weights = amplitudes.map((a) => a * norm);
  // The per-sample coordinates fillGrid2D documents (x0 + i * step), scaled per octave
  // afterwards, exactly as createFbm2D scales its input.
  const baseX = new Float64Array(nx);
  const baseY = new Float64Array(ny);
  for (let i = 0; i < nx; i++) baseX[i] = g.x0 + i * g.stepX;
  for (let j = 0; j < ny; j++) baseY[j] = g.y0 + j * g.stepY;
  const xs = new Float64Array(nx);
  const ys = new Float64Array(ny);
  const octaves: Float64Array[] = [];
  const sums: Float64Array[] = [];
  let previous = new Float64Array(n);
  for (let o = 0; o < layers.length; o++) {
    const f = frequencies[o]!;
    for (let i = 0; i < nx; i++) xs[i] = baseX[i]! * f;
    for (let j = 0; j < ny; j++) ys[j] = baseY[j]! * f;
    const octave = new Float64Array(n);
    if (n > 0) axisFill2D(layers[o]!)(xs, nx, ys, ny, octave);
    const w = weights[o]!;
    const sum = new Float64Array(n);
    for (let k = 0; k < n; k++) sum[k] = previous[k]! + octave[k]! * w;
    octaves.push(octave);
    sums.push(sum);
    previous = sum;
  }
  return { width: nx, height: ny, octaves, sums, frequencies, weights };
}
