/**
 * When a footstep sounds: once per stride of ground walked, by distance rather than by time
 * or frame, so standing still is silent, a sprint steps faster, and a slow frame rate does not
 * change the rhythm. Pure (the caller passes the distance of each frame), so Node tests it.
 */

export interface FootstepOptions {
  /** Blocks walked per step. */
  stride: number;
  /** A move shorter than this in a frame (a body settling) walks nowhere. */
  minMove: number;
  /** A move longer than this in a frame is a teleport, not a walk: no step. */
  maxMove: number;
}

export const DEFAULT_FOOTSTEP_OPTIONS: Readonly<FootstepOptions> = Object.freeze({ stride: 1.6, minMove: 1e-4, maxMove: 2 });

export class FootstepCadence {
  readonly options: FootstepOptions;
  /** Blocks walked since the last step. */
  private walked = 0;

  constructor(options: Partial<FootstepOptions> = {}) {
    this.options = { ...DEFAULT_FOOTSTEP_OPTIONS, ...options };
  }

  /**
   * One frame: the body moved `distance` blocks horizontally, `walking` on the ground (not
   * flying, falling or swimming). True when a step sounds now. Leaving the ground forgets the
   * stride walked, so the first step after landing comes half a stride in, not at once.
   */
  advance(distance: number, walking: boolean): boolean {
    if (!walking || !Number.isFinite(distance) || distance > this.options.maxMove) {
      this.walked = this.options.stride / 2;
      return false;
    }
    if (distance < this.options.minMove) return false;
    this.walked += distance;
    if (this.walked < this.options.stride) return false;
    // One step per frame at most, whatever the distance (a long frame is no run of steps).
    this.walked = Math.min(this.walked - this.options.stride, this.options.stride / 2);
    return true;
  }
}
