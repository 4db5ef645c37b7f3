/**
 * Mouse capture for first-person look. Tells its owner when the lock is gained or lost
 * (Esc, focus loss) and when the browser refuses it.
 *
 * A refusal (Chrome refuses a click within about a second of leaving with Esc) arrives
 * asynchronously, as a 'pointerlockerror' event and in Chrome also as a rejected promise,
 * never as an exception from the request. So refusals are reported from the event alone,
 * and the promise is caught so it is not an unhandled rejection.
 */
export interface PointerLockEvents {
  changed(locked: boolean): void;
  refused(): void;
}

export class PointerLock {
  private connected = false;
  private readonly onChange = () => this.events.changed(this.isLocked);
  private readonly onError = () => this.events.refused();

  constructor(
    private readonly element: HTMLElement,
    private readonly events: PointerLockEvents,
  ) {}

  get isLocked(): boolean {
    return this.element.ownerDocument.pointerLockElement === this.element;
  }

  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.element.ownerDocument.addEventListener('pointerlockchange', this.onChange);
    this.element.ownerDocument.addEventListener('pointerlockerror', this.onError);
  }

  request(): void {
    try {
      const request: unknown = this.element.requestPointerLock();
      if (request instanceof Promise) request.catch(() => undefined);
    } catch {
      this.events.refused();
    }
  }

  release(): void {
    if (this.isLocked) this.element.ownerDocument.exitPointerLock();
  }

  dispose(): void {
    if (!this.connected) return;
    this.connected = false;
    this.element.ownerDocument.removeEventListener('pointerlockchange', this.onChange);
    this.element.ownerDocument.removeEventListener('pointerlockerror', this.onError);
    this.release();
  }
}
