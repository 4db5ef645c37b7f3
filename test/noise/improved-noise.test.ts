/**
 * improvedNoise3 against Ken Perlin's own Java, run by scripts/ImprovedNoise.java. The fixture
 * carries raw IEEE-754 bits of inputs and outputs, so the comparison is exact, not "close".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IMPROVED_NOISE_3D_PEAK,
  improvedNoise3,
  improvedNoise3Normalised,
  REFERENCE_PERMUTATION,
} from '../../src/noise/improved-noise';

interface ReferencePoint {
  x: number;
  y: number;
  z: number;
  noise: number;
  bits: [string, string, string, string];
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/improved-noise-reference.json', import.meta.url), 'utf8'),
) as { points: ReferencePoint[] };

const view = new DataView(new ArrayBuffer(8));
function fromBits(hex: string): number {
  view.setBigUint64(0, BigInt('0x' + hex));
  return view.getFloat64(0);
}
function toBits(value: number): string {
  view.setFloat64(0, value);
  return view.getBigUint64(0).toString(16).padStart(16, '0');
}

describe('improvedNoise3 (Perlin 2002 reference)', () => {
  it('reproduces the classic check value exactly', () => {
    expect(improvedNoise3(3.14, 42, 7)).toBe(0.13691995878400012);
  });

  it('has the reference permutation: all 256 values, once each', () => {
    expect(REFERENCE_PERMUTATION.length).toBe(256);
    expect([...REFERENCE_PERMUTATION].sort((a, b) => a - b)).toEqual(Array.from({ length: 256 }, (_, i) => i));
  });

  it('matches the reference Java bit for bit at 200 points', () => {
    expect(fixture.points.length).toBeGreaterThanOrEqual(200);
    const mismatches: string[] = [];
    for (const p of fixture.points) {
      const [xb, yb, zb, nb] = p.bits;
      const x = fromBits(xb);
      const y = fromBits(yb);
      const z = fromBits(zb);
      // The decimal and the bits in the fixture must agree, or the fixture is corrupt.
      expect(x).toBe(p.x);
      const got = improvedNoise3(x, y, z);
      if (toBits(got) !== nb) mismatches.push(`(${x}, ${y}, ${z}): got ${got}, Java ${fromBits(nb)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('covers negative, fractional and non-zero outputs (the fixture is not trivial)', () => {
    const negatives = fixture.points.filter((p) => p.x < 0 || p.y < 0 || p.z < 0).length;
    const nonZero = fixture.points.filter((p) => p.noise !== 0).length;
    expect(negatives).toBeGreaterThan(100);
    expect(nonZero).toBeGreaterThan(150);
  });

  it('repeats every 256 cells (the reference has that period; seeded noise does not)', () => {
    for (const [x, y, z] of [[0.3, 1.7, -2.2], [10.25, -40.5, 99.9]] as const) {
      expect(improvedNoise3(x + 256, y, z)).toBeCloseTo(improvedNoise3(x, y, z), 12);
      expect(improvedNoise3(x, y - 512, z + 256)).toBeCloseTo(improvedNoise3(x, y, z), 12);
    }
  });

  it('returns 0 for NaN and infinite input', () => {
    for (const bad of [NaN, Infinity, -Infinity]) {
      expect(improvedNoise3(bad, 1.5, 2.5)).toBe(0);
      expect(improvedNoise3(1.5, bad, 2.5)).toBe(0);
      expect(improvedNoise3(1.5, 2.5, bad)).toBe(0);
    }
  });

  it('stays within the measured peak, and the normalised variant within [-1, 1]', () => {
    let max = 0;
    let maxNormalised = 0;
    for (let i = 0; i < 200_000; i++) {
      const x = (i % 97) * 0.173 - 8;
      const y = ((i * 7) % 89) * 0.211 - 9;
      const z = ((i * 13) % 83) * 0.157 + 3;
      max = Math.max(max, Math.abs(improvedNoise3(x, y, z)));
      maxNormalised = Math.max(maxNormalised, Math.abs(improvedNoise3Normalised(x, y, z)));
    }
    expect(max).toBeLessThanOrEqual(IMPROVED_NOISE_3D_PEAK);
    expect(max).toBeGreaterThan(0.8);
    expect(maxNormalised).toBeLessThanOrEqual(1);
    expect(maxNormalised).toBeCloseTo(max / IMPROVED_NOISE_3D_PEAK, 12);
  });
});
