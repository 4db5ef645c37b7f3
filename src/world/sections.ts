/**
 * Sections: a column cut into 16-block-tall cubes, the unit of cave-face culling
 * (docs/architecture.md §7, "Cave-face culling"). A section's visibility graph says which
 * pairs of its six faces (order +x, -x, +y, -y, +z, -z, as everywhere) are joined by a path
 * of see-through cells inside it: 15 pairs, one bit each. The worker computes it
 * (src/mesh/section-graph.ts), the renderer walks it (src/stream/section-walk.ts); both
 * read the bits through this module, so they cannot disagree on the layout.
 */
import { WORLD_HEIGHT } from './coords';

export const SECTION_SIZE = 16;
export const SECTION_SHIFT = 4;
/** Sections in a column (section s holds y in [16 s, 16 s + 15]). */
export const SECTIONS_PER_COLUMN = WORLD_HEIGHT / SECTION_SIZE;
/** Every pair connected: an all-air section, or one nothing is known about. */
export const ALL_FACE_PAIRS = 0x7fff;

/** PAIR_BIT[a * 6 + b]: the bit of the unordered pair {a, b} (a != b); 0 on the diagonal. */
const PAIR_BIT = new Uint16Array(36);
{
  let bit = 0;
  for (let a = 0; a < 6; a++) {
    for (let b = a + 1; b < 6; b++) {
      PAIR_BIT[a * 6 + b] = 1 << bit;
      PAIR_BIT[b * 6 + a] = 1 << bit;
      bit++;
    }
  }
}

/** The bit of face pair {a, b} (faces 0..5, a != b). */
export function facePairBit(a: number, b: number): number {
  return PAIR_BIT[a * 6 + b]!;
}

/** Whether a visibility graph joins faces a and b. */
export function facesConnected(graph: number, a: number, b: number): boolean {
  return (graph & PAIR_BIT[a * 6 + b]!) !== 0;
}

/**
 * The graph of a section whose see-through regions touch the faces in `faceSets` (each a
 * 6-bit set: the faces one connected region touches): every pair within one region.
 */
export function graphOfRegions(faceSets: Iterable<number>): number {
  let graph = 0;
  for (const set of faceSets) {
    for (let a = 0; a < 6; a++) {
      if (!(set & (1 << a))) continue;
      for (let b = a + 1; b < 6; b++) if (set & (1 << b)) graph |= PAIR_BIT[a * 6 + b]!;
    }
  }
  return graph;
}

/** The section holding block height y (clamped into the column). */
export function sectionOfY(y: number): number {
  return Math.min(SECTIONS_PER_COLUMN - 1, Math.max(0, y >> SECTION_SHIFT));
}
