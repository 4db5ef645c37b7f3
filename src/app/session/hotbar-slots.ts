/**
 * The hotbar as data: nine block ids and the selected slot. The inventory puts blocks in
 * slots, a middle click picks the aimed block as Minecraft does, and a world brings its own
 * nine (saved with it). Every change is checked here, so no slot ever holds air or an id the
 * registry does not know, whatever a saved file or a caller says.
 */
import { hotbarProblem } from '../../storage';
import { Block, isValidBlockId } from '../../world';

export class HotbarSlots {
  private slots: number[];
  private index = 0;

  constructor(blocks: readonly number[]) {
    this.slots = HotbarSlots.checked(blocks);
  }

  /** A copy of `blocks` if it is a hotbar a world can save (storage's rule, hotbarProblem), else a RangeError. */
  private static checked(blocks: readonly number[]): number[] {
    const problem = hotbarProblem(blocks);
    if (problem !== null) throw new RangeError(`Not a hotbar: ${problem}`);
    return [...blocks];
  }

  get blocks(): readonly number[] {
    return this.slots;
  }

  get size(): number {
    return this.slots.length;
  }

  /** The selected slot, 0-based. */
  get selected(): number {
    return this.index;
  }

  get selectedBlock(): number {
    return this.slots[this.index]!;
  }

  /** Selects a slot; false (and nothing changes) for anything but a slot's index. */
  select(slot: number): boolean {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.slots.length) return false;
    this.index = slot;
    return true;
  }

  /** Puts `block` in `slot`; false (and nothing changes) for a bad slot or block, or the block already there. */
  put(slot: number, block: number): boolean {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.slots.length || !isValidBlockId(block) || block === Block.Air) return false;
    if (this.slots[slot] === block) return false;
    this.slots[slot] = block;
    return true;
  }

  /**
   * Minecraft's pick block: the slot already holding `block` is selected; otherwise `block`
   * goes into the selected slot. Returns the slot and whether the blocks changed (to save).
   */
  pick(block: number): { slot: number; changed: boolean } | null {
    if (!isValidBlockId(block) || block === Block.Air) return null;
    const held = this.slots.indexOf(block);
    if (held >= 0) {
      this.index = held;
      return { slot: held, changed: false };
    }
    this.slots[this.index] = block;
    return { slot: this.index, changed: true };
  }

  /** A world's own nine (its saved hotbar); the selection stays where it was. */
  setAll(blocks: readonly number[]): void {
    this.slots = HotbarSlots.checked(blocks);
  }
}
