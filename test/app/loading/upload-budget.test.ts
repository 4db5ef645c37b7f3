import { describe, expect, it } from 'vitest';
import { FrameBudget } from '../../../src/app/loading/frame-budget';
import { DEFAULT_UPLOAD_BUDGET_OPTIONS, meshUploadBytes, uploadBudgetBytes } from '../../../src/app/loading/upload-budget';
import { emptyMeshData } from '../../../src/mesh';

describe('upload budget: bytes a frame may send to the GPU', () => {
  it('a frame may upload in proportion to the last frame\'s duration, never below the base nor above the cap', () => {
    const { baseBytes, bytesPerFrameMs, maxBytes } = DEFAULT_UPLOAD_BUDGET_OPTIONS;
    expect(uploadBudgetBytes(16)).toBe(baseBytes);
    expect(uploadBudgetBytes(0)).toBe(baseBytes);
    expect(uploadBudgetBytes(200)).toBe(200 * bytesPerFrameMs);
    expect(uploadBudgetBytes(200)).toBeGreaterThan(baseBytes);
    expect(uploadBudgetBytes(60_000)).toBe(maxBytes);
    expect(uploadBudgetBytes(Number.NaN)).toBe(baseBytes);
    // The goal is under 1 MB a frame in the default flight: the base leaves room for a first result's overdraw.
    expect(baseBytes).toBeLessThanOrEqual(2 ** 20 / 2);
  });

  it('a mesh costs its vertex words, materials, 32-bit indices and one instance matrix', () => {
    const mesh = { ...emptyMeshData(), vertices: new Uint32Array(40), materials: new Uint16Array(40), indices: new Uint16Array(60), opaqueIndexCount: 48, translucentIndexCount: 12 };
    expect(meshUploadBytes(mesh)).toBe(160 + 80 + 240 + 64);
  });
});

describe('frame budget: time and bytes, spent in turn', () => {
  it('fits while both time and bytes are left, and runs out of either', () => {
    let t = 100;
    const budget = new FrameBudget(() => t, 4, 1000);
    expect(budget.fits(1000)).toBe(true);
    expect(budget.fits(1001)).toBe(false);
    budget.spend(600);
    expect(budget.fits(400)).toBe(true);
    expect(budget.fits(401)).toBe(false);
    expect(budget.bytesRemaining).toBe(400);
    t = 104;
    expect(budget.fits(0)).toBe(true);
    t = 104.5;
    expect(budget.fits(0)).toBe(false);
  });

  it('a first result may overdraw it (the loader always applies one); nothing fits afterwards', () => {
    const budget = new FrameBudget(() => 0, 4, 100);
    budget.spend(250);
    expect(budget.bytesRemaining).toBe(-150);
    expect(budget.fits(0)).toBe(false);
  });
});
