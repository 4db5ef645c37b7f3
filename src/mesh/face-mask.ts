/**
 * Pass one of the greedy mesher: every visible unit face of a column, with its merge key,
 * written into a mask laid out slice by slice for the merge pass. Same rules as the culled
 * reference mesher (faceVisible, faceAO, water AO 0xff), but with direct index math on a
 * scratch copy of the volume instead of accessor calls, and each column visited only over
 * the y range where a face can be: above the buried stone, below the sky.
 */
import { BLOCK_FACE_TILE, BLOCK_OPAQUE, BLOCK_SOLID, BLOCK_TRANSLUCENT, COLUMN_SIZE, COLUMN_VOLUME, FACE_COUNT, WORLD_HEIGHT } from '../world';
import {
  AO_MINUS_U, AO_MINUS_U_MINUS_V, AO_MINUS_U_PLUS_V, AO_MINUS_V, AO_PLUS_U, AO_PLUS_U_MINUS_V, AO_PLUS_U_PLUS_V, AO_PLUS_V,
  AO_WORD_BY_PATTERN,
} from './ao-table';
import { PADDED_LAYER, PADDED_SIZE, type PaddedVolume } from './padded-volume';
import { createWorkVolume } from './work-volume';

/**
 * Merge key of a unit face: bits 0..7 tile, bit 8 translucent, bits 9..16 corner AO word,
 * bit 17 set so that every face is non-zero (0 means "no face here").
 */
export const KEY_TRANSLUCENT = 1 << 8;
export const KEY_AO_SHIFT = 9;
export const KEY_PRESENT = 1 << 17;

/** ±x and ±z slices are 16 wide and 256 (y) tall; ±y slices 16 x 16. */
export const MASK_SLICE_STRIDE = [4096, 4096, 256, 256, 4096, 4096] as const;

/**
 * A face mask with the buffers it fills, owned by one mesher (createGreedyMesher).
 *
 * Reset contract: collect() needs `keys` all zero when called, and leaves the visible faces
 * of one column in it; whoever reads them must zero every entry it consumed (the greedy
 * merge does, cell by cell) before the next collect(). rowLo and rowHi need nothing: collect()
 * resets them itself.
 */
export interface FaceMask {
  /**
   * keys[face * COLUMN_VOLUME + s * MASK_SLICE_STRIDE[face] + 16 v + u] = merge key or 0,
   * where s is the block's coordinate along the face normal, u and v along the face's tangent
   * axes (faces.ts). Each slice is a contiguous 16-wide grid, so the merge pass reads memory
   * in order.
   */
  readonly keys: Int32Array;
  /**
   * Lowest and highest row v holding a face, per (face, slice s) at face * WORLD_HEIGHT + s:
   * the merge pass reads only those rows, and skips slices with none (rowLo > rowHi).
   */
  readonly rowLo: Int32Array;
  readonly rowHi: Int32Array;
  /**
   * Fills keys and the slice row ranges for the column. Returns the highest y that may hold
   * faces (-1 for an empty volume). Needs volume.maxY to be right (updatePaddedMaxY after
   * hand edits): nothing above it is read.
   */
  collect(volume: PaddedVolume): number;
}

// Imported values copied to module constants: under bundler and test transforms an imported
// binding is a property read on a module object, which showed up in the hot loop.
const LAYER = PADDED_LAYER;
const ROW = PADDED_SIZE;
const VOLUME = COLUMN_VOLUME;
const HEIGHT = WORLD_HEIGHT;
const SIZE = COLUMN_SIZE;
const SOLID = BLOCK_SOLID;
const OPAQUE = BLOCK_OPAQUE;
const TRANSLUCENT = BLOCK_TRANSLUCENT;
const TILE = BLOCK_FACE_TILE;
const AO_TABLE = AO_WORD_BY_PATTERN;
const MU = AO_MINUS_U;
const PU = AO_PLUS_U;
const MV = AO_MINUS_V;
const PV = AO_PLUS_V;
const MUMV = AO_MINUS_U_MINUS_V;
const PUMV = AO_PLUS_U_MINUS_V;
const MUPV = AO_MINUS_U_PLUS_V;
const PUPV = AO_PLUS_U_PLUS_V;
const SLICE_STRIDE = Int32Array.from(MASK_SLICE_STRIDE);

/** Allocates a mask (1.5 MB) and the work volume it reads from. */
export function createFaceMask(): FaceMask {
  const MASK = new Int32Array(FACE_COUNT * COLUMN_VOLUME);
  const LO = new Int32Array(FACE_COUNT * WORLD_HEIGHT);
  const HI = new Int32Array(FACE_COUNT * WORLD_HEIGHT);
  const workVolume = createWorkVolume();
  const W = workVolume.blocks;

  /** Packed AO word of a face whose outside neighbour sits at work index n. */
  function aoWordAt(n: number, su: number, sv: number): number {
    const w = W;
    const s = SOLID;
    const pattern =
      (s[w[n - su]!]! ? MU : 0) |
      (s[w[n + su]!]! ? PU : 0) |
      (s[w[n - sv]!]! ? MV : 0) |
      (s[w[n + sv]!]! ? PV : 0) |
      (s[w[n - su - sv]!]! ? MUMV : 0) |
      (s[w[n + su - sv]!]! ? PUMV : 0) |
      (s[w[n - su + sv]!]! ? MUPV : 0) |
      (s[w[n + su + sv]!]! ? PUPV : 0);
    return AO_TABLE[pattern]!;
  }

  /**
   * Records the face of `block` looking along `face` (outside neighbour at work index n, AO
   * plane strides su, sv) at slice s, row v, column u of that face's mask.
   */
  function put(block: number, face: number, n: number, su: number, sv: number, s: number, v: number, u: number): void {
    const translucent = TRANSLUCENT[block]!;
    const ao = translucent ? 0xff : aoWordAt(n, su, sv);
    MASK[face * VOLUME + s * SLICE_STRIDE[face]! + (v << 4) + u] =
      KEY_PRESENT | (ao << KEY_AO_SHIFT) | (translucent ? KEY_TRANSLUCENT : 0) | TILE[block * 6 + face]!;
    const r = face * HEIGHT + s;
    if (v < LO[r]!) LO[r] = v;
    if (v > HI[r]!) HI[r] = v;
  }

  function collect(volume: PaddedVolume): number {
    LO.fill(HEIGHT);
    HI.fill(-1);
    const top = Math.min(volume.maxY, HEIGHT - 1);
    if (top < 0) return -1;
    workVolume.load(volume, top);
    const w = W;
    const opaqueOf = OPAQUE;
    const low = workVolume.lowestSeeThrough;
    const high = workVolume.highestBlock;
    for (let z = 0; z < SIZE; z++) {
      for (let x = 0; x < SIZE; x++) {
        const c = x + 1 + ROW * (z + 1);
        // Below y0 a block and the blocks above and beside it are all opaque: no face, except
        // the world floor's underside (below y = 0 is air), added on its own so the range stays
        // short. Above y1 there is only air. On terrain this leaves a few blocks per column:
        // the surface, any water on it, and the floor.
        const y0 = Math.max(0, Math.min(low[c]! - 1, low[c - 1]!, low[c + 1]!, low[c - ROW]!, low[c + ROW]!));
        const y1 = high[c]!;
        const floor = w[c + LAYER]!;
        if (y0 > 0 && floor !== 0) put(floor, 3, c, 1, ROW, 0, z, x);
        for (let y = y0, i = c + LAYER * (y0 + 1); y <= y1; y++, i += LAYER) {
          const block = w[i]!;
          if (block === 0) continue;
          // faceVisible: opaque blocks show against anything see-through, others only against
          // air. Unrolled per face, with each face's mask coordinates (s, v, u) spelled out.
          if (opaqueOf[block]) {
            if (!opaqueOf[w[i + 1]!]) put(block, 0, i + 1, ROW, LAYER, x, y, z);
            if (!opaqueOf[w[i - 1]!]) put(block, 1, i - 1, ROW, LAYER, x, y, z);
            if (!opaqueOf[w[i + LAYER]!]) put(block, 2, i + LAYER, 1, ROW, y, z, x);
            if (!opaqueOf[w[i - LAYER]!]) put(block, 3, i - LAYER, 1, ROW, y, z, x);
            if (!opaqueOf[w[i + ROW]!]) put(block, 4, i + ROW, 1, LAYER, z, y, x);
            if (!opaqueOf[w[i - ROW]!]) put(block, 5, i - ROW, 1, LAYER, z, y, x);
          } else {
            if (w[i + 1] === 0) put(block, 0, i + 1, ROW, LAYER, x, y, z);
            if (w[i - 1] === 0) put(block, 1, i - 1, ROW, LAYER, x, y, z);
            if (w[i + LAYER] === 0) put(block, 2, i + LAYER, 1, ROW, y, z, x);
            if (w[i - LAYER] === 0) put(block, 3, i - LAYER, 1, ROW, y, z, x);
            if (w[i + ROW] === 0) put(block, 4, i + ROW, 1, LAYER, z, y, x);
            if (w[i - ROW] === 0) put(block, 5, i - ROW, 1, LAYER, z, y, x);
          }
        }
      }
    }
    return top;
  }

  return { keys: MASK, rowLo: LO, rowHi: HI, collect };
}
