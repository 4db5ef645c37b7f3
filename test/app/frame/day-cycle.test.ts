import { describe, expect, it } from 'vitest';
import { DayCycle, STEPS_PER_HOUR } from '../../../src/app/frame/day-cycle';

function setUp(hours?: number, stopped?: boolean) {
  const shown: number[] = [];
  const notes: string[] = [];
  let changed = 0;
  let refreshed = 0;
  let slider = 0;
  const day = new DayCycle({
    scene: { setTimeOfDay: (h) => shown.push(h) },
    notify: (text) => notes.push(text),
    changed: () => changed++,
  }, { hours, stopped });
  day.attach({ showHours: () => slider++, refresh: () => refreshed++ });
  return { day, shown, notes, changed: () => changed, refreshed: () => refreshed, slider: () => slider };
}

describe('day cycle', () => {
  it('starts at the link\'s hour, or mid-morning', () => {
    expect(setUp(18.5).day.hours).toBe(18.5);
    expect(setUp().day.hours).toBe(10);
    expect(setUp().day.model).toEqual({ hours: 10, dayMinutes: 20, paused: false });
  });

  it('a link carries the hour the player chose, not the running clock', () => {
    const { day } = setUp();
    expect(day.linkHours).toBeUndefined();
    day.frame(30);
    expect(day.linkHours).toBeUndefined();
    day.folderHooks.hoursChanged(18.5);
    expect(day.linkHours).toBe(18.5);
    day.frame(30);
    expect(day.hours).toBeGreaterThan(18.5);
    expect(day.linkHours).toBe(18.5);
    expect(day.setTime(6)).toBeNull();
    expect(day.linkHours).toBe(6);
    expect(day.setTime(Number.NaN)).not.toBeNull();
    expect(day.linkHours).toBe(6);
    expect(setUp(20).day.linkHours).toBe(20);
  });

  it('moves on with the frames\' real seconds and gives the scene whole game minutes', () => {
    const { day, shown } = setUp(12);
    day.frame(1); // 1 s of a 20-minute day: 72 game seconds
    expect(day.hours).toBeCloseTo(12 + 72 / 3600, 9);
    for (const h of shown) expect(Math.abs(h * STEPS_PER_HOUR - Math.round(h * STEPS_PER_HOUR))).toBeLessThan(1e-9);
    expect(shown.at(-1)).toBeCloseTo(12 + 1 / 60, 9);
  });

  it('the slider follows the clock a hundredth of an hour at a time, not every frame', () => {
    const { day, slider } = setUp(12);
    const before = slider();
    for (let i = 0; i < 10; i++) day.frame(1 / 60); // 12 game seconds: less than a hundredth of an hour
    expect(slider()).toBe(before);
    day.frame(1);
    expect(slider()).toBe(before + 1);
    expect(day.model.hours).toBeCloseTo(Math.round(day.hours * 100) / 100, 9);
  });

  it('stopped, the clock stands still; the panel box and the test API stop it alike', () => {
    const { day, refreshed } = setUp(12);
    day.folderHooks.pausedChanged(true);
    day.frame(10);
    expect(day.hours).toBe(12);
    day.setPaused(false);
    expect(day.model.paused).toBe(false);
    expect(refreshed()).toBe(1);
    day.frame(10);
    expect(day.hours).toBeGreaterThan(12);
  });

  it('a link\'s stopped clock starts stopped; a stopped clock puts its hour in the link, and stopping or starting it tells the link', () => {
    const linked = setUp(18.5, true);
    expect(linked.day.paused).toBe(true);
    expect(linked.day.model.paused).toBe(true);
    linked.day.frame(60);
    expect(linked.day.hours).toBe(18.5);

    const { day, changed } = setUp();
    day.frame(60); // the clock runs from mid-morning: an hour nobody chose
    expect(day.linkHours).toBeUndefined();
    day.folderHooks.pausedChanged(true);
    expect(changed()).toBe(1);
    expect(day.linkHours).toBe(day.hours);
    expect(day.hours).toBeGreaterThan(10);
    day.setPaused(false);
    expect(changed()).toBe(2);
    expect(day.linkHours).toBeUndefined();
  });

  it('an hour set is shown at once and the link told; a bad one changes nothing', () => {
    const { day, shown, changed } = setUp(12);
    expect(day.setTime(18.5)).toBeNull();
    expect(shown.at(-1)).toBe(18.5);
    expect(changed()).toBe(1);
    expect(day.setTime(Number.NaN)).toMatch(/not a number/);
    expect(day.setTime(-2)).toMatch(/outside/);
    expect(day.hours).toBe(18.5);
    expect(changed()).toBe(1);
  });

  it('what the panel gives that is no time is put back, with a notice', () => {
    const { day, notes, refreshed } = setUp(12);
    day.model.dayMinutes = Number.NaN;
    day.folderHooks.dayMinutesChanged(Number.NaN);
    expect(day.model.dayMinutes).toBe(20);
    expect(refreshed()).toBe(1);
    expect(notes).toEqual(['day length NaN: NaN is not a number of minutes; unchanged']);
    day.folderHooks.hoursChanged(Number.NaN);
    expect(day.hours).toBe(12);
    expect(notes).toHaveLength(2);
    day.folderHooks.hoursChanged(6);
    expect(day.hours).toBe(6);
    day.folderHooks.dayMinutesChanged(2);
    day.frame(30); // a quarter of a 2-minute day
    expect(day.hours).toBeCloseTo(12, 9);
  });
});
