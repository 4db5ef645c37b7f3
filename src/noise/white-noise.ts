/**
 * White noise: one independent random value per integer lattice point, the "noise function"
 * Hugo Elias's Perlin-noise write-up starts from. His example was a hand-rolled polynomial
 * hash with visible patterns in its low bits; this one runs the lattice coordinates through
 * `hashInts` (prime multiplies, then the murmur3 finaliser), whose every output bit depends
 * on every input bit. Non-integer input is floored: the field is constant on each unit cell.
 */
import { hashInts, mixSeed } from './hash';
import type { Noise1D, Noise2D, Noise3D } from './types';

/** 2^-31: maps a signed 32-bit integer onto [-1, 1). */
export const INT32_TO_UNIT = 1 / 2147483648;

/** A signed 32-bit hash as a number in [-1, 1) (exactly: h / 2^31). */
export function hashToUnit(h: number): number {
  return (h | 0) * INT32_TO_UNIT;
}

/**
 * Floors a coordinate for hashing. Non-finite input has no cell; callers return 0 for it.
 * Beyond 2^31 the lattice index wraps (ToInt32), so the field repeats every 2^32 cells.
 */
function cell(v: number): number {
  return Math.floor(v) | 0;
}

/** Seeded 1D white noise in [-1, 1). NaN or infinite input gives 0. */
export function createWhiteNoise1D(seed: number): Noise1D {
  const s = mixSeed(seed);
  return function white1D(x: number): number {
    if (x - x !== 0) return 0;
    return hashToUnit(hashInts(s, cell(x), 0));
  };
}

/** Seeded 2D white noise in [-1, 1). NaN or infinite input gives 0. */
export function createWhiteNoise2D(seed: number): Noise2D {
  const s = mixSeed(seed);
  return function white2D(x: number, y: number): number {
    if (x - x !== 0 || y - y !== 0) return 0;
    return hashToUnit(hashInts(s, cell(x), cell(y)));
  };
}

/** Seeded 3D white noise in [-1, 1). NaN or infinite input gives 0. */
export function createWhiteNoise3D(seed: number): Noise3D {
  const s = mixSeed(seed);
  return function white3D(x: number, y: number, z: number): number {
    if (x - x !== 0 || y - y !== 0 || z - z !== 0) return 0;
    return hashToUnit(hashInts(s, cell(x), cell(y), cell(z)));
  };
}
