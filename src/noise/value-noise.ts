/**
 * Value noise: a random value at every lattice point, blended across each cell. The oldest
 * member of the family (Hugo Elias's "Perlin noise" page is really about this one). Cheaper
 * than gradient noise but blobbier: its features line up with the lattice, which shows in the
 * directional-bias figure of `npm run noise:report`.
 */
import { catmullRom, CATMULL_ROM_OVERSHOOT } from './cubic';
import { fadeFunction, type Fade } from './fade';
import { HASH_MULTIPLIER, mixSeed, PRIME_X, PRIME_Y, PRIME_Z } from './hash';
import type { Noise1D, Noise2D, Noise3D } from './types';
import { INT32_TO_UNIT } from './white-noise';

/** A two-point fade, or `cubic`: four-point Catmull-Rom through the neighbouring values. */
export type Interpolation = Fade | 'cubic';

export const INTERPOLATIONS: readonly Interpolation[] = ['linear', 'cosine', 'smoothstep', 'quintic', 'cubic'];

export interface ValueNoiseOptions {
  /** How lattice values are blended. Default `quintic`. */
  interpolation: Interpolation;
  /**
   * Divide by the largest possible magnitude so the output stays in [-1, 1]. Only `cubic`
   * needs it (Catmull-Rom overshoots to 1.25 per axis: 1.25 in 1D, 1.5625 in 2D, 1.953125 in 3D); the
   * two-point fades never leave [-1, 1). Default false, so that values compare across fades.
   */
  normalise: boolean;
}

export const DEFAULT_VALUE_NOISE_OPTIONS: Readonly<ValueNoiseOptions> = Object.freeze({
  interpolation: 'quintic',
  normalise: false,
});

const PX = PRIME_X;
const PY = PRIME_Y;
const PZ = PRIME_Z;
const HM = HASH_MULTIPLIER;

/**
 * Lattice value in [-1, 1) from the lattice hash. The extra square-and-shift (FastNoiseLite's
 * ValCoord) spreads the hash's low-entropy low bits before the value is read from all 32.
 */
function latticeValue(h: number): number {
  h = Math.imul(h, HM);
  h ^= h >>> 15;
  h = Math.imul(h, h);
  h ^= h << 19;
  return h * INT32_TO_UNIT;
}

/**
 * Seeded 1D value noise: the curves of the classic write-ups (Hugo Elias's figures), where
 * each interpolation is easiest to see. The lattice value at integer x is the 2D noise's at
 * (x, 0) (the same hash: the y term vanishes at y = 0), so value1D(x) === value2D(x, 0) for
 * every interpolation when not normalising. Output in [-1, 1) (cubic: see `normalise`);
 * NaN/Infinity give 0.
 */
export function createValueNoise1D(seed: number, options: Partial<ValueNoiseOptions> = {}): Noise1D {
  const o = { ...DEFAULT_VALUE_NOISE_OPTIONS, ...options };
  const s = mixSeed(seed);
  if (o.interpolation === 'cubic') {
    const scale = o.normalise ? 1 / CATMULL_ROM_OVERSHOOT : 1;
    return function valueCubic1D(x: number): number {
      if (x - x !== 0) return 0;
      const x0 = Math.floor(x);
      const xa = (Math.imul(x0, PX) - PX) | 0;
      const xb = (xa + PX) | 0;
      const xc = (xb + PX) | 0;
      const xd = (xc + PX) | 0;
      return catmullRom(latticeValue(s ^ xa), latticeValue(s ^ xb), latticeValue(s ^ xc), latticeValue(s ^ xd), x - x0) * scale;
    };
  }
  const fade = fadeFunction(o.interpolation);
  return function value1D(x: number): number {
    if (x - x !== 0) return 0;
    const x0 = Math.floor(x);
    const xp0 = Math.imul(x0, PX);
    const v0 = latticeValue(s ^ xp0);
    const v1 = latticeValue(s ^ ((xp0 + PX) | 0));
    return v0 + fade(x - x0) * (v1 - v0);
  };
}

/** Seeded 2D value noise. Output in [-1, 1) (cubic: see `normalise`); NaN/Infinity give 0. */
export function createValueNoise2D(seed: number, options: Partial<ValueNoiseOptions> = {}): Noise2D {
  const o = { ...DEFAULT_VALUE_NOISE_OPTIONS, ...options };
  const s = mixSeed(seed);
  if (o.interpolation === 'cubic') {
    const scale = o.normalise ? 1 / (CATMULL_ROM_OVERSHOOT * CATMULL_ROM_OVERSHOOT) : 1;
    const rows = [0, 0, 0, 0];
    return function valueCubic2D(x: number, y: number): number {
      if (x - x !== 0 || y - y !== 0) return 0;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const tx = x - x0;
      const ty = y - y0;
      const xa = (Math.imul(x0, PX) - PX) | 0;
      const xb = (xa + PX) | 0;
      const xc = (xb + PX) | 0;
      const xd = (xc + PX) | 0;
      let yp = (Math.imul(y0, PY) - PY) | 0;
      for (let j = 0; j < 4; j++) {
        const sy = s ^ yp;
        rows[j] = catmullRom(
          latticeValue(sy ^ xa),
          latticeValue(sy ^ xb),
          latticeValue(sy ^ xc),
          latticeValue(sy ^ xd),
          tx,
        );
        yp = (yp + PY) | 0;
      }
      return catmullRom(rows[0]!, rows[1]!, rows[2]!, rows[3]!, ty) * scale;
    };
  }
  const fade = fadeFunction(o.interpolation);
  return function value2D(x: number, y: number): number {
    if (x - x !== 0 || y - y !== 0) return 0;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const u = fade(x - x0);
    const v = fade(y - y0);
    const xp0 = Math.imul(x0, PX);
    const xp1 = (xp0 + PX) | 0;
    const sy0 = s ^ Math.imul(y0, PY);
    const sy1 = s ^ ((Math.imul(y0, PY) + PY) | 0);
    const v00 = latticeValue(sy0 ^ xp0);
    const v10 = latticeValue(sy0 ^ xp1);
    const v01 = latticeValue(sy1 ^ xp0);
    const v11 = latticeValue(sy1 ^ xp1);
    const a = v00 + u * (v10 - v00);
    const b = v01 + u * (v11 - v01);
    return a + v * (b - a);
  };
}

/** Seeded 3D value noise. Output in [-1, 1) (cubic: see `normalise`); NaN/Infinity give 0. */
export function createValueNoise3D(seed: number, options: Partial<ValueNoiseOptions> = {}): Noise3D {
  const o = { ...DEFAULT_VALUE_NOISE_OPTIONS, ...options };
  const s = mixSeed(seed);
  if (o.interpolation === 'cubic') {
    const scale = o.normalise ? 1 / (CATMULL_ROM_OVERSHOOT * CATMULL_ROM_OVERSHOOT * CATMULL_ROM_OVERSHOOT) : 1;
    const rows = [0, 0, 0, 0];
    const planes = [0, 0, 0, 0];
    return function valueCubic3D(x: number, y: number, z: number): number {
      if (x - x !== 0 || y - y !== 0 || z - z !== 0) return 0;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const z0 = Math.floor(z);
      const tx = x - x0;
      const ty = y - y0;
      const tz = z - z0;
      const xa = (Math.imul(x0, PX) - PX) | 0;
      const xb = (xa + PX) | 0;
      const xc = (xb + PX) | 0;
      const xd = (xc + PX) | 0;
      let zp = (Math.imul(z0, PZ) - PZ) | 0;
      for (let k = 0; k < 4; k++) {
        let yp = (Math.imul(y0, PY) - PY) | 0;
        for (let j = 0; j < 4; j++) {
          const syz = s ^ yp ^ zp;
          rows[j] = catmullRom(
            latticeValue(syz ^ xa),
            latticeValue(syz ^ xb),
            latticeValue(syz ^ xc),
            latticeValue(syz ^ xd),
            tx,
          );
          yp = (yp + PY) | 0;
        }
        planes[k] = catmullRom(rows[0]!, rows[1]!, rows[2]!, rows[3]!, ty);
        zp = (zp + PZ) | 0;
      }
      return catmullRom(planes[0]!, planes[1]!, planes[2]!, planes[3]!, tz) * scale;
    };
  }
  const fade = fadeFunction(o.interpolation);
  return function value3D(x: number, y: number, z: number): number {
    if (x - x !== 0 || y - y !== 0 || z - z !== 0) return 0;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const u = fade(x - x0);
    const v = fade(y - y0);
    const w = fade(z - z0);
    const xp0 = Math.imul(x0, PX);
    const xp1 = (xp0 + PX) | 0;
    const yp0 = Math.imul(y0, PY);
    const yp1 = (yp0 + PY) | 0;
    const zp0 = Math.imul(z0, PZ);
    const zp1 = (zp0 + PZ) | 0;
    const s00 = s ^ yp0 ^ zp0;
    const s10 = s ^ yp1 ^ zp0;
    const s01 = s ^ yp0 ^ zp1;
    const s11 = s ^ yp1 ^ zp1;
    const a0 = latticeValue(s00 ^ xp0);
    const a1 = latticeValue(s00 ^ xp1);
    const b0 = latticeValue(s10 ^ xp0);
    const b1 = latticeValue(s10 ^ xp1);
    const c0 = latticeValue(s01 ^ xp0);
    const c1 = latticeValue(s01 ^ xp1);
    const d0 = latticeValue(s11 ^ xp0);
    const d1 = latticeValue(s11 ^ xp1);
    const a = a0 + u * (a1 - a0);
    const b = b0 + u * (b1 - b0);
    const c = c0 + u * (c1 - c0);
    const d = d0 + u * (d1 - d0);
    const ab = a + v * (b - a);
    const cd = c + v * (d - c);
    return ab + w * (cd - ab);
  };
}
