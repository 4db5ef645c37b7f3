/**
 * What the player does with the hotbar, in one place, with its two views (the bar and the
 * inventory): choosing a slot (keys, wheel, click), the inventory (opening it frees the mouse,
 * closing it with E takes the mouse back), putting a block in a slot, and picking the aimed
 * block (middle click). The editor's HotbarSlots is the truth; the views follow it, and every
 * change of the blocks is saved with the world.
 */
import { Hotbar, Inventory } from '../../ui';
import type { HotbarSlots } from './hotbar-slots';

/** The part of the play controls the inventory needs: it takes the mouse and gives it back. */
export interface HotbarPlayInput {
  releaseMouse(): void;
  /** Back to play (the mouse: a key press is a gesture the browser accepts for pointer lock). */
  start(how: 'mouse'): void;
  readonly isTouchDevice: boolean;
  /** Playing by mouse right now (pointer locked). */
  readonly isMouseCaptured: boolean;
}

export interface HotbarFlowHooks {
  /** The blocks changed: keep them with the open world. */
  save(blocks: readonly number[]): Promise<void>;
  warn(text: string): void;
  play(): HotbarPlayInput;
  /** The start screen, as when the mouse is released any other way. */
  showStart(): void;
  /** The aimed block, if any. */
  aimedBlock(): number | null;
}

export class HotbarFlow {
  readonly view: Hotbar;
  private readonly inventory: Inventory;
  /** What the game's keys and mouse do with it (GameInputActions' share). */
  readonly actions = {
    selectSlot: (slot: number) => this.select(slot),
    cycleSlot: (step: 1 | -1) => this.cycle(step),
    openInventory: () => this.openInventory(),
    pickBlock: () => this.pickAimed(),
  };

  /** `blocks`: the open world's saved hotbar. */
  constructor(
    root: HTMLElement,
    atlas: { pixels: Uint8ClampedArray; width: number },
    private readonly slots: HotbarSlots,
    blocks: readonly number[],
    private readonly hooks: HotbarFlowHooks,
  ) {
    slots.setAll(blocks);
    this.view = new Hotbar(root, atlas, blocks, { selected: (slot) => this.select(slot), openInventory: () => this.openInventory() });
    this.view.select(slots.selected);
    this.inventory = new Inventory(root, atlas, this.view, { put: (slot, block) => this.put(slot, block), closed: (resume) => this.inventoryClosed(resume) });
  }

  get inventoryOpen(): boolean {
    return this.inventory.isOpen;
  }

  select(slot: number): void {
    this.slots.select(slot);
    this.view.select(this.slots.selected);
  }

  /** The next (+1) or previous (-1) slot, wrapping round. */
  cycle(step: 1 | -1): void {
    this.select((this.slots.selected + step + this.slots.size) % this.slots.size);
  }

  openInventory(): void {
    if (this.inventoryOpen) return;
    // Open first: the release that follows must not bring the start screen up (see paused).
    const play = this.hooks.play();
    this.inventory.open(play.isTouchDevice);
    if (play.isMouseCaptured) play.releaseMouse();
  }

  /** The inventory closed; `resume`: by E, so play goes on. */
  inventoryClosed(resume: boolean): void {
    const play = this.hooks.play();
    if (play.isTouchDevice) return; // touch play went on under it
    if (resume) play.start('mouse');
    else this.hooks.showStart();
  }

  /** Play paused (the mouse released, touch play paused): the start screen comes back, unless the inventory took the mouse. */
  paused(): void {
    if (!this.inventoryOpen) this.hooks.showStart();
  }

  put(slot: number, block: number): void {
    if (!this.slots.put(slot, block)) return;
    this.view.setBlock(slot, block);
    this.save();
  }

  /** Middle click: the aimed block into the hotbar, as in Minecraft. */
  pickAimed(): void {
    const block = this.hooks.aimedBlock();
    if (block === null) return;
    const picked = this.slots.pick(block);
    if (!picked) return;
    this.view.setBlock(picked.slot, block);
    this.view.select(picked.slot);
    if (picked.changed) this.save();
  }

  /** A world's own saved blocks, on opening it. */
  setBlocks(blocks: readonly number[]): void {
    this.slots.setAll(blocks);
    blocks.forEach((block, slot) => this.view.setBlock(slot, block));
  }

  private save(): void {
    this.hooks.save([...this.slots.blocks]).catch((e: unknown) => this.hooks.warn(`The hotbar could not be saved: ${e instanceof Error ? e.message : String(e)}`));
  }

  /** Takes both views off the page. Safe to call twice. */
  dispose(): void {
    this.inventory.dispose();
    this.view.dispose();
  }
}
