/**
 * The overlay shown while the game is paused: what the game is, the controls, and buttons to
 * play and to go fullscreen. A click on Play asks for pointer lock (Esc, handled by the
 * browser, frees it); a tap starts touch play instead, which never asks for the mouse.
 */
import { el } from './dom';
import { fullscreenIcon } from './fullscreen-icon';

/** How the player started: with the mouse (pointer lock) or by touch (touch controls). */
export type PlayStart = 'mouse' | 'touch';

export interface StartOverlayHooks {
  start(how: PlayStart): void;
  fullscreen(): void;
}

/** The start screen's labels for the keys players can rebind (settings). */
export interface MoveKeyLabels {
  move: string;
  upDown: string;
  sprint: string;
}

/** The keyboard-and-mouse controls; the rebindable rows' keys are replaced by setMoveKeys. */
const DESKTOP_ROWS: readonly [string, string][] = [
  ['Mouse', 'look around'],
  ['W A S D', 'move forward, left, back, right'],
  ['F, or Space twice', 'walk ⇄ fly'],
  ['Space / Shift', 'jump (swim up) when walking · up / down when flying'],
  ['Ctrl or Q (hold)', 'sprint (×4 when flying)'],
  ['1 – 9, wheel, or click the bar', 'choose the block to place'],
  ['E · middle click', 'every block (click or drag one into the bar) · pick the aimed one'],
  ['Alt + wheel', 'flying speed'],
  ['Left / right click', 'break / place a block (reach 48)'],
  ['Ctrl+Z / Ctrl+Shift+Z', 'undo / redo an edit (last 200)'],
  ['F3 · F1', 'every figure on the HUD · hide everything (screenshots)'],
  ['Esc', 'release the mouse (this screen)'],
  ['Panel on the right', 'worlds, seed, noise, terrain shape, walk or fly, compare'],
  ['Compare divider', 'drag it while the mouse is free (or focus it, then ← →)'],
];

/** The touch controls (touch-controls.ts), in the words a player sees on them. */
const TOUCH_ROWS: readonly [string, string][] = [
  ['Left thumb', 'move (push past the ring to sprint)'],
  ['Right thumb', 'drag to look around'],
  ['Tap', 'break the block under the crosshair'],
  ['Hold still', 'place a block when the ring fills'],
  ['▲ ▼ / Jump', 'fly up, down · jump and swim when walking'],
  ['Fly / Walk', 'switch between flying and walking'],
  ['Hotbar', 'tap a slot to choose it · ▦ for every block'],
  ['II', 'pause: this screen and the panel (top right)'],
  ['Corners button', 'fullscreen (landscape on a phone)'],
  ['Compare divider', 'drag it while paused'],
];

export class StartOverlay {
  readonly element: HTMLDivElement;
  private readonly button: HTMLButtonElement;
  private readonly status: HTMLParagraphElement;
  private touch = false;
  /** The key cells of the rebindable rows. */
  private readonly moveKeyCells: Record<keyof MoveKeyLabels, HTMLTableCellElement>;

  constructor(parent: HTMLElement, hooks: StartOverlayHooks) {
    this.element = el('div', 'overlay', parent);
    const card = el('div', 'overlay-card', this.element);
    el('h1', '', card, 'Voxel Terrain Sandbox');
    const actions = el('div', 'overlay-actions', card);
    this.button = el('button', 'start-button', actions, 'Click to play');
    const fullscreen = el('button', 'overlay-fullscreen', actions);
    fullscreen.appendChild(fullscreenIcon());
    fullscreen.title = 'Fullscreen (F11 works too)';
    fullscreen.setAttribute('aria-label', 'Fullscreen');
    this.status = el('p', 'overlay-status', card);
    const details = el('div', 'overlay-details', card);
    el('p', 'overlay-lead', details, 'An endless, seeded voxel world. Walk or fly anywhere; the same seed always gives the same world, and your worlds and edits are saved in this browser (panel: worlds…).');
    const desktop = controlsTable(details, 'controls controls-desktop', DESKTOP_ROWS);
    this.moveKeyCells = { move: desktop[1]!, upDown: desktop[3]!, sprint: desktop[4]! };
    controlsTable(details, 'controls controls-touch', TOUCH_ROWS);
    this.button.addEventListener('click', (e) => hooks.start(this.startKind(e)));
    fullscreen.addEventListener('click', () => hooks.fullscreen());
  }

  /** The keys as the player bound them (Settings), in the keyboard table. */
  setMoveKeys(labels: MoveKeyLabels): void {
    for (const key of Object.keys(labels) as (keyof MoveKeyLabels)[]) this.moveKeyCells[key].textContent = labels[key];
  }

  /** Touch devices: the touch controls' help, and "Tap to play". */
  setTouch(on: boolean): void {
    this.touch = on;
    this.element.classList.toggle('touch', on);
    this.button.textContent = on ? 'Tap to play' : 'Click to play';
  }

  /**
   * A tap starts touch play and a click mouse play, whatever the device, so a laptop with a
   * touch screen plays either way. A key press on the button (no pointer) goes by the device.
   */
  private startKind(e: MouseEvent): PlayStart {
    const type = (e as PointerEvent).pointerType;
    if (type === 'touch' || type === 'pen') return 'touch';
    if (type === 'mouse') return 'mouse';
    return this.touch ? 'touch' : 'mouse';
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  show(): void {
    this.element.classList.remove('hidden');
  }

  hide(): void {
    this.element.classList.add('hidden');
  }

  /** A line under the button (loading progress, pointer-lock refusal, errors). */
  setStatus(text: string): void {
    // The game calls this every frame: rewriting the same text still repaints the card, which
    // kept a software-rendered page's compositor busy (1.5 cores while nothing changed).
    if (this.status.textContent === text) return;
    this.status.textContent = text;
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}

/** A table of controls; returns its key cells, in row order. */
function controlsTable(parent: HTMLElement, className: string, rows: readonly [string, string][]): HTMLTableCellElement[] {
  const table = el('table', className, parent);
  return rows.map(([key, action]) => {
    // The divider's row is for compare mode only (the stylesheet shows it there).
    const tr = el('tr', key === 'Compare divider' ? 'compare-only' : '', table);
    const cell = el('td', 'key', tr, key);
    el('td', '', tr, action);
    return cell;
  });
}
