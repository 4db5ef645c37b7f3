import { describe, expect, it } from 'vitest';
import { COMPARE_MAX_RENDER_DISTANCE, ViewDistances } from '../../../src/app/session/view-distances';

function setup(start = { renderDistance: 24, farDistance: 64 }) {
  const applied: [number, number][] = [];
  const capped: string[] = [];
  const views = new ViewDistances({ renderDistance: 8, farDistance: 64 }, start, [{ setViewDistances: (r, f) => applied.push([r, f]) }], {
    changed: () => undefined,
    capped: (shown, wanted) => capped.push(`${shown}/${wanted}`),
  });
  return { views, applied, capped };
}

describe('ViewDistances', () => {
  it('caps R while comparing, says so once when it starts and when R is asked for, and gives the asked-for R back after', () => {
    const { views, applied, capped } = setup();
    views.setComparing(true);
    expect(views.renderDistance).toBe(COMPARE_MAX_RENDER_DISTANCE);
    expect(applied.at(-1)).toEqual([16, 64]);
    expect(capped).toEqual(['16/24']);
    views.setFarDistance(32); // not a reason to repeat the cap
    expect(applied.at(-1)).toEqual([16, 32]);
    expect(capped).toEqual(['16/24']);
    views.setRenderDistance(30);
    expect(capped).toEqual(['16/24', '16/30']);
    views.setRenderDistance(12); // under the cap: nothing to say
    expect(capped).toHaveLength(2);
    views.setRenderDistance(20); // chosen while comparing: kept after
    views.setComparing(false);
    expect(views.renderDistance).toBe(20);
    expect(applied.at(-1)).toEqual([20, 32]);
  });

  it('clamps bad values, and a link carries only the distances that differ from the device defaults', () => {
    const { views } = setup({ renderDistance: 8, farDistance: 64 });
    expect(views.forLink()).toEqual({});
    views.setRenderDistance(Number.NaN);
    views.setFarDistance(-5);
    expect(views.renderDistance).toBe(8);
    expect(views.farDistance).toBe(0);
    expect(views.forLink()).toEqual({ farDistance: 0 });
    views.setRenderDistance(99);
    expect(views.forLink()).toEqual({ renderDistance: 32, farDistance: 0 });
  });
});
