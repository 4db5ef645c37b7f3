/**
 * How far down a LOD cell's walls must reach on the sides where something other than the
 * neighbouring cell of the same region may be drawn beside it, so no gap opens under its edge:
 *
 * - skirts, on the region's border: the neighbouring region may be at level k - 1, k or k + 1
 *   (the layout keeps edge neighbours within one level; the worker does not know which), so
 *   the wall reaches the lowest of their cells across the border. Level k is the sampled ring
 *   (the mesher reads it); this adds the level k + 1 cell (2s wide, aligned to 2s) holding the
 *   block just outside, and the two level k - 1 cells across (s / 2 wide; at k = 1, the real
 *   blocks along the side).
 * - cut walls, up to LOD_CUT_WALL_MAX_LEVEL: on every side on a column boundary, the real
 *   heights of every block across it along the side, since the column across may be drawn in
 *   full detail and its LOD cells discarded.
 */
import { COLUMN_SIZE, WORLD_HEIGHT } from './coords';
import { LOD_CUT_WALL_MAX_LEVEL, LOD_MAX_LEVEL, LOD_REGION_CELLS, lodCellSize, lodSampleCoord } from './lod-grid';
import type { Terrain } from './terrain';

/** A cell's four sides, in Face order without ±y. */
export const LodSide = { PosX: 0, NegX: 1, PosZ: 2, NegZ: 3 } as const;
export const LOD_SIDE_COUNT = 4;
/** The floor of a side with nothing beyond it but its grid neighbour: above any ground. */
export const NO_FLOOR = WORLD_HEIGHT;

const CELLS = LOD_REGION_CELLS;

/** Index of region cell (i, j)'s `side` (LodSide) in LodSamples.sideFloors. */
export function lodSideIndex(side: number, i: number, j: number): number {
  return side * CELLS * CELLS + i + CELLS * j;
}

/** Fills `out` (lodSideIndex layout) with the skirt and cut-wall floors of region (level, rx, rz). */
export function fillSideFloors(out: Int16Array, terrain: Terrain, level: number, rx: number, rz: number): void {
  out.fill(NO_FLOOR);
  const cutWalls = level <= LOD_CUT_WALL_MAX_LEVEL;
  for (let side = 0; side < LOD_SIDE_COUNT; side++) {
    // Level 0 across the border is the real blocks along it: the cut walls on the region's
    // border lower the same cells to the same blocks' heights, so that skirt is skipped.
    if (!(cutWalls && level - 1 === 0)) addSkirt(out, terrain, level, rx, rz, side, level - 1);
    if (level < LOD_MAX_LEVEL) addSkirt(out, terrain, level, rx, rz, side, level + 1);
  }
  if (cutWalls) addCutWalls(out, terrain, level, rx, rz);
}

function lower(out: Int16Array, index: number, h: number): void {
  if (h < out[index]!) out[index] = h;
}

function minOf(values: Int16Array, from: number, to: number, stride: number): number {
  let low = values[from]!;
  for (let k = from + stride; k <= to; k += stride) if (values[k]! < low) low = values[k]!;
  return low;
}

/** Heights of `count` block columns from (x, z), `step` apart along x (or z): one batch. */
function fillLine(terrain: Terrain, out: Int16Array, x: number, z: number, alongX: boolean, count: number, step: number): void {
  terrain.fillHeights(out, x, z, alongX ? count : 1, alongX ? 1 : count, step);
}

/** Lowers the floors of the region's border cells on `side` to the level `across` cells beyond it. */
function addSkirt(out: Int16Array, terrain: Terrain, level: number, rx: number, rz: number, side: number, across: number): void {
  const s = lodCellSize(level);
  const span = CELLS * s;
  const x0 = rx * span;
  const z0 = rz * span;
  // ±x sides run along z; ±z sides along x.
  const alongX = side === LodSide.PosZ || side === LodSide.NegZ;
  const positive = side === LodSide.PosX || side === LodSide.PosZ;
  const outside = (alongX ? z0 : x0) + (positive ? span : -1);
  const a0 = alongX ? x0 : z0;
  const sa = lodCellSize(across);
  const perpendicular = lodSampleCoord(across, Math.floor(outside / sa));
  const first = Math.floor(a0 / sa);
  const count = Math.floor((a0 + span - 1) / sa) - first + 1;
  const line = new Int16Array(count);
  const along = lodSampleCoord(across, first);
  fillLine(terrain, line, alongX ? along : perpendicular, alongX ? perpendicular : along, alongX, count, sa);
  const edge = positive ? CELLS - 1 : 0;
  for (let c = 0; c < CELLS; c++) {
    const from = Math.floor((a0 + c * s) / sa) - first;
    const to = Math.floor((a0 + (c + 1) * s - 1) / sa) - first;
    lower(out, lodSideIndex(side, alongX ? c : edge, alongX ? edge : c), minOf(line, from, to, 1));
  }
}

/**
 * Lowers the floors of the sides on column boundaries, the region's border included, to the
 * real heights across them: one two-block strip per boundary (the blocks either side of it).
 */
function addCutWalls(out: Int16Array, terrain: Terrain, level: number, rx: number, rz: number): void {
  const s = lodCellSize(level);
  const span = CELLS * s;
  const x0 = rx * span;
  const z0 = rz * span;
  const cellsPerColumn = COLUMN_SIZE / s;
  const strip = new Int16Array(2 * span);
  for (const alongX of [false, true]) {
    // Strip layout: ±x boundaries (alongX false) are 2 wide in x, so (d, a) is at d + 2a;
    // ±z boundaries are span wide in x, so (d, a) is at a + span * d.
    const dStep = alongX ? span : 1;
    const aStep = alongX ? 1 : 2;
    const [pos, neg] = alongX ? [LodSide.PosZ, LodSide.NegZ] : [LodSide.PosX, LodSide.NegX];
    for (let b = 0; b <= CELLS; b += cellsPerColumn) {
      const boundary = (alongX ? z0 : x0) + b * s;
      if (alongX) terrain.fillHeights(strip, x0, boundary - 1, span, 2);
      else terrain.fillHeights(strip, boundary - 1, z0, 2, span);
      for (let c = 0; c < CELLS; c++) {
        const from = c * s * aStep;
        const to = ((c + 1) * s - 1) * aStep;
        // The cell before the boundary looks across at the blocks after it (d = 1), and back.
        if (b >= 1) lower(out, lodSideIndex(pos, alongX ? c : b - 1, alongX ? b - 1 : c), minOf(strip, dStep + from, dStep + to, aStep));
        if (b < CELLS) lower(out, lodSideIndex(neg, alongX ? c : b, alongX ? b : c), minOf(strip, from, to, aStep));
      }
    }
  }
}
