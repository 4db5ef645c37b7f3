import { describe, expect, it } from 'vitest';
import { MOONLIGHT_FLOOR, SKY_KEYFRAMES, skyAt, type SkyLook } from '../../src/render/sky-palette';
import { SKY_COLOR } from '../../src/render/day-sky';

/** Every number of a look, colours flattened. */
function numbers(look: SkyLook): number[] {
  return Object.values(look).flatMap((v) => (Array.isArray(v) ? v : [v as number]));
}

const brightness = (rgb: readonly number[]) => rgb[0]! + rgb[1]! + rgb[2]!;

describe('sky palette', () => {
  it('keyframes rise through the day and wrap: the last is the first a day later', () => {
    expect(SKY_KEYFRAMES[0]![0]).toBe(0);
    expect(SKY_KEYFRAMES.at(-1)![0]).toBe(24);
    expect(SKY_KEYFRAMES.at(-1)![1]).toEqual(SKY_KEYFRAMES[0]![1]);
    for (let i = 1; i < SKY_KEYFRAMES.length; i++) expect(SKY_KEYFRAMES[i]![0]).toBeGreaterThan(SKY_KEYFRAMES[i - 1]![0]);
  });

  it('has no NaN and stays in range at any hour, whatever is asked', () => {
    for (let h = -30; h <= 54; h += 0.173) {
      const look = skyAt(h);
      for (const n of numbers(look)) {
        expect(Number.isFinite(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(1);
      }
      expect(look.daylight).toBeGreaterThanOrEqual(MOONLIGHT_FLOOR);
    }
    for (const bad of [Number.NaN, Infinity, -Infinity]) expect(numbers(skyAt(bad)).every(Number.isFinite)).toBe(true);
  });

  it('is continuous: five game seconds later nothing has jumped, midnight included', () => {
    const step = 5 / 3600;
    let largest = 0;
    for (let i = 0; i < 24 / step; i++) {
      const a = numbers(skyAt(i * step));
      const b = numbers(skyAt((i + 1) * step));
      for (let k = 0; k < a.length; k++) largest = Math.max(largest, Math.abs(a[k]! - b[k]!));
    }
    // The steepest keyframe pair changes by at most about 1 in half an hour (eased: 1.5x the mean slope).
    expect(largest).toBeLessThan(0.008);
  });

  it('the day looks as the game did before it had a time (the horizon is SKY_COLOR), the night is dark and starry', () => {
    const noon = skyAt(12);
    const hex = (Math.round(noon.horizon[0] * 255) << 16) | (Math.round(noon.horizon[1] * 255) << 8) | Math.round(noon.horizon[2] * 255);
    expect(hex).toBe(SKY_COLOR);
    expect(noon.daylight).toBe(1);
    expect(noon.stars).toBe(0);
    const night = skyAt(0);
    expect(night.daylight).toBe(MOONLIGHT_FLOOR);
    expect(night.stars).toBe(1);
    expect(brightness(night.horizon)).toBeLessThan(brightness(noon.horizon) / 4);
    // Bluish moonlight: more blue than red.
    expect(night.hemiSky[2]).toBeGreaterThan(night.hemiSky[0]);
    expect(night.light[2]).toBeGreaterThan(night.light[0]);
  });

  it('sunrise and sunset glow orange, and the directional light is off just as the sun crosses the horizon', () => {
    for (const h of [6, 18]) {
      const look = skyAt(h);
      expect(look.glowStrength).toBe(1);
      expect(look.glow[0]).toBeGreaterThan(look.glow[2] * 2); // orange: red well above blue
      expect(look.lightIntensity).toBe(0);
    }
    expect(skyAt(17.5).glowStrength).toBeGreaterThan(0.3);
    expect(skyAt(12).glowStrength).toBe(0);
    expect(skyAt(0).glowStrength).toBe(0);
  });

  it('daylight falls from noon to midnight and rises again', () => {
    let last = skyAt(12).daylight;
    for (let h = 12; h <= 24; h += 0.25) {
      const d = skyAt(h).daylight;
      expect(d).toBeLessThanOrEqual(last + 1e-12);
      last = d;
    }
    for (let h = 0; h <= 12; h += 0.25) {
      const d = skyAt(h).daylight;
      expect(d).toBeGreaterThanOrEqual(last - 1e-12);
      last = d;
    }
  });
});
