/**
 * The batch path: fill a whole grid of samples (a 16x16 column's heightfield, a preview
 * image) in one call, so work shared by a row or a column of samples is done once.
 *
 * A noise that knows how to fill grids faster registers an `AxisFill2D` for itself; every
 * other Noise2D (the simplex adapter, value noise, anything user-made) gets the generic
 * per-sample loop. Either way the result is bit-identical to calling the noise per sample:
 * fillGrid2D(noise, out, g)[i + g.width * j] === noise(g.x0 + i * g.stepX, g.y0 + j * g.stepY)
 * (after rounding to float32 when `out` is a Float32Array). test/noise/grid.test.ts checks it.
 */
import type { Noise2D } from './types';

export interface Grid2D {
  /** x of column 0. */
  x0: number;
  /** y of row 0 (the world's z when filling a heightfield). */
  y0: number;
  /** Columns; a non-integer or negative count is floored and clamped to 0. */
  width: number;
  /** Rows; as `width`. */
  height: number;
  /** x distance between columns (may be negative or fractional). */
  stepX: number;
  /** y distance between rows. */
  stepY: number;
}

export const DEFAULT_GRID_2D: Readonly<Grid2D> = Object.freeze({
  x0: 0,
  y0: 0,
  width: 16,
  height: 16,
  stepX: 1,
  stepY: 1,
});

export type GridOutput = Float32Array | Float64Array;

/**
 * Fills out[i + nx * j] with noise(xs[i], ys[j]) for i < nx, j < ny; or, given a `weight`,
 * adds: out[k] = out[k] + noise(xs[i], ys[j]) * weight (one octave of an fBm sum, without a
 * second pass over the grid). `out` holds at least nx * ny values; xs and ys at least nx and
 * ny. Coordinates are given per axis (not as x0 and a step) so that fBm can scale them per
 * octave exactly as the per-sample path does.
 */
export type AxisFill2D = (
  xs: Float64Array,
  nx: number,
  ys: Float64Array,
  ny: number,
  out: Float64Array,
  weight?: number,
) => void;

const fills = new WeakMap<Noise2D, AxisFill2D>();

/** Declares a faster grid fill for `noise`. It must give the same bits as calling `noise`. */
export function registerAxisFill2D(noise: Noise2D, fill: AxisFill2D): void {
  fills.set(noise, fill);
}

/** The per-sample loop: the reference every registered fill is compared against. */
function genericFill(noise: Noise2D): AxisFill2D {
  return (xs, nx, ys, ny, out, weight) => {
    for (let j = 0; j < ny; j++) {
      const y = ys[j]!;
      const row = nx * j;
      if (weight === undefined) {
        for (let i = 0; i < nx; i++) out[row + i] = noise(xs[i]!, y);
      } else {
        for (let i = 0; i < nx; i++) out[row + i] = out[row + i]! + noise(xs[i]!, y) * weight;
      }
    }
  };
}

/** The fastest known grid fill for `noise`: its registered one, or the per-sample loop. */
export function axisFill2D(noise: Noise2D): AxisFill2D {
  return fills.get(noise) ?? genericFill(noise);
}

/** True when `noise` has a registered (faster than per-sample) grid fill. */
export function hasFastGridFill(noise: Noise2D): boolean {
  return fills.has(noise);
}

function count(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

// Coordinate scratch shared by fillGrid2D calls. A fill could call back into fillGrid2D (a
// user-made noise may use it), so a nested call gets fresh arrays instead of these.
let scratchX = new Float64Array(64);
let scratchY = new Float64Array(64);
let scratchOut = new Float64Array(0);
let busy = false;

/**
 * Fills `out` (row-major in x) with `noise` sampled on `grid` and returns it. Throws a
 * RangeError when `out` is too small, rather than writing a partial grid.
 */
export function fillGrid2D<T extends GridOutput>(noise: Noise2D, out: T, grid: Partial<Grid2D> = {}): T {
  // Field by field rather than {...DEFAULT_GRID_2D, ...grid}: this runs once per chunk
  // column, and the spread cost more than the 16x16 fill of one octave (measured).
  const d = DEFAULT_GRID_2D;
  const x0 = grid.x0 ?? d.x0;
  const y0 = grid.y0 ?? d.y0;
  const stepX = grid.stepX ?? d.stepX;
  const stepY = grid.stepY ?? d.stepY;
  const nx = count(grid.width ?? d.width);
  const ny = count(grid.height ?? d.height);
  const n = nx * ny;
  if (out.length < n) throw new RangeError(`fillGrid2D: output holds ${out.length} values, grid needs ${n}`);
  if (n === 0) return out;
  const nested = busy;
  busy = true;
  try {
    if (!nested && scratchX.length < nx) scratchX = new Float64Array(nx);
    if (!nested && scratchY.length < ny) scratchY = new Float64Array(ny);
    const xs = nested ? new Float64Array(nx) : scratchX;
    const ys = nested ? new Float64Array(ny) : scratchY;
    // x0 + i * step: the expression the per-sample caller is documented to use.
    for (let i = 0; i < nx; i++) xs[i] = x0 + i * stepX;
    for (let j = 0; j < ny; j++) ys[j] = y0 + j * stepY;
    let target: Float64Array;
    if (out instanceof Float64Array) target = out;
    else if (nested) target = new Float64Array(n);
    else {
      if (scratchOut.length < n) scratchOut = new Float64Array(n);
      target = scratchOut;
    }
    axisFill2D(noise)(xs, nx, ys, ny, target);
    if (target !== out) for (let k = 0; k < n; k++) out[k] = target[k]!;
  } finally {
    busy = nested;
  }
  return out;
}
