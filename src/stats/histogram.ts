/**
 * A histogram over a fixed range (for noise, [-1, 1]) with equal bins. Samples outside the
 * range are counted apart, above and below, not folded into the end bins: a noise that
 * overshoots its documented range must show it.
 */

export interface HistogramOptions {
  /** Number of equal bins. A whole number, at least 1 (others are floored, then raised to 1). */
  bins: number;
  /** The range covered; `max` itself falls in the last bin. */
  min: number;
  max: number;
}

/** 20 bins over [-1, 1]: bins 0.1 wide, the noise report's and the lab's histogram. */
export const DEFAULT_HISTOGRAM_OPTIONS: Readonly<HistogramOptions> = Object.freeze({ bins: 20, min: -1, max: 1 });

export interface Histogram {
  min: number;
  max: number;
  /** counts[b]: samples in [min + b * width, min + (b + 1) * width), the last bin closed. */
  counts: number[];
  /** Finite samples below `min` and above `max`. */
  below: number;
  above: number;
  /** Finite samples seen, in the bins or outside; non-finite samples are skipped. */
  total: number;
}

export function histogramOf(values: ArrayLike<number>, options: Partial<HistogramOptions> = {}): Histogram {
  const o = { ...DEFAULT_HISTOGRAM_OPTIONS, ...options };
  const bins = o.bins >= 1 ? Math.floor(o.bins) : 1;
  const { min, max } = o;
  const counts = new Array<number>(bins).fill(0);
  let below = 0;
  let above = 0;
  let total = 0;
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v - v !== 0) continue;
    total++;
    if (v < min) below++;
    else if (v > max) above++;
    else {
      const b = Math.floor(((v - min) / (max - min)) * bins);
      counts[b < bins ? b : bins - 1]!++;
    }
  }
  return { min, max, counts, below, above, total };
}

/** Each bin's share of all finite samples (outside ones included in the total), 0 when empty. */
export function histogramFractions(h: Readonly<Histogram>): number[] {
  return h.counts.map((c) => (h.total > 0 ? c / h.total : 0));
}
