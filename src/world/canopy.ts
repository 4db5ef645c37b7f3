/**
 * The top of the trees over sample points, as far terrain's level 1 draws them
 * (Terrain.fillCanopy): for each sample column, the highest block a tree puts there and which
 * block ends up in that cell, found by stamping only the trees that can reach the column
 * through a `put` that watches that one column, never by filling block columns.
 *
 * Why this equals fillBlocks: above max(ground, seaLevel) a generated column holds only air,
 * plants (which far terrain reads as air, BLOCK_FULL_FORM) and tree blocks (water stops at sea
 * level; caves and ores stay under the ground block).
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

/**
 * The trunk sites of a fillCanopy call: the block columns [x0 - reach, x0 + (width - 1) *
 * step + reach] (and likewise in z), row-major in x, `width` wide. A sample's column is at
 * sampleIndex(i, j); a site dx, dz from it at that + dx + width * dz.
 */
export class CanopyGrid {
  readonly x0: number;
  readonly z0: number;
  readonly samplesX: number;
  readonly samplesZ: number;
  readonly step: number;
  readonly reach: number;
  readonly width: number;
  readonly size: number;
  /**
   * Per site with a tree's trunk: its ground + trunk height + 1, which is at least the y of
   * every block of the tree and above its logs; 0 for no tree.
   */
  readonly crown: Int16Array;

  /** For samplesX x samplesZ samples from (x0, z0), `step` apart, and trees reaching `reach` from their trunks. */
  constructor(x0: number, z0: number, samplesX: number, samplesZ: number, step: number, reach: number) {
    this.x0 = x0;
    this.z0 = z0;
    this.samplesX = samplesX;
    this.samplesZ = samplesZ;
    this.step = step;
    this.reach = reach;
    this.width = (samplesX - 1) * step + 1 + 2 * reach;
    this.size = this.width * ((samplesZ - 1) * step + 1 + 2 * reach);
    this.crown = new Int16Array(this.size);
  }

  sampleIndex(i: number, j: number): number {
    return this.reach + i * this.step + this.width * (this.reach + j * this.step);
  }

  /**
   * Calls visit(wx, wz, index) for every site within `reach` of a sample (with a step above
   * 2 * reach + 1, the columns between the samples' neighbourhoods are skipped), in (z, x) order.
   */
  forEachSite(visit: (wx: number, wz: number, index: number) => void): void {
    const span = 2 * this.reach;
    const rows = this.size / this.width;
    for (let z = 0; z < rows; z++) {
      if (z % this.step > span) continue;
      for (let x = 0; x < this.width; x++) {
        if (x % this.step > span) continue;
        visit(this.x0 - this.reach + x, this.z0 - this.reach + z, x + this.width * z);
      }
    }
  }
}

/**
 * Fills heights[i + samplesX * j] with the highest tree block's y over sample (i, j) of
 * `grid` (-1 where no tree block is above its ground, ground[i + samplesX * j], and the water)
 * and tops with that block (Air). stamp(put, index, dx, dz) stamps the tree of site `index`
 * with its trunk at (dx, dz) relative to the watched column, which is at (0, 0), exactly as
 * fillBlocks stamps it.
 */
export function fillCanopyFromGrid(
  heights: Int16Array, tops: Uint8Array, ground: Int16Array, seaLevel: number, grid: CanopyGrid,
  stamp: (put: CanopyPut, index: number, dx: number, dz: number) => void,
): void {
  const { crown, reach, width: gw, samplesX, samplesZ } = grid;
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
  for (let j = 0; j < samplesZ; j++) {
    for (let i = 0; i < samplesX; i++) {
      const k = i + samplesX * j;
      const at = grid.sampleIndex(i, j);
      // Tree blocks only land above the ground and the water: y > floor.
      const floor = Math.max(ground[k]!, seaLevel);
      best = floor;
      block = Block.Air;
      for (let dz = -reach; dz <= reach; dz++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const index = at + dx + gw * dz;
          // A tree whose blocks all stay at or below the best so far cannot change the top:
          // at an equal height the first tree's block stays, and its logs are lower still.
          if (crown[index]! <= best) continue;
          stamp(put, index, dx, dz);
        }
      }
      heights[k] = best > floor ? best : -1;
      tops[k] = best > floor ? block : Block.Air;
    }
  }
}
