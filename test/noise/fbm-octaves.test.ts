/** fBm octave by octave (the noise lab's figure) against createFbm2D, per sample and batch. */
import { describe, expect, it } from 'vitest';
import {
  createFbm2D,
  createPerlin2D,
  createSimplex2D,
  createValueNoise2D,
  createWhiteNoise2D,
  fillFbmOctaves2D,
  fillGrid2D,
  type FbmOptions,
  type SeededNoise2D,
} from '../../src/noise';
import { octaveSeed } from '../../src/noise/octaves';

const SOURCES: { name: string; source: SeededNoise2D }[] = [
  { name: 'Perlin (batch path)', source: createPerlin2D },
  { name: 'simplex-noise', source: createSimplex2D },
  { name: 'value', source: (seed) => createValueNoise2D(seed) },
  { name: 'white', source: createWhiteNoise2D },
];

const OPTIONS: Partial<FbmOptions>[] = [
  { octaves: 6, persistence: 0.5, lacunarity: 2, frequency: 1 / 256 },
  { octaves: 1, persistence: 0.5, lacunarity: 2, frequency: 1 / 64 },
  { octaves: 11, persistence: 0.73, lacunarity: 1.87, frequency: 1 / 300 },
  { octaves: 16, persistence: 0.31, lacunarity: 3.3, frequency: 0.013 },
  { octaves: 3, persistence: 0, lacunarity: 2, frequency: 1 / 32 },
];

/** A grid with a far, fractional origin and a step that does not divide 1. */
const GRID = { x0: -12345.5, y0: 6789.25, width: 37, height: 23, stepX: 2, stepY: 2 };

describe.each(SOURCES)('fBm octaves over $name', ({ source }) => {
  it.each(OPTIONS)('the running sum after the last octave is createFbm2D, bit for bit (%o)', (options) => {
    const seed = 4711;
    const parts = fillFbmOctaves2D(source, seed, options, GRID);
    const fbm = createFbm2D(source, seed, options);
    const batch = fillGrid2D(fbm, new Float64Array(GRID.width * GRID.height), GRID);
    const last = parts.sums[parts.sums.length - 1]!;
    expect(parts.sums).toHaveLength(options.octaves!);
    for (let j = 0; j < GRID.height; j++) {
      for (let i = 0; i < GRID.width; i++) {
        const k = i + GRID.width * j;
        const perSample = fbm(GRID.x0 + i * GRID.stepX, GRID.y0 + j * GRID.stepY);
        expect(last[k]).toBe(perSample);
        expect(last[k]).toBe(batch[k]);
      }
    }
  });

  it('each octave is the source at its own seed and frequency; each sum adds one weighted octave', () => {
    const seed = -99;
    const options = { octaves: 5, persistence: 0.6, lacunarity: 2.2, frequency: 1 / 50 };
    const parts = fillFbmOctaves2D(source, seed, options, GRID);
    let frequency = options.frequency;
    let amplitude = 1;
    let total = 0;
    const amplitudes: number[] = [];
    for (let o = 0; o < options.octaves; o++) {
      expect(parts.frequencies[o]).toBe(frequency);
      const layer = source(octaveSeed(seed, o));
      for (let j = 0; j < GRID.height; j += 5) {
        for (let i = 0; i < GRID.width; i += 3) {
          const k = i + GRID.width * j;
          const x = GRID.x0 + i * GRID.stepX;
          const y = GRID.y0 + j * GRID.stepY;
          expect(parts.octaves[o]![k]).toBe(layer(x * frequency, y * frequency));
          const before = o === 0 ? 0 : parts.sums[o - 1]![k]!;
          expect(parts.sums[o]![k]).toBe(before + parts.octaves[o]![k]! * parts.weights[o]!);
        }
      }
      amplitudes.push(amplitude);
      total += amplitude;
      frequency *= options.lacunarity;
      amplitude *= options.persistence;
    }
    expect(parts.weights).toEqual(amplitudes.map((a) => a * (1 / total)));
    expect(parts.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('fBm octaves, edge cases', () => {
  it('clamps the octave count as createFbm2D does, and an empty grid gives empty arrays', () => {
    expect(fillFbmOctaves2D(createPerlin2D, 1, { octaves: 40 }, { width: 2, height: 2 }).octaves).toHaveLength(16);
    expect(fillFbmOctaves2D(createPerlin2D, 1, { octaves: NaN }, { width: 2, height: 2 }).octaves).toHaveLength(1);
    const empty = fillFbmOctaves2D(createPerlin2D, 1, { octaves: 3 }, { width: 0, height: 5 });
    expect(empty.width).toBe(0);
    expect(empty.sums.every((s) => s.length === 0)).toBe(true);
  });
});
