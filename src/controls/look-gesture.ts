/**
 * One finger on the look side of a touch screen: a drag turns the view, a tap breaks the
 * block under the crosshair, and holding still places one when the charge completes. Pure,
 * driven by positions and times, so the rules are tested in Node; the DOM layer feeds it
 * pointer events and a timer.
 *
 * Until the finger moves past the slop it may still be a tap or a press, so the view does not
 * turn; once past, the whole way it travelled turns the view at once, so no motion is lost.
 */
export interface LookGestureOptions {
  /** How far, in CSS pixels, a finger may wander and still tap or press. */
  slopPx: number;
  /** How long a still finger charges before it places a block. */
  longPressMs: number;
}

export const DEFAULT_LOOK_GESTURE_OPTIONS: Readonly<LookGestureOptions> = Object.freeze({
  slopPx: 10,
  longPressMs: 450,
});

export type LookGestureEvent =
  | { kind: 'look'; dx: number; dy: number }
  /** Lifted before the charge completed, without dragging: break. */
  | { kind: 'tap' }
  /** The charge completed with the finger still down and still: place. */
  | { kind: 'long-press' }
  /** The charge stopped without placing (a drag began, or the finger lifted). */
  | { kind: 'charge-cancel' };

type Phase = 'charging' | 'dragging' | 'done';

export class LookGesture {
  private phase: Phase = 'charging';
  private readonly startX: number;
  private readonly startY: number;
  private lastX: number;
  private lastY: number;

  constructor(
    x: number,
    y: number,
    private readonly startTime: number,
    private readonly options: LookGestureOptions = DEFAULT_LOOK_GESTURE_OPTIONS,
  ) {
    this.startX = this.lastX = x;
    this.startY = this.lastY = y;
  }

  /** Whether the charge ring should be showing. */
  get charging(): boolean {
    return this.phase === 'charging';
  }

  /** When the charge completes, for the caller's timer. */
  get chargeEndsAt(): number {
    return this.startTime + this.options.longPressMs;
  }

  move(x: number, y: number): LookGestureEvent[] {
    if (this.phase === 'charging') {
      if (Math.hypot(x - this.startX, y - this.startY) <= this.options.slopPx) return [];
      this.phase = 'dragging';
      return [{ kind: 'charge-cancel' }, this.lookTo(x, y)];
    }
    return [this.lookTo(x, y)];
  }

  /** The timer fired (or any later moment): a still finger places once. */
  expire(now: number): LookGestureEvent[] {
    if (this.phase !== 'charging' || now < this.chargeEndsAt) return [];
    // After placing, the finger may still drag to look, but lifting it does not also break.
    this.phase = 'done';
    return [{ kind: 'long-press' }];
  }

  up(now: number): LookGestureEvent[] {
    if (this.phase !== 'charging') return [];
    const events = this.expire(now);
    if (events.length > 0) return events;
    this.phase = 'done';
    return [{ kind: 'charge-cancel' }, { kind: 'tap' }];
  }

  /** The browser took the touch away (a system gesture): nothing happens. */
  cancel(): LookGestureEvent[] {
    const wasCharging = this.phase === 'charging';
    this.phase = 'done';
    return wasCharging ? [{ kind: 'charge-cancel' }] : [];
  }

  private lookTo(x: number, y: number): LookGestureEvent {
    const event: LookGestureEvent = { kind: 'look', dx: x - this.lastX, dy: y - this.lastY };
    this.lastX = x;
    this.lastY = y;
    if (this.phase === 'done') this.phase = 'dragging';
    return event;
  }
}
