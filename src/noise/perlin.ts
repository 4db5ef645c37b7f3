/**
 * Seeded Perlin gradient noise in 2D and 3D.
 *
 * Same algorithm as Perlin's improved noise (quintic fade, gradient dot products at the
 * cell corners), but the corner gradients come from hashing (seed, lattice coordinates)
 * instead of a 256-entry permutation table, so a world never repeats every 256 cells
 * and every seed is a different world. Only `+ - *`, `Math.floor` and `Math.imul` are
 * used, so results are bit-identical in every engine.
 *
 * The default-option functions are the world generator's hot path and their output bits are
 * pinned (test/noise/golden.test.ts); they are written out by hand for speed. Other fades go
 * through a generic twin that calls the fade function.
 */
import { fadeFunction } from './fade';
import { GRADIENTS_2D_X, GRADIENTS_2D_Y, PERLIN_2D_SCALE } from './gradients';
import { registerAxisFill2D } from './grid';
import { HASH_MULTIPLIER, mixSeed, PRIME_X, PRIME_Y, PRIME_Z } from './hash';
import { cornerOffsets, U_INDEX, V_INDEX } from './perlin-3d-corners';
import { createPerlin2DAxisFill } from './perlin-grid';
import { createPerlin3DAxisFill } from './perlin-grid-3d';
import { registerAxisFill3D } from './grid-3d';
import { DEFAULT_PERLIN_OPTIONS, perlinOutputScale, type PerlinOptions } from './perlin-options';
import type { Noise2D, Noise3D } from './types';

// Module-local copies of the hash constants, with the lattice hash (hashPrimed2/3 in hash.ts)
// written out inline below. Same arithmetic, same bits; but bundlers and test runners turn
// imported bindings into property reads on a module object, and a call to an imported
// function was not inlined: under tsx and vitest, inlining the hash here measured 32 ns per
// 2D sample against 131 ns through the imported call.
const PX = PRIME_X;
const PY = PRIME_Y;
const PZ = PRIME_Z;
const HM = HASH_MULTIPLIER;
const SCALE_2D = PERLIN_2D_SCALE;

export { GRADIENTS_2D_X, GRADIENTS_2D_Y, PERLIN_2D_SCALE };

/**
 * 3D Perlin with the 12 cube-edge gradients reaches about 1.0364 at its extremes
 * (1.03635 exactly, see PERLIN_PEAKS); dividing by it maps into [-1, 1].
 */
export const PERLIN_3D_PEAK = 1.0364;

function isDefault(options: Partial<PerlinOptions>): boolean {
  return (options.fade ?? 'quintic') === 'quintic' && !options.normalise;
}

/**
 * Seeded 2D Perlin noise. Output within [-0.9834, 0.9834] (normalised: [-1, 1]); 0 at every
 * lattice point; NaN or infinite input returns 0.
 */
export function createPerlin2D(seed: number, options: Partial<PerlinOptions> = {}): Noise2D {
  if (!isDefault(options)) return createPerlin2DWith(seed, { ...DEFAULT_PERLIN_OPTIONS, ...options });
  const s = mixSeed(seed);
  const gx = GRADIENTS_2D_X;
  const gy = GRADIENTS_2D_Y;
  // Tried and dropped: caching the last cell's gradients in the closure (a typed array keyed
  // by the cell). Smooth scans got 1.3x faster, scattered lookups 1.3x slower (the cache
  // stores on every miss), so per-sample noise stays a pure function of its input.
  const perlin2D = function perlin2D(x: number, y: number): number {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const dx0 = x - x0;
    const dy0 = y - y0;
    const dx1 = dx0 - 1;
    const dy1 = dy0 - 1;
    const u = dx0 * dx0 * dx0 * (dx0 * (dx0 * 6 - 15) + 10);
    const v = dy0 * dy0 * dy0 * (dy0 * (dy0 * 6 - 15) + 10);
    const xp0 = Math.imul(x0, PX);
    const yp0 = Math.imul(y0, PY);
    // hashPrimed2(s, xp, yp) & 15, inlined, with s ^ xp shared by two corners each.
    const sx0 = s ^ xp0;
    const sx1 = s ^ ((xp0 + PX) | 0);
    const yp1 = (yp0 + PY) | 0;
    let h = Math.imul(sx0 ^ yp0, HM);
    const h00 = (h ^ (h >>> 15)) & 15;
    h = Math.imul(sx1 ^ yp0, HM);
    const h10 = (h ^ (h >>> 15)) & 15;
    h = Math.imul(sx0 ^ yp1, HM);
    const h01 = (h ^ (h >>> 15)) & 15;
    h = Math.imul(sx1 ^ yp1, HM);
    const h11 = (h ^ (h >>> 15)) & 15;
    const n00 = gx[h00]! * dx0 + gy[h00]! * dy0;
    const n10 = gx[h10]! * dx1 + gy[h10]! * dy0;
    const n01 = gx[h01]! * dx0 + gy[h01]! * dy1;
    const n11 = gx[h11]! * dx1 + gy[h11]! * dy1;
    const nx0 = n00 + u * (n10 - n00);
    const nx1 = n01 + u * (n11 - n01);
    const r = (nx0 + v * (nx1 - nx0)) * SCALE_2D;
    // Finite input always gives a finite result, and NaN or +-Infinity input always gives
    // NaN (x - floor(x) is NaN), so one check at the end replaces two at the start.
    return r === r ? r : 0;
  };
  registerAxisFill2D(perlin2D, createPerlin2DAxisFill(s));
  return perlin2D;
}

/** createPerlin2D for any fade and with optional normalisation. */
function createPerlin2DWith(seed: number, options: Readonly<PerlinOptions>): Noise2D {
  const s = mixSeed(seed);
  const fade = fadeFunction(options.fade);
  const scale = SCALE_2D * perlinOutputScale(2, options);
  const gx = GRADIENTS_2D_X;
  const gy = GRADIENTS_2D_Y;
  return function perlin2DWith(x: number, y: number): number {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const dx0 = x - x0;
    const dy0 = y - y0;
    const u = fade(dx0);
    const v = fade(dy0);
    const sx0 = s ^ Math.imul(x0, PX);
    const sx1 = s ^ ((Math.imul(x0, PX) + PX) | 0);
    const yp0 = Math.imul(y0, PY);
    const yp1 = (yp0 + PY) | 0;
    let h = Math.imul(sx0 ^ yp0, HM);
    const h00 = (h ^ (h >>> 15)) & 15;
    h = Math.imul(sx1 ^ yp0, HM);
    const h10 = (h ^ (h >>> 15)) & 15;
    h = Math.imul(sx0 ^ yp1, HM);
    const h01 = (h ^ (h >>> 15)) & 15;
    h = Math.imul(sx1 ^ yp1, HM);
    const h11 = (h ^ (h >>> 15)) & 15;
    const n00 = gx[h00]! * dx0 + gy[h00]! * dy0;
    const n10 = gx[h10]! * (dx0 - 1) + gy[h10]! * dy0;
    const n01 = gx[h01]! * dx0 + gy[h01]! * (dy0 - 1);
    const n11 = gx[h11]! * (dx0 - 1) + gy[h11]! * (dy0 - 1);
    const nx0 = n00 + u * (n10 - n00);
    const nx1 = n01 + u * (n11 - n01);
    const r = (nx0 + v * (nx1 - nx0)) * scale;
    return r === r ? r : 0;
  };
}

/**
 * Seeded 3D Perlin noise with the improved-noise gradient set. Output within
 * [-1.0364, 1.0364] (see PERLIN_PEAKS; normalised: [-1, 1]); NaN or infinite input returns 0.
 */
export function createPerlin3D(seed: number, options: Partial<PerlinOptions> = {}): Noise3D {
  if (!isDefault(options)) return createPerlin3DWith(seed, { ...DEFAULT_PERLIN_OPTIONS, ...options });
  const s = mixSeed(seed);
  const d = new Float64Array(12);
  const ui = U_INDEX;
  const vi = V_INDEX;
  const perlin3D = function perlin3D(x: number, y: number, z: number): number {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const dx0 = x - x0;
    const dy0 = y - y0;
    const dz0 = z - z0;
    cornerOffsets(d, dx0, dy0, dz0);
    const xp0 = Math.imul(x0, PX);
    const yp0 = Math.imul(y0, PY);
    const zp0 = Math.imul(z0, PZ);
    const yp1 = (yp0 + PY) | 0;
    const zp1 = (zp0 + PZ) | 0;
    // hashPrimed3, inlined; xor is associative, so (s ^ x) ^ (y ^ z) shares both halves.
    const sx0 = s ^ xp0;
    const sx1 = s ^ ((xp0 + PX) | 0);
    const yz00 = yp0 ^ zp0;
    const yz10 = yp1 ^ zp0;
    const yz01 = yp0 ^ zp1;
    const yz11 = yp1 ^ zp1;
    let h = Math.imul(sx0 ^ yz00, HM);
    h = (h ^ (h >>> 15)) & 15;
    const n000 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx1 ^ yz00, HM);
    h = ((h ^ (h >>> 15)) & 15) | 16;
    const n100 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx0 ^ yz10, HM);
    h = ((h ^ (h >>> 15)) & 15) | 32;
    const n010 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx1 ^ yz10, HM);
    h = ((h ^ (h >>> 15)) & 15) | 48;
    const n110 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx0 ^ yz01, HM);
    h = ((h ^ (h >>> 15)) & 15) | 64;
    const n001 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx1 ^ yz01, HM);
    h = ((h ^ (h >>> 15)) & 15) | 80;
    const n101 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx0 ^ yz11, HM);
    h = ((h ^ (h >>> 15)) & 15) | 96;
    const n011 = d[ui[h]!]! + d[vi[h]!]!;
    h = Math.imul(sx1 ^ yz11, HM);
    h = ((h ^ (h >>> 15)) & 15) | 112;
    const n111 = d[ui[h]!]! + d[vi[h]!]!;
    const u = dx0 * dx0 * dx0 * (dx0 * (dx0 * 6 - 15) + 10);
    const v = dy0 * dy0 * dy0 * (dy0 * (dy0 * 6 - 15) + 10);
    const w = dz0 * dz0 * dz0 * (dz0 * (dz0 * 6 - 15) + 10);
    const nx00 = n000 + u * (n100 - n000);
    const nx10 = n010 + u * (n110 - n010);
    const nx01 = n001 + u * (n101 - n001);
    const nx11 = n011 + u * (n111 - n011);
    const nxy0 = nx00 + v * (nx10 - nx00);
    const nxy1 = nx01 + v * (nx11 - nx01);
    const r = nxy0 + w * (nxy1 - nxy0);
    // Non-finite input (and only that) makes r NaN; the documented result is 0.
    return r === r ? r : 0;
  };
  registerAxisFill3D(perlin3D, createPerlin3DAxisFill(s));
  return perlin3D;
}

/**
 * createPerlin3D for any fade and with optional normalisation: the same corners, in a loop
 * (this is not the world's hot path, so it stays short).
 */
function createPerlin3DWith(seed: number, options: Readonly<PerlinOptions>): Noise3D {
  const s = mixSeed(seed);
  const fade = fadeFunction(options.fade);
  const scale = perlinOutputScale(3, options);
  const d = new Float64Array(12);
  const n = new Float64Array(8);
  return function perlin3DWith(x: number, y: number, z: number): number {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    cornerOffsets(d, x - x0, y - y0, z - z0);
    const xp = [Math.imul(x0, PX), (Math.imul(x0, PX) + PX) | 0];
    const yp = [Math.imul(y0, PY), (Math.imul(y0, PY) + PY) | 0];
    const zp = [Math.imul(z0, PZ), (Math.imul(z0, PZ) + PZ) | 0];
    for (let c = 0; c < 8; c++) {
      let h = Math.imul(s ^ xp[c & 1]! ^ yp[(c >> 1) & 1]! ^ zp[c >> 2]!, HM);
      h = ((h ^ (h >>> 15)) & 15) | (c << 4);
      n[c] = d[U_INDEX[h]!]! + d[V_INDEX[h]!]!;
    }
    const u = fade(d[0]!);
    const v = fade(d[2]!);
    const w = fade(d[4]!);
    for (let c = 0; c < 8; c += 2) n[c >> 1] = n[c]! + u * (n[c + 1]! - n[c]!);
    for (let c = 0; c < 4; c += 2) n[c >> 1] = n[c]! + v * (n[c + 1]! - n[c]!);
    const r = (n[0]! + w * (n[1]! - n[0]!)) * scale;
    return r === r ? r : 0;
  };
}
