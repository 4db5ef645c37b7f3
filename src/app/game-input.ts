/**
 * Keyboard and mouse for the game, connected and disconnected as one (like three's
 * controls: `connect()` adds every listener, `dispose()` removes them). Input only counts
 * while the mouse is captured, so typing in the settings panel never flies the camera or
 * places a block.
 */
import type { FlyControls } from './fly-controls';
import { actionOfKey, DEFAULT_KEY_BINDINGS, slotOfKey, type KeyBindings } from './key-bindings';
import type { PointerLock } from './pointer-lock';

export interface GameInputActions {
  breakBlock(): void;
  placeBlock(): void;
  selectSlot(slot: number): void;
}

export class GameInput {
  private connected = false;

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (!this.lock.isLocked) return;
    const action = actionOfKey(this.bindings, e.code);
    if (action) {
      this.controls.setHeld(action, true);
      e.preventDefault();
      return;
    }
    const slot = slotOfKey(e.code);
    if (slot !== null) this.actions.selectSlot(slot);
  };
  private readonly onKeyUp = (e: KeyboardEvent) => {
    const action = actionOfKey(this.bindings, e.code);
    if (action) this.controls.setHeld(action, false);
  };
  private readonly onBlur = () => this.controls.releaseAll();
  private readonly onMouseDown = (e: MouseEvent) => {
    if (!this.lock.isLocked) return;
    if (e.button === 0) this.actions.breakBlock();
    else if (e.button === 2) this.actions.placeBlock();
  };
  private readonly onMouseMove = (e: MouseEvent) => {
    if (this.lock.isLocked) this.controls.look(e.movementX, e.movementY);
  };
  private readonly onWheel = (e: WheelEvent) => {
    if (!this.lock.isLocked) return;
    e.preventDefault();
    this.controls.wheel(e.deltaY);
  };
  private readonly onContextMenu = (e: Event) => e.preventDefault();

  constructor(
    private readonly canvas: HTMLElement,
    private readonly lock: PointerLock,
    private readonly controls: FlyControls,
    private readonly actions: GameInputActions,
    private readonly bindings: KeyBindings = DEFAULT_KEY_BINDINGS,
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
    this.canvas.addEventListener('mousedown', this.onMouseDown);
    this.canvas.addEventListener('wheel', this.onWheel, { passive: false });
    this.canvas.addEventListener('contextmenu', this.onContextMenu);
  }

  /** The mouse was released: keys held until now must not keep the camera moving. */
  released(): void {
    this.controls.releaseAll();
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
    this.canvas.removeEventListener('mousedown', this.onMouseDown);
    this.canvas.removeEventListener('wheel', this.onWheel);
    this.canvas.removeEventListener('contextmenu', this.onContextMenu);
  }
}
