/**
 * Everything a frame's picture depends on, as a list of numbers. When a frame's list equals
 * the last drawn one, drawing again would give the same pixels, so WorldScene skips it
 * (rendering on demand): a player reading the panel, or standing still on the start screen,
 * costs no GPU time, which on a laptop is battery and on a software renderer is the CPU the
 * workers need. Reporting a change that is none only costs a frame; missing one would leave
 * a stale picture, so the caller lists every input: the camera's matrices, the canvas size,
 * each view's layer and strip, and the revisions of everything drawn.
 */
export class FrameSignature {
  private drawn: number[] = [];
  private next: number[] = [];

  /** Starts this frame's list. */
  begin(): this {
    this.next.length = 0;
    return this;
  }

  add(value: number): this {
    this.next.push(value);
    return this;
  }

  addAll(values: ArrayLike<number>): this {
    for (let i = 0; i < values.length; i++) this.next.push(values[i]!);
    return this;
  }

  /** Whether this frame's list differs from the last one drawn (always true for the first). */
  get changed(): boolean {
    const { drawn, next } = this;
    if (drawn.length !== next.length) return true;
    // Object.is: NaN equals NaN (no endless redraws), and 0 and -0 differ (a camera turned by a hair).
    for (let i = 0; i < next.length; i++) if (!Object.is(drawn[i], next[i])) return true;
    return false;
  }

  /** This frame was drawn: its list is the one the next frames compare with. */
  commit(): void {
    [this.drawn, this.next] = [this.next, this.drawn];
  }

  /** The next frame is drawn whatever its list (the picture was lost, or something outside the list changed). */
  forget(): void {
    this.drawn.length = 0;
  }
}
