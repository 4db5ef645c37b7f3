/**
 * How long a walking player holds the button to break a block, in seconds (flight breaks at
 * once). Roughly Minecraft's bare-hand times, shortened for a game without tools: soft ground
 * and leaves in under half a second, wood in one, stone in one and a half.
 *
 * A function rather than a table, so blocks added after this file (ids past the ones named
 * here: slabs, stairs, doors, flowers) get a time without editing it: read from their name
 * (a "stone slab" breaks like stone, a flower at once), else DEFAULT_BREAK_SECONDS.
 */
import { Block, BLOCK_NAMES } from './blocks';

/** A block of no known kind. */
export const DEFAULT_BREAK_SECONDS = 1;
/** Never breaks by holding (bedrock; air is no target at all, and liquids give way to a placed block instead). */
export const UNBREAKABLE = Number.POSITIVE_INFINITY;

const SOFT = 0.4;
const LEAFY = 0.3;
const WOOD = 1;
const STONE = 1.5;
const WOOL = 0.4;

const BY_ID: Readonly<Record<number, number>> = {
  [Block.Air]: UNBREAKABLE,
  [Block.Bedrock]: UNBREAKABLE,
  [Block.Water]: UNBREAKABLE,
  [Block.Stone]: STONE,
  [Block.Dirt]: SOFT,
  [Block.Grass]: 0.45,
  [Block.Sand]: SOFT,
  [Block.Snow]: 0.3,
  [Block.Gravel]: 0.45,
  [Block.Log]: WOOD,
  [Block.BirchLog]: WOOD,
  [Block.SpruceLog]: WOOD,
  [Block.Leaves]: LEAFY,
  [Block.BirchLeaves]: LEAFY,
  [Block.SpruceLeaves]: LEAFY,
  [Block.Cactus]: SOFT,
  [Block.Sandstone]: 1.2,
  [Block.CoalOre]: STONE,
  [Block.IronOre]: STONE,
  [Block.GoldOre]: STONE,
  [Block.Clay]: 0.5,
  [Block.OakPlanks]: WOOD,
  [Block.BirchPlanks]: WOOD,
  [Block.SprucePlanks]: WOOD,
  [Block.Cobblestone]: STONE,
  [Block.MossyCobblestone]: STONE,
  [Block.Bricks]: STONE,
  [Block.StoneBricks]: STONE,
  [Block.Bookshelf]: 0.8,
  [Block.Glass]: 0.3,
  [Block.Ice]: 0.5,
  [Block.Torch]: 0,
  [Block.Glowstone]: 0.3,
  // A liquid, as water: placing a block into it replaces it.
  [Block.Lava]: UNBREAKABLE,
};

/** Name fragments of blocks this file does not list, first match wins: plants before "grass" or "stone" can catch them. */
const BY_NAME: readonly (readonly [RegExp, number])[] = [
  [/flower|tall grass|fern|sapling|dandelion|poppy|tulip|orchid|daisy|mushroom|bush/, 0],
  [/glass|ice/, 0.3],
  [/wool|carpet/, WOOL],
  [/leaves/, LEAFY],
  [/plank|log|wood|door|oak|birch|spruce|bookshelf|ladder|fence/, WOOD],
  [/stone|cobble|brick|ore|slate|granite|andesite|diorite/, STONE],
  [/dirt|sand|gravel|grass|snow|clay|soil/, SOFT],
];

/** Seconds a walking player holds the button to break `block` (0: at once; Infinity: never). */
export function breakSeconds(block: number): number {
  const known = BY_ID[block];
  if (known !== undefined) return known;
  if (block >= Block.WhiteWool && block <= Block.BlackWool) return WOOL;
  const name = BLOCK_NAMES[block];
  if (name !== undefined) for (const [pattern, seconds] of BY_NAME) if (pattern.test(name)) return seconds;
  return DEFAULT_BREAK_SECONDS;
}
