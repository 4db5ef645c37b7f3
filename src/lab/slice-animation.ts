/**
 * The 3D/4D animation's frame loop (requestAnimationFrame): asks for a frame of the moving
 * slices when one is due, at most one in flight, only after every static figure is drawn,
 * and only while it plays, is on screen and no measurement runs. The loop stops itself when
 * nothing moves and starts again on `kick()`. A new world always gets one frame, moving or not.
 */
import { SliceClock } from './slice-clock';

export interface SliceAnimationHost {
  /** Seed of the world now. */
  seed(): number;
  /** Every static figure shows the current state. */
  staticSettled(): boolean;
  /** No slice frame is in flight or waiting. */
  sliceSettled(): boolean;
  benchRunning(): boolean;
  requestFrame(seed: number, t: number, now: number): void;
}

export class SliceAnimation {
  private readonly clock = new SliceClock();
  private playing = true;
  private visible = true;
  private frame = 0;
  private disposed = false;
  /** Seed of the slices on screen (null before the first frame) and frames drawn. */
  private shownSeed: number | null = null;
  framesDrawn = 0;

  constructor(private readonly host: SliceAnimationHost) {}

  get isPlaying(): boolean {
    return this.playing;
  }

  setPlaying(playing: boolean): void {
    this.playing = playing;
    this.kick();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.kick();
  }

  /** True once a frame of world `seed` is on screen. */
  shows(seed: number): boolean {
    return this.shownSeed === seed;
  }

  /** Records a frame drawn for `seed`. */
  drawn(seed: number): void {
    this.shownSeed = seed;
    this.framesDrawn++;
  }

  /** Starts the loop if it is idle. */
  kick(): void {
    if (this.disposed || this.frame !== 0) return;
    // Time stood still while the loop was idle.
    this.clock.restart();
    this.frame = requestAnimationFrame((now) => this.step(now));
  }

  private step(now: number): void {
    if (this.disposed) return;
    const host = this.host;
    const moving = this.playing && this.visible && !host.benchRunning();
    this.clock.tick(now, moving);
    const seed = host.seed();
    const wanted = this.shownSeed !== seed || moving;
    if (wanted && host.staticSettled() && host.sliceSettled() && this.clock.frameDue(now)) host.requestFrame(seed, this.clock.t, now);
    // Keep looping while frames are wanted or one is on its way.
    this.frame = wanted || !host.sliceSettled() ? requestAnimationFrame((t) => this.step(t)) : 0;
  }

  /** Stops the loop. Safe to call twice. */
  dispose(): void {
    this.disposed = true;
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}
