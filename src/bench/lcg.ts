/**
 * A plain 32-bit LCG (Numerical Recipes constants): the seeded stream behind the benchmark
 * points and the noise tests' sample points, so they are the same on every run. Not for
 * generation: the world takes its randomness from integer hashes (docs/architecture.md §2).
 */

/** Numbers in [0, 1) from `seed`. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
