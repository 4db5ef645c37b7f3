/**
 * Reports when the browser takes the WebGL context away and gives it back. three.js's
 * renderer handles the GL side itself (it prevents the default on loss, so the context can
 * be restored, and on restore rebuilds its state and uploads every buffer and texture again
 * from the arrays it keeps); the game only has to stop drawing in between and tell the player.
 */
export interface ContextWatchEvents {
  lost(): void;
  restored(): void;
}

export class ContextWatch {
  private disposed = false;
  private readonly onLost = (event: Event) => {
    // three.js does this too; doing it here as well keeps restoring possible whatever the order.
    event.preventDefault();
    this.events.lost();
  };
  private readonly onRestored = () => this.events.restored();

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly events: ContextWatchEvents,
  ) {
    canvas.addEventListener('webglcontextlost', this.onLost);
    canvas.addEventListener('webglcontextrestored', this.onRestored);
  }

  /** Stops listening. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
  }
}
