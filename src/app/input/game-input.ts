/**
 * Keyboard and mouse for the game, connected and disconnected as one (like three's
 * controls: `connect()` adds every listener, `dispose()` removes them). Input only counts
 * while the player is playing (the mouse captured, or touch play with a keyboard attached),
 * so typing in the settings panel never flies the camera or places a block.
 *
 * The wheel picks the hotbar slot, as in Minecraft; with Alt held it changes the flight speed
 * instead (Ctrl+wheel would zoom the page, and Shift and Ctrl are already descend and sprint).
 */
import { DoubleTap } from '../../controls/double-tap';
import { actionOfKey, DEFAULT_KEY_BINDINGS, slotOfKey, type KeyBindings, type MoveAction } from '../../controls/key-bindings';
import type { MovementControls } from '../../controls/player-controller';

export type { MovementControls } from '../../controls/player-controller';

/** When input counts: keys while the player is playing (mouse or touch), the mouse while it is captured. */
export interface PlayGate {
  isLocked(): boolean;
  isPlaying(): boolean;
}

export interface GameInputActions {
  /** A tap (touch play): break the aimed block now. */
  breakBlock(): void;
  /** The mouse's break button went down or up (a click breaks in flight; walking, holding breaks). */
  holdBreak(down: boolean): void;
  placeBlock(): void;
  selectSlot(slot: number): void;
  /** The next (+1) or previous (-1) hotbar slot, wrapping round. */
  cycleSlot(step: 1 | -1): void;
  /** F, or a double tap of Space: walk ⇄ fly. */
  toggleMode(): void;
  /** E: the inventory. */
  openInventory(): void;
  /** Middle click: the aimed block into the hotbar. */
  pickBlock(): void;
  /** F3: the full HUD or the short line. */
  toggleDebugHud(): void;
  /** F1: every overlay hidden, or shown again. */
  toggleUi(): void;
  /** Alt + wheel changed the flight speed. */
  flightSpeedChanged(): void;
  undo(): void;
  redo(): void;
}

export class GameInput {
  private connected = false;

  private readonly spaceTaps = new DoubleTap();
  /** Each key held down, and the action it pressed. */
  private readonly heldKeys = new Map<string, MoveAction>();

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (!this.gate.isPlaying() || isTyping(e) || e.defaultPrevented) return;
    if ((e.ctrlKey || e.metaKey) && (e.code === 'KeyZ' || e.code === 'KeyY')) {
      e.preventDefault();
      if (e.repeat) return;
      if (e.code === 'KeyY' || e.shiftKey) this.actions.redo();
      else this.actions.undo();
      return;
    }
    if (e.code === 'KeyF' && !e.repeat) {
      this.actions.toggleMode();
      return;
    }
    // F1 and F3 as in Minecraft; the browser's own use of them (help, find) would leave the game.
    if ((e.code === 'F1' || e.code === 'F3') && !e.repeat) {
      e.preventDefault();
      if (e.code === 'F1') this.actions.toggleUi();
      else this.actions.toggleDebugHud();
      return;
    }
    const action = actionOfKey(this.bindings(), e.code);
    if (action) {
      this.heldKeys.set(e.code, action);
      this.controls.setHeld(action, true);
      e.preventDefault();
      if (action === 'up' && !e.repeat && this.spaceTaps.press(e.timeStamp)) this.actions.toggleMode();
      return;
    }
    // After the move keys: a player who bound E to a move keeps it (the inventory then opens
    // from the touch button only).
    if (e.code === 'KeyE' && !e.repeat) {
      e.preventDefault();
      this.actions.openInventory();
      return;
    }
    const slot = slotOfKey(e.code);
    if (slot !== null) this.actions.selectSlot(slot);
  };
  /**
   * A key lets go of the action it pressed, not the one it is bound to when it comes up: a
   * key held while it is rebound (Settings) must not stay held for good.
   */
  private readonly onKeyUp = (e: KeyboardEvent) => {
    const action = this.heldKeys.get(e.code) ?? actionOfKey(this.bindings(), e.code);
    this.heldKeys.delete(e.code);
    if (action) this.controls.setHeld(action, false);
  };
  private readonly onBlur = () => {
    this.actions.holdBreak(false);
    this.heldKeys.clear();
    this.controls.releaseAll();
  };
  private readonly onMouseDown = (e: MouseEvent) => {
    if (!this.gate.isLocked()) return;
    if (e.button === 0) this.actions.holdBreak(true);
    else if (e.button === 1) {
      e.preventDefault();
      this.actions.pickBlock();
    } else if (e.button === 2) this.actions.placeBlock();
  };
  /** On the document: the button may come up after the capture ended. */
  private readonly onMouseUp = (e: MouseEvent) => {
    if (e.button === 0) this.actions.holdBreak(false);
  };
  private readonly onMouseMove = (e: MouseEvent) => {
    if (this.gate.isLocked()) this.controls.look(e.movementX, e.movementY);
  };
  private readonly onWheel = (e: WheelEvent) => {
    if (!this.gate.isLocked()) return;
    e.preventDefault();
    if (e.altKey) {
      this.controls.wheel(e.deltaY);
      this.actions.flightSpeedChanged();
    } else if (e.deltaY !== 0) this.actions.cycleSlot(e.deltaY > 0 ? 1 : -1);
  };
  private readonly onContextMenu = (e: Event) => e.preventDefault();

  constructor(
    private readonly canvas: HTMLElement,
    private readonly gate: PlayGate,
    private readonly controls: MovementControls,
    private readonly actions: GameInputActions,
    /** The bindings now: read at every key event, so a key rebound in the settings works at once. */
    private readonly bindings: () => KeyBindings = () => DEFAULT_KEY_BINDINGS,
  ) {}

  connect(): void {
    if (this.connected) return;
    this.connected = true;
    const doc = this.canvas.ownerDocument;
    const win = doc.defaultView!;
    win.addEventListener('keydown', this.onKeyDown);
    win.addEventListener('keyup', this.onKeyUp);
    win.addEventListener('blur', this.onBlur);
    doc.addEventListener('mousemove', this.onMouseMove);
    doc.addEventListener('mouseup', this.onMouseUp);
    this.canvas.addEventListener('mousedown', this.onMouseDown);
    this.canvas.addEventListener('wheel', this.onWheel, { passive: false });
    this.canvas.addEventListener('contextmenu', this.onContextMenu);
  }

  /** The mouse was released: keys held until now must not keep the camera moving. */
  released(): void {
    this.actions.holdBreak(false);
    this.heldKeys.clear();
    this.controls.releaseAll();
    this.spaceTaps.reset();
  }

  dispose(): void {
    if (!this.connected) return;
    this.connected = false;
    const doc = this.canvas.ownerDocument;
    const win = doc.defaultView!;
    win.removeEventListener('keydown', this.onKeyDown);
    win.removeEventListener('keyup', this.onKeyUp);
    win.removeEventListener('blur', this.onBlur);
    doc.removeEventListener('mousemove', this.onMouseMove);
    doc.removeEventListener('mouseup', this.onMouseUp);
    this.canvas.removeEventListener('mousedown', this.onMouseDown);
    this.canvas.removeEventListener('wheel', this.onWheel);
    this.canvas.removeEventListener('contextmenu', this.onContextMenu);
  }
}

/**
 * A key typed into a field (the panel's seed, while playing by touch with the panel open)
 * is text, not a move.
 */
function isTyping(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement | null;
  return target !== null && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}
