/**
 * The 3D and 4D figure: a plane sliced out of 3D noise at height z = t, and out of 4D noise
 * at (z, w) = (0.8 t, 0.6 t), for Perlin (ours) and simplex-noise. As t grows the 3D slice
 * morphs as it passes through the volume; the 4D one moves along a diagonal through two
 * axes, so no lattice plane is crossed all at once.
 */
import { createPerlin3D, createPerlin4D, createSimplex3D, createSimplex4D } from '../../noise';
import { greyPixels } from './grey';

export type SliceName = 'perlin3' | 'simplex3' | 'perlin4' | 'simplex4';
export const SLICE_NAMES: readonly SliceName[] = ['perlin3', 'simplex3', 'perlin4', 'simplex4'];
export const SLICE_LABELS: Readonly<Record<SliceName, string>> = Object.freeze({
  perlin3: 'Perlin 3D (ours)',
  simplex3: 'simplex-noise 3D',
  perlin4: 'Perlin 4D (ours)',
  simplex4: 'simplex-noise 4D',
});

/** Side of each animated figure in pixels, and pixels per lattice cell. */
export const SLICE_SIZE = 128;
export const SLICE_CELL = 32;

export interface SliceFigure {
  name: SliceName;
  rgba: Uint8ClampedArray;
}

export function computeSlices(seed: number, t: number): SliceFigure[] {
  const perlin3 = createPerlin3D(seed);
  // The raw 4D Perlin peaks at 1.54; normalised it shares the grey scale with the rest.
  const perlin4 = createPerlin4D(seed, { normalise: true });
  const simplex3 = createSimplex3D(seed);
  const simplex4 = createSimplex4D(seed);
  const z = 0.8 * t;
  const w = 0.6 * t;
  const n = SLICE_SIZE * SLICE_SIZE;
  const values: Record<SliceName, Float64Array> = {
    perlin3: new Float64Array(n),
    simplex3: new Float64Array(n),
    perlin4: new Float64Array(n),
    simplex4: new Float64Array(n),
  };
  for (let j = 0; j < SLICE_SIZE; j++) {
    const y = j / SLICE_CELL;
    for (let i = 0; i < SLICE_SIZE; i++) {
      const x = i / SLICE_CELL;
      const k = i + SLICE_SIZE * j;
      values.perlin3[k] = perlin3(x, y, t);
      values.simplex3[k] = simplex3(x, y, t);
      values.perlin4[k] = perlin4(x, y, z, w);
      values.simplex4[k] = simplex4(x, y, z, w);
    }
  }
  return SLICE_NAMES.map((name) => ({ name, rgba: greyPixels(values[name]) }));
}
