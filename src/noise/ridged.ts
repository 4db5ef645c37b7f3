/**
 * Ridged multifractal (Musgrave, "Texturing & Modeling", ch. 16): sharp mountain ridges.
 *
 * Each octave takes offset - |noise|, which folds the noise's zero crossings into sharp
 * crests, squares it to narrow them, and is weighted by the previous octave's signal: detail
 * piles up on the ridges and stays out of the valleys, as erosion would have it. Musgrave's
 * octave amplitudes lacunarity^(-H * i) are written as persistence^i (persistence =
 * lacunarity^-H), which needs no Math.pow.
 */
import { axisFill2D, hasFastGridFill, registerAxisFill2D, type AxisFill2D } from './grid';
import { OCTAVE_SEED_STEP, planOctaves } from './octaves';
import type { Noise2D, SeededNoise2D } from './types';

export interface RidgedOptions {
  /** Octaves, clamped to 1..16. */
  octaves: number;
  /** Frequency of the first octave (cycles per input unit). */
  frequency: number;
  /** Frequency ratio between octaves. */
  lacunarity: number;
  /** Amplitude ratio between octaves (Musgrave's lacunarity^-H); 0.5 is H = 1 at lacunarity 2. */
  persistence: number;
  /** Height of a crest before squaring: signal = (offset - |noise|)^2. Musgrave uses 1. */
  offset: number;
  /** How strongly an octave's signal lets the next one through (weight = signal * gain, clamped to [0, 1]). */
  gain: number;
  /** Per-octave seed step, as in FbmOptions. */
  seedStep: number;
}

export const DEFAULT_RIDGED_OPTIONS: Readonly<RidgedOptions> = Object.freeze({
  octaves: 6,
  frequency: 1,
  lacunarity: 2,
  persistence: 0.5,
  offset: 1,
  gain: 2,
  seedStep: OCTAVE_SEED_STEP,
});

/** The octave-by-octave parameters, computed once per ridged noise. */
interface RidgedPlan {
  layers: Noise2D[];
  frequencies: number[];
  amplitudes: number[];
  offset: number;
  gain: number;
  /** 2 / (largest possible sum): maps the sum from [0, max] onto [0, 2] before subtracting 1. */
  toUnit: number;
}

function plan(source: SeededNoise2D, seed: number, options: Partial<RidgedOptions>): RidgedPlan {
  const o = { ...DEFAULT_RIDGED_OPTIONS, ...options };
  const { layers, frequencies, amplitudes, total } = planOctaves(source, seed, o);
  // With |noise| <= 1 the squared signal is at most max(offset, 1 - offset)^2, and the
  // weights are at most 1, so the sum is at most that times the total amplitude.
  const crest = Math.max(Math.abs(o.offset), Math.abs(1 - o.offset));
  const max = total * crest * crest;
  return { layers, frequencies, amplitudes, offset: o.offset, gain: o.gain, toUnit: max > 0 ? 2 / max : 0 };
}

/**
 * Ridged multifractal over any seeded 2D noise. If the base noise lies in [-1, 1], the
 * result lies in [-1, 1]: -1 in the valleys, towards 1 along the crests. NaN or infinite
 * input gives 0. Options are read once, at creation. fillGrid2D uses the octaves' batch
 * paths when they have one.
 */
export function createRidged2D(source: SeededNoise2D, seed: number, options: Partial<RidgedOptions> = {}): Noise2D {
  const p = plan(source, seed, options);
  const { layers, frequencies, amplitudes, offset, gain, toUnit } = p;
  const octaves = layers.length;
  const ridged2D = function ridged2D(x: number, y: number): number {
    // Documented like every noise here: NaN or infinite input gives 0 (not offset^2 - 1).
    if (x - x !== 0 || y - y !== 0) return 0;
    let sum = 0;
    let weight = 1;
    for (let i = 0; i < octaves; i++) {
      const f = frequencies[i]!;
      let signal = offset - Math.abs(layers[i]!(x * f, y * f));
      signal = signal * signal * weight;
      sum += signal * amplitudes[i]!;
      weight = signal * gain;
      weight = weight > 1 ? 1 : weight > 0 ? weight : 0;
    }
    return sum * toUnit - 1;
  };
  if (layers.some(hasFastGridFill)) registerAxisFill2D(ridged2D, createRidgedFill(p));
  return ridged2D;
}

/**
 * Grid fill doing ridged2D's arithmetic, in the same order, one octave at a time. With a
 * `weight` (ridged as a layer of an fBm or another layered fill) the values are computed
 * aside and added as out[k] + value * weight, the AxisFill2D contract.
 */
function createRidgedFill(p: RidgedPlan): AxisFill2D {
  const { frequencies, amplitudes, offset, gain, toUnit } = p;
  const fills = p.layers.map(axisFill2D);
  let xs = new Float64Array(0);
  let ys = new Float64Array(0);
  let layer = new Float64Array(0);
  let weights = new Float64Array(0);
  let values = new Float64Array(0);
  return function fillRidged(xIn, nx, yIn, ny, target, weight): void {
    const n = nx * ny;
    if (xs.length < nx) xs = new Float64Array(nx);
    if (ys.length < ny) ys = new Float64Array(ny);
    if (layer.length < n) {
      layer = new Float64Array(n);
      weights = new Float64Array(n);
    }
    if (weight !== undefined && values.length < n) values = new Float64Array(n);
    const out = weight === undefined ? target : values;
    out.fill(0, 0, n);
    weights.fill(1, 0, n);
    for (let o = 0; o < fills.length; o++) {
      const f = frequencies[o]!;
      const a = amplitudes[o]!;
      for (let i = 0; i < nx; i++) xs[i] = xIn[i]! * f;
      for (let j = 0; j < ny; j++) ys[j] = yIn[j]! * f;
      fills[o]!(xs, nx, ys, ny, layer);
      for (let k = 0; k < n; k++) {
        let signal = offset - Math.abs(layer[k]!);
        signal = signal * signal * weights[k]!;
        out[k] = out[k]! + signal * a;
        const weight = signal * gain;
        weights[k] = weight > 1 ? 1 : weight > 0 ? weight : 0;
      }
    }
    for (let k = 0; k < n; k++) out[k] = out[k]! * toUnit - 1;
    // Rows and columns at non-finite coordinates are 0, as ridged2D returns there.
    for (let j = 0; j < ny; j++) {
      const y = yIn[j]!;
      for (let i = 0; i < nx; i++) {
        const x = xIn[i]!;
        if (x - x !== 0 || y - y !== 0) out[i + nx * j] = 0;
      }
    }
    if (weight !== undefined) for (let k = 0; k < n; k++) target[k] = target[k]! + out[k]! * weight;
  };
}
