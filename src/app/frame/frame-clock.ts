/**
 * Frame timing from real timestamps: the time step the game advances by, and the frame
 * rate the HUD shows. A slow device gets true, large steps (3 s of holding W at 24 blocks/s
 * covers 72 blocks whatever the frame rate); only a long gap, such as a hidden tab or a
 * debugger pause, is capped, so the world does not leap when the player comes back.
 */
export interface FrameClockOptions {
  /** Longest step in seconds; a longer gap counts as a pause. */
  maxStepSeconds: number;
  /** The frame rate is frames per second over this many recent milliseconds. */
  fpsWindowMs: number;
}

export const DEFAULT_FRAME_CLOCK_OPTIONS: Readonly<FrameClockOptions> = Object.freeze({
  maxStepSeconds: 1,
  fpsWindowMs: 1000,
});

/** Enough stamps for the fps window at 240 Hz. */
const STAMPS = 256;

export class FrameClock {
  private readonly options: FrameClockOptions;
  private readonly stamps = new Float64Array(STAMPS);
  private count = 0;
  private next = 0;
  private last: number | null = null;

  constructor(options: Partial<FrameClockOptions> = {}) {
    this.options = { ...DEFAULT_FRAME_CLOCK_OPTIONS, ...options };
  }

  /** Records a frame at `now` (ms) and returns the step since the last one, in seconds. */
  tick(now: number): number {
    if (!Number.isFinite(now)) return 0;
    const previous = this.last;
    this.last = now;
    if (previous !== null && now - previous > this.options.maxStepSeconds * 1000) this.count = 0; // a pause: start the fps window over
    this.stamps[this.next] = now;
    this.next = (this.next + 1) % STAMPS;
    this.count = Math.min(STAMPS, this.count + 1);
    if (previous === null) return 0;
    return Math.min(this.options.maxStepSeconds, Math.max(0, (now - previous) / 1000));
  }

  /** Forgets the last frame: after a pause the next frame is a first one (step 0), however long the pause. */
  reset(): void {
    this.last = null;
    this.count = 0;
  }

  /**
   * Frames per second over the recent window: (frames - 1) / time they span. Below one
   * frame per window it is the rate of the last frame alone. 0 before two frames.
   */
  get fps(): number {
    if (this.count < 2 || this.last === null) return 0;
    const newest = this.last;
    let frames = 1;
    let oldest = newest;
    for (let i = 1; i < this.count; i++) {
      const t = this.stamps[(this.next - 1 - i + STAMPS) % STAMPS]!;
      if (newest - t > this.options.fpsWindowMs && frames > 1) break;
      oldest = t;
      frames++;
    }
    const span = newest - oldest;
    return span > 0 ? ((frames - 1) * 1000) / span : 0;
  }
}
