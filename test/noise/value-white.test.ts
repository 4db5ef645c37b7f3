/** White noise and value noise: lattice values, every interpolation, ranges, smoothness. */
import { describe, expect, it } from 'vitest';
import {
  createValueNoise2D,
  createValueNoise3D,
  createWhiteNoise1D,
  createWhiteNoise2D,
  createWhiteNoise3D,
  type Interpolation,
} from '../../src/noise';
import { CATMULL_ROM_OVERSHOOT } from '../../src/noise/cubic';
import { INTERPOLATIONS } from '../../src/noise/value-noise';
import { lcg } from '../support/random';
import { correlation, stats } from './helpers';

const rand = lcg(777);
const scatter = (scale: number) => (rand() * 2 - 1) * scale;

describe('white noise', () => {
  const white = [
    { name: '1D', f: (seed: number) => createWhiteNoise1D(seed) as (...c: number[]) => number, dim: 1 },
    { name: '2D', f: (seed: number) => createWhiteNoise2D(seed) as (...c: number[]) => number, dim: 2 },
    { name: '3D', f: (seed: number) => createWhiteNoise3D(seed) as (...c: number[]) => number, dim: 3 },
  ];

  it.each(white)('$name is uniform on [-1, 1): mean 0, std 1/sqrt(3), flat histogram', ({ f, dim }) => {
    const n = f(5);
    const bins = new Array<number>(10).fill(0);
    const s = stats(200_000, (i) => {
      const v = n(...Array.from({ length: dim }, (_, k) => i * (k + 1) - 1000 * k));
      bins[Math.floor((v + 1) * 5)]!++;
      return v;
    });
    expect(s.min).toBeGreaterThanOrEqual(-1);
    expect(s.max).toBeLessThan(1);
    expect(Math.abs(s.mean)).toBeLessThan(0.01);
    expect(s.std).toBeCloseTo(1 / Math.sqrt(3), 2);
    for (const b of bins) expect(b / 200_000).toBeGreaterThan(0.095);
  });

  it('is constant on each unit cell and independent between neighbours', () => {
    const n = createWhiteNoise2D(9);
    for (let i = 0; i < 1000; i++) {
      const x = Math.floor(scatter(1e6));
      const y = Math.floor(scatter(1e6));
      expect(n(x + 0.99, y + 0.01)).toBe(n(x, y));
    }
    const r = correlation(100_000, (i) => n(i, 17), (i) => n(i + 1, 17));
    expect(Math.abs(r)).toBeLessThan(0.02);
  });

  it('is deterministic and seed sensitive; NaN/Infinity give 0', () => {
    const a = createWhiteNoise3D(1);
    const b = createWhiteNoise3D(1);
    const c = createWhiteNoise3D(2);
    let differ = 0;
    for (let i = 0; i < 1000; i++) {
      expect(a(i, -i, 3 * i)).toBe(b(i, -i, 3 * i));
      if (a(i, -i, 3 * i) !== c(i, -i, 3 * i)) differ++;
    }
    expect(differ).toBeGreaterThan(990);
    expect(createWhiteNoise1D(1)(NaN)).toBe(0);
    expect(createWhiteNoise2D(1)(0, Infinity)).toBe(0);
    expect(a(0, 0, -Infinity)).toBe(0);
  });
});

type Value = (...c: number[]) => number;
const makeValue = (dim: 2 | 3, seed: number, interpolation: Interpolation, normalise = false): Value =>
  (dim === 2 ? createValueNoise2D(seed, { interpolation, normalise }) : createValueNoise3D(seed, { interpolation, normalise })) as Value;

describe.each([2, 3] as const)('value noise %i D', (dim) => {
  const point = (scale: number) => Array.from({ length: dim }, () => scatter(scale));

  it('every interpolation passes through the same lattice values', () => {
    const reference = makeValue(dim, 3, 'linear');
    const others = INTERPOLATIONS.map((i) => makeValue(dim, 3, i));
    for (let k = 0; k < 300; k++) {
      const p = point(1000).map(Math.floor);
      const v = reference(...p);
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      for (const f of others) expect(f(...p)).toBeCloseTo(v, 14);
    }
  });

  it.each(INTERPOLATIONS)('%s stays within its range; normalised within [-1, 1]', (interpolation) => {
    const bound = interpolation === 'cubic' ? CATMULL_ROM_OVERSHOOT ** dim : 1;
    const raw = makeValue(dim, 8, interpolation);
    const norm = makeValue(dim, 8, interpolation, true);
    const s = stats(100_000, () => raw(...point(500)));
    expect(s.max).toBeLessThanOrEqual(bound);
    expect(s.min).toBeGreaterThanOrEqual(-bound);
    expect(s.std).toBeGreaterThan(0.2);
    expect(Math.abs(s.mean)).toBeLessThan(0.03);
    const sn = stats(20_000, () => norm(...point(500)));
    expect(Math.max(sn.max, -sn.min)).toBeLessThanOrEqual(1);
    if (interpolation === 'cubic') expect(Math.max(s.max, -s.min)).toBeGreaterThan(1);
  });

  it.each(INTERPOLATIONS)('%s is deterministic across instances and differs between seeds', (interpolation) => {
    const a = makeValue(dim, 21, interpolation);
    const b = makeValue(dim, 21, interpolation);
    const c = makeValue(dim, 22, interpolation);
    let differ = 0;
    for (let k = 0; k < 500; k++) {
      const p = point(100);
      expect(b(...p)).toBe(a(...p));
      if (a(...p) !== c(...p)) differ++;
    }
    expect(differ).toBeGreaterThan(490);
  });

  it('C1 interpolations have matching one-sided slopes at lattice planes; linear does not', () => {
    const kink = (f: Value, interpolation: Interpolation) => {
      let worst = 0;
      for (let k = 0; k < 300; k++) {
        const p = point(80);
        const axis = k % dim;
        p[axis] = Math.floor(p[axis]!);
        const at = (d: number) => {
          const q = p.slice();
          q[axis] = q[axis]! + d;
          return f(...q);
        };
        const h = 1e-6;
        worst = Math.max(worst, Math.abs((at(0) - at(-h)) / h - (at(h) - at(0)) / h));
      }
      return { interpolation, worst };
    };
    for (const interpolation of ['cosine', 'smoothstep', 'quintic', 'cubic'] as const) {
      expect(kink(makeValue(dim, 4, interpolation), interpolation).worst).toBeLessThan(1e-3);
    }
    expect(kink(makeValue(dim, 4, 'linear'), 'linear').worst).toBeGreaterThan(0.1);
  });

  it('has no 256-cell period and returns 0 for NaN or infinite input', () => {
    const f = makeValue(dim, 6, 'quintic');
    let same = 0;
    for (let k = 0; k < 500; k++) {
      const p = point(100);
      const q = p.slice();
      q[dim - 1] = q[dim - 1]! + 256;
      if (f(...p) === f(...q)) same++;
    }
    expect(same).toBeLessThan(5);
    for (const interpolation of INTERPOLATIONS) {
      const g = makeValue(dim, 6, interpolation);
      expect(g(...Array.from({ length: dim }, (_, k) => (k === 0 ? NaN : 1.5)))).toBe(0);
      expect(g(...Array.from({ length: dim }, (_, k) => (k === dim - 1 ? -Infinity : 1.5)))).toBe(0);
    }
  });
});
