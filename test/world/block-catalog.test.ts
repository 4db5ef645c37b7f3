/** The inventory's catalog: every block but air in exactly one category, and the search over names. */
import { describe, expect, it } from 'vitest';
import { Block, BLOCK_CATEGORIES, BLOCK_COUNT, BLOCK_NAMES, blockIdsByName, PLACEABLE_BLOCKS, searchBlocks } from '../../src/world';

describe('block catalog', () => {
  it('lists every block but air exactly once, no category empty', () => {
    const all = [...PLACEABLE_BLOCKS].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: BLOCK_COUNT - 1 }, (_, i) => i + 1));
    for (const c of BLOCK_CATEGORIES) expect(c.blocks.length, c.name).toBeGreaterThan(0);
    expect(BLOCK_CATEGORIES.find((c) => c.id === 'colours')!.blocks.every((b) => BLOCK_NAMES[b]!.endsWith(' wool'))).toBe(true);
  });

  it('has a Light tab with the torch, glowstone and lava', () => {
    const light = BLOCK_CATEGORIES.find((c) => c.id === 'light')!;
    expect(light.name).toBe('Light');
    expect(light.blocks).toEqual([Block.Torch, Block.Glowstone, Block.Lava]);
    expect(searchBlocks('torch')).toEqual([Block.Torch]);
  });

  it('searches names by every word, any case, within a category or all', () => {
    expect(searchBlocks('GLASS')).toEqual([Block.Glass]);
    expect(searchBlocks('blue')).toEqual([Block.LightBlueWool, Block.BlueWool]);
    expect(searchBlocks('stone br')).toEqual([Block.StoneBricks, Block.StoneBrickSlab, Block.StoneBrickStairs]);
    expect(searchBlocks('stone br', 'building')).toEqual([Block.StoneBricks]);
    expect(searchBlocks('stone', 'building')).toEqual([Block.Stone, Block.Cobblestone, Block.MossyCobblestone, Block.StoneBricks, Block.Sandstone]);
    expect(searchBlocks('stairs')).toEqual([Block.StoneStairs, Block.CobblestoneStairs, Block.StoneBrickStairs, Block.BrickStairs, Block.OakStairs]);
    expect(searchBlocks('log', 'building')).toEqual([]);
    expect(searchBlocks('log', 'nature')).toEqual([Block.Log, Block.BirchLog, Block.SpruceLog]);
    expect(searchBlocks('')).toEqual(PLACEABLE_BLOCKS);
    expect(searchBlocks('   ', 'colours')).toHaveLength(16);
    expect(searchBlocks('no such block')).toEqual([]);
    // Typed text of any length or kind changes nothing it should not.
    expect(searchBlocks('x'.repeat(10_000))).toEqual([]);
    expect(searchBlocks('.*')).toEqual([]);
  });

  it('gives the registry as names to ids', () => {
    const ids = blockIdsByName();
    expect(Object.keys(ids)).toHaveLength(BLOCK_COUNT);
    expect(ids.glass).toBe(Block.Glass);
    expect(ids['red wool']).toBe(Block.RedWool);
    expect(ids.air).toBe(Block.Air);
    expect([ids.torch, ids.glowstone, ids.lava]).toEqual([Block.Torch, Block.Glowstone, Block.Lava]);
  });
});
