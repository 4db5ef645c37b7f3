/**
 * Seeded 4D Perlin noise, for animating a 3D field: sample (x, y, z, time) and the field
 * evolves without scrolling, which a 3D noise moved along an axis cannot do.
 *
 * The 32 gradients are the midpoints of the 4-cube's edges, (0, +-1, +-1, +-1) and the
 * permutations of where the 0 sits: the natural extension of improved noise's 12 cube-edge
 * gradients (and the set simplex 4D uses). 16 corners are hashed per sample, so this is about
 * twice the work of 3D.
 */
import { fadeFunction } from './fade';
import { HASH_MULTIPLIER, mixSeed, PRIME_W, PRIME_X, PRIME_Y, PRIME_Z } from './hash';
import { DEFAULT_PERLIN_OPTIONS, perlinOutputScale, type PerlinOptions } from './perlin-options';
import type { Noise4D } from './types';

const PX = PRIME_X;
const PY = PRIME_Y;
const PZ = PRIME_Z;
const PW = PRIME_W;
const HM = HASH_MULTIPLIER;

/**
 * Gradient k (0..31): the coordinate k >> 3 is 0, the other three are +-1 with signs from
 * bits 0, 1 and 2. Built from integers, so there is nothing to round.
 */
export const GRADIENTS_4D = ((): Float64Array[] => {
  const axes = [new Float64Array(32), new Float64Array(32), new Float64Array(32), new Float64Array(32)];
  for (let k = 0; k < 32; k++) {
    const zero = k >> 3;
    let bit = 0;
    for (let axis = 0; axis < 4; axis++) {
      if (axis === zero) continue;
      axes[axis]![k] = (k >> bit) & 1 ? -1 : 1;
      bit++;
    }
  }
  return axes;
})();

/**
 * Seeded 4D Perlin noise. Output within [-1.5366, 1.5366] for the quintic fade (measured,
 * PERLIN_PEAKS[4]; `normalise` maps it into [-1, 1]); NaN or infinite input returns 0.
 */
export function createPerlin4D(seed: number, options: Partial<PerlinOptions> = {}): Noise4D {
  const o = { ...DEFAULT_PERLIN_OPTIONS, ...options };
  const s = mixSeed(seed);
  const fade = fadeFunction(o.fade);
  const scale = perlinOutputScale(4, o);
  const [gx, gy, gz, gw] = GRADIENTS_4D as [Float64Array, Float64Array, Float64Array, Float64Array];
  // Corner values of one 4D cell, reused between calls (no allocation per sample).
  const corner = new Float64Array(16);
  return function perlin4D(x: number, y: number, z: number, w: number): number {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const w0 = Math.floor(w);
    const dx = x - x0;
    const dy = y - y0;
    const dz = z - z0;
    const dw = w - w0;
    const xp0 = Math.imul(x0, PX);
    const yp0 = Math.imul(y0, PY);
    const zp0 = Math.imul(z0, PZ);
    const wp0 = Math.imul(w0, PW);
    for (let c = 0; c < 16; c++) {
      // Corner c is at offset (c & 1, c >> 1 & 1, c >> 2 & 1, c >> 3 & 1) from (x0, y0, z0, w0).
      const bx = c & 1;
      const by = (c >> 1) & 1;
      const bz = (c >> 2) & 1;
      const bw = c >> 3;
      const xp = bx ? (xp0 + PX) | 0 : xp0;
      const yp = by ? (yp0 + PY) | 0 : yp0;
      const zp = bz ? (zp0 + PZ) | 0 : zp0;
      const wp = bw ? (wp0 + PW) | 0 : wp0;
      let h = Math.imul(s ^ xp ^ yp ^ zp ^ wp, HM);
      h = (h ^ (h >>> 15)) & 31;
      corner[c] = gx[h]! * (dx - bx) + gy[h]! * (dy - by) + gz[h]! * (dz - bz) + gw[h]! * (dw - bw);
    }
    const u = fade(dx);
    const v = fade(dy);
    const t = fade(dz);
    const q = fade(dw);
    // Collapse the 16 corners axis by axis: x, then y, then z, then w.
    for (let c = 0; c < 16; c += 2) corner[c >> 1] = corner[c]! + u * (corner[c + 1]! - corner[c]!);
    for (let c = 0; c < 8; c += 2) corner[c >> 1] = corner[c]! + v * (corner[c + 1]! - corner[c]!);
    for (let c = 0; c < 4; c += 2) corner[c >> 1] = corner[c]! + t * (corner[c + 1]! - corner[c]!);
    const r = (corner[0]! + q * (corner[1]! - corner[0]!)) * scale;
    return r === r ? r : 0;
  };
}
