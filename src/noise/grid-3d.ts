/**
 * The 3D batch path: fill a lattice of samples (a column's cave nodes) in one call, so work
 * shared along each axis (floors, fades, lattice hashes) is done once and no sample's
 * coordinates or value pass through a call boxed. As in 2D (grid.ts), a noise that knows a
 * faster fill registers it, every other Noise3D (the simplex adapter) gets the per-sample
 * loop, and either way the bits are those of calling the noise per sample
 * (test/noise/grid-3d.test.ts).
 */
import type { Noise3D } from './types';

/**
 * Fills out[j + ny * (i + nx * k)] with noise(xs[i], ys[j], zs[k]) for i < nx, j < ny,
 * k < nz: y fastest, so each (x, z) pair's run of y values is contiguous (a column of nodes).
 */
export type AxisFill3D = (xs: Float64Array, nx: number, ys: Float64Array, ny: number, zs: Float64Array, nz: number, out: Float64Array) => void;

const fills = new WeakMap<Noise3D, AxisFill3D>();

/** Declares a faster lattice fill for `noise`. It must give the same bits as calling `noise`. */
export function registerAxisFill3D(noise: Noise3D, fill: AxisFill3D): void {
  fills.set(noise, fill);
}

/** The per-sample loop: the reference every registered fill is compared against. */
export function perSampleFill3D(noise: Noise3D): AxisFill3D {
  return (xs, nx, ys, ny, zs, nz, out) => {
    for (let k = 0; k < nz; k++) {
      const z = zs[k]!;
      for (let i = 0; i < nx; i++) {
        const x = xs[i]!;
        const row = ny * (i + nx * k);
        for (let j = 0; j < ny; j++) out[row + j] = noise(x, ys[j]!, z);
      }
    }
  };
}

/** The fastest known lattice fill for `noise`: its registered one, or the per-sample loop. */
export function axisFill3D(noise: Noise3D): AxisFill3D {
  return fills.get(noise) ?? perSampleFill3D(noise);
}
