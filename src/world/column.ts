import { COLUMN_VOLUME } from './coords';

/** One 16 x 16 x 256 column of blocks, the unit of generation, meshing and streaming. */
export interface ChunkColumn {
  readonly cx: number;
  readonly cz: number;
  /** Block ids, indexed by blockIndex(lx, y, lz). */
  readonly blocks: Uint8Array;
  /**
   * The terrain's heightAt per (lx, lz), index lx + 16 * lz, as generated: the ground under
   * any water, not counting trees on it, and not updated by block edits.
   * @deprecated Nothing in the game reads it: use terrainFor(params).heightAt, or scan `blocks`.
   */
  readonly heights: Int16Array;
  /** Highest y holding a non-air block; layers above are known empty. */
  maxY: number;
}

export function createEmptyColumn(cx: number, cz: number): ChunkColumn {
  return { cx, cz, blocks: new Uint8Array(COLUMN_VOLUME), heights: new Int16Array(256), maxY: -1 };
}
