/**
 * Which cells a box overlaps. Ranges are half-open and shrunk by CELL_EPSILON so that
 * touching is not overlapping: a box standing exactly on y = 65 does not overlap cell 64,
 * and one clamped against a wall at x = b, whose face rounding left at b ± 1e-15, does not
 * overlap the wall's cell, so it slides along the wall instead of sticking to it.
 */
import { type CellKind, type CellLookup } from './cells';
import type { Box } from './box';

/**
 * Far above the rounding of coordinates in a 256-high world far from the origin (an ulp at
 * 1e6 is about 1e-10), far below anything a player could see.
 */
export const CELL_EPSILON = 1e-7;

/** Index of the lowest cell a span starting at `min` overlaps. */
export function firstCell(min: number): number {
  return Math.floor(min + CELL_EPSILON);
}

/** Index of the highest cell a span ending at `max` overlaps. */
export function lastCell(max: number): number {
  return Math.floor(max - CELL_EPSILON);
}

/** Whether any cell the box overlaps is of `kind`. */
export function boxTouches(box: Box, kind: CellKind, lookup: CellLookup): boolean {
  const x1 = lastCell(box.maxX);
  const y1 = lastCell(box.maxY);
  const z1 = lastCell(box.maxZ);
  for (let x = firstCell(box.minX); x <= x1; x++) {
    for (let y = firstCell(box.minY); y <= y1; y++) {
      for (let z = firstCell(box.minZ); z <= z1; z++) {
        if (lookup(x, y, z) === kind) return true;
      }
    }
  }
  return false;
}
