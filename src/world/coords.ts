/**
 * Coordinates: x east, y up, z south. A column is 16 x 16 blocks across and WORLD_HEIGHT
 * tall; column (cx, cz) covers x in [cx * 16, cx * 16 + 15]. Floor division throughout,
 * so negative coordinates work: block x = -1 is in column -1, at local x = 15.
 */

export const COLUMN_SIZE = 16;
export const COLUMN_SHIFT = 4;
export const COLUMN_MASK = 15;
export const WORLD_HEIGHT = 256;
/** Blocks in one column. */
export const COLUMN_VOLUME = COLUMN_SIZE * COLUMN_SIZE * WORLD_HEIGHT;

/** Column coordinate of a block coordinate (safe for negatives and for |x| beyond 2^31). */
export function columnOf(blockCoord: number): number {
  return Math.floor(blockCoord / COLUMN_SIZE);
}

/** Index into a column's blocks: x fastest, then z, then y, so each y layer is contiguous
 *  and the empty sky above the terrain is one run of zeros the mesher can skip. */
export function blockIndex(lx: number, y: number, lz: number): number {
  return lx | (lz << COLUMN_SHIFT) | (y << (2 * COLUMN_SHIFT));
}

/** A stable string key for a column, for maps and sets. */
export function columnKey(cx: number, cz: number): string {
  return `${cx},${cz}`;
}
