import { describe, expect, it } from 'vitest';
import { RecentMean } from '../../../src/app/loading/recent-mean';

describe('RecentMean', () => {
  it('is 0 before any sample', () => {
    expect(new RecentMean(4).mean).toBe(0);
  });

  it('averages the samples so far while fewer than capacity', () => {
    const m = new RecentMean(4);
    m.add(2);
    expect(m.mean).toBe(2);
    m.add(4);
    m.add(9);
    expect(m.mean).toBe(5);
  });

  it('keeps only the last `capacity` samples as it wraps around, again and again', () => {
    const m = new RecentMean(3);
    for (let i = 1; i <= 10; i++) {
      m.add(i);
      const last = [i, i - 1, i - 2].filter((v) => v >= 1);
      expect(m.mean, `after ${i}`).toBe(last.reduce((a, b) => a + b, 0) / last.length);
    }
  });

  it('capacity 1 is the last sample', () => {
    const m = new RecentMean(1);
    m.add(7);
    m.add(-3);
    expect(m.mean).toBe(-3);
  });

  it('refuses a capacity that is not a positive integer', () => {
    for (const capacity of [0, -1, 2.5, NaN]) expect(() => new RecentMean(capacity)).toThrow(RangeError);
  });
});
