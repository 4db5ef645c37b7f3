/**
 * Playing by touch, as one piece the game switches on and off: the controls' view, the
 * touches it reads, and whether the device is a touch device at all. Touch play needs no
 * pointer lock: starting it hides the start screen and shows the controls; the pause button
 * brings the start screen back.
 */
import { TouchControls } from '../ui';
import { TouchDetect } from './touch-detect';
import { TouchInput, type TouchEditActions, type TouchMovementControls } from './touch-input';

export interface TouchPlayHooks {
  /** The device turned out to be a touch device (at start, or at its first touch). */
  detected(): void;
  /** The player pressed pause: show the start screen. */
  paused(): void;
  toggleMode(): void;
  fullscreen(): void;
}

export class TouchPlay {
  readonly view: TouchControls;
  private readonly input: TouchInput;
  private readonly detect: TouchDetect;
  private playing = false;

  constructor(root: HTMLElement, controls: TouchMovementControls, actions: TouchEditActions, hooks: TouchPlayHooks) {
    this.view = new TouchControls(root, {
      hold: (action, down) => controls.setHeld(action, down),
      toggleMode: () => hooks.toggleMode(),
      fullscreen: () => hooks.fullscreen(),
      pause: () => {
        this.pause();
        hooks.paused();
      },
    });
    this.input = new TouchInput(this.view, controls, actions);
    this.detect = new TouchDetect(root.ownerDocument.defaultView!, () => hooks.detected());
  }

  /** Whether the player is playing by touch now (the controls are up). */
  get isPlaying(): boolean {
    return this.playing;
  }

  get isTouchDevice(): boolean {
    return this.detect.isTouch;
  }

  connect(): void {
    this.input.connect();
    this.detect.connect();
  }

  start(): void {
    this.playing = true;
    this.view.show();
  }

  /** Stops touch play: the controls go, and both thumbs let go. */
  pause(): void {
    this.playing = false;
    this.input.releaseAll();
    this.view.hide();
  }

  /** Safe to call twice. */
  dispose(): void {
    this.input.dispose();
    this.detect.dispose();
    this.view.dispose();
  }
}
