/**
 * Touches on the touch controls' layer, read as a game pad: a finger landing on the left half
 * works the joystick (its base jumps under the thumb), one on the right half looks around,
 * taps to break and holds to place (look-gesture). Connected and disconnected as one, like
 * GameInput. Each side follows one finger at a time, so the thumbs never steal each other's
 * touches; the layer captures each pointer, so a thumb sliding across the middle keeps its role.
 *
 * Mouse presses on the layer count as touches too: a device with both can play either way.
 */
import type { TouchControls } from '../../ui';
import { DEFAULT_LOOK_GESTURE_OPTIONS, LookGesture, type LookGestureEvent, type LookGestureOptions } from '../../controls/look-gesture';
import type { MoveAction } from '../../controls/key-bindings';
import { DEFAULT_STICK_OPTIONS, readStick, type StickOptions } from '../../controls/touch-stick';

/** What the touches move: the player controller. */
export interface TouchMovementControls {
  setStick(ahead: number, side: number): void;
  setHeld(action: MoveAction, down: boolean): void;
  look(dxPixels: number, dyPixels: number, source: 'mouse' | 'touch'): void;
}

export interface TouchEditActions {
  breakBlock(): void;
  placeBlock(): void;
}

export interface TouchInputOptions {
  stick: StickOptions;
  look: LookGestureOptions;
}

export const DEFAULT_TOUCH_INPUT_OPTIONS: Readonly<TouchInputOptions> = Object.freeze({
  stick: DEFAULT_STICK_OPTIONS,
  look: DEFAULT_LOOK_GESTURE_OPTIONS,
});

interface StickTouch {
  pointerId: number;
  x: number;
  y: number;
}

interface LookTouch {
  pointerId: number;
  gesture: LookGesture;
  timer: ReturnType<typeof setTimeout>;
}

export class TouchInput {
  private connected = false;
  private stickTouch: StickTouch | null = null;
  private lookTouch: LookTouch | null = null;
  private sprinting = false;

  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.target !== this.view.element) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    this.dropLostTouches();
    const layer = this.view.element.getBoundingClientRect();
    const leftHalf = e.clientX < layer.left + layer.width / 2;
    if (leftHalf && !this.stickTouch) {
      this.stickTouch = { pointerId: e.pointerId, x: e.clientX, y: e.clientY };
      this.view.stickAt(e.clientX, e.clientY);
      this.capture(e.pointerId);
    } else if (!leftHalf && !this.lookTouch) {
      const gesture = new LookGesture(e.clientX, e.clientY, e.timeStamp, this.options.look);
      const timer = setTimeout(() => this.lookEvents(gesture.expire(performance.now())), Math.max(0, gesture.chargeEndsAt - e.timeStamp));
      this.lookTouch = { pointerId: e.pointerId, gesture, timer };
      this.view.showCharge(e.clientX, e.clientY, this.options.look.longPressMs);
      this.capture(e.pointerId);
    }
  };

  private readonly onPointerMove = (e: PointerEvent) => {
    if (this.stickTouch?.pointerId === e.pointerId) {
      const reading = readStick(e.clientX - this.stickTouch.x, e.clientY - this.stickTouch.y, this.options.stick);
      this.controls.setStick(reading.ahead, reading.side);
      this.setSprint(reading.sprint);
      this.view.knobAt(reading.knobX, reading.knobY, reading.sprint);
    } else if (this.lookTouch?.pointerId === e.pointerId) {
      this.lookEvents(this.lookTouch.gesture.move(e.clientX, e.clientY));
    }
  };

  private readonly onPointerUp = (e: PointerEvent) => this.end(e.pointerId, (gesture) => gesture.up(e.timeStamp));
  private readonly onPointerCancel = (e: PointerEvent) => this.end(e.pointerId, (gesture) => gesture.cancel());

  private readonly listeners: readonly ['pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel', (e: PointerEvent) => void][] = [
    ['pointerdown', this.onPointerDown],
    ['pointermove', this.onPointerMove],
    ['pointerup', this.onPointerUp],
    ['pointercancel', this.onPointerCancel],
  ];

  constructor(
    private readonly view: TouchControls,
    private readonly controls: TouchMovementControls,
    private readonly actions: TouchEditActions,
    private readonly options: TouchInputOptions = DEFAULT_TOUCH_INPUT_OPTIONS,
  ) {}

  connect(): void {
    if (this.connected) return;
    this.connected = true;
    for (const [type, handler] of this.listeners) this.view.element.addEventListener(type, handler);
  }

  /** Lets go of both thumbs (paused, hidden tab): nothing keeps moving, nothing gets placed. */
  releaseAll(): void {
    if (this.stickTouch) this.end(this.stickTouch.pointerId, () => []);
    if (this.lookTouch) this.end(this.lookTouch.pointerId, (gesture) => gesture.cancel());
  }

  dispose(): void {
    if (!this.connected) return;
    this.releaseAll();
    this.connected = false;
    for (const [type, handler] of this.listeners) this.view.element.removeEventListener(type, handler);
  }

  /**
   * A thumb whose lift never arrived (the app switcher took it) would hold its side forever:
   * a pointer the layer no longer has captured is gone, so its touch ends here.
   */
  private dropLostTouches(): void {
    const layer = this.view.element;
    if (this.stickTouch && !layer.hasPointerCapture(this.stickTouch.pointerId)) this.end(this.stickTouch.pointerId, () => []);
    if (this.lookTouch && !layer.hasPointerCapture(this.lookTouch.pointerId)) this.end(this.lookTouch.pointerId, (gesture) => gesture.cancel());
  }

  private capture(pointerId: number): void {
    try {
      this.view.element.setPointerCapture(pointerId);
    } catch {
      // The pointer is already gone (lifted in the same task): its up event ends the touch.
    }
  }

  private end(pointerId: number, finish: (gesture: LookGesture) => LookGestureEvent[]): void {
    if (this.stickTouch?.pointerId === pointerId) {
      this.stickTouch = null;
      this.controls.setStick(0, 0);
      this.setSprint(false);
      this.view.stickAtRest();
    } else if (this.lookTouch?.pointerId === pointerId) {
      const { gesture, timer } = this.lookTouch;
      this.lookTouch = null;
      clearTimeout(timer);
      this.lookEvents(finish(gesture));
      this.view.hideCharge();
    }
  }

  private setSprint(on: boolean): void {
    if (on === this.sprinting) return;
    this.sprinting = on;
    this.controls.setHeld('sprint', on);
  }

  private lookEvents(events: LookGestureEvent[]): void {
    for (const event of events) {
      if (event.kind === 'look') this.controls.look(event.dx, event.dy, 'touch');
      else if (event.kind === 'tap') this.actions.breakBlock();
      else if (event.kind === 'long-press') {
        this.actions.placeBlock();
        this.view.chargeDone();
      } else this.view.hideCharge();
    }
  }
}
