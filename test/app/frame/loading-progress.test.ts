import { describe, expect, it } from 'vitest';
import { describeLoading } from '../../../src/app/frame/loading-progress';

describe('describeLoading', () => {
  it('counts columns and far regions apart, in the words the start card and the bar share', () => {
    const text = describeLoading({ columns: { ready: 171, failed: 0, wanted: 197 }, far: { shown: 3, wanted: 240 } });
    expect(text.counts).toBe('171 / 197 columns, 3 / 240 far regions');
    expect(text.done).toBe(false);
    expect(text.fraction).toBeCloseTo(174 / 437, 10);
  });

  it('leaves far regions out when the far view is off, and counts failed columns as settled', () => {
    const text = describeLoading({ columns: { ready: 40, failed: 2, wanted: 42 }, far: { shown: 0, wanted: 0 } });
    expect(text).toEqual({ done: true, fraction: 1, counts: '42 / 42 columns' });
  });

  it('is done only when both are, and never past 1', () => {
    expect(describeLoading({ columns: { ready: 5, failed: 0, wanted: 5 }, far: { shown: 9, wanted: 10 } }).done).toBe(false);
    expect(describeLoading({ columns: { ready: 5, failed: 0, wanted: 5 }, far: { shown: 12, wanted: 10 } })).toMatchObject({ done: true, fraction: 1 });
    expect(describeLoading({ columns: { ready: 0, failed: 0, wanted: 0 }, far: { shown: 0, wanted: 0 } })).toMatchObject({ done: true, fraction: 1 });
  });
});
