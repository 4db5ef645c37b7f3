/**
 * The game's fullscreen button: the whole page fullscreen (so the HUD, hotbar and touch
 * controls come along), and on a phone turned to landscape where the browser allows it. F11
 * is the browser's own and needs nothing here. Tells its owner when fullscreen starts or ends,
 * however it ends (Esc, a system gesture), so buttons show the right state.
 */
export interface FullscreenHooks {
  changed(on: boolean): void;
  /** Fullscreen could not start; say why, and what to do instead. */
  refused(message: string): void;
}

export const NO_FULLSCREEN_MESSAGE =
  'This browser does not offer fullscreen to pages. On an iPhone, add the game to the Home Screen (Share → Add to Home Screen): it then opens without the browser bars.';

export class Fullscreen {
  private connected = false;
  private readonly onChange = () => this.hooks.changed(this.active);

  constructor(
    private readonly doc: Document,
    private readonly hooks: FullscreenHooks,
  ) {}

  get active(): boolean {
    return this.doc.fullscreenElement !== null && this.doc.fullscreenElement !== undefined;
  }

  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.doc.addEventListener('fullscreenchange', this.onChange);
  }

  /** Enters fullscreen (turning a phone to landscape when `landscape`), or leaves it. */
  async toggle(landscape: boolean): Promise<void> {
    if (this.active) {
      await this.doc.exitFullscreen().catch(() => undefined);
      return;
    }
    const root = this.doc.documentElement;
    if (!this.doc.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      this.hooks.refused(NO_FULLSCREEN_MESSAGE);
      return;
    }
    try {
      await root.requestFullscreen({ navigationUI: 'hide' });
    } catch (err) {
      this.hooks.refused(`The browser refused fullscreen${err instanceof Error && err.message ? ` (${err.message})` : ''}. F11 works on most computers.`);
      return;
    }
    if (landscape) await lockLandscape(this.doc);
  }

  dispose(): void {
    if (!this.connected) return;
    this.connected = false;
    this.doc.removeEventListener('fullscreenchange', this.onChange);
  }
}

/** Phones that allow it turn to landscape; elsewhere (desktops, iOS) the request fails, which is fine. */
async function lockLandscape(doc: Document): Promise<void> {
  const orientation = doc.defaultView?.screen.orientation as (ScreenOrientation & { lock?: (o: string) => Promise<void> }) | undefined;
  if (!orientation?.lock) return;
  await orientation.lock('landscape').catch(() => undefined);
}
