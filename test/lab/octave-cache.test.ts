/** Octave grids kept between jobs: the same bits as computing afresh, and only new octaves computed. */
import { describe, expect, it } from 'vitest';
import { OctaveCache } from '../../src/lab/compute/octave-cache';
import { SOURCES, type SourceName } from '../../src/lab/compute/sources';
import { createFbm2D, fillFbmOctaves2D, type FbmOptions, type Grid2D } from '../../src/noise';

const GRID: Grid2D = { x0: -300, y0: 77, width: 48, height: 40, stepX: 2, stepY: 2 };
const SEED = 8128;

function expectSameAsFresh(cache: OctaveCache, source: SourceName, options: Partial<FbmOptions>, grid = GRID): number {
  const before = cache.computed;
  const used = new Set<string>();
  const cached = cache.octaves(source, SEED, options, grid, used);
  cache.retain(used);
  const fresh = fillFbmOctaves2D(SOURCES[source], SEED, options, grid);
  expect(cached.weights).toEqual(fresh.weights);
  expect(cached.frequencies).toEqual(fresh.frequencies);
  cached.sums.forEach((sum, i) => expect(sum).toEqual(fresh.sums[i]));
  cached.octaves.forEach((octave, i) => expect(octave).toEqual(fresh.octaves[i]));
  // And the last sum is the fBm itself, also when summed in place.
  const fbm = createFbm2D(SOURCES[source], SEED, options);
  const last = cached.sums[cached.sums.length - 1]!;
  expect(cache.fbm(source, SEED, options, grid, used)).toEqual(last);
  for (let k = 0; k < last.length; k += 37) {
    const i = k % grid.width;
    const j = Math.floor(k / grid.width);
    expect(last[k]).toBe(fbm(grid.x0 + i * grid.stepX, grid.y0 + j * grid.stepY));
  }
  return cache.computed - before;
}

describe('OctaveCache', () => {
  it.each(['perlin', 'simplex', 'value', 'white'] as const)('%s: only octaves whose seed or frequency changed are sampled again', (source) => {
    const cache = new OctaveCache();
    const base = { octaves: 6, persistence: 0.5, lacunarity: 2, frequency: 1 / 256 };
    expect(expectSameAsFresh(cache, source, base)).toBe(6);
    // Persistence only reweights.
    expect(expectSameAsFresh(cache, source, { ...base, persistence: 0.63 })).toBe(0);
    // Two more octaves: two new grids.
    expect(expectSameAsFresh(cache, source, { ...base, octaves: 8 })).toBe(2);
    // Fewer octaves: nothing new.
    expect(expectSameAsFresh(cache, source, { ...base, octaves: 3 })).toBe(0);
    // A new lacunarity keeps the first octave (same frequency) only.
    expect(expectSameAsFresh(cache, source, { ...base, octaves: 3, lacunarity: 2.5 })).toBe(2);
    // Another place: all new.
    expect(expectSameAsFresh(cache, source, { ...base, octaves: 3, lacunarity: 2.5 }, { ...GRID, x0: 5000 })).toBe(3);
  });

  it('keeps only what the last job used', () => {
    const cache = new OctaveCache();
    expectSameAsFresh(cache, 'perlin', { octaves: 10, frequency: 1 / 64 });
    expect(cache.size).toBe(10);
    expectSameAsFresh(cache, 'perlin', { octaves: 4, frequency: 1 / 64 });
    expect(cache.size).toBe(4);
  });
});
