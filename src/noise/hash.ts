/**
 * Integer hashing for lattice noise. Everything here is 32-bit integer arithmetic
 * (`Math.imul`, xor, shifts), so it gives the same bits in every JavaScript engine.
 *
 * Lattice coordinates are multiplied by large primes and xor-ed with the seed, the
 * scheme FastNoiseLite uses: cheap (one multiply per axis, shared between the two
 * corners on that axis) and without the 256-cell period of a permutation table.
 */

/** Primes from FastNoiseLite; each axis gets its own so that (x, y) and (y, x) differ. */
export const PRIME_X = 501125321;
export const PRIME_Y = 1136930381;
export const PRIME_Z = 1720413743;
export const PRIME_W = 1066037191;

/** Multiplier of the final avalanche step (also FastNoiseLite's). */
export const HASH_MULTIPLIER = 0x27d4eb2d;

/**
 * murmur3's 32-bit finaliser: every input bit flips about half of the output bits.
 * Used to spread user seeds (often small, adjacent integers) over the whole range.
 */
export function mixSeed(seed: number): number {
  let h = seed | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Hash of a 2D lattice point whose coordinates are already multiplied by their primes. */
export function hashPrimed2(seed: number, xPrimed: number, yPrimed: number): number {
  const h = Math.imul(seed ^ xPrimed ^ yPrimed, HASH_MULTIPLIER);
  return h ^ (h >>> 15);
}

/** Hash of a 3D lattice point whose coordinates are already multiplied by their primes. */
export function hashPrimed3(seed: number, xPrimed: number, yPrimed: number, zPrimed: number): number {
  const h = Math.imul(seed ^ xPrimed ^ yPrimed ^ zPrimed, HASH_MULTIPLIER);
  return h ^ (h >>> 15);
}

/** Hash of a 4D lattice point whose coordinates are already multiplied by their primes. */
export function hashPrimed4(
  seed: number,
  xPrimed: number,
  yPrimed: number,
  zPrimed: number,
  wPrimed: number,
): number {
  const h = Math.imul(seed ^ xPrimed ^ yPrimed ^ zPrimed ^ wPrimed, HASH_MULTIPLIER);
  return h ^ (h >>> 15);
}

/**
 * Hash of integer coordinates (any of them may be negative or far out). Stronger
 * than the lattice hash because callers use its low bits directly (tree placement,
 * white noise).
 */
export function hashInts(seed: number, x: number, y: number, z = 0): number {
  const h = Math.imul(x | 0, PRIME_X) ^ Math.imul(y | 0, PRIME_Y) ^ Math.imul(z | 0, PRIME_Z);
  return mixSeed(h ^ seed);
}
