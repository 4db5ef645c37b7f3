/**
 * The game's time of day: the day's clock (render/time-of-day.ts), advanced every frame by the
 * real seconds that passed, shown by the scene (sky, fog, light: render/day-sky.ts) and by the
 * panel's Time folder, and set from the folder, the link (`time=`) and the test API. Values
 * that are no time change nothing; the player is told why. It knows the folder only as a view
 * (`attach`), so Node tests drive it with a stand-in.
 */
import { DAY_MINUTES_RANGE, DayClock } from '../../render/time-of-day';
import type { TimeFolderHooks, TimeFolderModel, TimeFolderOptions } from '../../ui';

export interface DayCycleHost {
  scene: { setTimeOfDay(hours: number): void };
  notify(text: string, kind: 'info' | 'warning'): void;
  /** The hour was set (not just moved on): the link follows at once. */
  changed(): void;
}

/** What shows the clock: the panel's Time folder. */
export interface DayCycleView {
  /** The clock moved on (the model's hour with it): the hour slider follows. */
  showHours(): void;
  /** The whole model changed (a value refused, the clock stopped from elsewhere). */
  refresh(): void;
}

/**
 * The scene is given whole game minutes: the sky then changes, and a still view is drawn
 * again, about once a real second at the default day length rather than every frame, with
 * steps no eye follows (the sun moves a quarter of a degree).
 */
export const STEPS_PER_HOUR = 60;

export class DayCycle {
  /** What the folder edits. */
  readonly model: TimeFolderModel;
  /** The folder's options and what its controls do. */
  readonly folderOptions: TimeFolderOptions = { dayMinutes: DAY_MINUTES_RANGE };
  readonly folderHooks: TimeFolderHooks = {
    hoursChanged: (h) => {
      const problem = this.clock.setHours(h);
      if (problem === null) this.chosen = this.clock.hours;
      this.fromPanel(problem, `time of day ${String(h)}`);
    },
    dayMinutesChanged: (m) => this.fromPanel(this.clock.setDayMinutes(m), `day length ${String(m)}`),
    pausedChanged: (on) => {
      this.clock.paused = on === true;
      this.host.changed();
    },
  };
  private readonly clock: DayClock;
  /**
   * The hour the player chose (the URL's, the folder's, setTime's; undefined: none): what a
   * link carries. The running clock is not written into the address every few seconds: the
   * address would never rest, and a link opens at the hour that was chosen.
   */
  private chosen: number | undefined;
  private view: DayCycleView | null = null;
  /** The hour the view shows, in hundredths. */
  private shown = Number.NaN;

  /** `start`: the link's hour, and whether its clock stands still (`clock=stopped`). */
  constructor(private readonly host: DayCycleHost, start: { hours?: number; stopped?: boolean }) {
    this.clock = new DayClock(start.hours === undefined ? {} : { hours: start.hours });
    this.clock.paused = start.stopped === true;
    this.chosen = start.hours === undefined ? undefined : this.clock.hours;
    this.model = { hours: this.clock.hours, dayMinutes: this.clock.dayMinutes, paused: this.clock.paused };
    this.show();
  }

  /** The view that shows the clock from now on. */
  attach(view: DayCycleView): void {
    this.view = view;
    this.shown = Number.NaN;
    this.show();
  }

  /** 0..24, 12 is noon. */
  get hours(): number {
    return this.clock.hours;
  }

  get paused(): boolean {
    return this.clock.paused;
  }

  /**
   * The hour a link carries: the one the player chose, or undefined; while the clock stands
   * still, the hour it stands at (the link also says it is stopped), so the link shows what
   * the player sees.
   */
  get linkHours(): number | undefined {
    return this.clock.paused ? this.clock.hours : this.chosen;
  }

  /** A frame `dt` real seconds after the last: the clock moves on (unless stopped) and the view follows. */
  frame(dt: number): void {
    this.clock.advance(dt);
    this.show();
  }

  /** Sets the hour (0..24); returns why it was refused (nothing changed then), or null. */
  setTime(hours: number): string | null {
    const problem = this.clock.setHours(hours);
    if (problem !== null) return problem;
    this.chosen = this.clock.hours;
    this.show();
    this.host.changed();
    return null;
  }

  /** Stops or restarts the clock, the folder's box and the link following. */
  setPaused(on: boolean): void {
    this.clock.paused = on;
    this.model.paused = on;
    this.view?.refresh();
    this.host.changed();
  }

  private fromPanel(problem: string | null, what: string): void {
    if (problem !== null) {
      this.model.dayMinutes = this.clock.dayMinutes;
      this.model.hours = this.clock.hours;
      this.view?.refresh();
      this.host.notify(`${what}: ${problem}; unchanged`, 'warning');
      return;
    }
    this.show();
    this.host.changed();
  }

  private show(): void {
    const h = this.clock.hours;
    this.host.scene.setTimeOfDay(Math.round(h * STEPS_PER_HOUR) / STEPS_PER_HOUR);
    const hundredths = Math.round(h * 100);
    if (hundredths === this.shown || this.view === null) return;
    this.shown = hundredths;
    this.model.hours = hundredths / 100;
    this.view.showHours();
  }
}
