/**
 * Summary statistics of a batch of samples (a noise image, a heightmap): count, range,
 * mean and population standard deviation. Two passes over the samples (the sum, then the
 * squared distances from the mean), which keeps the variance accurate for the long runs of
 * values near ±1 that noise produces, where a one-pass sum of squares loses digits.
 */

export interface SampleSummary {
  /** Finite samples counted; the others are in `nonFinite` and in no other figure. */
  count: number;
  nonFinite: number;
  /** NaN when there are no finite samples (callers show "no data", never 0). */
  min: number;
  max: number;
  mean: number;
  /** Population standard deviation (divides by count, not count - 1). */
  std: number;
}

export function summariseSamples(values: ArrayLike<number>): SampleSummary {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v - v !== 0) continue;
    count++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (count === 0) return { count, nonFinite: n, min: NaN, max: NaN, mean: NaN, std: NaN };
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v - v !== 0) continue;
    const d = v - mean;
    squares += d * d;
  }
  return { count, nonFinite: n - count, min, max, mean, std: Math.sqrt(squares / count) };
}
