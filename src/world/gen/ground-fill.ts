/**
 * The biomes generator's ground, block column by block column of a box: bedrock at y = 0,
 * stone, the sub layer, the soil, the top block at the surface height, water up to the sea;
 * and where caves may reach under each column. Only layer order and bulk writes differ from
 * writing every block of every column (fillGroundReference, the test's reference): the same
 * block lands in every cell.
 *
 * Why bulk: the box is stored y-major (x + width * (z + depth * y)), so a column's blocks are
 * a whole layer apart, and one write per block per column was most of fillBlocks' own time
 * (CPU profile). Every column is stone from y = 1 up to just under the lowest sub layer in
 * the box, so those layers are one `fill` each, and columns are only walked from there up.
 */
import { Block } from '../blocks';
import { SOIL_DEPTH, SUB_DEPTH } from './surface';

/** What fillGround found: the highest block (water included) and the highest ground block, -1 for none. */
export interface GroundTops {
  maxY: number;
  maxGround: number;
}

/**
 * The ground of the box [0, width) x [0, height) x [0, depth) into `out` (which must be all
 * air): column (x, z) has surface height heights[at + x + stride * z] and surface blocks
 * surf[x + width * z] (top | soil << 8 | sub << 16, gen/surface.ts).
 */
export function fillGround(
  out: Uint8Array, width: number, depth: number, height: number, heights: Int16Array, at: number, stride: number, surf: Int32Array, seaLevel: number,
): GroundTops {
  const layer = width * depth;
  let maxY = -1;
  let maxGround = -1;
  if (height <= 0) return { maxY, maxGround };
  out.fill(Block.Bedrock, 0, layer);
  // Layers 1 .. allStone - 1 are stone in every column: below every sub layer and ground top.
  let allStone = height;
  for (let z = 0; z < depth; z++) {
    for (let x = 0; x < width; x++) {
      const h = heights[at + x + stride * z]!;
      const stoneTop = Math.min(h, height - 1);
      const below = Math.min(h - SOIL_DEPTH - SUB_DEPTH, stoneTop + 1);
      if (below < allStone) allStone = below;
    }
  }
  if (allStone > 1) out.fill(Block.Stone, layer, layer * allStone);
  const from = Math.max(1, allStone);
  const waterTop = Math.min(seaLevel, height - 1);
  for (let z = 0; z < depth; z++) {
    for (let x = 0; x < width; x++) {
      const h = heights[at + x + stride * z]!;
      const column = x + width * z;
      const blocks = surf[column]!;
      const top = blocks & 0xff;
      const soil = (blocks >>> 8) & 0xff;
      const sub = blocks >>> 16;
      const stoneTop = Math.min(h, height - 1);
      const soilFrom = h - SOIL_DEPTH;
      const subFrom = soilFrom - SUB_DEPTH;
      for (let y = from; y <= stoneTop; y++) {
        out[column + layer * y] = y === h ? top : y >= soilFrom ? soil : y >= subFrom ? sub : Block.Stone;
      }
      for (let y = h + 1; y <= waterTop; y++) out[column + layer * y] = Block.Water;
      const columnTop = Math.max(stoneTop, waterTop);
      if (columnTop > maxY) maxY = columnTop;
      if (stoneTop > maxGround) maxGround = stoneTop;
    }
  }
  return { maxY, maxGround };
}

/** fillGround's blocks one by one, column by column: the plain statement of the rules, for tests. */
export function fillGroundReference(
  out: Uint8Array, width: number, depth: number, height: number, heights: Int16Array, at: number, stride: number, surf: Int32Array, seaLevel: number,
): GroundTops {
  const layer = width * depth;
  let maxY = -1;
  let maxGround = -1;
  for (let z = 0; z < depth; z++) {
    for (let x = 0; x < width; x++) {
      const h = heights[at + x + stride * z]!;
      const column = x + width * z;
      const blocks = surf[column]!;
      const stoneTop = Math.min(h, height - 1);
      if (height > 0) out[column] = Block.Bedrock;
      for (let y = 1; y <= stoneTop; y++) {
        out[column + layer * y] = y === h ? blocks & 0xff : y >= h - SOIL_DEPTH ? (blocks >>> 8) & 0xff : y >= h - SOIL_DEPTH - SUB_DEPTH ? blocks >>> 16 : Block.Stone;
      }
      const waterTop = Math.min(seaLevel, height - 1);
      for (let y = h + 1; y <= waterTop; y++) out[column + layer * y] = Block.Water;
      maxY = Math.max(maxY, stoneTop, waterTop);
      maxGround = Math.max(maxGround, stoneTop);
    }
  }
  return { maxY, maxGround };
}

/**
 * The highest y caves may carve in each column of the box (limit[x + width * z]): under the
 * surface block, or `wetDepth` under the lowest ground of the 3 x 3 columns around it when
 * any of those is at or below `wetLevel` (so no cave opens into water). `heights` as in
 * fillGround, with at least one column of margin around the box; `rowLow` is scratch of
 * (width + 2) * depth values.
 */
export function fillCaveLimits(
  limit: Int16Array, width: number, depth: number, heights: Int16Array, at: number, stride: number, wetLevel: number, wetDepth: number, rowLow: Int16Array,
): void {
  // The 3 x 3 minimum in two passes: along z over three rows, then along x.
  const wr = width + 2;
  for (let z = 0; z < depth; z++) {
    for (let x = -1; x <= width; x++) {
      const i = at + x + stride * z;
      rowLow[x + 1 + wr * z] = Math.min(heights[i - stride]!, heights[i]!, heights[i + stride]!);
    }
  }
  for (let z = 0; z < depth; z++) {
    for (let x = 0; x < width; x++) {
      const r = x + 1 + wr * z;
      // The centre is one of the nine, so the minimum is also the lowest neighbour; any of the
      // nine at or below wetLevel exactly when the minimum is.
      const low = Math.min(rowLow[r - 1]!, rowLow[r]!, rowLow[r + 1]!);
      limit[x + width * z] = low <= wetLevel ? low - wetDepth : heights[at + x + stride * z]! - 1;
    }
  }
}
