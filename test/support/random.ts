/**
 * Seeded pseudo-random numbers for tests, benchmarks and scripts, so every "random" input is
 * the same on every run and no code under test sees Math.random. Not for generation: the
 * world takes its randomness from integer hashes of (seed, coordinates) (docs/architecture.md, "Determinism").
 *
 * Two generators, because fixtures already depend on both sequences: the noise golden
 * points (test/noise/golden-points.ts) and the bench sample points come from `lcg`; the
 * mesh and world tests' random volumes and inputs from `mulberry32`. Changing either one
 * changes those inputs.
 */

/** mulberry32 (Tommy Ettinger): a tiny, well-mixed 32-bit PRNG. Numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plain 32-bit LCG (Numerical Recipes constants). Numbers in [0, 1). It lives with the
 * benchmark workloads, which the noise lab runs in the browser too. */
export { lcg } from '../../src/bench/lcg';
