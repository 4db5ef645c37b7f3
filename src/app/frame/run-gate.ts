/**
 * Whether the game runs frames. Two things stop it without the player asking: a hidden tab
 * (drawing and streaming for nobody would only burn battery and the workers' time) and a
 * lost WebGL context (nothing can be drawn until the browser gives it back). Either may
 * happen during the other; the game runs again only when both are over, at once.
 */
export type PauseReason = 'hidden' | 'context-lost';

export interface RunGateEvents {
  /** The first reason to pause arrived. */
  paused(reasons: ReadonlySet<PauseReason>): void;
  /** The last reason went away. */
  resumed(): void;
}

export class RunGate {
  private readonly reasons = new Set<PauseReason>();

  constructor(private readonly events: RunGateEvents) {}

  get running(): boolean {
    return this.reasons.size === 0;
  }

  has(reason: PauseReason): boolean {
    return this.reasons.has(reason);
  }

  set(reason: PauseReason, paused: boolean): void {
    const wasRunning = this.running;
    if (paused) this.reasons.add(reason);
    else this.reasons.delete(reason);
    if (wasRunning && !this.running) this.events.paused(this.reasons);
    else if (!wasRunning && this.running) this.events.resumed();
  }
}
