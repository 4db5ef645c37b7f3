/**
 * The game's requestAnimationFrame loop: one pending frame at most, whatever order start and
 * stop come in (a pause, a restored context, dispose). The next frame is requested before the
 * callback runs, so a callback that throws does not stop the game.
 */
export class FrameLoop {
  private handle = 0;
  private running = false;

  constructor(private readonly callback: (now: number) => void) {}

  start(): void {
    cancelAnimationFrame(this.handle);
    this.running = true;
    this.handle = requestAnimationFrame(this.step);
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.handle);
  }

  private readonly step = (now: number): void => {
    if (!this.running) return;
    this.handle = requestAnimationFrame(this.step);
    this.callback(now);
  };
}
