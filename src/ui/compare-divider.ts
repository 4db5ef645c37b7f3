/**
 * The swipe divider of compare mode: a vertical line across the view with a handle, the
 * name of each side's world beside the handle, and over it a caption saying what the two
 * sides share and where to read the figures (two different-looking worlds are one world on
 * two noises). It is dragged with a mouse, pen or finger (pointer events with capture, so a
 * fast drag never slips off it) or moved with the arrow keys once focused. Its position is a
 * fraction of the view's width, clamped so that neither side vanishes and the handle stays on
 * screen. The line runs under the HUD and the start card (compare.css).
 */
import { el } from './dom';
import { clampSplit, DEFAULT_SPLIT, SPLIT_RANGE } from './split';

/** Arrow keys move the divider by this much; with Shift, five times as much. */
const KEY_STEP = 0.01;

export interface CompareDividerEvents {
  /** The player moved the divider to `split` (already clamped). */
  moved(split: number): void;
}

export class CompareDivider {
  readonly element: HTMLDivElement;
  private readonly handle: HTMLDivElement;
  private current = DEFAULT_SPLIT;
  private dragging: number | null = null;

  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    this.dragging = e.pointerId;
    this.handle.setPointerCapture?.(e.pointerId);
    this.handle.focus({ preventScroll: true });
    this.element.classList.add('dragging');
    this.moveTo(e.clientX);
  };
  private readonly onPointerMove = (e: PointerEvent) => {
    if (e.pointerId !== this.dragging) return;
    // A release we never heard of (the button let go outside the window) ends the drag.
    if (e.pointerType === 'mouse' && (e.buttons & 1) === 0) this.endDrag();
    else this.moveTo(e.clientX);
  };
  private readonly onPointerUp = (e: PointerEvent) => {
    if (e.pointerId !== this.dragging) return;
    this.endDrag();
    // Give the keyboard back to the game: a focused handle would take the arrow keys.
    this.handle.blur();
  };
  private readonly onLostCapture = (e: PointerEvent) => {
    if (e.pointerId === this.dragging) this.endDrag();
  };
  private readonly onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 5 * KEY_STEP : KEY_STEP;
    const delta = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
    if (delta === 0) return;
    e.preventDefault();
    this.set(this.current + delta);
    this.events.moved(this.current);
  };

  constructor(
    parent: HTMLElement,
    labels: readonly [left: string, right: string],
    private readonly events: CompareDividerEvents,
  ) {
    this.element = el('div', 'compare hidden', parent);
    el('div', 'compare-line', this.element);
    const caption = el('p', 'compare-caption', this.element, 'Same seed, fBm and world type on both sides: only the noise function differs. Figures: ');
    // The per-side table is on the full-size HUD only; the stylesheet hides this part elsewhere.
    el('span', 'compare-caption-hud', caption, 'the HUD’s table (top left), ');
    caption.append('the noise lab and the README’s “Perlin (ours) and simplex-noise, honestly”.');
    this.handle = el('div', 'compare-handle', this.element);
    this.handle.tabIndex = 0;
    this.handle.setAttribute('role', 'slider');
    this.handle.setAttribute('aria-label', `Divider between ${labels[0]} (left) and ${labels[1]} (right)`);
    this.handle.setAttribute('aria-valuemin', String(SPLIT_RANGE.min * 100));
    this.handle.setAttribute('aria-valuemax', String(SPLIT_RANGE.max * 100));
    this.handle.title = 'Drag to compare (or focus and use ← →)';
    el('span', 'compare-grip', this.handle, '◀ ▶');
    el('span', 'compare-label compare-label-left', this.handle, labels[0]);
    el('span', 'compare-label compare-label-right', this.handle, labels[1]);
    this.handle.addEventListener('pointerdown', this.onPointerDown);
    this.handle.addEventListener('pointermove', this.onPointerMove);
    this.handle.addEventListener('pointerup', this.onPointerUp);
    this.handle.addEventListener('pointercancel', this.onPointerUp);
    this.handle.addEventListener('lostpointercapture', this.onLostCapture);
    this.handle.addEventListener('keydown', this.onKeyDown);
    this.set(DEFAULT_SPLIT);
  }

  get split(): number {
    return this.current;
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  /** Puts the divider at `split` (clamped) without reporting it: the caller already knows. */
  set(split: number): void {
    this.current = clampSplit(split);
    this.element.style.setProperty('--split', String(this.current));
    this.handle.setAttribute('aria-valuenow', (this.current * 100).toFixed(0));
  }

  show(): void {
    this.element.classList.remove('hidden');
  }

  hide(): void {
    this.endDrag();
    this.element.classList.add('hidden');
  }

  private endDrag(): void {
    if (this.dragging === null) return;
    if (this.handle.hasPointerCapture?.(this.dragging)) this.handle.releasePointerCapture(this.dragging);
    this.dragging = null;
    this.element.classList.remove('dragging');
  }

  private moveTo(clientX: number): void {
    const box = this.element.getBoundingClientRect();
    if (box.width <= 0) return;
    const before = this.current;
    this.set((clientX - box.left) / box.width);
    if (this.current !== before) this.events.moved(this.current);
  }

  /** Takes the element (and with it its listeners) off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
