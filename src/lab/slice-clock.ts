/**
 * The animation's time: t advances (in lattice cells per second) only while the animation
 * plays, is on screen and no measurement runs, so pausing and scrolling away freeze the
 * picture and the bench never times against a busy draw worker. Frames are asked for at
 * most every MIN_FRAME_MS; the page also keeps at most one in flight.
 */

/** Lattice cells per second that the slice moves through z (and w). */
export const SLICE_SPEED = 0.35;
/** At most ~30 frames per second: smooth enough, and a third of a core at most. */
export const MIN_FRAME_MS = 33;

export class SliceClock {
  /** Current animation time in lattice cells. */
  t = 0;
  private last: number | null = null;
  private lastFrameAt = -Infinity;

  /** Advances t to `now` (ms) if `running`; otherwise only remembers `now`. */
  tick(now: number, running: boolean): void {
    if (running && this.last !== null) this.t += ((now - this.last) / 1000) * SLICE_SPEED;
    this.last = now;
  }

  /** Forgets the last tick: the next one starts the clock again without a jump. */
  restart(): void {
    this.last = null;
  }

  /** Whether a new frame is due at `now`; if so, records it as asked for. */
  frameDue(now: number): boolean {
    if (now - this.lastFrameAt < MIN_FRAME_MS) return false;
    this.lastFrameAt = now;
    return true;
  }
}
