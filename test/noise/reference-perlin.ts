/**
 * Plain, slow reference versions of the seeded Perlin noises, written the obvious way: the
 * hash through hashPrimed2/3, Perlin's gradient function with its branches, lerp as a
 * function. This is the scaffold's original code; the optimised functions in src/noise must
 * return exactly these bits (Object.is, so even the sign of a zero counts).
 */
import { hashPrimed2, hashPrimed3, mixSeed, PRIME_X, PRIME_Y, PRIME_Z } from '../../src/noise/hash';
import { GRADIENTS_2D_X, GRADIENTS_2D_Y, PERLIN_2D_SCALE } from '../../src/noise/gradients';

const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (t: number, a: number, b: number) => a + t * (b - a);

export function referencePerlin2D(seed: number): (x: number, y: number) => number {
  const s = mixSeed(seed);
  return (x, y) => {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return 0;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const dx0 = x - x0;
    const dy0 = y - y0;
    const xp0 = Math.imul(x0, PRIME_X);
    const yp0 = Math.imul(y0, PRIME_Y);
    const xp1 = (xp0 + PRIME_X) | 0;
    const yp1 = (yp0 + PRIME_Y) | 0;
    const dot = (h: number, dx: number, dy: number) => GRADIENTS_2D_X[h & 15]! * dx + GRADIENTS_2D_Y[h & 15]! * dy;
    const n00 = dot(hashPrimed2(s, xp0, yp0), dx0, dy0);
    const n10 = dot(hashPrimed2(s, xp1, yp0), dx0 - 1, dy0);
    const n01 = dot(hashPrimed2(s, xp0, yp1), dx0, dy0 - 1);
    const n11 = dot(hashPrimed2(s, xp1, yp1), dx0 - 1, dy0 - 1);
    const u = fade(dx0);
    return lerp(fade(dy0), lerp(u, n00, n10), lerp(u, n01, n11)) * PERLIN_2D_SCALE;
  };
}

function grad3(hash: number, x: number, y: number, z: number): number {
  const h = hash & 15;
  const u = h < 8 ? x : y;
  const v = h < 4 ? y : h === 12 || h === 14 ? x : z;
  return ((h & 1) === 0 ? u : -u) + ((h & 2) === 0 ? v : -v);
}

export function referencePerlin3D(seed: number): (x: number, y: number, z: number) => number {
  const s = mixSeed(seed);
  return (x, y, z) => {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return 0;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const dx = x - x0;
    const dy = y - y0;
    const dz = z - z0;
    const xp = [Math.imul(x0, PRIME_X), (Math.imul(x0, PRIME_X) + PRIME_X) | 0];
    const yp = [Math.imul(y0, PRIME_Y), (Math.imul(y0, PRIME_Y) + PRIME_Y) | 0];
    const zp = [Math.imul(z0, PRIME_Z), (Math.imul(z0, PRIME_Z) + PRIME_Z) | 0];
    const n = (i: number, j: number, k: number) => grad3(hashPrimed3(s, xp[i]!, yp[j]!, zp[k]!), dx - i, dy - j, dz - k);
    const u = fade(dx);
    const v = fade(dy);
    const w = fade(dz);
    return lerp(
      w,
      lerp(v, lerp(u, n(0, 0, 0), n(1, 0, 0)), lerp(u, n(0, 1, 0), n(1, 1, 0))),
      lerp(v, lerp(u, n(0, 0, 1), n(1, 0, 1)), lerp(u, n(0, 1, 1), n(1, 1, 1))),
    );
  };
}
