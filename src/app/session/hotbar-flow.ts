/**
 * What the player does with the hotbar, in one place: choosing a slot (keys, wheel, click),
 * the inventory (opening it frees the mouse, closing it with E takes the mouse back), putting a
 * block in a slot, and picking the aimed block (middle click). The editor's HotbarSlots is the
 * truth; the hotbar view follows it, and every change of the blocks is saved with the world.
 */
import type { Hotbar, Inventory } from '../../ui';
import type { HotbarSlots } from './hotbar-slots';

export interface HotbarFlowHooks {
  /** The blocks changed: keep them with the open world. */
  save(blocks: readonly number[]): void;
  /** The inventory needs the mouse (pointer lock released). */
  releaseMouse(): void;
  /** Back to play with the mouse (a key press the browser accepts for pointer lock). */
  resumeMouse(): void;
  /** The start screen, as when the mouse is released any other way. */
  showStart(): void;
  isTouchDevice(): boolean;
  /** Playing by mouse right now (pointer locked). */
  isMouseCaptured(): boolean;
  /** The aimed block, if any. */
  aimedBlock(): number | null;
}

export class HotbarFlow {
  constructor(
    private readonly slots: HotbarSlots,
    private readonly views: { hotbar: Hotbar; inventory: Inventory },
    private readonly hooks: HotbarFlowHooks,
  ) {}

  get inventoryOpen(): boolean {
    return this.views.inventory.isOpen;
  }

  select(slot: number): void {
    this.slots.select(slot);
    this.views.hotbar.select(this.slots.selected);
  }

  /** The next (+1) or previous (-1) slot, wrapping round. */
  cycle(step: 1 | -1): void {
    this.select((this.slots.selected + step + this.slots.size) % this.slots.size);
  }

  openInventory(): void {
    if (this.inventoryOpen) return;
    // Open first: the release that follows must not bring the start screen up (see paused).
    this.views.inventory.open(this.hooks.isTouchDevice());
    if (this.hooks.isMouseCaptured()) this.hooks.releaseMouse();
  }

  /** The inventory closed; `resume`: by E, so play goes on. */
  inventoryClosed(resume: boolean): void {
    if (this.hooks.isTouchDevice()) return; // touch play went on under it
    if (resume) this.hooks.resumeMouse();
    else this.hooks.showStart();
  }

  /** Whether a release of the mouse should bring the start screen (not while the inventory has it). */
  startScreenOnRelease(): boolean {
    return !this.inventoryOpen;
  }

  put(slot: number, block: number): void {
    if (!this.slots.put(slot, block)) return;
    this.views.hotbar.setBlock(slot, block);
    this.hooks.save(this.slots.blocks);
  }

  /** Middle click: the aimed block into the hotbar, as in Minecraft. */
  pickAimed(): void {
    const block = this.hooks.aimedBlock();
    if (block === null) return;
    const picked = this.slots.pick(block);
    if (!picked) return;
    this.views.hotbar.setBlock(picked.slot, block);
    this.views.hotbar.select(picked.slot);
    if (picked.changed) this.hooks.save(this.slots.blocks);
  }

  /** A world's own saved blocks, on opening it. */
  setBlocks(blocks: readonly number[]): void {
    this.slots.setAll(blocks);
    blocks.forEach((block, slot) => this.views.hotbar.setBlock(slot, block));
  }
}
