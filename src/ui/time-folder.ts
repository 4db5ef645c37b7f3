/**
 * The panel's "Time" folder: the time of day (a slider over 0..24 hours, live while dragged),
 * how many real minutes a day lasts, and a box that stops the clock. It edits a plain model
 * and says what the player changed; the game checks and applies it (app/frame/day-cycle.ts)
 * and moves the slider as the day goes by (`showHours`).
 */
import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';

export interface TimeFolderModel {
  /** 0..24, 12 is noon. */
  hours: number;
  /** Real minutes per day. */
  dayMinutes: number;
  paused: boolean;
}

export interface TimeFolderHooks {
  /** The player moved the time slider or typed an hour (check it: it may be no number). */
  hoursChanged(hours: number): void;
  dayMinutesChanged(minutes: number): void;
  pausedChanged(paused: boolean): void;
}

export interface TimeFolderOptions {
  dayMinutes: { min: number; max: number };
}

export class TimeFolder {
  readonly folder: GUI;
  private readonly hours: Controller;
  private readonly controllers: Controller[];
  private disposed = false;

  constructor(parent: GUI, model: TimeFolderModel, options: TimeFolderOptions, hooks: TimeFolderHooks) {
    this.folder = parent.addFolder('Time');
    this.hours = this.folder
      .add(model, 'hours', 0, 24, 0.05)
      .decimals(2)
      .name('time of day (hours, 12 = noon)')
      .onChange((h: number) => hooks.hoursChanged(h));
    this.controllers = [
      this.hours,
      this.folder
        .add(model, 'dayMinutes', options.dayMinutes.min, options.dayMinutes.max, 1)
        .name('day length (real minutes)')
        .onFinishChange((m: number) => hooks.dayMinutesChanged(m)),
      this.folder
        .add(model, 'paused')
        .name('stop the clock')
        .onChange((on: boolean) => hooks.pausedChanged(on)),
    ];
    // Folded at first, as the Settings folder is: the world's folders come first.
    this.folder.close();
  }

  /** Re-reads the whole model (after a value was refused or changed from outside). */
  refresh(): void {
    for (const c of this.controllers) c.updateDisplay();
  }

  /** The clock moved (the model's hour with it): only the slider follows (lil-gui leaves a field being typed in alone). */
  showHours(): void {
    this.hours.updateDisplay();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.folder.destroy();
  }
}
