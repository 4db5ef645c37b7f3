/**
 * The 1D figure: value noise under each interpolation and 1D Perlin over the same stretch of
 * lattice, sampled densely enough to draw as smooth curves, with the lattice points marked.
 * Value noise has a random value at each lattice point and blends between them; Perlin
 * noise is 0 at each lattice point and has a random slope there instead.
 */
import { createPerlin1D, createValueNoise1D, type Interpolation } from '../../noise';

export type CurveName = Interpolation | 'perlin';
export const CURVE_NAMES: readonly CurveName[] = ['linear', 'cosine', 'smoothstep', 'quintic', 'cubic', 'perlin'];

export const CURVE_LABELS: Readonly<Record<CurveName, string>> = Object.freeze({
  linear: 'value, linear',
  cosine: 'value, cosine',
  smoothstep: 'value, smoothstep',
  quintic: 'value, quintic',
  cubic: 'value, Catmull-Rom',
  perlin: 'Perlin 1D (gradient)',
});

export interface CurveOptions {
  /** First lattice point shown. */
  x0: number;
  /** Lattice cells across the figure. */
  cells: number;
  /** Samples per cell (the curve is a polyline through them). */
  samplesPerCell: number;
}

export const DEFAULT_CURVE_OPTIONS: Readonly<CurveOptions> = Object.freeze({ x0: 0, cells: 12, samplesPerCell: 48 });

export interface Curve {
  name: CurveName;
  /** samples[k] = noise(x0 + k / samplesPerCell), k = 0 .. cells * samplesPerCell. */
  samples: Float64Array;
  /** The curve at the lattice points x0, x0 + 1, …, x0 + cells. */
  lattice: Float64Array;
  /** Slope at each lattice point (central difference): Perlin's random gradients. */
  slopes: Float64Array;
}

/** Slope estimate step: small against a cell, large against rounding. */
const H = 1e-5;

export function computeCurves(seed: number, options: Partial<CurveOptions> = {}): Curve[] {
  const o = { ...DEFAULT_CURVE_OPTIONS, ...options };
  const count = o.cells * o.samplesPerCell + 1;
  return CURVE_NAMES.map((name) => {
    const f = name === 'perlin' ? createPerlin1D(seed) : createValueNoise1D(seed, { interpolation: name });
    const samples = new Float64Array(count);
    for (let k = 0; k < count; k++) samples[k] = f(o.x0 + k / o.samplesPerCell);
    const lattice = new Float64Array(o.cells + 1);
    const slopes = new Float64Array(o.cells + 1);
    for (let i = 0; i <= o.cells; i++) {
      const x = o.x0 + i;
      lattice[i] = f(x);
      slopes[i] = (f(x + H) - f(x - H)) / (2 * H);
    }
    return { name, samples, lattice, slopes };
  });
}
