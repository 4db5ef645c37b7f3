/**
 * The batch path against the per-sample path: fillGrid2D must give exactly the bits that
 * calling the noise at x0 + i * stepX, y0 + j * stepY gives, for every noise, including the
 * ones with a registered fast fill (Perlin, fBm and ridged over Perlin).
 */
import { describe, expect, it } from 'vitest';
import {
  createFbm2D,
  createPerlin2D,
  createRidged2D,
  createSimplex2D,
  createValueNoise2D,
  createWarpedFbm2D,
  fillGrid2D,
  type Grid2D,
  type Noise2D,
} from '../../src/noise';
import { createLayeredFill } from '../../src/noise/fbm';
import { hasFastGridFill, registerAxisFill2D } from '../../src/noise/grid';
import { lcg } from '../support/random';

function perSample(noise: Noise2D, g: Grid2D, out: Float32Array | Float64Array): void {
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) out[i + g.width * j] = noise(g.x0 + i * g.stepX, g.y0 + j * g.stepY);
  }
}

/** First index where the two arrays differ in bits (Object.is: -0 and 0 differ), or -1. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

const STEPS = [1, 0.37, -0.5, 1 / 384, 1 / 16, 2.5, 17.25, 0];
const ORIGINS = [0, -0.5, 3.999999, -1234.5678, 98765.4321, -1e7 - 0.25, 1e7 + 0.125];

function grids(count: number, seed: number): Grid2D[] {
  const rand = lcg(seed);
  const list: Grid2D[] = [];
  for (let n = 0; n < count; n++) {
    list.push({
      x0: ORIGINS[Math.floor(rand() * ORIGINS.length)]! + Math.floor(rand() * 100) - 50,
      y0: ORIGINS[Math.floor(rand() * ORIGINS.length)]! + rand() * 7,
      width: 1 + Math.floor(rand() * 24),
      height: 1 + Math.floor(rand() * 24),
      stepX: STEPS[Math.floor(rand() * STEPS.length)]!,
      stepY: STEPS[Math.floor(rand() * STEPS.length)]!,
    });
  }
  // The terrain's case: an 18x18 heightfield with a one-block border, integer coordinates.
  list.push({ x0: -17, y0: -33, width: 18, height: 18, stepX: 1, stepY: 1 });
  list.push({ x0: 1e6 * 16 - 1, y0: -1e6 * 16 - 1, width: 18, height: 18, stepX: 1, stepY: 1 });
  return list;
}

function expectBatchEqualsPerSample(noise: Noise2D, gridList: Grid2D[], label: string): void {
  for (const g of gridList) {
    for (const Kind of [Float64Array, Float32Array]) {
      const batch = new Kind(g.width * g.height);
      const reference = new Kind(g.width * g.height);
      fillGrid2D(noise, batch, g);
      perSample(noise, g, reference);
      const at = firstDifference(batch, reference);
      if (at >= 0) {
        expect.fail(`${label}, ${Kind.name}, grid ${JSON.stringify(g)}: sample ${at} is ${batch[at]}, per sample ${reference[at]}`);
      }
    }
  }
}

describe('fillGrid2D', () => {
  it('uses the fast fills where they exist (otherwise this file tests only the generic loop)', () => {
    expect(hasFastGridFill(createPerlin2D(1))).toBe(true);
    expect(hasFastGridFill(createFbm2D(createPerlin2D, 1))).toBe(true);
    expect(hasFastGridFill(createRidged2D(createPerlin2D, 1))).toBe(true);
    expect(hasFastGridFill(createSimplex2D(1))).toBe(false);
    expect(hasFastGridFill(createFbm2D(createSimplex2D, 1))).toBe(false);
    expect(hasFastGridFill(createPerlin2D(1, { fade: 'cosine' }))).toBe(false);
  });

  it('Perlin 2D batch === per sample on many grids (seeds, offsets, steps, negative coordinates)', () => {
    for (const seed of [0, 42, -7, 0x7fffffff]) {
      expectBatchEqualsPerSample(createPerlin2D(seed), grids(60, seed), `perlin seed ${seed}`);
    }
  });

  it('fBm over Perlin batch === per sample, terrain and odd options', () => {
    const cases = [
      { octaves: 6, persistence: 0.5, lacunarity: 2, frequency: 1 / 384 },
      { octaves: 16, persistence: 0.7, lacunarity: 2.3, frequency: 1 / 37 },
      { octaves: 1, persistence: 0.5, lacunarity: 2, frequency: 3.3 },
      { octaves: 4, persistence: 1.2, lacunarity: 0.5, frequency: -0.01 },
    ];
    cases.forEach((options, c) => {
      expectBatchEqualsPerSample(createFbm2D(createPerlin2D, 1000 + c, options), grids(25, c), `fbm case ${c}`);
    });
  });

  it('ridged over Perlin batch === per sample', () => {
    const ridged = createRidged2D(createPerlin2D, 5, { frequency: 1 / 50, octaves: 5, gain: 2.5, offset: 0.9 });
    expectBatchEqualsPerSample(ridged, grids(25, 77), 'ridged');
  });

  it('ridged as an fBm layer (the `weight` path) === per sample', () => {
    const fbmOfRidged = createFbm2D((seed) => createRidged2D(createPerlin2D, seed, { frequency: 1 / 20, octaves: 3 }), 8, { octaves: 3, frequency: 0.5 });
    expectBatchEqualsPerSample(fbmOfRidged, grids(15, 78), 'fBm of ridged');
  });

  it('layered fills nest: an fBm used as a weighted layer (the `weight` path) === per sample', () => {
    const inner = createFbm2D(createPerlin2D, 11, { octaves: 3, frequency: 0.2 });
    const layers = [inner, createPerlin2D(12), createSimplex2D(13)];
    const frequencies = [1, 0.5, 0.25];
    const amplitudes = [0.5, 0.3, -0.2];
    const combined: Noise2D = (x, y) => {
      let sum = 0;
      for (let i = 0; i < layers.length; i++) sum += layers[i]!(x * frequencies[i]!, y * frequencies[i]!) * amplitudes[i]!;
      return sum;
    };
    registerAxisFill2D(combined, createLayeredFill(layers, frequencies, amplitudes));
    expectBatchEqualsPerSample(combined, grids(20, 99), 'nested layers');
  });

  it('generic path (simplex, value, fBm over simplex, warped) === per sample', () => {
    const gs = grids(10, 3);
    expectBatchEqualsPerSample(createSimplex2D(9), gs, 'simplex');
    expectBatchEqualsPerSample(createFbm2D(createSimplex2D, 9, { frequency: 1 / 100 }), gs, 'fbm simplex');
    expectBatchEqualsPerSample(createValueNoise2D(9, { interpolation: 'cubic' }), gs, 'value cubic');
    expectBatchEqualsPerSample(createWarpedFbm2D(createPerlin2D, 9, { octaves: 3 }, { amplitude: 2 }), gs, 'warped');
  });

  it('writes row-major in x, and the values are not all alike (the comparison is not vacuous)', () => {
    const perlin = createPerlin2D(3);
    const out = fillGrid2D(perlin, new Float64Array(12), { x0: 0.25, y0: 0.75, width: 4, height: 3, stepX: 0.5, stepY: 0.5 });
    expect(out[1 + 4 * 2]).toBe(perlin(0.75, 1.75));
    expect(new Set(out).size).toBeGreaterThan(10);
  });

  it('gives 0 where a coordinate is NaN or infinite, like the per-sample path', () => {
    const fbm = createFbm2D(createPerlin2D, 1, { frequency: 0.1 });
    for (const bad of [NaN, Infinity, -Infinity]) {
      const out = fillGrid2D(fbm, new Float64Array(9).fill(7), { x0: bad, y0: 0.5, width: 3, height: 3 });
      expect([...out]).toEqual(new Array(9).fill(0));
      const mixed = fillGrid2D(createPerlin2D(1), new Float64Array(9), { x0: 0.5, y0: 0.5, width: 3, height: 3, stepY: bad });
      // Row 0 is at y0 + 0 * step... which is NaN for an infinite step (0 * Infinity), so check per sample.
      const reference = new Float64Array(9);
      perSample(createPerlin2D(1), { x0: 0.5, y0: 0.5, width: 3, height: 3, stepX: 1, stepY: bad }, reference);
      expect(firstDifference(mixed, reference)).toBe(-1);
    }
  });

  it('rejects an output that is too small, and accepts empty grids', () => {
    expect(() => fillGrid2D(createPerlin2D(1), new Float64Array(15), { width: 4, height: 4 })).toThrow(RangeError);
    const out = new Float64Array(2).fill(5);
    fillGrid2D(createPerlin2D(1), out, { width: 0, height: 4 });
    fillGrid2D(createPerlin2D(1), out, { width: -3, height: NaN });
    expect([...out]).toEqual([5, 5]);
  });

  it('defaults to a 16x16 grid at unit steps from the origin', () => {
    const perlin = createPerlin2D(8);
    const out = fillGrid2D(perlin, new Float64Array(256));
    expect(out[17]).toBe(perlin(1, 1));
    expect(out[255]).toBe(perlin(15, 15));
  });
});
