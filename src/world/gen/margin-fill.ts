/**
 * The margin grid of a biomes box as fillBlocks reads it: heights, biomes and tints of the
 * box and one ring around it (the cliff test and the cave limits read that far), and beyond
 * that only at the trunk sites mayHaveTree keeps, with their four neighbours (the cliff test
 * under a tree). The rest of the margin is never read: filling it was a quarter of the
 * relief's work for a 24 x 24 box (CPU profile). Every column's values are the same
 * whichever points are asked with it (biomes-terrain.ts, columnsAt), so each one read is
 * what a fill of the whole margin gives; test/world/gen/margin-fill.test.ts checks it.
 */
import { mayHaveTree, TREE_REACH } from './trees';

/**
 * Heights, biomes and tints (tints may be omitted) of the block columns (xs[i], zs[j]),
 * row-major in x, in cells the last climate cover covered.
 */
export type ColumnsAt = (xs: Float64Array, nx: number, zs: Float64Array, nz: number, heights: Int16Array, biomes?: Int8Array, tints?: Uint8Array) => void;

/**
 * Fills the grid (width + 2 * margin) x (depth + 2 * margin) whose column (margin, margin)
 * is the box's first, x0 and z0 in the world; margin must be at least TREE_REACH + 1, and
 * the climate must already cover the whole grid. Columns not read are left as they were.
 */
export type MarginFill = (
  heights: Int16Array, biomes: Int8Array, tints: Uint8Array, x0: number, z0: number, width: number, depth: number, margin: number,
) => void;

export function createMarginFill(columnsAt: ColumnsAt, treeSeed: number): MarginFill {
  // Grow-only scratch: the inner grid's coordinates and columns, and one trunk site's 3 x 3.
  let innerXs = new Float64Array(0);
  let innerZs = new Float64Array(0);
  let innerHeights = new Int16Array(0);
  let innerBiomes = new Int8Array(0);
  let innerTints = new Uint8Array(0);
  const siteXs = new Float64Array(3);
  const siteZs = new Float64Array(3);
  const siteHeights = new Int16Array(9);
  const siteBiomes = new Int8Array(9);

  return (heights, biomes, tints, x0, z0, width, depth, margin) => {
    if (margin < TREE_REACH + 1) throw new RangeError(`margin fill: a margin of ${margin} is narrower than a tree's reach and its cliff test`);
    const wm = width + 2 * margin;
    const wi = width + 2;
    const di = depth + 2;
    const ni = wi * di;
    if (innerXs.length < wi) innerXs = new Float64Array(wi);
    if (innerZs.length < di) innerZs = new Float64Array(di);
    if (innerHeights.length < ni) {
      innerHeights = new Int16Array(ni);
      innerBiomes = new Int8Array(ni);
      innerTints = new Uint8Array(ni);
    }
    for (let i = 0; i < wi; i++) innerXs[i] = x0 - 1 + i;
    for (let j = 0; j < di; j++) innerZs[j] = z0 - 1 + j;
    columnsAt(innerXs, wi, innerZs, di, innerHeights, innerBiomes, innerTints);
    // Copied value by value: a subarray view per row was most of what a call allocated.
    for (let j = 0; j < di; j++) {
      const to = margin - 1 + wm * (j + margin - 1);
      const from = wi * j;
      for (let i = 0; i < wi; i++) {
        heights[to + i] = innerHeights[from + i]!;
        biomes[to + i] = innerBiomes[from + i]!;
        tints[to + i] = innerTints[from + i]!;
      }
    }
    const at = margin + wm * margin;
    for (let tz = -TREE_REACH; tz < depth + TREE_REACH; tz++) {
      for (let tx = -TREE_REACH; tx < width + TREE_REACH; tx++) {
        if (tx >= 0 && tx < width && tz >= 0 && tz < depth) continue;
        const wx = x0 + tx;
        const wz = z0 + tz;
        if (!mayHaveTree(treeSeed, wx, wz)) continue;
        for (let d = 0; d < 3; d++) {
          siteXs[d] = wx - 1 + d;
          siteZs[d] = wz - 1 + d;
        }
        columnsAt(siteXs, 3, siteZs, 3, siteHeights, siteBiomes);
        // The site (3 x 3 index 4) and its west, east, north and south neighbours.
        const c = at + tx + wm * tz;
        heights[c] = siteHeights[4]!;
        biomes[c] = siteBiomes[4]!;
        heights[c - 1] = siteHeights[3]!;
        biomes[c - 1] = siteBiomes[3]!;
        heights[c + 1] = siteHeights[5]!;
        biomes[c + 1] = siteBiomes[5]!;
        heights[c - wm] = siteHeights[1]!;
        biomes[c - wm] = siteBiomes[1]!;
        heights[c + wm] = siteHeights[7]!;
        biomes[c + wm] = siteBiomes[7]!;
      }
    }
  };
}
