/**
 * Playing by touch, as one piece the game switches on and off: the controls' view, the
 * touches it reads, and whether the device is a touch device at all. Touch play needs no
 * pointer lock: starting it hides the start screen and shows the controls; the pause button
 * brings the start screen back.
 */
import { TouchControls } from '../../ui';
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
  private connected = false;
  /** Leaving the window or the tab can swallow a finger's lift: nothing may stay held. */
  private readonly onBlur = () => this.releaseAll();
  private readonly onVisibilityChange = () => {
    if (this.root.ownerDocument.visibilityState === 'hidden') this.releaseAll();
  };

  constructor(private readonly root: HTMLElement, controls: TouchMovementControls, actions: TouchEditActions, hooks: TouchPlayHooks) {
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
    if (this.connected) return;
    this.connected = true;
    this.input.connect();
    this.detect.connect();
    this.root.ownerDocument.defaultView!.addEventListener('blur', this.onBlur);
    this.root.ownerDocument.addEventListener('visibilitychange', this.onVisibilityChange);
  }

  start(): void {
    this.playing = true;
    // A field the panel left focused would take a keyboard's keys as text while playing.
    const focused = this.root.ownerDocument.activeElement;
    if (focused instanceof HTMLElement && focused !== this.root.ownerDocument.body) focused.blur();
    this.view.show();
  }

  /** Stops touch play: the controls go, and both thumbs let go. */
  pause(): void {
    this.playing = false;
    this.releaseAll();
    this.view.hide();
  }

  /** Both thumbs and every held button let go: nothing keeps moving, nothing gets placed. */
  releaseAll(): void {
    this.input.releaseAll();
    this.view.releaseHolds();
  }

  /** Safe to call twice. */
  dispose(): void {
    if (this.connected) {
      this.connected = false;
      this.root.ownerDocument.defaultView!.removeEventListener('blur', this.onBlur);
      this.root.ownerDocument.removeEventListener('visibilitychange', this.onVisibilityChange);
    }
    this.input.dispose();
    this.detect.dispose();
    this.view.dispose();
  }
}
