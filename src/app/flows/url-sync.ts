/**
 * Mirrors the view into the address bar with replaceState (no history spam), so a reload
 * or a copied link comes back to the same place. On a timer, not in the frame callback:
 * replaceState measured up to 30 ms while the page renders, and at a low frame rate any
 * per-frame throttle fires every frame. So the address trails the camera by up to
 * one interval; a world change, which a link must never miss, is written at once. (Writing
 * on 'pagehide' does not help a reload: Chromium has already taken the address to reload.)
 */
export interface UrlSyncOptions {
  intervalMs: number;
}

export const DEFAULT_URL_SYNC_OPTIONS: Readonly<UrlSyncOptions> = Object.freeze({ intervalMs: 1000 });

export class UrlSync {
  private readonly options: UrlSyncOptions;
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = '';

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
  }
}
