/**
 * What each block sounds like when walked on, broken or placed: a handful of materials, as
 * Minecraft groups its step sounds, so src/audio needs a recipe per material, not per block.
 *
 * Read from the block's name like block-hardness.ts, so blocks added later (ids past those
 * named here) get a material without editing this file; the unit test checks every id has one.
 */
import { Block, BLOCK_COUNT, BLOCK_NAMES } from './blocks';

export const SOUND_MATERIALS = ['none', 'grass', 'dirt', 'sand', 'gravel', 'stone', 'wood', 'snow', 'leaves', 'glass', 'cloth', 'water'] as const;
export type SoundMaterial = (typeof SOUND_MATERIALS)[number];

const BY_ID: Readonly<Record<number, SoundMaterial>> = {
  [Block.Air]: 'none',
  [Block.Water]: 'water',
  [Block.Grass]: 'grass',
  [Block.Dirt]: 'dirt',
  [Block.Clay]: 'dirt',
  [Block.Sand]: 'sand',
  [Block.Snow]: 'snow',
  [Block.Gravel]: 'gravel',
  [Block.Sandstone]: 'stone',
  [Block.Cactus]: 'cloth',
  [Block.Bookshelf]: 'wood',
  [Block.Ice]: 'glass',
  // Light sources: a torch is a stick of wood, glowstone rings like glass, lava is a liquid.
  [Block.Torch]: 'wood',
  [Block.Glowstone]: 'glass',
  [Block.Lava]: 'water',
};

/** Name fragments, first match wins: plants before "grass" or "stone" can catch them. */
const BY_NAME: readonly (readonly [RegExp, SoundMaterial])[] = [
  [/flower|tall grass|fern|sapling|dandelion|poppy|tulip|orchid|daisy|cornflower|mushroom|bush/, 'grass'],
  [/leaves/, 'leaves'],
  [/glass|ice/, 'glass'],
  [/wool|carpet/, 'cloth'],
  [/plank|log|wood|door|oak|birch|spruce|bookshelf|ladder|fence/, 'wood'],
  [/sand/, 'sand'],
  [/snow/, 'snow'],
  [/gravel/, 'gravel'],
  [/stone|cobble|brick|ore|slate|granite|andesite|diorite|bedrock/, 'stone'],
  [/dirt|clay|soil|grass/, 'dirt'],
];

function materialOf(block: number): SoundMaterial {
  const known = BY_ID[block];
  if (known !== undefined) return known;
  const name = BLOCK_NAMES[block];
  if (name !== undefined) for (const [pattern, material] of BY_NAME) if (pattern.test(name)) return material;
  return 'stone';
}

/** Every block id's material, computed once (the footsteps ask each step). */
const TABLE: readonly SoundMaterial[] = Array.from({ length: BLOCK_COUNT }, (_, id) => materialOf(id));

/** The material of `block`; an id the game does not know sounds like stone. */
export function soundMaterialOf(block: number): SoundMaterial {
  return TABLE[block] ?? 'stone';
}
