/**
 * The time of day as numbers, with no three.js and no clock: hours 0..24 (12 is noon, 0
 * midnight), where the sun and the moon are at a given hour, and the day's clock, which the
 * frame loop advances by the real seconds that passed (docs/architecture.md §7, "Day and
 * night"). Display only, never an input to generation, so Math.sin and Math.cos are fine here.
 */

export const HOURS_PER_DAY = 24;

/** A day's length in real minutes: the panel's range. */
export const DAY_MINUTES_RANGE = Object.freeze({ min: 1, max: 120 });

export interface DayClockOptions {
  /** Hour the game starts at: mid-morning, so the first minutes look as the game always has. */
  hours: number;
  /** Real minutes per 24-hour day. */
  dayMinutes: number;
  paused: boolean;
}

export const DEFAULT_DAY_CLOCK: Readonly<DayClockOptions> = Object.freeze({ hours: 10, dayMinutes: 20, paused: false });

/**
 * How far the sun's path leans toward +z (south), in radians: at noon it is not straight
 * overhead, so side faces keep some sun all day and the east and west walls tell apart.
 */
export const SUN_PATH_TILT = (20 * Math.PI) / 180;

/** Any finite hour folded into [0, 24). */
export function wrapHours(hours: number): number {
  const h = hours % HOURS_PER_DAY;
  return h < 0 ? h + HOURS_PER_DAY : h;
}

/**
 * Why `value` is no hour of the day (a finite number in 0..24; 24 is the next midnight), or
 * null when it is one.
 */
export function hoursProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${String(value)} is not a number of hours`;
  if (value < 0 || value > HOURS_PER_DAY) return `${value} is outside 0..24 hours`;
  return null;
}

export interface Direction {
  x: number;
  y: number;
  z: number;
}

/**
 * The unit direction toward the sun at `hours`: rising in the east (+x) at 6, highest at noon,
 * setting in the west (−x) at 18, below the horizon through the night (straight down at
 * midnight, up to the tilt). The moon is opposite (`moonDirection`).
 */
export function sunDirection(hours: number, out: Direction = { x: 0, y: 0, z: 0 }): Direction {
  const angle = ((hours - 6) / HOURS_PER_DAY) * 2 * Math.PI;
  const up = Math.sin(angle);
  out.x = Math.cos(angle);
  out.y = up * Math.cos(SUN_PATH_TILT);
  out.z = up * Math.sin(SUN_PATH_TILT);
  return out;
}

/** The moon, opposite the sun: up all night, highest at midnight. */
export function moonDirection(hours: number, out: Direction = { x: 0, y: 0, z: 0 }): Direction {
  sunDirection(hours, out);
  out.x = -out.x;
  out.y = -out.y;
  out.z = -out.z;
  return out;
}

/**
 * The day's clock: the hour, how many real minutes a day lasts, and whether time stands still.
 * Setters refuse what is no valid value (returning why) and change nothing then.
 */
export class DayClock {
  private h: number;
  private minutes: number;
  paused: boolean;

  constructor(options: Partial<DayClockOptions> = {}) {
    const o = { ...DEFAULT_DAY_CLOCK, ...options };
    this.h = hoursProblem(o.hours) === null ? wrapHours(o.hours) : DEFAULT_DAY_CLOCK.hours;
    this.minutes = dayMinutesProblem(o.dayMinutes) === null ? o.dayMinutes : DEFAULT_DAY_CLOCK.dayMinutes;
    this.paused = o.paused === true;
  }

  get hours(): number {
    return this.h;
  }

  get dayMinutes(): number {
    return this.minutes;
  }

  /** The clock moves on by `seconds` of real time (nothing while paused, or for a step that is no time). */
  advance(seconds: number): void {
    if (this.paused || !(seconds > 0) || !Number.isFinite(seconds)) return;
    this.h = wrapHours(this.h + (seconds * HOURS_PER_DAY) / (this.minutes * 60));
  }

  setHours(hours: number): string | null {
    const problem = hoursProblem(hours);
    if (problem === null) this.h = wrapHours(hours);
    return problem;
  }

  setDayMinutes(minutes: number): string | null {
    const problem = dayMinutesProblem(minutes);
    if (problem === null) this.minutes = minutes;
    return problem;
  }
}

/** Why `value` is no day length in real minutes (DAY_MINUTES_RANGE), or null. */
export function dayMinutesProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${String(value)} is not a number of minutes`;
  if (value < DAY_MINUTES_RANGE.min || value > DAY_MINUTES_RANGE.max) return `${value} is outside ${DAY_MINUTES_RANGE.min}..${DAY_MINUTES_RANGE.max} minutes`;
  return null;
}
