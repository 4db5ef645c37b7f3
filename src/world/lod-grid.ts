/**
 * Where far terrain is sampled (docs/architecture.md, "Levels of detail: sampling and
 * meshing"). At level k a cell is s = 2^k blocks square, cells are aligned to multiples of s
 * in world blocks, and a region is LOD_REGION_CELLS x LOD_REGION_CELLS cells: the 2^k x 2^k
 * columns from column (rx * 2^k, rz * 2^k). Every cell stands for the one block column at its
 * sample point; level 0 (s = 1, offset 0) is the real, full-detail terrain.
 */
import { COLUMN_SIZE } from './coords';

/** Cells along a region's side: a region at level k is as many cells as a column has blocks. */
export const LOD_REGION_CELLS = COLUMN_SIZE;
/** Coarsest level: 128 x 128 columns per region, cells of 128 blocks. */
export const LOD_MAX_LEVEL = 7;
/**
 * Up to this level a region may border full-detail columns, or have some of its own columns
 * drawn in full detail over it (the renderer discards LOD fragments in loaded columns), so
 * its cells' sides on column boundaries get walls down to the real terrain across them.
 */
export const LOD_CUT_WALL_MAX_LEVEL = 2;
/**
 * Up to this level a cell whose sample column has a tree over it is drawn as that tree's
 * top (a canopy bump), so forests go on past the full-detail edge; coarser levels leave
 * trees out (one tree per 4 x 4 blocks or more would only be noise).
 */
export const LOD_CANOPY_MAX_LEVEL = 1;
/**
 * Up to this level a region is meshed with no quad across a column boundary, so the renderer
 * can draw it column by column and leave out the columns drawn in full detail (the level-1
 * band hugs the full-detail edge and reaches under it). Coarser regions never reach loaded
 * columns once the view has settled (docs/architecture.md §7, "Far terrain").
 */
export const LOD_PIECE_MAX_LEVEL = 1;

/** Cells along a side of the squares no quad of a level-`level` region crosses: a column's, or the region's. */
export function lodTileCells(level: number): number {
  return level <= LOD_PIECE_MAX_LEVEL ? COLUMN_SIZE / lodCellSize(level) : LOD_REGION_CELLS;
}

/** Blocks along a cell's side at `level`. */
export function lodCellSize(level: number): number {
  return 2 ** level;
}

/**
 * The block coordinate (x or z) that world cell `cell` of `level` samples: its middle block,
 * cell * 2^level + (2^level >> 1). The one definition every LOD sampler uses, so neighbouring
 * regions, skirts and tests agree on which block column a cell stands for.
 */
export function lodSampleCoord(level: number, cell: number): number {
  const s = lodCellSize(level);
  return cell * s + (s >> 1);
}

/** Throws a RangeError unless (level, rx, rz) names a region: level 1..LOD_MAX_LEVEL, whole rx and rz. */
export function checkLodRegion(level: number, rx: number, rz: number): void {
  if (!Number.isInteger(level) || level < 1 || level > LOD_MAX_LEVEL) {
    throw new RangeError(`LOD level must be a whole number from 1 to ${LOD_MAX_LEVEL} (got ${level})`);
  }
  if (!Number.isSafeInteger(rx) || !Number.isSafeInteger(rz)) throw new RangeError(`LOD region coordinates must be whole numbers (got ${rx}, ${rz})`);
}
