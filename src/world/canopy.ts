/**
 * The top of the trees over sample points, as far terrain's level 1 draws them
 * (Terrain.fillCanopy): for each sample column, the highest block a tree puts there and which
 * block ends up in that cell, found by stamping only the trees that can reach the column
 * through a `put` that watches that one column, never by filling block columns.
 *
 * Why this equals fillBlocks: above max(ground, seaLevel) a generated column holds only air
 * and tree blocks (water stops at sea level; caves and ores stay under the ground block).
 * Trees within TREE_REACH of the column are the only ones that reach it, and each generator
 * visits them in (z, x) order of their trunks; leaves fill only air, logs air or leaves. The
 * watching `put` replays those rules for the highest cell: the first tree block put there
 * fills it, a later log replaces leaves, anything else is refused.
 */
import { Block } from './blocks';
import { WORLD_HEIGHT } from './coords';

/** Puts a block at box-relative (x, y, z): the trees' stamp callback (gen/trees.ts Put). */
export type CanopyPut = (x: number, y: number, z: number, block: number) => void;

function isLog(block: number): boolean {
  return block === Block.Log || block === Block.BirchLog || block === Block.SpruceLog;
}

function isLeaves(block: number): boolean {
  return block === Block.Leaves || block === Block.BirchLeaves || block === Block.SpruceLeaves;
}

export interface CanopyGrid {
  /** Width (x) of the grid's rows. */
  width: number;
  /** Grid index of the first sample, (x0, z0); sample (i, j) is at origin + (i + width * j) * step. */
  origin: number;
  /** Ground height of every grid column. */
  ground: Int16Array;
  /**
   * Per grid column with a tree's trunk: its ground + trunk height + 1, which is at least the
   * y of every block of the tree and above its logs; 0 for no tree. Set for every column
   * within `reach` of a sample.
   */
  crown: Int16Array;
  /** How far from its trunk a tree's blocks may be (TREE_REACH). */
  reach: number;
  /**
   * Stamps the tree of grid column `index` with its trunk at (dx, dz) relative to the watched
   * column (which is at (0, 0)), through `put`, exactly as fillBlocks stamps it.
   */
  stamp(put: CanopyPut, index: number, dx: number, dz: number): void;
}

/**
 * Fills heights[i + width * j] with the highest tree block's y over sample (i, j) of `grid`
 * (-1 where no tree block is above the ground and the water) and tops with that block (Air).
 */
export function fillCanopyFromGrid(
  heights: Int16Array, tops: Uint8Array, width: number, depth: number, step: number, seaLevel: number, grid: CanopyGrid,
): void {
  const { ground, crown, reach, width: gw } = grid;
  let best = 0;
  let block: number = Block.Air;
  const put: CanopyPut = (x, y, z, b) => {
    if (x !== 0 || z !== 0 || y < best || y >= WORLD_HEIGHT) return;
    if (y > best) {
      best = y;
      block = b;
    } else if (isLeaves(block) && isLog(b)) {
      block = b;
    }
  };
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const at = grid.origin + (i + gw * j) * step;
      // Tree blocks only land above the ground and the water: y > floor.
      const floor = Math.max(ground[at]!, seaLevel);
      best = floor;
      block = Block.Air;
      for (let dz = -reach; dz <= reach; dz++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const index = at + dx + gw * dz;
          // A tree whose blocks all stay at or below the best so far cannot change the top:
          // at an equal height the first tree's block stays, and its logs are lower still.
          if (crown[index]! <= best) continue;
          grid.stamp(put, index, dx, dz);
        }
      }
      const k = i + width * j;
      heights[k] = best > floor ? best : -1;
      tops[k] = best > floor ? block : Block.Air;
    }
  }
}
