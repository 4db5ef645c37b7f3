/**
 * Samples a far region's ground straight from the generator, never from full columns
 * (docs/architecture.md, "Levels of detail: sampling and meshing"): per cell the surface
 * height, top block, climate tint and whether water stands on it, for the region's 16 x 16
 * cells and a one-cell ring around them, plus how far down each cell's outer and cut walls
 * must reach (lod-floors.ts). Rock above the snow cap is sampled as snow (capWithSnow). Up to
 * LOD_CANOPY_MAX_LEVEL a cell with a tree over its sample column is the top of that tree
 * instead (Terrain.fillCanopy).
 */
import { Block } from './blocks';
import { editedColumnSurface } from './edited-surface';
import type { BlockEdit } from './edits';
import { fillSideFloors, LOD_SIDE_COUNT } from './lod-floors';
import { checkLodRegion, LOD_CANOPY_MAX_LEVEL, LOD_REGION_CELLS, lodCellSize, lodSampleCoord } from './lod-grid';
import type { Terrain } from './terrain';

/** Cells along a side of the sampled grid: the region and a one-cell ring. */
export const LOD_GRID = LOD_REGION_CELLS + 2;

export interface LodSamples {
  level: number;
  rx: number;
  rz: number;
  /**
   * Per grid cell, at lodGridIndex(i, j) for i, j in -1..16 (-1 and 16: the ring, sampled at
   * the same spacing outside the region): the ground height (y of the top solid block, trees
   * left out; up to LOD_CANOPY_MAX_LEVEL, the highest tree block where a tree stands over the
   * sample column), the block there, the climate tint byte, and 1 where water stands on it up
   * to sea level (never under a canopy, which is above it).
   */
  heights: Int16Array;
  tops: Uint8Array;
  tints: Uint8Array;
  underWater: Uint8Array;
  /**
   * Per region cell and side, at lodSideIndex(side, i, j): the lowest ground height beyond that
   * side other than the grid neighbour's, which the cell's wall must reach down to: skirts at
   * the region's border, real terrain on cut sides (lod-floors.ts). NO_FLOOR where none.
   */
  sideFloors: Int16Array;
}

/** Index of cell (i, j), i and j in -1..LOD_REGION_CELLS, in the sampled grid. */
export function lodGridIndex(i: number, j: number): number {
  return i + 1 + LOD_GRID * (j + 1);
}

/**
 * The surface of region (level, rx, rz) of `terrain`. `edits` are block edits; those at a
 * grid sample point (the region's own, or the ring's when a caller passes them) replace that
 * cell's surface with the edited column's (editedColumnSurface). All others are ignored: they
 * do not move any sample, skirt or cut wall. Throws a RangeError for a bad level or region.
 */
export function sampleLodRegion(terrain: Terrain, level: number, rx: number, rz: number, edits: readonly BlockEdit[]): LodSamples {
  checkLodRegion(level, rx, rz);
  const n = LOD_GRID * LOD_GRID;
  const samples: LodSamples = {
    level,
    rx,
    rz,
    heights: new Int16Array(n),
    tops: new Uint8Array(n),
    tints: new Uint8Array(n),
    underWater: new Uint8Array(n),
    sideFloors: new Int16Array(LOD_SIDE_COUNT * LOD_REGION_CELLS * LOD_REGION_CELLS),
  };
  const s = lodCellSize(level);
  const gx = lodSampleCoord(level, rx * LOD_REGION_CELLS - 1);
  const gz = lodSampleCoord(level, rz * LOD_REGION_CELLS - 1);
  terrain.fillSurface(samples.heights, samples.tops, gx, gz, LOD_GRID, LOD_GRID, s, samples.tints);
  capWithSnow(samples, terrain.snowCap);
  const canopy = level <= LOD_CANOPY_MAX_LEVEL;
  if (canopy) raiseCanopies(samples, terrain, gx, gz, s);
  // Every generator fills water from the ground up to sea level wherever the ground is below
  // it, and nowhere else (flat worlds' ground is always above it). Canopies are always above
  // sea level: they hide any water under them.
  const { seaLevel } = terrain.params;
  for (let k = 0; k < n; k++) samples.underWater[k] = samples.heights[k]! < seaLevel ? 1 : 0;
  applyEdits(samples, terrain, gx, gz, s, edits, canopy);
  fillSideFloors(samples.sideFloors, terrain, level, rx, rz);
  return samples;
}

/**
 * Makes rock at or above the snow cap snow. Up there every top is snow but a cliff's
 * (terrain.ts, snowCap), and a peak's steep faces are nearly all cliff samples, so a far peak
 * came out grey rock with the odd white cell, where up close it reads as a snowy peak with
 * rock showing through. One block that stands for s x s (and shows its side down a whole
 * slope) has to say what most of them are. Edited cells keep their real block (applyEdits
 * comes after).
 */
function capWithSnow(samples: LodSamples, snowCap: number): void {
  const { heights, tops } = samples;
  for (let k = 0; k < tops.length; k++) if (tops[k] === Block.Stone && heights[k]! >= snowCap) tops[k] = Block.Snow;
}

/**
 * Raises every grid cell (ring included, so walls on the region's border match the
 * neighbouring region of the same level, which raises the same cells) with a tree over its
 * sample column to that tree's highest block there, and makes it that block (its tint is the
 * column's, which the cell already has).
 *
 * The floors (skirts and cut walls, lod-floors.ts) keep reading the ground, trees left out,
 * and that cannot open a crack: a wall has to reach down to the top of whatever is drawn
 * across it, and everything that can be drawn there stands on at least the ground a floor
 * reads (levels 2 and up draw the ground, level 1 the ground or a canopy above it, full
 * detail the ground with trees on it), so a wall down to the ground reaches it. Where the
 * neighbour across is higher, the extra wall is inside it, out of sight.
 */
function raiseCanopies(samples: LodSamples, terrain: Terrain, gx: number, gz: number, s: number): void {
  const n = LOD_GRID * LOD_GRID;
  const heights = new Int16Array(n);
  const tops = new Uint8Array(n);
  terrain.fillCanopy(heights, tops, gx, gz, LOD_GRID, LOD_GRID, s);
  for (let k = 0; k < n; k++) {
    if (heights[k]! < 0) continue;
    samples.heights[k] = heights[k]!;
    samples.tops[k] = tops[k]!;
  }
}

/**
 * Replaces the surface of every grid cell whose sample point holds an edit: trees left out,
 * or kept with `keepTrees` (the levels that draw canopies).
 */
function applyEdits(
  samples: LodSamples, terrain: Terrain, gx: number, gz: number, s: number, edits: readonly BlockEdit[], keepTrees: boolean,
): void {
  const onSamples = new Map<number, BlockEdit[]>();
  for (const e of edits) {
    const i = (e.x - gx) / s;
    const j = (e.z - gz) / s;
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= LOD_GRID || j >= LOD_GRID) continue;
    const k = i + LOD_GRID * j;
    const list = onSamples.get(k);
    if (list) list.push(e);
    else onSamples.set(k, [e]);
  }
  for (const [k, list] of onSamples) {
    const surface = editedColumnSurface(terrain, gx + (k % LOD_GRID) * s, gz + Math.floor(k / LOD_GRID) * s, list, keepTrees);
    samples.heights[k] = surface.height;
    samples.tops[k] = surface.top;
    samples.tints[k] = surface.tint;
    samples.underWater[k] = surface.underWater ? 1 : 0;
  }
}

