/** fBm, ridged multifractal and domain warp over our noises and over the simplex adapter. */
import { describe, expect, it } from 'vitest';
import {
  createDomainWarp2D,
  createFbm2D,
  createPerlin2D,
  createRidged2D,
  createSimplex2D,
  createSimplex3D,
  createSimplex4D,
  createValueNoise2D,
  createWarpedFbm2D,
  warpNoise2D,
  type Noise2D,
  type SeededNoise2D,
} from '../../src/noise';
import { MAX_WARP_ITERATIONS } from '../../src/noise/domain-warp';
import { DEFAULT_FBM_OPTIONS } from '../../src/noise/fbm';
import { clampOctaves, MAX_OCTAVES, octaveSeed } from '../../src/noise/octaves';
import { DEFAULT_RIDGED_OPTIONS } from '../../src/noise/ridged';
import { lcg } from '../support/random';
import { correlation, stats } from './helpers';

const rand = lcg(4242);
const scatter = (scale: number) => (rand() * 2 - 1) * scale;
const SOURCES: { name: string; source: SeededNoise2D }[] = [
  { name: 'Perlin', source: createPerlin2D },
  { name: 'simplex', source: createSimplex2D },
  { name: 'value', source: (seed) => createValueNoise2D(seed) },
];

function sameField(a: Noise2D, b: Noise2D, n = 300, scale = 50): boolean {
  for (let i = 0; i < n; i++) {
    const x = scatter(scale);
    const y = scatter(scale);
    if (a(x, y) !== b(x, y)) return false;
  }
  return true;
}

describe('octave clamping', () => {
  it('clamps to 1..16 and floors; NaN and -Infinity count as 1, Infinity as 16', () => {
    expect([0, -5, NaN, -Infinity, 0.5].map(clampOctaves)).toEqual([1, 1, 1, 1, 1]);
    expect([17, 100, Infinity].map(clampOctaves)).toEqual([16, 16, 16]);
    expect([1, 3.7, 16].map(clampOctaves)).toEqual([1, 3, 16]);
    expect(MAX_OCTAVES).toBe(16);
  });

  it('fBm and ridged with out-of-range octaves equal the clamped ones (and 16 differs from 15)', () => {
    for (const make of [createFbm2D, createRidged2D]) {
      expect(sameField(make(createPerlin2D, 1, { octaves: 0 }), make(createPerlin2D, 1, { octaves: 1 }))).toBe(true);
      expect(sameField(make(createPerlin2D, 1, { octaves: NaN }), make(createPerlin2D, 1, { octaves: 1 }))).toBe(true);
      expect(sameField(make(createPerlin2D, 1, { octaves: 1000 }), make(createPerlin2D, 1, { octaves: 16 }))).toBe(true);
      expect(sameField(make(createPerlin2D, 1, { octaves: 15 }), make(createPerlin2D, 1, { octaves: 16 }))).toBe(false);
    }
  });
});

describe.each(SOURCES)('fBm over $name', ({ source }) => {
  it('one octave is the base noise at the given frequency', () => {
    const fbm = createFbm2D(source, 9, { octaves: 1, frequency: 0.25 });
    const base = source(octaveSeed(9, 0));
    for (let i = 0; i < 200; i++) {
      const x = scatter(100);
      const y = scatter(100);
      expect(fbm(x, y)).toBe(base(x * 0.25, y * 0.25) * 1);
    }
  });

  it('sums the octaves with the documented amplitudes, frequencies and per-octave seeds', () => {
    const o = { octaves: 3, persistence: 0.4, lacunarity: 2.5, frequency: 0.1, seedStep: 12345 };
    const fbm = createFbm2D(source, 77, o);
    const layers = [0, 1, 2].map((i) => source(octaveSeed(77, i, 12345)));
    const total = 1 + 0.4 + 0.4 * 0.4;
    for (let i = 0; i < 200; i++) {
      const x = scatter(100);
      const y = scatter(100);
      const expected =
        layers[0]!(x * 0.1, y * 0.1) / total +
        layers[1]!(x * 0.25, y * 0.25) * (0.4 / total) +
        layers[2]!(x * 0.625, y * 0.625) * (0.16 / total);
      expect(fbm(x, y)).toBeCloseTo(expected, 12);
    }
  });

  it('stays in [-1, 1], is deterministic, and every option changes the field', () => {
    const base = createFbm2D(source, 5, { frequency: 0.05 });
    const s = stats(50_000, () => base(scatter(1000), scatter(1000)));
    expect(s.max).toBeLessThanOrEqual(1);
    expect(s.min).toBeGreaterThanOrEqual(-1);
    expect(s.std).toBeGreaterThan(0.1);
    expect(sameField(base, createFbm2D(source, 5, { frequency: 0.05 }))).toBe(true);
    const variants: Partial<typeof DEFAULT_FBM_OPTIONS>[] = [
      { octaves: 5 },
      { persistence: 0.6 },
      { lacunarity: 2.1 },
      { frequency: 0.051 },
      { seedStep: 1 },
    ];
    for (const v of variants) expect(sameField(base, createFbm2D(source, 5, { frequency: 0.05, ...v })), JSON.stringify(v)).toBe(false);
    expect(sameField(base, createFbm2D(source, 6, { frequency: 0.05 }))).toBe(false);
  });
});

describe.each(SOURCES)('ridged multifractal over $name', ({ source }) => {
  it('lies in [-1, 1] with crests near 1 where the first octave crosses zero', () => {
    const ridged = createRidged2D(source, 3, { frequency: 0.02 });
    const s = stats(50_000, () => ridged(scatter(2000), scatter(2000)));
    expect(s.max).toBeLessThanOrEqual(1);
    expect(s.min).toBeGreaterThanOrEqual(-1);
    expect(s.max).toBeGreaterThan(0.3);
    // On a zero of octave 0, its signal is offset^2 = 1 and the next octave is fully weighted.
    const first = source(octaveSeed(3, 0));
    let onCrest = 0;
    let crestSum = 0;
    for (let i = 0; i < 20_000 && onCrest < 200; i++) {
      const x = scatter(2000);
      const y = scatter(2000);
      if (Math.abs(first(x * 0.02, y * 0.02)) < 0.01) {
        onCrest++;
        crestSum += ridged(x, y);
      }
    }
    expect(onCrest).toBeGreaterThan(20);
    expect(crestSum / onCrest).toBeGreaterThan(s.mean + 0.2);
  });

  it('is the Musgrave sum: one octave is 2 * (offset - |n|)^2 / offset^2 - 1', () => {
    const ridged = createRidged2D(source, 8, { octaves: 1, frequency: 0.3, offset: 1.2 });
    const base = source(octaveSeed(8, 0));
    for (let i = 0; i < 200; i++) {
      const x = scatter(50);
      const y = scatter(50);
      const signal = 1.2 - Math.abs(base(x * 0.3, y * 0.3));
      expect(ridged(x, y)).toBeCloseTo((2 * signal * signal) / (1.2 * 1.2) - 1, 12);
    }
  });

  it('every option changes the field; NaN/Infinity give 0', () => {
    const base = createRidged2D(source, 5, { frequency: 0.05 });
    const keys: Partial<typeof DEFAULT_RIDGED_OPTIONS>[] = [
      { octaves: 4 },
      { persistence: 0.6 },
      { lacunarity: 2.2 },
      { offset: 0.9 },
      { gain: 3 },
      { seedStep: 99 },
    ];
    for (const v of keys) expect(sameField(base, createRidged2D(source, 5, { frequency: 0.05, ...v })), JSON.stringify(v)).toBe(false);
    expect(base(NaN, 1)).toBe(0);
    expect(base(1, -Infinity)).toBe(0);
  });
});

describe.each(SOURCES)('domain warp over $name', ({ source }) => {
  it('with amplitude 0 is the unwarped noise; otherwise it moves the samples', () => {
    const noise = createFbm2D(createPerlin2D, 1, { frequency: 0.1, octaves: 3 });
    const still = warpNoise2D(noise, createDomainWarp2D(source, 1, { amplitude: 0 }));
    expect(sameField(noise, still)).toBe(true);
    const warp = createDomainWarp2D(source, 1, { amplitude: 3, frequency: 0.05 });
    const warped = warpNoise2D(noise, warp);
    expect(sameField(noise, warped)).toBe(false);
    for (let i = 0; i < 200; i++) {
      const x = scatter(100);
      const y = scatter(100);
      const expected = noise(x + 3 * warp.offsetX(x, y), y + 3 * warp.offsetY(x, y));
      expect(warped(x, y)).toBe(expected);
    }
  });

  it('offsets are bounded by the amplitude, and the two offset fields are unrelated', () => {
    const warp = createDomainWarp2D(source, 2, { amplitude: 5 });
    const sx = stats(20_000, (i) => warp.offsetX(i * 0.37, i * 0.11));
    expect(sx.max).toBeLessThanOrEqual(1);
    expect(sx.min).toBeGreaterThanOrEqual(-1);
    const r = correlation(
      20_000,
      (i) => warp.offsetX(i * 0.37, -i * 0.21),
      (i) => warp.offsetY(i * 0.37, -i * 0.21),
    );
    expect(Math.abs(r)).toBeLessThan(0.15);
  });

  it('iterations re-warp the warped point, clamped to 1..8; NaN/Infinity give 0', () => {
    const noise = createPerlin2D(3);
    const one = createDomainWarp2D(source, 4, { iterations: 1 });
    const two = createDomainWarp2D(source, 4, { iterations: 2 });
    expect(createDomainWarp2D(source, 4, { iterations: 0 }).iterations).toBe(1);
    expect(createDomainWarp2D(source, 4, { iterations: 99 }).iterations).toBe(MAX_WARP_ITERATIONS);
    expect(createDomainWarp2D(source, 4, { iterations: NaN }).iterations).toBe(1);
    const w2 = warpNoise2D(noise, two);
    for (let i = 0; i < 100; i++) {
      const x = scatter(30);
      const y = scatter(30);
      const px = x + one.amplitude * one.offsetX(x, y);
      const py = y + one.amplitude * one.offsetY(x, y);
      const qx = px + one.amplitude * one.offsetX(px, py);
      const qy = py + one.amplitude * one.offsetY(px, py);
      expect(w2(x, y)).toBe(noise(qx, qy));
    }
    expect(w2(NaN, 0)).toBe(0);
    expect(w2(0, Infinity)).toBe(0);
  });
});

describe('createWarpedFbm2D', () => {
  it('is warpNoise2D(createFbm2D(...), createDomainWarp2D(...)) from one seed', () => {
    const a = createWarpedFbm2D(createPerlin2D, 12, { octaves: 4, frequency: 0.02 }, { amplitude: 8 });
    const b = warpNoise2D(
      createFbm2D(createPerlin2D, 12, { octaves: 4, frequency: 0.02 }),
      createDomainWarp2D(createPerlin2D, 12, { amplitude: 8 }),
    );
    expect(sameField(a, b, 500, 500)).toBe(true);
  });
});

describe('simplex adapter', () => {
  it('is seeded: deterministic per seed, different between seeds', () => {
    expect(sameField(createSimplex2D(5), createSimplex2D(5))).toBe(true);
    expect(sameField(createSimplex2D(5), createSimplex2D(6))).toBe(false);
    const a = createSimplex3D(5);
    const b = createSimplex3D(5);
    for (let i = 0; i < 100; i++) expect(a(i * 0.3, -i, i * 0.7)).toBe(b(i * 0.3, -i, i * 0.7));
    const c = createSimplex4D(5);
    const d = createSimplex4D(5);
    const e = createSimplex4D(6);
    let differ = 0;
    for (let i = 0; i < 100; i++) {
      const v = c(i * 0.3, -i, i * 0.7, i * 0.11);
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      expect(d(i * 0.3, -i, i * 0.7, i * 0.11)).toBe(v);
      if (e(i * 0.3, -i, i * 0.7, i * 0.11) !== v) differ++;
    }
    expect(differ).toBeGreaterThan(90);
  });
});
