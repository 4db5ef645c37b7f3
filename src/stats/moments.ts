/**
 * Count, sum and sum of squares of a stream of numbers: enough for the mean and the standard
 * deviation, and mergeable, so per-column summaries made in workers add up on the main thread
 * (and subtract again when a column unloads). Sums of whole numbers stay exact below 2^53,
 * so adding and removing integer samples (block heights) never drifts.
 */
export interface Moments {
  count: number;
  sum: number;
  sumSquares: number;
}

export function emptyMoments(): Moments {
  return { count: 0, sum: 0, sumSquares: 0 };
}

/** Adds one sample to `m` (non-finite samples are skipped: they have no mean). */
export function addSample(m: Moments, value: number): void {
  if (!Number.isFinite(value)) return;
  m.count++;
  m.sum += value;
  m.sumSquares += value * value;
}

/** Adds `b` into `a` (sign -1 removes a summary that was added before). */
export function addMoments(a: Moments, b: Readonly<Moments>, sign: 1 | -1 = 1): void {
  a.count += sign * b.count;
  a.sum += sign * b.sum;
  a.sumSquares += sign * b.sumSquares;
}

/** The mean, or NaN for no samples (callers show "no data", not 0). */
export function meanOf(m: Readonly<Moments>): number {
  return m.count > 0 ? m.sum / m.count : Number.NaN;
}

/**
 * Population standard deviation, or NaN for no samples. One pass over sums: exact for whole
 * numbers of moderate size (heights), within about 1e-7 of the truth for long streams of
 * fractions, where rounding can also push the variance a hair below zero (clamped to 0).
 */
export function standardDeviationOf(m: Readonly<Moments>): number {
  if (m.count <= 0) return Number.NaN;
  const mean = m.sum / m.count;
  return Math.sqrt(Math.max(0, m.sumSquares / m.count - mean * mean));
}
