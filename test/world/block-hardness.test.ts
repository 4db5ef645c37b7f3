/** Break times by block: the table's kinds, and a time for ids it does not list. */
import { describe, expect, it } from 'vitest';
import { Block, BLOCK_COUNT } from '../../src/world';
import { breakSeconds, DEFAULT_BREAK_SECONDS, UNBREAKABLE } from '../../src/world/block-hardness';

describe('breakSeconds', () => {
  it('orders soft ground, wood and stone as the player expects', () => {
    for (const soft of [Block.Dirt, Block.Sand, Block.Gravel, Block.Grass, Block.Snow, Block.Leaves]) {
      expect(breakSeconds(soft)).toBeGreaterThanOrEqual(0.3);
      expect(breakSeconds(soft)).toBeLessThanOrEqual(0.5);
    }
    expect(breakSeconds(Block.Log)).toBe(1);
    expect(breakSeconds(Block.OakPlanks)).toBe(1);
    for (const hard of [Block.Stone, Block.Cobblestone, Block.Bricks, Block.CoalOre, Block.GoldOre]) expect(breakSeconds(hard)).toBe(1.5);
    expect(breakSeconds(Block.Glass)).toBe(0.3);
    expect(breakSeconds(Block.RedWool)).toBe(0.4);
  });

  it('never breaks bedrock, and air, water and lava are nothing to break', () => {
    expect(breakSeconds(Block.Bedrock)).toBe(UNBREAKABLE);
    expect(breakSeconds(Block.Air)).toBe(UNBREAKABLE);
    expect(breakSeconds(Block.Water)).toBe(UNBREAKABLE);
    expect(breakSeconds(Block.Lava)).toBe(UNBREAKABLE);
  });

  it('breaks a torch at once and glowstone as fast as glass', () => {
    expect(breakSeconds(Block.Torch)).toBe(0);
    expect(breakSeconds(Block.Glowstone)).toBe(breakSeconds(Block.Glass));
  });

  it('gives every known block a finite time but the four above', () => {
    for (let id = 0; id < BLOCK_COUNT; id++) {
      if (id === Block.Air || id === Block.Bedrock || id === Block.Water || id === Block.Lava) continue;
      expect(Number.isFinite(breakSeconds(id)), `block ${id}`).toBe(true);
    }
  });

  it('gives ids it does not know the default time', () => {
    expect(breakSeconds(BLOCK_COUNT + 50)).toBe(DEFAULT_BREAK_SECONDS);
    expect(breakSeconds(-1)).toBe(DEFAULT_BREAK_SECONDS);
  });
});
