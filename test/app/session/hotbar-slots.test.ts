/** The hotbar as data: every change checked, Minecraft's pick block, a world's own blocks. */
import { describe, expect, it } from 'vitest';
import { HotbarSlots } from '../../../src/app/session/hotbar-slots';
import { DEFAULT_HOTBAR } from '../../../src/storage';
import { Block, BLOCK_COUNT } from '../../../src/world';

describe('HotbarSlots', () => {
  it('puts blocks in slots and refuses anything that is not a slot and a placeable block', () => {
    const slots = new HotbarSlots(DEFAULT_HOTBAR);
    expect(slots.put(2, Block.Glass)).toBe(true);
    expect(slots.blocks[2]).toBe(Block.Glass);
    expect(slots.put(2, Block.Glass)).toBe(false); // already there: nothing to save
    for (const [slot, block] of [[-1, Block.Stone], [9, Block.Stone], [1.5, Block.Stone], [NaN, Block.Stone], [0, Block.Air], [0, BLOCK_COUNT], [0, -3], [0, 2.5], [0, NaN]]) {
      expect(slots.put(slot!, block!), `${slot}, ${block}`).toBe(false);
    }
    expect(slots.blocks).toEqual([...DEFAULT_HOTBAR.slice(0, 2), Block.Glass, ...DEFAULT_HOTBAR.slice(3)]);
    expect(slots.select(4)).toBe(true);
    expect(slots.selectedBlock).toBe(DEFAULT_HOTBAR[4]);
    expect(slots.select(9)).toBe(false);
    expect(slots.selected).toBe(4);
  });

  it('picks as Minecraft does: the slot holding the block is selected, else the block goes into the selected slot', () => {
    const slots = new HotbarSlots(DEFAULT_HOTBAR);
    slots.select(3);
    expect(slots.pick(DEFAULT_HOTBAR[6]!)).toEqual({ slot: 6, changed: false });
    expect(slots.selected).toBe(6);
    expect(slots.pick(Block.Bricks)).toEqual({ slot: 6, changed: true });
    expect(slots.blocks[6]).toBe(Block.Bricks);
    expect(slots.pick(Block.Air)).toBeNull();
    expect(slots.pick(999)).toBeNull();
  });

  it("takes a world's own blocks, keeping the selection, and refuses a bad list whole", () => {
    const slots = new HotbarSlots(DEFAULT_HOTBAR);
    slots.select(5);
    const wools = Array.from({ length: 9 }, (_, i) => Block.WhiteWool + i);
    slots.setAll(wools);
    expect(slots.blocks).toEqual(wools);
    expect(slots.selected).toBe(5);
    expect(() => slots.setAll([Block.Stone])).toThrow(RangeError);
    expect(() => slots.setAll([...wools.slice(0, 8), Block.Air])).toThrow(RangeError);
    expect(slots.blocks).toEqual(wools);
    expect(() => new HotbarSlots([])).toThrow(RangeError);
  });
});
