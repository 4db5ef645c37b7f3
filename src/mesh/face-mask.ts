/**
 * Pass one of the greedy mesher: every visible unit face of a column, with its merge key,
 * written into one 3D mask per face direction. Same rules as the culled reference mesher
 * (faceVisible, faceAO, water AO 0xff), but with direct index math on a scratch copy of the
 * volume instead of accessor calls, and each column visited only over the y range where a
 * face can be: above the buried stone, below the sky.
 */
import { BLOCK_FACE_TILE, BLOCK_OPAQUE, BLOCK_SOLID, BLOCK_TRANSLUCENT, COLUMN_SIZE, COLUMN_VOLUME, FACE_COUNT, WORLD_HEIGHT } from '../world';
import {
  AO_MINUS_U, AO_MINUS_U_MINUS_V, AO_MINUS_U_PLUS_V, AO_MINUS_V, AO_PLUS_U, AO_PLUS_U_MINUS_V, AO_PLUS_U_PLUS_V, AO_PLUS_V,
  AO_WORD_BY_PATTERN,
} from './ao-table';
import { FACE_AXIS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS } from './faces';
import { PADDED_LAYER, PADDED_SIZE, type PaddedVolume } from './padded-volume';

/**
 * Merge key of a unit face: bits 0..7 tile, bit 8 translucent, bits 9..16 corner AO word,
 * bit 17 set so that every face is non-zero (0 means "no face here").
 */
export const KEY_TRANSLUCENT = 1 << 8;
export const KEY_AO_SHIFT = 9;
export const KEY_PRESENT = 1 << 17;

/**
 * The volume with one extra layer below (solid, because below the world counts as bedrock,
 * as in blockAt) and one above (air): neighbour and AO reads at y = 0 and y = 255 then need
 * no bounds checks. Work layer py holds volume layer py - 1.
 */
const work = new Uint8Array(PADDED_LAYER * (WORLD_HEIGHT + 2));
work.fill(1, 0, PADDED_LAYER);

/**
 * faceMask[face * COLUMN_VOLUME + x + 16 z + 256 y] = merge key, or 0. Shared scratch, reused
 * across calls (a 1.5 MB allocation per column would cost more than meshing it); the merge
 * pass zeroes every entry it consumes, so the mask is all zeros again between calls.
 */
export const faceMask = new Int32Array(FACE_COUNT * COLUMN_VOLUME);
/** Faces per (face, y): lets the merge pass skip empty layers and rows. */
export const faceLayerCount = new Int32Array(FACE_COUNT * WORLD_HEIGHT);

// Imported constants copied to module constants for the hot loops (see collectVisibleFaces).
const LAYER = PADDED_LAYER;
const ROW = PADDED_SIZE;
const FACES = FACE_COUNT;
const VOLUME = COLUMN_VOLUME;
const HEIGHT = WORLD_HEIGHT;
const SIZE = COLUMN_SIZE;

/** Offsets in the work volume of one step along x, y, z. */
const AXIS_STRIDE = [1, PADDED_LAYER, PADDED_SIZE] as const;
const NEIGHBOUR = Int32Array.from({ length: FACE_COUNT }, (_, f) => FACE_SIGN[f]! * AXIS_STRIDE[FACE_AXIS[f]!]);
const U_STRIDE = Int32Array.from({ length: FACE_COUNT }, (_, f) => AXIS_STRIDE[FACE_U_AXIS[f]!]);
const V_STRIDE = Int32Array.from({ length: FACE_COUNT }, (_, f) => AXIS_STRIDE[FACE_V_AXIS[f]!]);

const SOLID = BLOCK_SOLID;
const OPAQUE = BLOCK_OPAQUE;
const MU = AO_MINUS_U;
const PU = AO_PLUS_U;
const MV = AO_MINUS_V;
const PV = AO_PLUS_V;
const MUMV = AO_MINUS_U_MINUS_V;
const PUMV = AO_PLUS_U_MINUS_V;
const MUPV = AO_MINUS_U_PLUS_V;
const PUPV = AO_PLUS_U_PLUS_V;
const AO_TABLE = AO_WORD_BY_PATTERN;

/** Packed AO word of a face whose outside neighbour sits at work index n. */
function aoWordAt(n: number, su: number, sv: number): number {
  const w = work;
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
 * Per padded column (index x + 1 + 18 (z + 1)): the lowest y holding a see-through block
 * (top + 1 if none), and the highest y holding any block (-1 if none).
 */
const lowestSeeThrough = new Int32Array(LAYER);
const highestBlock = new Int32Array(LAYER);

/** Copies volume layers 0..top into the work volume and finds each column's y range. */
function loadWork(volume: PaddedVolume, top: number): void {
  const w = work;
  const opaque = OPAQUE;
  w.set(volume.blocks.subarray(0, LAYER * (top + 1)), LAYER);
  // Volume layer top + 1 is air by definition of maxY; it may still hold a previous column.
  // (top <= 255, so work layer top + 2 <= 257 always exists.)
  w.fill(0, LAYER * (top + 2), LAYER * (top + 3));
  // Layers opaque all across (the stone under the terrain) are passed in one contiguous
  // sweep that stops at the first see-through block; the columns then go on from there.
  let solidBelow = 0;
  scan: for (; solidBelow <= top; solidBelow++) {
    for (let i = LAYER * (solidBelow + 1), end = i + LAYER; i < end; i++) if (!opaque[w[i]!]) break scan;
  }
  for (let c = 0; c < LAYER; c++) {
    let y = solidBelow;
    while (y <= top && opaque[w[c + LAYER * (y + 1)]!]) y++;
    lowestSeeThrough[c] = y;
    let t = top;
    while (t >= 0 && w[c + LAYER * (t + 1)] === 0) t--;
    highestBlock[c] = t;
  }
}

/**
 * Fills faceMask and faceLayerCount for the column. Returns the highest y that may hold
 * faces (-1 for an empty volume). Needs volume.maxY to be right (updatePaddedMaxY after
 * hand edits): nothing above it is read.
 */
export function collectVisibleFaces(volume: PaddedVolume): number {
  faceLayerCount.fill(0);
  const top = Math.min(volume.maxY, WORLD_HEIGHT - 1);
  if (top < 0) return -1;
  loadWork(volume, top);
  // Imported tables copied to locals: under bundler/test transforms an imported binding is
  // a property read on a module object, which costs in the hot loop.
  const w = work;
  const mask = faceMask;
  const counts = faceLayerCount;
  const isOpaque = BLOCK_OPAQUE;
  const isTranslucent = BLOCK_TRANSLUCENT;
  const faceTile = BLOCK_FACE_TILE;
  for (let z = 0; z < SIZE; z++) {
    for (let x = 0; x < SIZE; x++) {
      const c = x + 1 + ROW * (z + 1);
      // Below y0 a block and the blocks above, below and beside it are all opaque: no face
      // (y = -1 counts as opaque, like the world floor). Above y1 there is only air. On
      // terrain this leaves a few blocks per column: the surface and any water on it.
      const y0 = Math.max(
        0,
        Math.min(lowestSeeThrough[c]! - 1, lowestSeeThrough[c - 1]!, lowestSeeThrough[c + 1]!, lowestSeeThrough[c - ROW]!, lowestSeeThrough[c + ROW]!),
      );
      const y1 = highestBlock[c]!;
      let i = c + LAYER * (y0 + 1);
      let m = (y0 << 8) | (z << 4) | x;
      for (let y = y0; y <= y1; y++, i += LAYER, m += 256) {
        const block = w[i]!;
        if (block === 0) continue;
        const opaque = isOpaque[block]!;
        const translucent = isTranslucent[block]!;
        for (let f = 0; f < FACES; f++) {
          const n = i + NEIGHBOUR[f]!;
          const other = w[n]!;
          // faceVisible: opaque blocks show against anything see-through, others only against air.
          if (opaque ? isOpaque[other] : other !== 0) continue;
          const ao = translucent ? 0xff : aoWordAt(n, U_STRIDE[f]!, V_STRIDE[f]!);
          mask[f * VOLUME + m] = KEY_PRESENT | (ao << KEY_AO_SHIFT) | (translucent ? KEY_TRANSLUCENT : 0) | faceTile[block * FACES + f]!;
          counts[f * HEIGHT + y]!++;
        }
      }
    }
  }
  return top;
}
