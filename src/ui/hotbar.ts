/**
 * The hotbar: a row of block slots at the bottom centre, as in Minecraft. Each slot shows
 * its block as a small isometric cube drawn from the atlas, with its number (1–9) in a
 * corner; the selected slot wears a thick light frame, and when the selection changes the
 * block's name shows above the bar for a moment. A slot can be clicked or tapped (pointer
 * events); the game's own keys and wheel reach it through `select`.
 *
 * Icons are drawn once, at the slot's size in device pixels, and again only if that size
 * changes (a resize, browser zoom, or another monitor's pixel ratio).
 */
import { blockLabel, drawBlockIconAtSize } from './block-icon';
import { el } from './dom';
import { isValidBlockId } from '../world/blocks';

export interface HotbarHooks {
  /** The player chose slot `slot` (0-based) by clicking or tapping it; not called for `select`. */
  selected(slot: number): void;
  /** The button beside the bar (shown on touch devices) asks for the inventory. */
  openInventory(): void;
}

/** How long the selected block's name stays before it fades (the fade itself is CSS). */
const NAME_SHOW_MS = 1500;

export class Hotbar {
  readonly element: HTMLDivElement;
  private readonly slots: HTMLDivElement[] = [];
  private readonly icons: HTMLCanvasElement[] = [];
  private readonly name: HTMLDivElement;
  private readonly hint: HTMLDivElement;
  private readonly blocks: number[];
  private current = 0;
  private nameTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  private readonly onPointerDown = (e: PointerEvent) => {
    // The bar is the game's UI, never the world: nothing under it hears the press.
    e.stopPropagation();
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const slot = this.slots.indexOf((e.target as Element | null)?.closest('.hotbar-slot') as HTMLDivElement);
    if (slot < 0) return;
    // No focus (a focused slot would take Space) and no text selection on a double click.
    e.preventDefault();
    if (slot !== this.current) {
      this.select(slot);
      this.hooks.selected(slot);
    }
  };
  private readonly stop = (e: Event) => e.stopPropagation();
  private readonly onContextMenu = (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
  };
  private readonly onResize = () => this.drawIcons();

  /**
   * @param root where the bar goes (the game's root element)
   * @param atlas the block textures as decoded RGBA pixels: 16x16 tiles in `Tile` order
   * @param blocks block ids, one per slot, in slot order (at most nine have a number key)
   */
  constructor(
    root: HTMLElement,
    private readonly atlas: { pixels: Uint8ClampedArray; width: number },
    blocks: readonly number[],
    private readonly hooks: HotbarHooks,
  ) {
    for (const b of blocks) if (!isValidBlockId(b)) throw new RangeError(`Hotbar: ${b} is not a block id`);
    this.blocks = [...blocks];
    this.element = el('div', 'hotbar', root);
    this.name = el('div', 'hotbar-name', this.element);
    this.name.setAttribute('aria-hidden', 'true');
    const row = el('div', 'hotbar-row', this.element);
    const bar = el('div', 'hotbar-slots', row);
    bar.setAttribute('role', 'radiogroup');
    bar.setAttribute('aria-label', 'Block to place');
    blocks.forEach((block, i) => {
      const slot = el('div', 'hotbar-slot', bar);
      slot.setAttribute('role', 'radio');
      slot.dataset.block = String(block);
      this.label(slot, i, block);
      const icon = el('canvas', 'hotbar-icon', slot);
      icon.setAttribute('aria-hidden', 'true');
      if (i < 9) el('span', 'hotbar-key', slot, String(i + 1)).setAttribute('aria-hidden', 'true');
      this.slots.push(slot);
      this.icons.push(icon);
    });
    const inventory = el('button', 'inventory-button', row, '▦');
    inventory.type = 'button';
    inventory.title = 'All blocks';
    inventory.setAttribute('aria-label', 'All blocks');
    inventory.addEventListener('pointerdown', (e) => {
      e.stopPropagation();
      e.preventDefault();
      this.hooks.openInventory();
    });
    this.hint = el('div', 'hotbar-hint', this.element);
    bar.addEventListener('pointerdown', this.onPointerDown);
    for (const type of ['mousedown', 'mouseup', 'click', 'dblclick', 'pointerup', 'wheel']) this.element.addEventListener(type, this.stop);
    this.element.addEventListener('contextmenu', this.onContextMenu);
    window.addEventListener('resize', this.onResize);
    this.mark();
    this.drawIcons();
  }

  /** The selected slot, 0-based. */
  get selected(): number {
    return this.current;
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  /**
   * Selects slot `slot` (0-based; anything else is ignored) without calling the hook: the
   * caller already knows. A change shows the block's name above the bar for a moment.
   */
  select(slot: number): void {
    if (this.disposed || !Number.isInteger(slot) || slot < 0 || slot >= this.blocks.length || slot === this.current) return;
    this.current = slot;
    this.mark();
    this.flashName(blockLabel(this.blocks[slot]!));
  }

  /** The block in slot `slot` (0-based). */
  blockAt(slot: number): number | undefined {
    return this.blocks[slot];
  }

  /**
   * Puts `block` in slot `slot` (both checked; anything else is ignored) and redraws its
   * icon. The name shows above the bar when it is the selected slot.
   */
  setBlock(slot: number, block: number): void {
    if (this.disposed || !Number.isInteger(slot) || slot < 0 || slot >= this.blocks.length || !isValidBlockId(block)) return;
    if (this.blocks[slot] === block) return;
    this.blocks[slot] = block;
    const element = this.slots[slot]!;
    element.dataset.block = String(block);
    this.label(element, slot, block);
    const icon = this.icons[slot]!;
    icon.width = icon.height = 0; // drawn again below, at its size
    this.drawIcons();
    if (slot === this.current) this.flashName(blockLabel(block));
  }

  /** The slot under a point of the viewport (client coordinates), or -1. */
  slotAt(clientX: number, clientY: number): number {
    return this.slots.findIndex((slot) => {
      const box = slot.getBoundingClientRect();
      return clientX >= box.left && clientX < box.right && clientY >= box.top && clientY < box.bottom;
    });
  }

  /** Outlines slot `slot` as where a dragged block would go (-1: none). */
  markDropTarget(slot: number): void {
    this.slots.forEach((element, i) => element.classList.toggle('drop-target', i === slot));
  }

  /** Shows `text` above the bar for a moment, where a chosen block's name shows (a flight speed, say). */
  flash(text: string): void {
    if (!this.disposed) this.flashName(text);
  }

  /** One short line under the bar about its controls; '' removes it. */
  setHint(text: string): void {
    this.hint.textContent = text;
  }

  show(): void {
    this.element.classList.remove('hidden');
    // Icons could not be sized while the bar was hidden.
    this.drawIcons();
  }

  hide(): void {
    this.element.classList.add('hidden');
  }

  setVisible(visible: boolean): void {
    if (visible) this.show();
    else this.hide();
  }

  private label(slot: HTMLElement, i: number, block: number): void {
    slot.setAttribute('aria-label', blockLabel(block));
    slot.title = i < 9 ? `${blockLabel(block)} (${i + 1})` : blockLabel(block);
  }

  private mark(): void {
    this.slots.forEach((slot, i) => {
      slot.classList.toggle('selected', i === this.current);
      slot.setAttribute('aria-checked', String(i === this.current));
    });
  }

  private flashName(text: string): void {
    this.name.textContent = text;
    this.name.classList.add('shown');
    clearTimeout(this.nameTimer);
    this.nameTimer = setTimeout(() => this.name.classList.remove('shown'), NAME_SHOW_MS);
  }

  /**
   * Draws each icon at its canvas's on-screen size in device pixels, so the texels stay
   * crisp; skipped while the bar has no size (hidden) and when the size is unchanged.
   */
  private drawIcons(): void {
    if (this.disposed) return;
    this.icons.forEach((icon, i) => drawBlockIconAtSize(icon, this.atlas, this.blocks[i]!));
  }

  /** Takes the bar off the page and drops its listeners and timer. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.nameTimer);
    window.removeEventListener('resize', this.onResize);
    this.element.remove();
  }
}
