/**
 * One frame's allowance for applying worker results: a deadline (apply-budget.ts) and bytes
 * to upload (upload-budget.ts), spent in turn by the loaders that apply in the frame
 * (columns first, they are near; then far regions). A loader always applies its first
 * result of a frame, whatever it costs, so a slow device and a huge mesh still progress.
 */
export class FrameBudget {
  private readonly deadline: number;
  private bytesLeft: number;

  constructor(
    private readonly now: () => number,
    ms: number,
    bytes: number,
  ) {
    this.deadline = now() + ms;
    this.bytesLeft = bytes;
  }

  /** Whether a result uploading `bytes` may still be applied in this frame. */
  fits(bytes: number): boolean {
    return bytes <= this.bytesLeft && this.now() <= this.deadline;
  }

  /** A result uploading `bytes` was applied. */
  spend(bytes: number): void {
    this.bytesLeft -= bytes;
  }

  /** Bytes this frame may still upload (negative once a first result overdrew it). */
  get bytesRemaining(): number {
    return this.bytesLeft;
  }
}
