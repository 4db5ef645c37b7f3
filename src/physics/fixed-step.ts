/**
 * Turns variable frame times into whole fixed steps (Glenn Fiedler's "Fix Your Timestep"):
 * time accumulates, each whole step is run, the remainder waits for the next frame. Motion
 * then depends only on the number of steps, never on the frame rate, and the remainder as a
 * fraction of a step (alpha) lets the renderer interpolate between the last two states.
 */
export interface FixedStepOptions {
  /** Length of one step in seconds. */
  step: number;
  /**
   * Most time one frame may add. A longer frame (a hidden tab, a debugger pause, a hitch)
   * loses the rest rather than running a burst of steps to catch up, which would make the
   * next frame slower still.
   */
  maxFrameSeconds: number;
}

export const DEFAULT_FIXED_STEP_OPTIONS: Readonly<FixedStepOptions> = Object.freeze({
  step: 1 / 60,
  maxFrameSeconds: 0.25,
});

/**
 * A step runs when the accumulator is this fraction of a step short of it: frame times that
 * add up to whole steps (144 frames of 1/144 s make 60 steps of 1/60 s) must run all of them
 * despite rounding in the sum, so every frame rate sees the same input on the same step.
 */
const STEP_TOLERANCE = 1e-9;

export class FixedStepper {
  readonly options: FixedStepOptions;
  private accumulator = 0;
  private total = 0;

  constructor(options: Partial<FixedStepOptions> = {}) {
    this.options = { ...DEFAULT_FIXED_STEP_OPTIONS, ...options };
    const { step, maxFrameSeconds } = this.options;
    if (!(step > 0) || !Number.isFinite(step)) throw new RangeError(`step must be a positive number of seconds, not ${step}`);
    if (!(maxFrameSeconds >= 0) || !Number.isFinite(maxFrameSeconds)) {
      throw new RangeError(`maxFrameSeconds must be a finite number of seconds, not ${maxFrameSeconds}`);
    }
  }

  /**
   * Adds one frame's time and calls `runStep` once per whole step completed; returns how
   * many ran. A frame time that is NaN or negative counts as 0 and one that is larger than
   * maxFrameSeconds (Infinity included) as maxFrameSeconds.
   */
  advance(frameDt: number, runStep: () => void): number {
    const { step, maxFrameSeconds } = this.options;
    const dt = frameDt > 0 ? Math.min(frameDt, maxFrameSeconds) : 0;
    this.accumulator += dt;
    let steps = 0;
    while (this.accumulator >= step * (1 - STEP_TOLERANCE)) {
      runStep();
      this.accumulator = Math.max(0, this.accumulator - step);
      steps++;
    }
    this.total += steps;
    return steps;
  }

  /** Steps run since construction or the last reset. */
  get stepsTaken(): number {
    return this.total;
  }

  /** How far the time is into the next step, in [0, 1): the weight of the newest state. */
  get alpha(): number {
    return Math.min(1, this.accumulator / this.options.step);
  }

  /** Forgets the waiting remainder and the count. */
  reset(): void {
    this.accumulator = 0;
    this.total = 0;
  }
}
