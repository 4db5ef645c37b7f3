/**
 * Whether this is a touch device, for what the game shows (touch controls, their help, bigger
 * targets). A coarse primary pointer says so from the start; on a laptop with a touch screen
 * (fine primary pointer), the first touch anywhere says so. Once touch, it stays touch for the
 * page's life: the player has shown they use it, and the mouse keeps working as well.
 */
export class TouchDetect {
  private connected = false;
  private touch = false;
  private readonly query: MediaQueryList | null;
  private readonly onQueryChange = () => {
    if (this.query?.matches) this.found();
  };
  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch') this.found();
  };

  constructor(
    private readonly win: Window,
    private readonly changed: (touch: boolean) => void,
  ) {
    this.query = typeof win.matchMedia === 'function' ? win.matchMedia('(pointer: coarse)') : null;
  }

  get isTouch(): boolean {
    return this.touch;
  }

  /** Starts listening; reports at once if the device is already known to be touch. */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.query?.addEventListener('change', this.onQueryChange);
    // Capture: the first touch counts wherever it lands, even on UI that stops its propagation.
    this.win.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    if (this.query?.matches) this.found();
  }

  dispose(): void {
    if (!this.connected) return;
    this.connected = false;
    this.query?.removeEventListener('change', this.onQueryChange);
    this.win.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
  }

  private found(): void {
    if (this.touch) return;
    this.touch = true;
    this.changed(true);
  }
}
