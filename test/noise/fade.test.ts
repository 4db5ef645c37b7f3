import { describe, expect, it } from 'vitest';
import { catmullRom, CATMULL_ROM_OVERSHOOT } from '../../src/noise/cubic';
import { cosineFade, fadeFunction, FADES, linearFade, quinticFade, smoothstepFade } from '../../src/noise/fade';

const slope = (f: (t: number) => number, t: number, h = 1e-6): number => (f(t + h) - f(t - h)) / (2 * h);

describe('fades', () => {
  it('map 0 to 0 and 1 to 1 exactly, and stay monotonic in between', () => {
    for (const name of FADES) {
      const f = fadeFunction(name);
      expect(f(0), name).toBe(0);
      expect(f(1), name).toBe(1);
      let previous = 0;
      for (let i = 1; i <= 1000; i++) {
        const v = f(i / 1000);
        expect(v, `${name} at ${i / 1000}`).toBeGreaterThanOrEqual(previous);
        previous = v;
      }
    }
  });

  it('are point-symmetric about (1/2, 1/2): f(1 - t) = 1 - f(t)', () => {
    for (const name of FADES) {
      const f = fadeFunction(name);
      for (let i = 0; i <= 100; i++) expect(f(1 - i / 100), name).toBeCloseTo(1 - f(i / 100), 14);
    }
  });

  it('name the functions they say', () => {
    expect(fadeFunction('linear')).toBe(linearFade);
    expect(fadeFunction('cosine')).toBe(cosineFade);
    expect(fadeFunction('smoothstep')).toBe(smoothstepFade);
    expect(fadeFunction('quintic')).toBe(quinticFade);
    expect(quinticFade(0.25)).toBe(0.25 ** 3 * (0.25 * (0.25 * 6 - 15) + 10));
    expect(smoothstepFade(0.25)).toBe(0.25 * 0.25 * (3 - 2 * 0.25));
  });

  it('cosine: within 4e-9 of (1 - cos(pi t)) / 2 (a polynomial, no Math.cos)', () => {
    let worst = 0;
    for (let i = 0; i <= 100_000; i++) {
      const t = i / 100_000;
      worst = Math.max(worst, Math.abs(cosineFade(t) - (1 - Math.cos(Math.PI * t)) / 2));
    }
    expect(worst).toBeLessThan(4e-9);
    // ...and it is not secretly smoothstep, which is 0.01 away.
    expect(Math.abs(smoothstepFade(0.2) - (1 - Math.cos(Math.PI * 0.2)) / 2)).toBeGreaterThan(0.005);
  });

  it('C1 fades have zero slope at both ends; linear does not', () => {
    for (const f of [cosineFade, smoothstepFade, quinticFade]) {
      expect(Math.abs((f(1e-7) - f(0)) / 1e-7)).toBeLessThan(1e-5);
      expect(Math.abs((f(1) - f(1 - 1e-7)) / 1e-7)).toBeLessThan(1e-5);
    }
    expect(slope(linearFade, 1e-3)).toBeCloseTo(1, 6);
  });

  it('quintic also has zero second derivative at the ends (C2); smoothstep does not', () => {
    const second = (f: (t: number) => number, t: number, h = 1e-4) => (f(t + h) - 2 * f(t) + f(t - h)) / (h * h);
    expect(Math.abs(second(quinticFade, 1e-4))).toBeLessThan(0.01);
    expect(Math.abs(second(smoothstepFade, 1e-4))).toBeGreaterThan(5);
  });
});

describe('catmullRom', () => {
  it('passes through p1 at t = 0 (exactly) and p2 at t = 1 (to rounding)', () => {
    expect(catmullRom(0.3, -0.7, 0.9, 0.1, 0)).toBe(-0.7);
    expect(catmullRom(0.3, -0.7, 0.9, 0.1, 1)).toBeCloseTo(0.9, 14);
  });

  it('reproduces straight lines exactly (a cubic spline property)', () => {
    for (let i = 0; i <= 10; i++) {
      const t = i / 10;
      expect(catmullRom(1, 2, 3, 4, t)).toBeCloseTo(2 + t, 14);
    }
  });

  it('has slope (p2 - p0) / 2 at t = 0, which is what makes value noise C1', () => {
    const f = (t: number) => catmullRom(0.2, -0.4, 0.8, 0.5, t);
    expect(slope(f, 0)).toBeCloseTo((0.8 - 0.2) / 2, 5);
  });

  it('overshoots to exactly CATMULL_ROM_OVERSHOOT and no further', () => {
    expect(Math.abs(catmullRom(-1, 1, 1, -1, 0.5))).toBeCloseTo(CATMULL_ROM_OVERSHOOT, 14);
    let worst = 0;
    for (let a = -1; a <= 1; a += 2) {
      for (let b = -1; b <= 1; b += 2) {
        for (let c = -1; c <= 1; c += 2) {
          for (let d = -1; d <= 1; d += 2) {
            for (let i = 0; i <= 100; i++) worst = Math.max(worst, Math.abs(catmullRom(a, b, c, d, i / 100)));
          }
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(CATMULL_ROM_OVERSHOOT);
  });
});
