/**
 * The creative inventory (E, or the touch button beside the hotbar): every block by category,
 * with a search box, over the world and above the hotbar, which stays in view and live.
 * - A click or tap on a block puts it in the hotbar's selected slot.
 * - Dragging a block onto a hotbar slot puts it in that slot (mouse; on touch, tap the slot
 *   first, then the block: a vertical drag there scrolls the grid).
 * - With the pointer over a block, a number key 1–9 puts it in that slot, as in Minecraft.
 * - E (unless typing in the search box) closes it and play goes on; Esc or ✕ closes it to the
 *   start screen (a browser gives the mouse back only on a click or key other than Esc).
 *
 * Not a modal <dialog>: that would make the hotbar under it inert, and it is a drop target.
 */
import { BLOCK_CATEGORIES, MAX_BLOCK_SEARCH, searchBlocks, type BlockCategoryId } from '../world';
import { blockLabel, drawBlockIcon, drawBlockIconAtSize } from './block-icon';
import { el } from './dom';
import type { Hotbar } from './hotbar';

export interface InventoryHooks {
  /** Put `block` in hotbar slot `slot` (0-based). */
  put(slot: number, block: number): void;
  /** The inventory closed: `resume` when by E (play goes on), else by Esc, ✕ or a click beside it. */
  closed(resume: boolean): void;
}

/** How far (CSS px) a press must move before it is a drag rather than a click. */
const DRAG_THRESHOLD = 6;

/** A press on a block that may become a drag. */
interface Press {
  block: number;
  pointerId: number;
  x: number;
  y: number;
  ghost: HTMLCanvasElement | null;
}

export class Inventory {
  readonly element: HTMLDivElement;
  private readonly panel: HTMLDivElement;
  private readonly search: HTMLInputElement;
  private readonly tabs = new Map<BlockCategoryId | null, HTMLButtonElement>();
  private readonly grid: HTMLDivElement;
  private readonly empty: HTMLParagraphElement;
  private readonly hint: HTMLParagraphElement;
  private readonly items = new Map<number, HTMLButtonElement>();
  private category: BlockCategoryId | null = null;
  private hovered: number | null = null;
  private press: Press | null = null;
  private disposed = false;

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (!this.isOpen) return;
    if (e.code === 'Escape') {
      e.preventDefault();
      this.close(false);
      return;
    }
    if (e.target === this.search) return; // typing
    if (e.code === 'KeyE' && !e.repeat) {
      e.preventDefault();
      this.close(true);
      return;
    }
    const digit = /^Digit([1-9])$/.exec(e.code);
    if (digit && this.hovered !== null) {
      e.preventDefault();
      this.hooks.put(Number(digit[1]) - 1, this.hovered);
    }
  };
  private readonly onBackdropDown = (e: PointerEvent) => {
    if (e.target === this.element) this.close(false);
  };
  private readonly onResize = () => this.drawIcons();

  constructor(
    root: HTMLElement,
    private readonly atlas: { pixels: Uint8ClampedArray; width: number },
    private readonly hotbar: Hotbar,
    private readonly hooks: InventoryHooks,
  ) {
    this.element = el('div', 'inventory hidden', root);
    this.panel = el('div', 'inventory-panel', this.element);
    this.panel.setAttribute('role', 'dialog');
    this.panel.setAttribute('aria-label', 'Blocks');
    const head = el('div', 'inventory-head', this.panel);
    el('h2', 'inventory-title', head, 'Blocks');
    this.search = el('input', 'inventory-search', head);
    this.search.type = 'search';
    this.search.placeholder = 'Search blocks';
    this.search.maxLength = MAX_BLOCK_SEARCH;
    this.search.setAttribute('aria-label', 'Search blocks');
    this.search.addEventListener('input', () => this.filter());
    // Enter ends the search: the focus leaves the box, so E closes the inventory again.
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.search.blur();
    });
    const close = el('button', 'inventory-close', head, '✕');
    close.type = 'button';
    close.title = 'Close (Esc)';
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', () => this.close(false));

    const tabs = el('div', 'inventory-tabs', this.panel);
    tabs.setAttribute('role', 'tablist');
    for (const [id, name] of [[null, 'All'], ...BLOCK_CATEGORIES.map((c) => [c.id, c.name] as const)] as const) {
      const tab = el('button', 'inventory-tab', tabs, name);
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.addEventListener('click', () => {
        this.category = id;
        this.filter();
      });
      this.tabs.set(id, tab);
    }

    this.grid = el('div', 'inventory-grid', this.panel);
    this.grid.setAttribute('role', 'listbox');
    this.grid.setAttribute('aria-label', 'Blocks to put in the hotbar');
    for (const block of searchBlocks('')) {
      const item = el('button', 'inventory-item', this.grid);
      item.type = 'button';
      item.setAttribute('role', 'option');
      const label = blockLabel(block);
      item.title = label;
      item.setAttribute('aria-label', label);
      item.dataset.block = String(block);
      el('canvas', 'inventory-icon', item).setAttribute('aria-hidden', 'true');
      el('span', 'inventory-name', item, label);
      item.addEventListener('pointerenter', () => (this.hovered = block));
      item.addEventListener('pointerleave', () => {
        if (this.hovered === block) this.hovered = null;
      });
      item.addEventListener('pointerdown', (e) => this.startPress(e, block, item));
      item.addEventListener('pointermove', (e) => this.movePress(e));
      item.addEventListener('pointerup', (e) => this.endPress(e));
      item.addEventListener('pointercancel', () => this.cancelPress());
      // Keyboard users: Enter or Space on a focused block.
      item.addEventListener('click', (e) => {
        if (e.detail === 0) this.hooks.put(this.hotbar.selected, block);
      });
      this.items.set(block, item);
    }
    this.empty = el('p', 'inventory-empty', this.panel);
    this.hint = el('p', 'inventory-hint', this.panel);
    this.element.addEventListener('pointerdown', this.onBackdropDown);
    // The game's own listeners (break, place, look) must not hear what happens in here.
    for (const type of ['mousedown', 'mouseup', 'click', 'wheel', 'contextmenu']) this.element.addEventListener(type, (e) => e.stopPropagation());
    // Capture phase: it hears a key before the game does, and a key it used (preventDefault)
    // is ignored by the game (E that closes it must not open it again).
    window.addEventListener('keydown', this.onKeyDown, true);
    window.addEventListener('resize', this.onResize);
    this.filter();
  }

  get isOpen(): boolean {
    return !this.element.classList.contains('hidden');
  }

  /** The blocks the grid shows now, in order (what the search and the tab leave). */
  get shown(): number[] {
    return [...this.items].filter(([, item]) => !item.hidden).map(([block]) => block);
  }

  open(touch = false): void {
    if (this.disposed || this.isOpen) return;
    this.element.classList.remove('hidden');
    this.hint.textContent = touch
      ? 'Tap a block to put it in the selected slot; tap a slot first to choose another.'
      : 'Click a block to put it in the selected slot, or drag it onto any slot · pointer on a block + 1–9: that slot · E: back to play · Esc: close';
    this.drawIcons();
  }

  /** Closes it (nothing happens if it is closed); `resume`: play goes on (E), else the start screen comes back. */
  close(resume: boolean): void {
    if (!this.isOpen) return;
    this.cancelPress();
    this.element.classList.add('hidden');
    this.hovered = null;
    if (this.panel.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
    this.hooks.closed(resume);
  }

  /** Types `text` into the search box, as the player would (tests and the search's own input event). */
  setSearch(text: string): void {
    this.search.value = text.slice(0, MAX_BLOCK_SEARCH);
    this.filter();
  }

  private filter(): void {
    const shown = new Set<number>(searchBlocks(this.search.value, this.category));
    for (const [block, item] of this.items) item.hidden = !shown.has(block);
    for (const [id, tab] of this.tabs) tab.setAttribute('aria-selected', String(id === this.category));
    const text = this.search.value.trim();
    this.empty.textContent = shown.size > 0 ? '' : text ? `No block here is called "${text}".` : 'No blocks here.';
    this.drawIcons();
  }

  private startPress(e: PointerEvent, block: number, item: HTMLElement): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault(); // no focus ring, no text selection
    this.cancelPress();
    this.press = { block, pointerId: e.pointerId, x: e.clientX, y: e.clientY, ghost: null };
    if (e.pointerType === 'mouse') item.setPointerCapture(e.pointerId);
  }

  private movePress(e: PointerEvent): void {
    const press = this.press;
    if (!press || e.pointerId !== press.pointerId) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.ghost && dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD) return;
    if (!press.ghost) press.ghost = this.makeGhost(press.block);
    press.ghost.style.transform = `translate(${e.clientX}px, ${e.clientY}px)`;
    this.hotbar.markDropTarget(this.hotbar.slotAt(e.clientX, e.clientY));
  }

  private endPress(e: PointerEvent): void {
    const press = this.press;
    if (!press || e.pointerId !== press.pointerId) return;
    const dragged = press.ghost !== null;
    this.cancelPress();
    if (!dragged) {
      this.hooks.put(this.hotbar.selected, press.block);
      return;
    }
    const slot = this.hotbar.slotAt(e.clientX, e.clientY);
    if (slot >= 0) this.hooks.put(slot, press.block);
  }

  private cancelPress(): void {
    this.press?.ghost?.remove();
    this.press = null;
    this.hotbar.markDropTarget(-1);
  }

  /** The block's icon under the pointer while it is dragged. */
  private makeGhost(block: number): HTMLCanvasElement {
    const ghost = el('canvas', 'inventory-ghost', this.element);
    const ratio = window.devicePixelRatio || 1;
    ghost.width = ghost.height = Math.round(40 * ratio);
    drawBlockIcon(ghost, this.atlas, block);
    return ghost;
  }

  /** Each shown icon at its on-screen size in device pixels (crisp texels), when that size changed. */
  private drawIcons(): void {
    if (this.disposed || !this.isOpen) return;
    for (const [block, item] of this.items) {
      if (!item.hidden) drawBlockIconAtSize(item.firstElementChild as HTMLCanvasElement, this.atlas, block);
    }
  }


  /** Takes it off the page with its listeners. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.cancelPress();
    window.removeEventListener('keydown', this.onKeyDown, true);
    window.removeEventListener('resize', this.onResize);
    this.element.remove();
  }
}
