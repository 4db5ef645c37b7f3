/**
 * Seeded Perlin noise, 1D to 4D: exact against a plain reference, deterministic, seed
 * sensitive, within its measured range, smooth (C1 across lattice lines for the quintic
 * fade), aperiodic (no 256-cell period) and still well behaved 1e7 cells from the origin.
 */
import { describe, expect, it } from 'vitest';
import { createPerlin1D, createPerlin2D, createPerlin3D, createPerlin4D } from '../../src/noise';
import { FADES, type Fade } from '../../src/noise/fade';
import { PERLIN_3D_PEAK } from '../../src/noise/perlin';
import { PERLIN_PEAKS } from '../../src/noise/perlin-options';
import { lcg } from '../support/random';
import { correlation, stats } from './helpers';
import { referencePerlin2D, referencePerlin3D } from './reference-perlin';

const rand = lcg(12345);
const scatter = (scale: number) => (rand() * 2 - 1) * scale;

/** Points that stress lattice handling: integers, near-integers, halves, negatives, far out. */
function trickyCoordinate(i: number): number {
  const scale = [1, 3, 300, 70_000, 1e7][i % 5]!;
  const v = scatter(scale);
  switch (i % 4) {
    case 0:
      return Math.floor(v);
    case 1:
      return Math.floor(v) + 0.5;
    case 2:
      return Math.floor(v) - 1e-12;
    default:
      return v;
  }
}

describe('Perlin 2D and 3D: the optimised code equals the plain reference', () => {
  it('2D: same bits (Object.is) at 50 000 points for several seeds', () => {
    for (const seed of [0, 1, -1, 31337]) {
      const fast = createPerlin2D(seed);
      const slow = referencePerlin2D(seed);
      for (let i = 0; i < 12_500; i++) {
        const x = trickyCoordinate(i);
        const y = trickyCoordinate(i + 7);
        if (!Object.is(fast(x, y), slow(x, y))) expect.fail(`seed ${seed} (${x}, ${y}): ${fast(x, y)} vs ${slow(x, y)}`);
      }
    }
  });

  it('3D: same bits (Object.is, so signed zeros too) at 50 000 points', () => {
    for (const seed of [0, 7, -123456]) {
      const fast = createPerlin3D(seed);
      const slow = referencePerlin3D(seed);
      for (let i = 0; i < 16_000; i++) {
        const x = trickyCoordinate(i);
        const y = trickyCoordinate(i + 3);
        const z = trickyCoordinate(i + 6);
        if (!Object.is(fast(x, y, z), slow(x, y, z))) {
          expect.fail(`seed ${seed} (${x}, ${y}, ${z}): ${fast(x, y, z)} vs ${slow(x, y, z)}`);
        }
      }
    }
  });

  it("an explicit { fade: 'quintic', normalise: false } is the default function's output", () => {
    const a = createPerlin2D(5);
    const b = createPerlin2D(5, { fade: 'quintic', normalise: false });
    const c = createPerlin3D(5);
    const d = createPerlin3D(5, { fade: 'quintic' });
    for (let i = 0; i < 1000; i++) {
      const x = scatter(50);
      const y = scatter(50);
      expect(b(x, y)).toBe(a(x, y));
      expect(d(x, y, x - y)).toBe(c(x, y, x - y));
    }
  });
});

type AnyNoise = (...c: number[]) => number;

interface Dimension {
  dim: 1 | 2 | 3 | 4;
  make: (seed: number, fade?: Fade, normalise?: boolean) => AnyNoise;
}

const DIMENSIONS: Dimension[] = [
  { dim: 1, make: (seed, fade = 'quintic', normalise = false) => createPerlin1D(seed, { fade, normalise }) as AnyNoise },
  { dim: 2, make: (seed, fade = 'quintic', normalise = false) => createPerlin2D(seed, { fade, normalise }) as AnyNoise },
  { dim: 3, make: (seed, fade = 'quintic', normalise = false) => createPerlin3D(seed, { fade, normalise }) as AnyNoise },
  { dim: 4, make: (seed, fade = 'quintic', normalise = false) => createPerlin4D(seed, { fade, normalise }) as AnyNoise },
];

function point(dim: number, scale: number): number[] {
  return Array.from({ length: dim }, () => scatter(scale));
}

describe.each(DIMENSIONS)('Perlin $dim D', ({ dim, make }) => {
  it('is 0 at every lattice point', () => {
    const f = make(99);
    // (Signed: -0 where the last lerp's operands are negative zeros; === 0 either way.)
    for (let i = 0; i < 500; i++) expect(Math.abs(f(...point(dim, 1000).map(Math.floor)))).toBe(0);
  });

  it('is deterministic: repeated calls and fresh instances agree', () => {
    const a = make(2024);
    const b = make(2024);
    for (let i = 0; i < 2000; i++) {
      const p = point(dim, 500);
      const v = a(...p);
      expect(a(...p)).toBe(v);
      expect(b(...p)).toBe(v);
    }
  });

  it('is seed sensitive: neighbouring seeds give uncorrelated fields', () => {
    const a = make(1);
    const b = make(2);
    // Spread over ~1e5 cells per axis, so the correlation estimate itself is precise (~0.01).
    const pts = Array.from({ length: 20_000 }, () => point(dim, 1e5));
    const r = correlation(pts.length, (i) => a(...pts[i]!), (i) => b(...pts[i]!));
    // Measured |r| up to 0.05 (3D, seeds 1 and 2, 2e5 samples): the pinned lattice hash is a
    // single multiply (FastNoiseLite's), whose low output bits see only low input bits. Weak
    // enough to show in a correlation, far too weak to see in a landscape.
    expect(Math.abs(r)).toBeLessThan(0.1);
    const differ = pts.filter((p) => a(...p) !== b(...p)).length;
    expect(differ).toBeGreaterThan(pts.length * 0.99);
  });

  it.each(FADES)('with the %s fade stays within PERLIN_PEAKS and gets near it; normalised stays in [-1, 1]', (fade) => {
    const raw = make(7, fade);
    const norm = make(7, fade, true);
    const peak = PERLIN_PEAKS[dim][fade];
    const n = dim === 4 ? 100_000 : 200_000;
    const s = stats(n, () => raw(...point(dim, 1000)));
    const sn = stats(n / 4, () => norm(...point(dim, 1000)));
    expect(s.max).toBeLessThanOrEqual(peak);
    expect(s.min).toBeGreaterThanOrEqual(-peak);
    // Random sampling does not find the exact extreme, but gets within reach of it (in 4D
    // the extremes are rarer: 16 corners must line up).
    expect(Math.max(s.max, -s.min)).toBeGreaterThan((dim === 4 ? 0.55 : 0.75) * peak);
    expect(Math.abs(s.mean)).toBeLessThan(0.02);
    expect(sn.max).toBeLessThanOrEqual(1);
    expect(sn.min).toBeGreaterThanOrEqual(-1);
  });

  it('has no 256-cell period (a permutation table would repeat there)', () => {
    const f = make(3);
    let same = 0;
    for (let i = 0; i < 1000; i++) {
      const p = point(dim, 100);
      const q = p.slice();
      q[0] = q[0]! + 256;
      if (f(...p) === f(...q)) same++;
    }
    expect(same).toBeLessThan(10);
  });

  it('returns 0 for NaN and infinite coordinates, in any position', () => {
    const f = make(4);
    for (const bad of [NaN, Infinity, -Infinity]) {
      for (let k = 0; k < dim; k++) {
        const p = point(dim, 10);
        p[k] = bad;
        expect(f(...p)).toBe(0);
      }
    }
  });

  it('gives finite values for huge finite coordinates (1e300 is on the lattice: 0)', () => {
    const f = make(4);
    expect(f(...new Array<number>(dim).fill(1e300))).toBe(0);
    expect(Number.isFinite(f(...new Array<number>(dim).fill(2 ** 40 + 0.5)))).toBe(true);
  });
});

/** One-sided slopes of f along axis `axis` at a lattice plane, just left and just right. */
function kink(f: AnyNoise, p: number[], axis: number, h = 1e-6): number {
  const at = (d: number) => {
    const q = p.slice();
    q[axis] = q[axis]! + d;
    return f(...q);
  };
  const left = (at(0) - at(-h)) / h;
  const right = (at(h) - at(0)) / h;
  return Math.abs(left - right);
}

/** The largest kink at 400 random points, each moved onto a lattice plane (axes in turn). */
function worstKink(f: AnyNoise, dim: number): number {
  let worst = 0;
  for (let i = 0; i < 400; i++) {
    const p = point(dim, 50);
    const axis = i % dim;
    p[axis] = Math.floor(p[axis]!);
    worst = Math.max(worst, kink(f, p, axis));
  }
  return worst;
}

describe('Perlin smoothness across lattice lines (numerical)', () => {
  it.each(DIMENSIONS)('quintic $dim D is C1: one-sided slopes agree at lattice planes', ({ dim, make }) => {
    const f = make(11);
    const worst = worstKink(f, dim);
    // A kink would be O(1); rounding and the O(h) curvature leave ~1e-5 here.
    expect(worst).toBeLessThan(1e-3);
  });

  it.each(DIMENSIONS)('linear $dim D is not C1 (the check can fail)', ({ dim, make }) => {
    const f = make(11, 'linear');
    const worst = worstKink(f, dim);
    expect(worst).toBeGreaterThan(0.1);
  });

  it('quintic 2D is continuous everywhere: small steps give small changes', () => {
    const f = createPerlin2D(5);
    for (let i = 0; i < 20_000; i++) {
      const x = scatter(100);
      const y = scatter(100);
      // |grad| of 2D Perlin stays below ~3 (scaled); 1e-4 steps move it by < 5e-4.
      expect(Math.abs(f(x + 1e-4, y) - f(x, y))).toBeLessThan(5e-4);
    }
  });
});

describe('Perlin far from the origin (|x|, |z| up to 1e7)', () => {
  for (const [x0, y0] of [
    [1e7, -1e7],
    [-1e7 + 0.37, 9_999_999.5],
  ] as const) {
    it(`2D near (${x0}, ${y0}) varies smoothly, without blocks or repeats`, () => {
      const f = createPerlin2D(42);
      const steps = 20_000;
      const h = 1 / 64;
      const values = new Float64Array(steps);
      for (let i = 0; i < steps; i++) values[i] = f(x0 + i * h, y0 + i * h * 0.3);
      // Smooth: neighbouring samples 1/64 apart differ by at most |grad| * step.
      let jump = 0;
      for (let i = 1; i < steps; i++) jump = Math.max(jump, Math.abs(values[i]! - values[i - 1]!));
      expect(jump).toBeLessThan(0.06);
      // Not blocky: precision loss would freeze values within a cell; here almost all differ.
      expect(new Set(values).size).toBeGreaterThan(steps * 0.95);
      // It still is noise: the spread matches samples near the origin.
      const far = stats(steps, (i) => values[i]!);
      const near = stats(steps, (i) => f(i * h, i * h * 0.3));
      expect(far.std).toBeGreaterThan(0.5 * near.std);
      expect(far.std).toBeLessThan(2 * near.std);
      // No repetition: the walk out there is unrelated to the same walk near the origin.
      expect(Math.abs(correlation(steps, (i) => values[i]!, (i) => f(i * h, i * h * 0.3)))).toBeLessThan(0.2);
    });
  }

  it('3D near 1e7 is smooth, and a 1e-3 step still moves the value (no blockiness)', () => {
    const f = createPerlin3D(42);
    let moved = 0;
    for (let i = 0; i < 2000; i++) {
      const x = 1e7 + i * 0.137;
      const a = f(x, -1e7 + 0.5, 0.25);
      const b = f(x + 1e-3, -1e7 + 0.5, 0.25);
      expect(Math.abs(b - a)).toBeLessThan(5e-3);
      if (a !== b) moved++;
    }
    expect(moved).toBeGreaterThan(1900);
  });
});

describe('PERLIN_3D_PEAK', () => {
  it('is the 3D quintic peak', () => {
    expect(PERLIN_3D_PEAK).toBe(PERLIN_PEAKS[3].quintic);
  });
});
