/**
 * The visibility graph of each 16³ section of a column (src/world/sections.ts): which pairs of
 * the section's six faces are joined by see-through cells (air, water, leaves: anything not
 * opaque) inside it, after Minecraft's chunk-section visibility sets. A region touches a face
 * when it holds a cell of that face's boundary layer, whatever lies beyond: the neighbour is
 * another section's business. One flood fill per section over its 4,096 cells; all-air
 * sections (above the column's highest block) and all-opaque ones need none.
 *
 * Only the column's own cells count (not the padded border): each section is a unit of its
 * own column, and the walk across columns (src/stream/section-walk.ts) joins them.
 */
import { ALL_FACE_PAIRS, BLOCK_OPAQUE, graphOfRegions, SECTION_SIZE, SECTIONS_PER_COLUMN } from '../world';
import { PADDED_LAYER, PADDED_SIZE, paddedIndex, type PaddedVolume } from './padded-volume';

const CELLS = SECTION_SIZE * SECTION_SIZE * SECTION_SIZE;
const OPAQUE = BLOCK_OPAQUE;

/** Per local cell l = x | z << 4 | y << 8: the faces (bit f) whose boundary layer holds it. */
const FACES_OF_CELL = new Uint8Array(CELLS);
/** Per local cell: its offset in a padded volume from the section's cell (0, 0, 0). */
const PADDED_OFFSET = new Int32Array(CELLS);
for (let l = 0; l < CELLS; l++) {
  const x = l & 15, z = (l >> 4) & 15, y = l >> 8;
  FACES_OF_CELL[l] = (x === 15 ? 1 : 0) | (x === 0 ? 2 : 0) | (y === 15 ? 4 : 0) | (y === 0 ? 8 : 0) | (z === 15 ? 16 : 0) | (z === 0 ? 32 : 0);
  PADDED_OFFSET[l] = x + PADDED_SIZE * z + PADDED_LAYER * y;
}
/** The graph of one region touching a set of faces (every pair in the set). */
const GRAPH_OF_FACES = Uint16Array.from({ length: 64 }, (_, set) => graphOfRegions([set]));

// Scratch shared by every call in this thread (calls never overlap).
const closed = new Uint8Array(CELLS);
const queue = new Int32Array(CELLS);

/** The graph of one section, by flood fill; `base` is the padded index of its cell (0, 0, 0). */
function sectionGraph(blocks: Uint8Array, base: number): number {
  let open = 0;
  for (let l = 0; l < CELLS; l++) {
    const shut = OPAQUE[blocks[base + PADDED_OFFSET[l]!]!]!;
    closed[l] = shut;
    open += 1 - shut;
  }
  if (open === 0) return 0;
  if (open === CELLS) return ALL_FACE_PAIRS;
  let graph = 0;
  for (let start = 0; start < CELLS; start++) {
    if (closed[start]) continue;
    // One region: every see-through cell 6-connected to `start`, and the faces it touches.
    closed[start] = 1;
    queue[0] = start;
    let head = 0;
    let tail = 1;
    let faces = 0;
    while (head < tail) {
      const l = queue[head++]!;
      const at = FACES_OF_CELL[l]!;
      faces |= at;
      // A step leaves the section exactly where the cell lies on that face's layer.
      if (!(at & 1) && !closed[l + 1]) {
        closed[l + 1] = 1;
        queue[tail++] = l + 1;
      }
      if (!(at & 2) && !closed[l - 1]) {
        closed[l - 1] = 1;
        queue[tail++] = l - 1;
      }
      if (!(at & 4) && !closed[l + 256]) {
        closed[l + 256] = 1;
        queue[tail++] = l + 256;
      }
      if (!(at & 8) && !closed[l - 256]) {
        closed[l - 256] = 1;
        queue[tail++] = l - 256;
      }
      if (!(at & 16) && !closed[l + 16]) {
        closed[l + 16] = 1;
        queue[tail++] = l + 16;
      }
      if (!(at & 32) && !closed[l - 16]) {
        closed[l - 16] = 1;
        queue[tail++] = l - 16;
      }
    }
    graph |= GRAPH_OF_FACES[faces]!;
    if (graph === ALL_FACE_PAIRS) break;
  }
  return graph;
}

/**
 * The visibility graph of each of the column's SECTIONS_PER_COLUMN sections, bottom first.
 * Needs volume.maxY to be right: sections wholly above it are air.
 */
export function computeSectionGraphs(volume: PaddedVolume, out = new Uint16Array(SECTIONS_PER_COLUMN)): Uint16Array {
  for (let s = 0; s < SECTIONS_PER_COLUMN; s++) {
    const y0 = s * SECTION_SIZE;
    out[s] = y0 > volume.maxY ? ALL_FACE_PAIRS : sectionGraph(volume.blocks, paddedIndex(0, y0, 0));
  }
  return out;
}
