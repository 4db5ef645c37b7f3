import { describe, expect, it } from 'vitest';
import { addMoments, addSample, emptyMoments, meanOf, standardDeviationOf } from '../../src/stats';

describe('Moments', () => {
  it('gives the mean and population standard deviation of known samples', () => {
    const m = emptyMoments();
    for (const v of [2, 4, 4, 4, 5, 5, 7, 9]) addSample(m, v);
    expect(m.count).toBe(8);
    expect(meanOf(m)).toBe(5);
    expect(standardDeviationOf(m)).toBe(2);
  });

  it('reports no data as NaN, never as 0', () => {
    expect(meanOf(emptyMoments())).toBeNaN();
    expect(standardDeviationOf(emptyMoments())).toBeNaN();
  });

  it('skips non-finite samples', () => {
    const m = emptyMoments();
    for (const v of [1, Number.NaN, 3, Number.POSITIVE_INFINITY]) addSample(m, v);
    expect(m.count).toBe(2);
    expect(meanOf(m)).toBe(2);
  });

  it('is exact for whole numbers (block heights), and close for fractions', () => {
    const heights = emptyMoments();
    for (let i = 0; i < 65536; i++) addSample(heights, 200);
    expect(standardDeviationOf(heights)).toBe(0);
    const fractions = emptyMoments();
    for (let i = 0; i < 1000; i++) addSample(fractions, 0.1);
    expect(standardDeviationOf(fractions)).toBeLessThan(1e-7);
  });

  it('merging summaries equals summarising everything; removing one restores the rest exactly', () => {
    const a = emptyMoments();
    const b = emptyMoments();
    const all = emptyMoments();
    for (let i = 0; i < 256; i++) {
      const h = (i * 37) % 200;
      addSample(i < 100 ? a : b, h);
      addSample(all, h);
    }
    const total = emptyMoments();
    addMoments(total, a);
    addMoments(total, b);
    expect(total).toEqual(all);
    addMoments(total, b, -1);
    expect(total).toEqual(a);
  });
});
