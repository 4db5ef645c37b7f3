/**
 * Bad input, across the whole family. The documented result for NaN or infinite coordinates
 * is 0 (not a thrown error: noise runs in the innermost loops of generation and previews,
 * where one bad sample must not take down a chunk). Nothing hangs and nothing reads out of
 * bounds; absurd option values are clamped or give finite output.
 */
import { describe, expect, it } from 'vitest';
import {
  createDomainWarp2D,
  createFbm2D,
  createPerlin1D,
  createPerlin2D,
  createPerlin3D,
  createPerlin4D,
  createRidged2D,
  createSimplex2D,
  createSimplex3D,
  createSimplex4D,
  createValueNoise1D,
  createValueNoise2D,
  createValueNoise3D,
  createWarpedFbm2D,
  createWhiteNoise1D,
  createWhiteNoise2D,
  createWhiteNoise3D,
  fillGrid2D,
  warpNoise2D,
} from '../../src/noise';
import { FADES } from '../../src/noise/fade';
import { improvedNoise3, improvedNoise3Normalised } from '../../src/noise/improved-noise';
import { INTERPOLATIONS } from '../../src/noise/value-noise';

const BAD = [NaN, Infinity, -Infinity];
type AnyNoise = (...c: number[]) => number;

const FAMILY: { name: string; dim: number; f: AnyNoise }[] = [
  { name: 'white 1D', dim: 1, f: createWhiteNoise1D(1) as AnyNoise },
  { name: 'white 2D', dim: 2, f: createWhiteNoise2D(1) as AnyNoise },
  { name: 'white 3D', dim: 3, f: createWhiteNoise3D(1) as AnyNoise },
  ...INTERPOLATIONS.flatMap((interpolation) => [
    { name: `value 1D ${interpolation}`, dim: 1, f: createValueNoise1D(1, { interpolation }) as AnyNoise },
    { name: `value 2D ${interpolation}`, dim: 2, f: createValueNoise2D(1, { interpolation }) as AnyNoise },
    { name: `value 3D ${interpolation}`, dim: 3, f: createValueNoise3D(1, { interpolation }) as AnyNoise },
  ]),
  ...FADES.flatMap((fade) => [
    { name: `Perlin 1D ${fade}`, dim: 1, f: createPerlin1D(1, { fade }) as AnyNoise },
    { name: `Perlin 2D ${fade}`, dim: 2, f: createPerlin2D(1, { fade }) as AnyNoise },
    { name: `Perlin 3D ${fade}`, dim: 3, f: createPerlin3D(1, { fade }) as AnyNoise },
    { name: `Perlin 4D ${fade}`, dim: 4, f: createPerlin4D(1, { fade }) as AnyNoise },
  ]),
  { name: 'improved noise', dim: 3, f: improvedNoise3 as AnyNoise },
  { name: 'improved noise normalised', dim: 3, f: improvedNoise3Normalised as AnyNoise },
  { name: 'simplex 2D', dim: 2, f: createSimplex2D(1) as AnyNoise },
  { name: 'simplex 3D', dim: 3, f: createSimplex3D(1) as AnyNoise },
  { name: 'simplex 4D', dim: 4, f: createSimplex4D(1) as AnyNoise },
  { name: 'fBm Perlin', dim: 2, f: createFbm2D(createPerlin2D, 1) as AnyNoise },
  { name: 'fBm simplex', dim: 2, f: createFbm2D(createSimplex2D, 1) as AnyNoise },
  { name: 'ridged Perlin', dim: 2, f: createRidged2D(createPerlin2D, 1) as AnyNoise },
  { name: 'warped fBm', dim: 2, f: createWarpedFbm2D(createPerlin2D, 1) as AnyNoise },
];

describe('NaN and infinite coordinates give 0', () => {
  it.each(FAMILY)('$name', ({ dim, f }) => {
    for (const bad of BAD) {
      for (let axis = 0; axis < dim; axis++) {
        const p = Array.from({ length: dim }, (_, k) => (k === axis ? bad : 0.37 * (k + 1)));
        expect(f(...p), `${bad} at axis ${axis}`).toBe(0);
      }
      expect(f(...new Array<number>(dim).fill(bad))).toBe(0);
    }
  });
});

describe('huge finite coordinates give finite values', () => {
  it.each(FAMILY)('$name', ({ dim, f }) => {
    for (const big of [1e15 + 0.5, -(2 ** 52) - 0.5, 1e300, -Number.MAX_VALUE]) {
      expect(Number.isFinite(f(...new Array<number>(dim).fill(big))), String(big)).toBe(true);
    }
  });
});

describe('absurd options', () => {
  it('fBm and ridged with NaN or infinite parameters return without throwing or hanging (NaN in, NaN out)', () => {
    const weird = [
      { octaves: Infinity },
      { octaves: -Infinity },
      { persistence: NaN },
      { lacunarity: Infinity },
      { frequency: NaN },
    ];
    for (const options of weird) {
      for (const make of [createFbm2D, createRidged2D]) {
        const v = make(createPerlin2D, 1, options)(1.5, 2.5);
        expect(Number.isNaN(v) || Number.isFinite(v), JSON.stringify(options)).toBe(true);
      }
    }
  });

  it('a domain warp with an infinite amplitude gives 0, like any non-finite coordinate', () => {
    const warped = warpNoise2D(createPerlin2D(1), createDomainWarp2D(createPerlin2D, 1, { amplitude: Infinity }));
    expect(warped(0.3, 0.7)).toBe(0);
  });

  it('fillGrid2D refuses grids it cannot hold instead of looping or writing past the end', () => {
    const out = new Float64Array(16);
    expect(() => fillGrid2D(createPerlin2D(1), out, { width: Infinity, height: 1 })).toThrow(RangeError);
    expect(() => fillGrid2D(createPerlin2D(1), out, { width: 5, height: 4 })).toThrow(RangeError);
    expect(() => fillGrid2D(createPerlin2D(1), out, { width: 2 ** 40, height: 2 ** 40 })).toThrow(RangeError);
  });
});
