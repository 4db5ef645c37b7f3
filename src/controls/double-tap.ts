/**
 * A key pressed twice in quick succession, as Minecraft's creative mode reads a double tap of
 * Space (fly on, fly off). Key repeat is not a tap: the caller passes only fresh presses.
 * Times are the events' own timestamps, so this reads no clock and tests can feed any.
 */
export const DOUBLE_TAP_MS = 300;

export class DoubleTap {
  private last = -Infinity;

  constructor(private readonly windowMs = DOUBLE_TAP_MS) {}

  /** A fresh press at `time` (ms); true when it completes a double tap (a third press starts over). */
  press(time: number): boolean {
    if (time - this.last <= this.windowMs) {
      this.last = -Infinity;
      return true;
    }
    this.last = time;
    return false;
  }

  reset(): void {
    this.last = -Infinity;
  }
}
