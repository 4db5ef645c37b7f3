import { describe, expect, it } from 'vitest';
import { applyBudgetMs } from '../../../src/app/loading/apply-budget';

describe('apply budget: a slow device catches up while the view is missing', () => {
  it('a nearly complete view keeps the base budget, whatever the frame time', () => {
    expect(applyBudgetMs(16, 1)).toBe(4);
    expect(applyBudgetMs(300, 0.9)).toBe(4);
  });

  it('while loading, a slow frame earns a share of its time, capped', () => {
    expect(applyBudgetMs(200, 0.1)).toBe(50);
    expect(applyBudgetMs(120, 0.5)).toBe(30);
    // A fast device loses nothing: never below the base.
    expect(applyBudgetMs(8, 0)).toBe(4);
  });

  it('nonsense inputs give the base budget', () => {
    expect(applyBudgetMs(Number.NaN, 0)).toBe(4);
    expect(applyBudgetMs(200, Number.NaN)).toBe(4);
  });
});
