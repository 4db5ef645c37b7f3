/**
 * The two ways to play as one piece (docs/architecture.md §12): the mouse captured by pointer
 * lock, or touch play with its on-screen controls; keys count in both. It starts and pauses
 * play, tells the start screen when to show, and owns every input listener, connected and
 * disposed together.
 */
import type { PlayerController } from '../../controls/player-controller';
import type { KeyBindings } from '../../controls/key-bindings';
import type { PlayStart } from '../../ui';
import { Fullscreen } from './fullscreen';
import { GameInput, type GameInputActions } from './game-input';
import { PointerLock } from './pointer-lock';
import { TouchPlay } from './touch-play';

export interface PlayControlsHooks {
  /** The start screen comes back (mouse released, or touch play paused). */
  paused(): void;
  /** Play started (the mouse is captured, or touch play began). */
  started(how: PlayStart): void;
  /** The device turned out to be a touch device. */
  touchDetected(): void;
  /** Something the player should know (refused capture or fullscreen). */
  warn(text: string): void;
}

export class PlayControls {
  readonly touch: TouchPlay;
  private readonly pointerLock: PointerLock;
  private readonly input: GameInput;
  private readonly fullscreen: Fullscreen;
  private disposed = false;

  constructor(root: HTMLElement, canvas: HTMLCanvasElement, player: PlayerController, actions: GameInputActions, bindings: () => KeyBindings, private readonly hooks: PlayControlsHooks) {
    this.pointerLock = new PointerLock(canvas, {
      changed: (locked) => {
        if (locked) hooks.started('mouse');
        else if (!this.touch.isPlaying) {
          this.input.released();
          hooks.paused();
        }
      },
      refused: () => hooks.warn('The browser refused mouse capture. Wait a moment, then click again.'),
    });
    // Keys count while playing either way (a tablet with a keyboard); the mouse only while captured.
    this.input = new GameInput(canvas, { isLocked: () => this.pointerLock.isLocked, isPlaying: () => this.isPlaying }, player, actions, bindings);
    this.touch = new TouchPlay(root, player, { breakBlock: () => actions.breakBlock(), placeBlock: () => actions.placeBlock() }, {
      detected: () => hooks.touchDetected(),
      paused: () => {
        this.input.released();
        hooks.paused();
      },
      toggleMode: () => actions.toggleMode(),
      fullscreen: () => this.toggleFullscreen(),
    });
    this.touch.view.setMode(player.mode);
    this.fullscreen = new Fullscreen(root.ownerDocument, {
      changed: (on) => this.touch.view.setFullscreen(on),
      refused: (message) => hooks.warn(message),
    });
  }

  /**
   * Starts listening. Apart from the constructor because a touch device is recognised at once
   * (a coarse pointer), and its hooks reach parts of the game built after the controls.
   */
  connect(): void {
    if (this.disposed) return;
    this.pointerLock.connect();
    this.input.connect();
    this.touch.connect();
    this.fullscreen.connect();
  }

  /** Playing, by mouse (captured) or by touch (controls up): keys count, and the aimed block is outlined. */
  get isPlaying(): boolean {
    return this.pointerLock.isLocked || this.touch.isPlaying;
  }

  /** The mouse is captured (pointer lock): playing by mouse. */
  get isMouseCaptured(): boolean {
    return this.pointerLock.isLocked;
  }

  get isTouchDevice(): boolean {
    return this.touch.isTouchDevice;
  }

  /** The start screen's play button: a click captures the mouse (started follows the capture), a tap starts touch play. */
  start(how: PlayStart): void {
    if (how === 'mouse') {
      this.pointerLock.request();
      return;
    }
    this.hooks.started('touch');
    this.touch.start();
  }

  /** Gives the mouse back (a dialog needs it). */
  releaseMouse(): void {
    this.pointerLock.release();
  }

  /** Touch play turns the phone to landscape where it can: the natural way to hold it. */
  toggleFullscreen(): void {
    void this.fullscreen.toggle(this.touch.isTouchDevice);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.input.dispose();
    this.touch.dispose();
    this.fullscreen.dispose();
    this.pointerLock.dispose();
  }
}
