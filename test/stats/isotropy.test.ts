/** The directional-bias figure on fields whose answer is known without computing. */
import { describe, expect, it } from 'vitest';
import { gradientAngleEnergy, gradientDirections, gradientIsotropy, measureNoise, TAN_22_5_DEGREES } from '../../src/stats';
import { mulberry32 } from '../support/random';

/** A width × height grid of f(x, y), row-major in x. */
function field(width: number, height: number, f: (x: number, y: number) => number): Float64Array {
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x + width * y] = f(x, y);
  return out;
}

/** A plane rising at `degrees` from the x axis. */
const ramp = (degrees: number) => {
  const a = (degrees * Math.PI) / 180;
  return field(16, 16, (x, y) => x * Math.cos(a) + y * Math.sin(a));
};

describe('gradientIsotropy', () => {
  it('a pure x ramp has all its energy on an axis; so has a y ramp', () => {
    const x = gradientIsotropy(field(8, 6, (x) => x), 8, 6);
    // Central differences of a unit ramp are 2: energy 4 at each of the 6 x 4 interior samples.
    expect(x).toEqual({ axisEnergy: 4 * 24, diagonalEnergy: 0, ratio: Infinity, gradients: 24 });
    const y = gradientIsotropy(field(8, 6, (_, y) => -3 * y), 8, 6);
    expect(y.axisEnergy).toBe(36 * 24);
    expect(y.diagonalEnergy).toBe(0);
  });

  it('a 45° ramp has all its energy on the diagonals (either diagonal)', () => {
    for (const f of [(x: number, y: number) => x + y, (x: number, y: number) => y - x]) {
      const r = gradientIsotropy(field(5, 5, f), 5, 5);
      expect(r.axisEnergy).toBe(0);
      expect(r.diagonalEnergy).toBe(8 * 9);
      expect(r.ratio).toBe(0);
    }
  });

  it('splits at 22.5°: ramps at 20° and 70° count as axis, 25° and 65° as diagonal', () => {
    for (const d of [20, 70, 110, -160, 200]) expect(gradientIsotropy(ramp(d), 16, 16).ratio, `${d}°`).toBe(Infinity);
    for (const d of [25, 65, 135, -30]) expect(gradientIsotropy(ramp(d), 16, 16).ratio, `${d}°`).toBe(0);
    expect(TAN_22_5_DEGREES).toBeCloseTo(Math.tan(Math.PI / 8), 15);
  });

  it('adds up a hand-computed mixture: axis 16, diagonal 8, ratio 2', () => {
    // Interior samples (1, 1): gx = 0 - 0, gy = 4 - 0 (axis, energy 16);
    //                  (2, 1): gx = 2 - 0, gy = 2 - 0 (diagonal, energy 8).
    const values = [
      0, 0, 0, 0,
      0, 0, 0, 2,
      9, 4, 2, 9,
    ];
    expect(gradientIsotropy(values, 4, 3)).toEqual({ axisEnergy: 16, diagonalEnergy: 8, ratio: 2, gradients: 2 });
  });

  it('a flat field has no direction (NaN); a field too small to have an interior too; NaN samples are skipped', () => {
    expect(gradientIsotropy(new Float64Array(25), 5, 5).ratio).toBeNaN();
    expect(gradientIsotropy([1, 2, 3, 4], 2, 2).gradients).toBe(0);
    const withHole = field(6, 6, (x) => x);
    withHole[2 + 6 * 2] = NaN;
    const r = gradientIsotropy(withHole, 6, 6);
    expect(r.gradients).toBe(16 - 4); // the four neighbours of the hole have no gradient
    expect(r.ratio).toBe(Infinity);
  });

  it('circular ripples are close to isotropic', () => {
    // Three periods of cos(r / 6), flat beyond (where the slope is already 0): a disc, since
    // the corners of a square would add energy on the diagonals only.
    const edge = 6 * 3 * Math.PI;
    const ripples = field(129, 129, (x, y) => Math.cos(Math.min(edge, Math.hypot(x - 64, y - 64)) / 6));
    expect(gradientIsotropy(ripples, 129, 129).ratio).toBeCloseTo(1, 1);
  });
});

describe('gradientAngleEnergy', () => {
  it('puts ramps in the bin of their angle modulo 90°', () => {
    expect(gradientAngleEnergy(ramp(0), 16, 16)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(gradientAngleEnergy(field(8, 8, (_, y) => 2 * y), 8, 8)[0]).toBe(1);
    expect(gradientAngleEnergy(field(8, 8, (x) => -x), 8, 8)[0]).toBe(1);
    expect(gradientAngleEnergy(ramp(45), 16, 16)[4]).toBe(1);
    expect(gradientAngleEnergy(field(8, 8, (x, y) => -x - y), 8, 8)[4]).toBe(1);
    expect(gradientAngleEnergy(ramp(33), 16, 16, 3)).toEqual([0, 1, 0]);
    expect(gradientAngleEnergy(new Float64Array(9), 3, 3)).toEqual(new Array<number>(9).fill(0));
  });
});

/** The plain reference: each gradient's angle by atan2, folded modulo 90°, binned; energies summed. */
function referenceDirections(values: ArrayLike<number>, width: number, height: number, bins: number) {
  const energy = new Array<number>(bins).fill(0);
  let axis = 0;
  let diagonal = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = x + width * y;
      const gx = values[i + 1]! - values[i - 1]!;
      const gy = values[i + width]! - values[i - width]!;
      const e = gx * gx + gy * gy;
      if (e === 0) continue;
      let a = (Math.atan2(gy, gx) * 180) / Math.PI;
      a = ((a % 90) + 90) % 90;
      energy[Math.min(bins - 1, Math.floor((a / 90) * bins))]! += e;
      if (a < 22.5 || a >= 67.5) axis += e;
      else diagonal += e;
    }
  }
  const total = axis + diagonal;
  return { axis, diagonal, angleEnergy: energy.map((v) => v / total) };
}

describe('gradientDirections against the atan2 reference', () => {
  it.each([9, 4, 18])('matches on random fields, %i bins', (bins) => {
    const rand = mulberry32(bins);
    const values = field(64, 48, () => rand() * 2 - 1);
    const fast = gradientDirections(values, 64, 48, bins);
    const ref = referenceDirections(values, 64, 48, bins);
    expect(fast.gradients).toBe(62 * 46);
    expect(fast.axisEnergy).toBeCloseTo(ref.axis, 9);
    expect(fast.diagonalEnergy).toBeCloseTo(ref.diagonal, 9);
    fast.angleEnergy.forEach((f, b) => expect(f, `bin ${b}`).toBeCloseTo(ref.angleEnergy[b]!, 12));
  });
});

describe('measureNoise', () => {
  it('bundles the summary, histogram and isotropy of one image', () => {
    const values = field(4, 3, (x, y) => (x - 1.5) / 2 + (y === 1 ? 0.25 : 0));
    const s = measureNoise(values, 4, 3);
    expect(s.count).toBe(12);
    expect(s.min).toBe(-0.75);
    expect(s.max).toBe(1);
    expect(s.histogram.total).toBe(12);
    expect(s.histogram.counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(s.isotropy).toBe(Infinity); // interior gradients (1, 0): pure x
    expect(s.angleEnergy).toHaveLength(9);
  });
});
