/**
 * Seeded Perlin gradient noise in 2D and 3D.
 *
 * Same algorithm as Perlin's improved noise (quintic fade, gradient dot products at the
 * cell corners), but the corner gradients come from hashing (seed, lattice coordinates)
 * instead of a 256-entry permutation table, so a world never repeats every 256 cells
 * and every seed is a different world. Only `+ - * /`, `Math.floor` and `Math.imul` are
 * used, so results are bit-identical in every engine.
 */
import { hashPrimed2, hashPrimed3, mixSeed, PRIME_X, PRIME_Y, PRIME_Z } from './hash';
import type { Noise2D, Noise3D } from './types';

/**
 * 16 unit gradients, evenly spaced and offset by half a step so none lies on an axis
 * (axis-aligned gradients show up as visible grid lines in 2D Perlin). The literals are
 * cos/sin of (i + 0.5) * 22.5 degrees, written out so no engine ever computes them.
 */
const A = 0.9807852804032304;
const B = 0.19509032201612825;
const C = 0.8314696123025452;
const D = 0.5555702330196022;
export const GRADIENTS_2D_X = new Float64Array([A, C, D, B, -B, -D, -C, -A, -A, -C, -D, -B, B, D, C, A]);
export const GRADIENTS_2D_Y = new Float64Array([B, D, C, A, A, C, D, B, -B, -D, -C, -A, -A, -C, -D, -B]);

/**
 * With unit gradients, 2D Perlin noise peaks at sqrt(1/2) (all four gradients pointing
 * at the cell centre); scaling by sqrt(2) maps the output into [-1, 1].
 */
export const PERLIN_2D_SCALE = 1.4142135623730951;

/**
 * 3D Perlin with the 12 cube-edge gradients reaches about 1.0364 at its extremes
 * (measured, see test/noise/perlin.test.ts); dividing by it maps into [-1, 1].
 */
export const PERLIN_3D_PEAK = 1.0364;

/**
 * Seeded 2D Perlin noise. Output in [-1, 1]; 0 at every lattice point; non-finite
 * input returns 0.
 */
export function createPerlin2D(seed: number): Noise2D {
  const s = mixSeed(seed);
  const gx = GRADIENTS_2D_X;
  const gy = GRADIENTS_2D_Y;
  return function perlin2D(x: number, y: number): number {
    if (x - x !== 0 || y - y !== 0) return 0;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const dx0 = x - x0;
    const dy0 = y - y0;
    const dx1 = dx0 - 1;
    const dy1 = dy0 - 1;
    const u = dx0 * dx0 * dx0 * (dx0 * (dx0 * 6 - 15) + 10);
    const v = dy0 * dy0 * dy0 * (dy0 * (dy0 * 6 - 15) + 10);
    const xp0 = Math.imul(x0, PRIME_X);
    const yp0 = Math.imul(y0, PRIME_Y);
    const xp1 = (xp0 + PRIME_X) | 0;
    const yp1 = (yp0 + PRIME_Y) | 0;
    const h00 = hashPrimed2(s, xp0, yp0) & 15;
    const h10 = hashPrimed2(s, xp1, yp0) & 15;
    const h01 = hashPrimed2(s, xp0, yp1) & 15;
    const h11 = hashPrimed2(s, xp1, yp1) & 15;
    const n00 = gx[h00]! * dx0 + gy[h00]! * dy0;
    const n10 = gx[h10]! * dx1 + gy[h10]! * dy0;
    const n01 = gx[h01]! * dx0 + gy[h01]! * dy1;
    const n11 = gx[h11]! * dx1 + gy[h11]! * dy1;
    const nx0 = n00 + u * (n10 - n00);
    const nx1 = n01 + u * (n11 - n01);
    return (nx0 + v * (nx1 - nx0)) * PERLIN_2D_SCALE;
  };
}

/** Dot product with one of the 12 cube-edge gradients (Perlin 2002), by the low 4 bits. */
function grad3(hash: number, x: number, y: number, z: number): number {
  const h = hash & 15;
  const u = h < 8 ? x : y;
  const v = h < 4 ? y : h === 12 || h === 14 ? x : z;
  return ((h & 1) === 0 ? u : -u) + ((h & 2) === 0 ? v : -v);
}

/**
 * Seeded 3D Perlin noise with the improved-noise gradient set. Output in about
 * [-1.0364, 1.0364] (see PERLIN_3D_PEAK); non-finite input returns 0.
 */
export function createPerlin3D(seed: number): Noise3D {
  const s = mixSeed(seed);
  return function perlin3D(x: number, y: number, z: number): number {
    if (x - x !== 0 || y - y !== 0 || z - z !== 0) return 0;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const dx0 = x - x0;
    const dy0 = y - y0;
    const dz0 = z - z0;
    const dx1 = dx0 - 1;
    const dy1 = dy0 - 1;
    const dz1 = dz0 - 1;
    const u = dx0 * dx0 * dx0 * (dx0 * (dx0 * 6 - 15) + 10);
    const v = dy0 * dy0 * dy0 * (dy0 * (dy0 * 6 - 15) + 10);
    const w = dz0 * dz0 * dz0 * (dz0 * (dz0 * 6 - 15) + 10);
    const xp0 = Math.imul(x0, PRIME_X);
    const yp0 = Math.imul(y0, PRIME_Y);
    const zp0 = Math.imul(z0, PRIME_Z);
    const xp1 = (xp0 + PRIME_X) | 0;
    const yp1 = (yp0 + PRIME_Y) | 0;
    const zp1 = (zp0 + PRIME_Z) | 0;
    const n000 = grad3(hashPrimed3(s, xp0, yp0, zp0), dx0, dy0, dz0);
    const n100 = grad3(hashPrimed3(s, xp1, yp0, zp0), dx1, dy0, dz0);
    const n010 = grad3(hashPrimed3(s, xp0, yp1, zp0), dx0, dy1, dz0);
    const n110 = grad3(hashPrimed3(s, xp1, yp1, zp0), dx1, dy1, dz0);
    const n001 = grad3(hashPrimed3(s, xp0, yp0, zp1), dx0, dy0, dz1);
    const n101 = grad3(hashPrimed3(s, xp1, yp0, zp1), dx1, dy0, dz1);
    const n011 = grad3(hashPrimed3(s, xp0, yp1, zp1), dx0, dy1, dz1);
    const n111 = grad3(hashPrimed3(s, xp1, yp1, zp1), dx1, dy1, dz1);
    const nx00 = n000 + u * (n100 - n000);
    const nx10 = n010 + u * (n110 - n010);
    const nx01 = n001 + u * (n101 - n001);
    const nx11 = n011 + u * (n111 - n011);
    const nxy0 = nx00 + v * (nx10 - nx00);
    const nxy1 = nx01 + v * (nx11 - nx01);
    return nxy0 + w * (nxy1 - nxy0);
  };
}
