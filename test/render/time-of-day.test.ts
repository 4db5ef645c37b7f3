import { describe, expect, it } from 'vitest';
import { DayClock, DEFAULT_DAY_CLOCK, hoursProblem, moonDirection, sunDirection, wrapHours } from '../../src/render/time-of-day';

const length = (d: { x: number; y: number; z: number }) => Math.hypot(d.x, d.y, d.z);

describe('time of day: the sun and the moon', () => {
  it('the sun is up at noon, down at midnight, on the horizon at 6 and 18, rising in the east and setting in the west', () => {
    expect(sunDirection(12).y).toBeGreaterThan(0.9);
    expect(sunDirection(0).y).toBeLessThan(-0.9);
    expect(sunDirection(6).y).toBeCloseTo(0, 12);
    expect(sunDirection(18).y).toBeCloseTo(0, 12);
    expect(sunDirection(6).x).toBeCloseTo(1, 12); // east, +x
    expect(sunDirection(18).x).toBeCloseTo(-1, 12);
    expect(sunDirection(5.9).y).toBeLessThan(0);
    expect(sunDirection(6.1).y).toBeGreaterThan(0);
    expect(sunDirection(17.9).y).toBeGreaterThan(0);
    expect(sunDirection(18.1).y).toBeLessThan(0);
  });

  it('every direction is a unit vector, the moon is opposite the sun, and a day later is the same sky', () => {
    for (let h = 0; h <= 24; h += 0.37) {
      const sun = sunDirection(h);
      const moon = moonDirection(h);
      expect(length(sun)).toBeCloseTo(1, 12);
      expect(moon.x).toBeCloseTo(-sun.x, 12);
      expect(moon.y).toBeCloseTo(-sun.y, 12);
      expect(moon.z).toBeCloseTo(-sun.z, 12);
      const later = sunDirection(h + 24);
      expect(later.x).toBeCloseTo(sun.x, 9);
      expect(later.y).toBeCloseTo(sun.y, 9);
    }
  });

  it('the sun is highest at noon', () => {
    let best = 0;
    for (let h = 0; h < 24; h += 0.25) if (sunDirection(h).y > sunDirection(best).y) best = h;
    expect(best).toBe(12);
  });
});

describe('time of day: hours', () => {
  it('wraps any hour into [0, 24)', () => {
    expect(wrapHours(24)).toBe(0);
    expect(wrapHours(25.5)).toBe(1.5);
    expect(wrapHours(-1)).toBe(23);
    expect(wrapHours(12)).toBe(12);
  });

  it('says why a value is no hour of the day', () => {
    expect(hoursProblem(0)).toBeNull();
    expect(hoursProblem(24)).toBeNull();
    expect(hoursProblem(18.5)).toBeNull();
    expect(hoursProblem(-0.1)).toMatch(/outside 0..24/);
    expect(hoursProblem(24.01)).toMatch(/outside 0..24/);
    for (const bad of [Number.NaN, Infinity, '12', null, undefined]) expect(hoursProblem(bad)).toMatch(/not a number/);
  });
});

describe('time of day: the clock', () => {
  it('starts mid-morning with 20-minute days', () => {
    const clock = new DayClock();
    expect(clock.hours).toBe(DEFAULT_DAY_CLOCK.hours);
    expect(clock.dayMinutes).toBe(20);
    expect(clock.paused).toBe(false);
  });

  it('a whole day goes by in the day length of real time, half a day in half of it', () => {
    const clock = new DayClock({ hours: 6, dayMinutes: 20 });
    clock.advance(10 * 60);
    expect(clock.hours).toBeCloseTo(18, 9);
    clock.advance(10 * 60);
    expect(clock.hours).toBeCloseTo(6, 9);
    const fast = new DayClock({ hours: 6, dayMinutes: 2 });
    fast.advance(30); // a quarter of a 2-minute day
    expect(fast.hours).toBeCloseTo(12, 9);
  });

  it('small frame steps add up to the same as one large step', () => {
    const stepped = new DayClock({ hours: 10, dayMinutes: 20 });
    for (let i = 0; i < 600; i++) stepped.advance(1 / 60);
    const once = new DayClock({ hours: 10, dayMinutes: 20 });
    once.advance(10);
    expect(stepped.hours).toBeCloseTo(once.hours, 9);
    expect(once.hours).toBeCloseTo(10 + 24 * (10 / 1200), 9);
  });

  it('wraps past midnight', () => {
    const clock = new DayClock({ hours: 23.5, dayMinutes: 24 });
    clock.advance(60); // one hour of a 24-minute day
    expect(clock.hours).toBeCloseTo(0.5, 9);
  });

  it('stands still while paused, and for steps that are no time', () => {
    const clock = new DayClock({ hours: 8, paused: true });
    clock.advance(600);
    expect(clock.hours).toBe(8);
    clock.paused = false;
    for (const bad of [Number.NaN, -5, 0, Infinity]) clock.advance(bad);
    expect(clock.hours).toBe(8);
    clock.advance(60);
    expect(clock.hours).toBeGreaterThan(8);
  });

  it('refuses an hour or a day length that is no such thing, and keeps what it had', () => {
    const clock = new DayClock({ hours: 9, dayMinutes: 30 });
    expect(clock.setHours(Number.NaN)).toMatch(/not a number/);
    expect(clock.setHours(30)).toMatch(/outside/);
    expect(clock.hours).toBe(9);
    expect(clock.setHours(24)).toBeNull();
    expect(clock.hours).toBe(0);
    expect(clock.setDayMinutes(0)).toMatch(/outside 1..120/);
    expect(clock.setDayMinutes(Number.NaN)).toMatch(/not a number/);
    expect(clock.dayMinutes).toBe(30);
    expect(clock.setDayMinutes(60)).toBeNull();
    expect(clock.dayMinutes).toBe(60);
    // Bad options fall back to the defaults.
    const fallback = new DayClock({ hours: Number.NaN, dayMinutes: -3 });
    expect(fallback.hours).toBe(DEFAULT_DAY_CLOCK.hours);
    expect(fallback.dayMinutes).toBe(DEFAULT_DAY_CLOCK.dayMinutes);
  });
});
