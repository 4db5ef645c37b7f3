/** 1D value noise: the curves the noise lab draws, one per interpolation. */
import { describe, expect, it } from 'vitest';
import { createValueNoise1D, createValueNoise2D, type Interpolation } from '../../src/noise';
import { CATMULL_ROM_OVERSHOOT } from '../../src/noise/cubic';
import { INTERPOLATIONS } from '../../src/noise/value-noise';
import { lcg } from '../support/random';
import { stats } from './helpers';

const rand = lcg(1001);
const scatter = (scale: number) => (rand() * 2 - 1) * scale;

describe('value noise 1D', () => {
  it('every interpolation passes through the same lattice value at each integer, exactly', () => {
    const curves = INTERPOLATIONS.map((interpolation) => createValueNoise1D(17, { interpolation }));
    let nonZero = 0;
    for (let k = 0; k < 500; k++) {
      const x = Math.floor(scatter(1e6));
      const v = curves[0]!(x);
      if (v !== 0) nonZero++;
      for (const f of curves) expect(f(x)).toBe(v);
    }
    expect(nonZero).toBeGreaterThan(490);
  });

  it.each(INTERPOLATIONS)('%s is the 2D noise along y = 0, bit for bit', (interpolation) => {
    const line = createValueNoise1D(5, { interpolation });
    const plane = createValueNoise2D(5, { interpolation });
    for (let k = 0; k < 1000; k++) {
      const x = scatter(k < 500 ? 20 : 1e5);
      expect(line(x)).toBe(plane(x, 0));
    }
  });

  it.each(INTERPOLATIONS)('%s stays within its range; normalised within [-1, 1]', (interpolation) => {
    const bound = interpolation === 'cubic' ? CATMULL_ROM_OVERSHOOT : 1;
    const raw = createValueNoise1D(8, { interpolation });
    const norm = createValueNoise1D(8, { interpolation, normalise: true });
    const s = stats(100_000, () => raw(scatter(5000)));
    expect(s.max).toBeLessThanOrEqual(bound);
    expect(s.min).toBeGreaterThanOrEqual(-bound);
    expect(s.std).toBeGreaterThan(0.3);
    expect(Math.abs(s.mean)).toBeLessThan(0.03);
    const sn = stats(50_000, () => norm(scatter(5000)));
    expect(Math.max(sn.max, -sn.min)).toBeLessThanOrEqual(1);
    if (interpolation === 'cubic') expect(Math.max(s.max, -s.min)).toBeGreaterThan(1);
    else expect(norm(3.25)).toBe(raw(3.25));
  });

  it.each(INTERPOLATIONS)('%s is continuous: no jump at lattice points or inside cells', (interpolation) => {
    const f = createValueNoise1D(23, { interpolation });
    const h = 1e-9;
    let worst = 0;
    for (let k = 0; k < 2000; k++) {
      const x = k % 2 === 0 ? Math.floor(scatter(1000)) : scatter(1000);
      worst = Math.max(worst, Math.abs(f(x + h) - f(x - h)));
    }
    // Slopes are at most a few units per cell, so 2e-9 of travel moves the value by ~1e-8.
    expect(worst).toBeLessThan(1e-7);
  });

  it('smooth interpolations have matching one-sided slopes at integers; linear has kinks', () => {
    const kink = (interpolation: Interpolation): number => {
      const f = createValueNoise1D(4, { interpolation });
      const h = 1e-6;
      let worst = 0;
      for (let k = 0; k < 300; k++) {
        const x = Math.floor(scatter(1000));
        worst = Math.max(worst, Math.abs((f(x) - f(x - h)) / h - (f(x + h) - f(x)) / h));
      }
      return worst;
    };
    for (const interpolation of ['cosine', 'smoothstep', 'quintic', 'cubic'] as const) expect(kink(interpolation)).toBeLessThan(1e-3);
    expect(kink('linear')).toBeGreaterThan(0.1);
  });

  it('is deterministic across instances, differs between seeds, and returns 0 for NaN or infinite input', () => {
    for (const interpolation of INTERPOLATIONS) {
      const a = createValueNoise1D(21, { interpolation });
      const b = createValueNoise1D(21, { interpolation });
      const c = createValueNoise1D(22, { interpolation });
      let differ = 0;
      for (let k = 0; k < 500; k++) {
        const x = scatter(100);
        expect(b(x)).toBe(a(x));
        if (a(x) !== c(x)) differ++;
      }
      expect(differ).toBeGreaterThan(490);
      expect(a(NaN)).toBe(0);
      expect(a(Infinity)).toBe(0);
      expect(a(-Infinity)).toBe(0);
    }
  });
});
