/**
 * How far block light reaches, in the terms the edit store and the worker share: which
 * columns a light source (or a block in its light) can change, and how far a column's box
 * must grow to hold every path that brings light in (src/mesh/block-light.ts computes it).
 * Light drops by one per block, so a source giving off `level` lights cells up to
 * `level - 1` blocks of path away, and a path is never shorter than the manhattan distance.
 */
import { BLOCK_LIGHT_EMISSION } from './blocks';
import { COLUMN_SIZE } from './coords';

/** The brightest block light (glowstone, lava). */
export const MAX_BLOCK_LIGHT = 15;
/**
 * How far outside its column a block can change the column's block light: the padded border
 * (1) plus the furthest a level-15 source's light travels (14).
 */
export const BLOCK_LIGHT_MARGIN = 1 + MAX_BLOCK_LIGHT - 1;

/**
 * Manhattan distance in x and z from block column (x, z) to the padded area of column
 * (cx, cz): its 16 x 16 blocks and their one-block border, which is what its mesh reads.
 */
export function distanceToPadded(x: number, z: number, cx: number, cz: number): number {
  const x0 = cx * COLUMN_SIZE - 1;
  const z0 = cz * COLUMN_SIZE - 1;
  const x1 = x0 + COLUMN_SIZE + 1;
  const z1 = z0 + COLUMN_SIZE + 1;
  const dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
  const dz = z < z0 ? z0 - z : z > z1 ? z - z1 : 0;
  return dx + dz;
}

/** Whether light `level` at block column (x, z) can reach a padded cell of column (cx, cz). */
export function sourceReaches(x: number, z: number, level: number, cx: number, cz: number): boolean {
  return level > 0 && distanceToPadded(x, z, cx, cz) <= level - 1;
}

/** Whether `block` gives off light. */
export function emitsLight(block: number): boolean {
  return BLOCK_LIGHT_EMISSION[block]! > 0;
}

/** A block that gives off light, where it is (an edit: nothing generated does). */
export interface LightSource {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly block: number;
}

/** A range of block columns, bounds included. */
export interface ColumnBox {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

/**
 * The blocks column (cx, cz)'s light depends on, in x and z: `margin` around the column (its
 * skylight's reach), grown toward each source whose light reaches the padded area, as far as
 * a path of that light into the padded area can go: within level - 1 of the source and of
 * the padded area both. Only where there is light does the box grow, so a column with no
 * source nearby costs what it did before block light.
 */
export function lightBoxOf(cx: number, cz: number, margin: number, sources: Iterable<LightSource>): ColumnBox {
  const px0 = cx * COLUMN_SIZE - 1;
  const pz0 = cz * COLUMN_SIZE - 1;
  const px1 = px0 + COLUMN_SIZE + 1;
  const pz1 = pz0 + COLUMN_SIZE + 1;
  const box = { x0: px0 + 1 - margin, z0: pz0 + 1 - margin, x1: px1 - 1 + margin, z1: pz1 - 1 + margin };
  for (const s of sources) {
    const level = BLOCK_LIGHT_EMISSION[s.block]!;
    if (!sourceReaches(s.x, s.z, level, cx, cz)) continue;
    const r = level - 1;
    box.x0 = Math.min(box.x0, Math.max(s.x - r, px0 - r));
    box.x1 = Math.max(box.x1, Math.min(s.x + r, px1 + r));
    box.z0 = Math.min(box.z0, Math.max(s.z - r, pz0 - r));
    box.z1 = Math.max(box.z1, Math.min(s.z + r, pz1 + r));
  }
  return box;
}

/**
 * How far from (x, y, z), in blocks of path, a change there can change block light: as far as
 * the light of a source there (old or new, `level`) goes, or, for a block in a source's light,
 * as far as what is left of that light after the path from the source. -1: nowhere (no light
 * reaches it). A change only matters to light through whether the block lets light pass, so
 * this is where a wall built or broken can shade or light something.
 */
export function lightChangeReach(x: number, y: number, z: number, level: number, sources: Iterable<LightSource>): number {
  let reach = level - 1;
  for (const s of sources) {
    const d = Math.abs(s.x - x) + Math.abs(s.y - y) + Math.abs(s.z - z);
    if (d === 0) continue;
    reach = Math.max(reach, BLOCK_LIGHT_EMISSION[s.block]! - 1 - d);
  }
  return reach;
}
