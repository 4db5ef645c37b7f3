/**
 * The creative inventory's view of the registry: every placeable block in one category, in the
 * order the grid shows it, and a search over the names. A category is listed only once it
 * has blocks: an empty tab would be a dead button.
 */
import { Block, BLOCK_COUNT, BLOCK_NAMES, type BlockId } from './blocks';

export type BlockCategoryId = 'building' | 'shapes' | 'nature' | 'colours' | 'light';

export interface BlockCategory {
  readonly id: BlockCategoryId;
  /** The tab's label. */
  readonly name: string;
  readonly blocks: readonly BlockId[];
}

const woolBlocks = (): BlockId[] => Array.from({ length: Block.BlackWool - Block.WhiteWool + 1 }, (_, i) => (Block.WhiteWool + i) as BlockId);

export const BLOCK_CATEGORIES: readonly BlockCategory[] = Object.freeze([
  {
    id: 'building',
    name: 'Building',
    blocks: [
      Block.Stone, Block.Cobblestone, Block.MossyCobblestone, Block.StoneBricks, Block.Bricks, Block.Sandstone,
      Block.OakPlanks, Block.BirchPlanks, Block.SprucePlanks, Block.Bookshelf, Block.Glass, Block.Bedrock,
    ],
  },
  {
    id: 'shapes',
    name: 'Shapes',
    blocks: [
      Block.StoneSlab, Block.CobblestoneSlab, Block.StoneBrickSlab, Block.BrickSlab, Block.OakSlab,
      Block.StoneStairs, Block.CobblestoneStairs, Block.StoneBrickStairs, Block.BrickStairs, Block.OakStairs, Block.OakDoor,
    ],
  },
  {
    id: 'nature',
    name: 'Nature',
    blocks: [
      Block.Grass, Block.Dirt, Block.Sand, Block.Gravel, Block.Clay, Block.Snow, Block.Ice, Block.Water,
      Block.Log, Block.BirchLog, Block.SpruceLog, Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves, Block.Cactus,
      Block.CoalOre, Block.IronOre, Block.GoldOre, Block.TallGrass, Block.Fern, Block.Dandelion, Block.Poppy, Block.Cornflower,
    ],
  },
  { id: 'colours', name: 'Colours', blocks: woolBlocks() },
  { id: 'light', name: 'Light', blocks: [Block.Torch, Block.Glowstone, Block.Lava] },
]);

/** Every placeable block, category after category. */
export const PLACEABLE_BLOCKS: readonly BlockId[] = Object.freeze(BLOCK_CATEGORIES.flatMap((c) => c.blocks));

/** The longest search the inventory takes; more is cut (it is typed text). */
export const MAX_BLOCK_SEARCH = 40;

/**
 * The blocks of `category` (all of them when null) whose name contains every word of `query`,
 * case-insensitive: "blue" finds both blue wools, "stone br" finds stone bricks.
 */
export function searchBlocks(query: string, category: BlockCategoryId | null = null): BlockId[] {
  const words = query.slice(0, MAX_BLOCK_SEARCH).toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  const pool = category === null ? PLACEABLE_BLOCKS : (BLOCK_CATEGORIES.find((c) => c.id === category)?.blocks ?? []);
  return pool.filter((id) => {
    const name = BLOCK_NAMES[id]!;
    return words.every((w) => name.includes(w));
  });
}

/** The registry as names to ids (`window.__game.blocks()`), air included. */
export function blockIdsByName(): Record<string, number> {
  const out: Record<string, number> = {};
  for (let id = 0; id < BLOCK_COUNT; id++) out[BLOCK_NAMES[id]!] = id;
  return out;
}
