/** Sample summaries and histograms on inputs small enough to check by hand. */
import { describe, expect, it } from 'vitest';
import { histogramFractions, histogramOf, summariseSamples } from '../../src/stats';

describe('summariseSamples', () => {
  it('gives min, max, mean and the population standard deviation of known samples', () => {
    expect(summariseSamples([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ count: 8, nonFinite: 0, min: 2, max: 9, mean: 5, std: 2 });
    expect(summariseSamples(new Float64Array([-1, 1]))).toEqual({ count: 2, nonFinite: 0, min: -1, max: 1, mean: 0, std: 1 });
    expect(summariseSamples([0.5])).toEqual({ count: 1, nonFinite: 0, min: 0.5, max: 0.5, mean: 0.5, std: 0 });
  });

  it('skips non-finite samples and counts them; no finite samples means NaN, not 0', () => {
    expect(summariseSamples([1, NaN, 3, Infinity, -Infinity])).toEqual({ count: 2, nonFinite: 3, min: 1, max: 3, mean: 2, std: 1 });
    const none = summariseSamples([NaN]);
    expect(none.count).toBe(0);
    expect(none.mean).toBeNaN();
    expect(none.std).toBeNaN();
    expect(summariseSamples([]).min).toBeNaN();
  });

  it('two passes keep the spread of values far from zero exact where one pass would not', () => {
    // Mean 1e8 + 0.5, deviations ±0.5: sum of squares minus square of mean cancels badly.
    const values = Array.from({ length: 1000 }, (_, i) => 1e8 + (i % 2));
    expect(summariseSamples(values).std).toBe(0.5);
  });
});

describe('histogramOf', () => {
  it('puts samples in equal bins over [-1, 1], the maximum in the last bin', () => {
    const h = histogramOf([-1, -0.95, -0.875, 0, 0.0625, 0.999, 1], { bins: 20 });
    const expected = new Array<number>(20).fill(0);
    expected[0] = 2; // -1 and -0.95
    expected[1] = 1; // -0.875
    expected[10] = 2; // 0 and 0.0625
    expected[19] = 2; // 0.999 and 1
    expect(h.counts).toEqual(expected);
    expect(h).toMatchObject({ below: 0, above: 0, total: 7, min: -1, max: 1 });
  });

  it('counts out-of-range samples apart, skips non-finite ones', () => {
    const h = histogramOf([-1.25, -1.0000001, 1.0000001, 3, 0.5, NaN, Infinity], { bins: 4 });
    expect(h.counts).toEqual([0, 0, 0, 1]);
    expect(h.below).toBe(2);
    expect(h.above).toBe(2);
    expect(h.total).toBe(5);
    expect(histogramFractions(h)).toEqual([0, 0, 0, 0.2]);
  });

  it('takes any range and bin count, rounding nonsense bin counts to something usable', () => {
    expect(histogramOf([0, 1, 2, 3, 4], { bins: 4, min: 0, max: 4 }).counts).toEqual([1, 1, 1, 2]);
    expect(histogramOf([0.5], { bins: 0 }).counts).toEqual([1]);
    expect(histogramOf([0.5], { bins: 2.9 }).counts).toEqual([0, 1]);
    expect(histogramFractions(histogramOf([]))).toEqual(new Array<number>(20).fill(0));
  });
});
