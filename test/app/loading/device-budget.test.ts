import { describe, expect, it } from 'vitest';
import { deviceBudget } from '../../../src/app/loading/device-budget';
import { DEFAULT_FAR_DISTANCE, DEFAULT_STREAM_OPTIONS } from '../../../src/stream';

describe('default view distances for the device', () => {
  it('a desktop keeps the full defaults and gives no reason', () => {
    expect(deviceBudget({ deviceMemory: 8, maxTextureSize: 16384, maxElementsVertices: 1 << 20 })).toEqual({
      renderDistance: DEFAULT_STREAM_OPTIONS.renderDistance,
      farDistance: DEFAULT_FAR_DISTANCE,
      reason: null,
    });
  });

  it('a browser that does not report memory (Firefox, Safari) is not punished for it', () => {
    expect(deviceBudget({ maxTextureSize: 16384 }).reason).toBeNull();
  });

  it('4 GB or less starts shorter, and says why', () => {
    const budget = deviceBudget({ deviceMemory: 4, maxTextureSize: 16384 });
    expect(budget.renderDistance).toBeLessThan(DEFAULT_STREAM_OPTIONS.renderDistance);
    expect(budget.farDistance).toBeLessThan(DEFAULT_FAR_DISTANCE);
    expect(budget.reason).toContain('4 GB of memory');
  });

  it('a weak GPU starts shorter too, with every reason named', () => {
    const budget = deviceBudget({ deviceMemory: 2, maxTextureSize: 4096, maxElementsVertices: 1000 });
    expect(budget.reason).toContain('2 GB');
    expect(budget.reason).toContain('texture limit of 4096');
    expect(budget.reason).toContain('1000 vertices');
  });

  it('nonsense readings are ignored, never turned into NaN distances', () => {
    for (const deviceMemory of [Number.NaN, -1, 0, Number.POSITIVE_INFINITY]) {
      const budget = deviceBudget({ deviceMemory, maxTextureSize: 16384 });
      expect(budget.reason).toBeNull();
      expect(Number.isFinite(budget.renderDistance) && Number.isFinite(budget.farDistance)).toBe(true);
    }
  });
});
