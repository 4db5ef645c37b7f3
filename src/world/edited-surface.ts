/**
 * The surface of one block column after player edits, as far terrain sees it: trees left out
 * (levels 2 and up) or kept (level 1, where trees are canopy bumps), like the unedited LOD
 * samples. Only sample points with edits pay for this (one 1 x 1 x 256 box).
 */
import { Block, BLOCK_FULL_FORM } from './blocks';
import { WORLD_HEIGHT } from './coords';
import { validateEdit, type BlockEdit } from './edits';
import type { Terrain } from './terrain';

export interface ColumnSurface {
  /** y of the highest block that is neither air nor water; -1 when there is none. */
  height: number;
  /** That block (Air when there is none). */
  top: number;
  /** The column's climate tint byte, as fillBlocks gives it. */
  tint: number;
  /**
   * Water stands on the ground: it is below sea level and the block at sea level is water.
   * Kept that simple on purpose: a dug pit on land stays dry, a dammed cell in the sea stays
   * wet, and water an edit leaves above sea level is not drawn.
   */
  underWater: boolean;
}

/**
 * The surface of block column (x, z) with `edits` applied (those not at (x, z), and invalid
 * ones, are skipped; later edits win). Generated blocks above the generated ground other than
 * water are tree parts: unless `keepTrees`, they become air first, so a level that leaves
 * trees out leaves them out edited or not; with it, the highest non-air, non-water block
 * counts whatever it is, as Terrain.fillCanopy's top does for unedited samples. Every block
 * counts as its BLOCK_FULL_FORM (shapes as full blocks, plants as air).
 */
export function editedColumnSurface(terrain: Terrain, x: number, z: number, edits: readonly BlockEdit[], keepTrees = false): ColumnSurface {
  const blocks = new Uint8Array(WORLD_HEIGHT);
  const ground = new Int16Array(1);
  const tint = new Uint8Array(1);
  terrain.fillBlocks(blocks, x, z, 1, 1, WORLD_HEIGHT, ground, tint);
  if (!keepTrees) for (let y = ground[0]! + 1; y < WORLD_HEIGHT; y++) if (blocks[y] !== Block.Water) blocks[y] = Block.Air;
  for (const e of edits) if (e.x === x && e.z === z && validateEdit(e) === null) blocks[e.y] = e.block;
  // Far terrain draws no shapes: a slab or stairs reads as its full block, a door as planks,
  // a plant (placed or generated) as air, so the ground under it shows.
  for (let y = 0; y < WORLD_HEIGHT; y++) blocks[y] = BLOCK_FULL_FORM[blocks[y]!]!;
  let height = WORLD_HEIGHT - 1;
  while (height >= 0 && (blocks[height] === Block.Air || blocks[height] === Block.Water)) height--;
  const { seaLevel } = terrain.params;
  return {
    height,
    top: height >= 0 ? blocks[height]! : Block.Air,
    tint: tint[0]!,
    underWater: height < seaLevel && blocks[seaLevel] === Block.Water,
  };
}
