/**
 * Mirrors the view into the address bar with replaceState (no history spam), so a reload
 * or a copied link comes back to the same place. On a timer, not in the frame callback:
 * replaceState measured up to 30 ms while the page renders, and at a low frame rate a
 * per-frame throttle still ran it every frame. Also written when the page is hidden or
 * left, so a reload a moment after a move still finds the newest view.
 */
export interface UrlSyncOptions {
  intervalMs: number;
}

export const DEFAULT_URL_SYNC_OPTIONS: Readonly<UrlSyncOptions> = Object.freeze({ intervalMs: 1000 });

export class UrlSync {
  private readonly options: UrlSyncOptions;
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = '';
  private readonly onHide = () => this.writeNow();

  /** `query` gives the current `?…` string. */
  constructor(
    private readonly query: () => string,
    options: Partial<UrlSyncOptions> = {},
  ) {
    this.options = { ...DEFAULT_URL_SYNC_OPTIONS, ...options };
  }

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.writeNow(), this.options.intervalMs);
    window.addEventListener('pagehide', this.onHide);
    document.addEventListener('visibilitychange', this.onHide);
  }

  writeNow(): void {
    const url = this.query();
    if (url === this.last) return;
    this.last = url;
    history.replaceState(history.state, '', url);
  }

  dispose(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    window.removeEventListener('pagehide', this.onHide);
    document.removeEventListener('visibilitychange', this.onHide);
  }
}
