/**
 * The page's part in sound: the first user gesture (a click, a key, a touch) starts the bus,
 * since browsers let a page make sound only after one, and the page's visibility silences it
 * while the tab is hidden. Listens in the capture phase, so a gesture another handler stops
 * (the panel, pointer lock) still counts.
 */
import type { SoundBus } from './sound-bus';

/** Events browsers count as user activation (touchstart is not one; touchend is). */
const GESTURES = ['pointerdown', 'pointerup', 'keydown', 'touchend', 'click'] as const;
/**
 * Where a gesture starts no sound: the update prompt, whose buttons reload the page or put the
 * prompt away. Audio started by "Reload now" would only be torn down by the reload, and under
 * load headless Chromium was measured to hold the new version's hand-over past 30 s when an
 * audio context started in that same click (the e2e update test, run beside other files).
 */
const SILENT_AREAS = '.update-prompt';

export class PageAudio {
  private listening = false;
  private disposed = false;
  private readonly onGesture = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(SILENT_AREAS)) return;
    void this.bus.start().then((running) => {
      if (running || this.bus.givenUp) this.stopListening();
      this.started();
    });
  };
  private readonly onVisibility = () => this.bus.setHidden(document.visibilityState === 'hidden');

  constructor(
    private readonly bus: SoundBus,
    /** The bus may have started (or tried to): the caller starts what plays continuously. */
    private readonly started: () => void,
  ) {
    for (const type of GESTURES) window.addEventListener(type, this.onGesture, { capture: true });
    this.listening = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.onVisibility();
  }

  private stopListening(): void {
    if (!this.listening) return;
    this.listening = false;
    for (const type of GESTURES) window.removeEventListener(type, this.onGesture, { capture: true });
  }

  /** Removes the listeners. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopListening();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }
}
