/**
 * Pass one of the greedy mesher: every visible unit face of a column, with its merge key,
 * written into a mask laid out slice by slice for the merge pass. Same rules as the culled
 * reference mesher (faceVisible, faceAO, faceLight, water AO 0xff, tint), but with direct
 * index math on a scratch copy of the volume instead of accessor calls, and each column
 * visited only over the y range where a face can be: above the buried stone, below the sky.
 */
import {
  BLOCK_COUNT, BLOCK_FACE_TILE, BLOCK_OPAQUE, BLOCK_PARTIAL, BLOCK_SHAPE, BLOCK_SOLID, BLOCK_FACE_TINTED, BLOCK_TRANSLUCENT, COLUMN_SIZE, COLUMN_VOLUME,
  FACE_COUNT, meaningfulState, pillarTile, Shape, WORLD_HEIGHT,
} from '../world';
import {
  AO_MINUS_U, AO_MINUS_U_MINUS_V, AO_MINUS_U_PLUS_V, AO_MINUS_V, AO_PLUS_U, AO_PLUS_U_MINUS_V, AO_PLUS_U_PLUS_V, AO_PLUS_V,
  AO_WORD_BY_PATTERN,
} from './ao-table';
import { PADDED_LAYER, PADDED_SIZE, type PaddedVolume } from './padded-volume';
import { createWorkVolume } from './work-volume';
import { FACE_SHOWS, SEE_THROUGH_LIGHT_WORD } from './faces';
import { passOf } from './mesh-data';

/**
 * Merge key of a unit face, in two parts. `keys`: bits 0..7 tile, bits 8..9 pass (MeshPass),
 * bits 10..17 corner AO word, bits 18..25 tint byte (0 for untinted blocks, so their faces
 * merge across climates), bit 26 set so that every face is non-zero (0 means "no face
 * here"). `lights`: the corner light word, skylight in bits 0..15 and block light in bits
 * 16..31 (4 bits per corner each, quad-sink.ts). Two faces merge when both parts are equal, so
 * a merged quad never spans a change of either light.
 */
export const KEY_PASS_SHIFT = 8;
export const KEY_AO_SHIFT = 10;
export const KEY_TINT_SHIFT = 18;
export const KEY_PRESENT = 1 << 26;

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
   * Corner light word of each face, laid out like `keys`; meaningful only where the key is
   * non-zero (so it needs no reset).
   */
  readonly lights: Uint32Array;
  /**
   * Lowest and highest row v holding a face, per (face, slice s) at face * WORLD_HEIGHT + s:
   * the merge pass reads only those rows, and skips slices with none (rowLo > rowHi).
   */
  readonly rowLo: Int32Array;
  readonly rowHi: Int32Array;
  /**
   * Padded indices of the partial blocks (slabs, stairs, doors, plants) inside the column, in
   * ascending order, after collect(): they have no cube faces here and are meshed box by box
   * (shape-quads.ts).
   */
  readonly shapedCells: number[];
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
const TILE = BLOCK_FACE_TILE;
const FACE_TINTED = BLOCK_FACE_TINTED;
/** Key bits of a block's pass (MeshPass << KEY_PASS_SHIFT). */
const PASS_BITS = Int32Array.from({ length: BLOCK_TRANSLUCENT.length }, (_, b) => passOf(b) << KEY_PASS_SHIFT);
const SHOWS = FACE_SHOWS;
const BLOCKS = BLOCK_COUNT;
/** ROUNDED_MEAN[4 * sum + count - 1] = round(sum / count), halves up (faces.ts, cornerLight). */
const ROUNDED_MEAN = Uint8Array.from({ length: 4 * 61 }, (_, i) => {
  const sum = i >> 2;
  const count = (i & 3) + 1;
  return Math.floor((2 * sum + count) / (2 * count));
});
const AO_TABLE = AO_WORD_BY_PATTERN;
const SEE_THROUGH_LIGHT = SEE_THROUGH_LIGHT_WORD;
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
  const LIGHTS = new Uint32Array(FACE_COUNT * COLUMN_VOLUME);
  const LO = new Int32Array(FACE_COUNT * WORLD_HEIGHT);
  const HI = new Int32Array(FACE_COUNT * WORLD_HEIGHT);
  const workVolume = createWorkVolume();
  const W = workVolume.blocks;
  const L = workVolume.light;
  const BL = workVolume.blockLight;
  /** Whether the volume being collected has block light (else its corner words are 0). */
  let blockLit = false;
  /** Tint byte per padded column of the volume being collected. */
  let tints: Uint8Array = new Uint8Array(LAYER);
  const shapedCells: number[] = [];
  const PARTIAL = BLOCK_PARTIAL;

  /** Mask index of the face of column-local block (x, y, z) looking along `face` (the (s, v, u) of collect's put calls). */
  function maskIndex(face: number, x: number, y: number, z: number): number {
    const axis = face >> 1;
    const s = axis === 0 ? x : axis === 1 ? y : z;
    const v = axis === 1 ? z : y;
    const u = axis === 0 ? z : x;
    return face * VOLUME + s * SLICE_STRIDE[face]! + (v << 4) + u;
  }

  /**
   * Logs lying on their side (a state on a pillar) show their rings and turned bark: their
   * faces' keys get those tiles, so they still merge with logs lying the same way.
   */
  function turnPillars(volume: PaddedVolume): void {
    for (const [i, state] of volume.states) {
      const block = volume.blocks[i]!;
      if (BLOCK_SHAPE[block] !== Shape.Pillar) continue;
      const axis = meaningfulState(block, state);
      if (axis === 0) continue;
      const y = Math.floor(i / LAYER);
      const rest = i - y * LAYER;
      const z = Math.floor(rest / ROW) - 1;
      const x = (rest % ROW) - 1;
      if (x < 0 || x >= SIZE || z < 0 || z >= SIZE) continue;
      for (let face = 0; face < FACE_COUNT; face++) {
        const at = maskIndex(face, x, y, z);
        const key = MASK[at]!;
        if (key !== 0) MASK[at] = (key & ~0xff) | pillarTile(TILE[block * 6]!, axis, face);
      }
    }
  }

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
   * Corner light word of a face whose outside neighbour sits at work index n (faces.ts,
   * cornerLight), from light array `l` (sky or block): per corner, the mean light of the
   * see-through cells among n, the two sides and the diagonal (left out when both sides are
   * opaque).
   */
  function lightWordAt(n: number, su: number, sv: number, l: Uint8Array): number {
    const w = W;
    const o = OPAQUE;
    const own = l[n]!;
    const mu = o[w[n - su]!]!, pu = o[w[n + su]!]!, mv = o[w[n - sv]!]!, pv = o[w[n + sv]!]!;
    const lmu = mu ? 0 : l[n - su]!, lpu = pu ? 0 : l[n + su]!, lmv = mv ? 0 : l[n - sv]!, lpv = pv ? 0 : l[n + sv]!;
    // The diagonal counts when it is see-through and not walled off by both sides.
    const dmm = mu & mv || o[w[n - su - sv]!] ? 0 : 1;
    const dpm = pu & mv || o[w[n + su - sv]!] ? 0 : 1;
    const dmp = mu & pv || o[w[n - su + sv]!] ? 0 : 1;
    const dpp = pu & pv || o[w[n + su + sv]!] ? 0 : 1;
    const m = ROUNDED_MEAN;
    const c00 = m[4 * (own + lmu + lmv + (dmm ? l[n - su - sv]! : 0)) + (1 - mu) + (1 - mv) + dmm]!;
    const c10 = m[4 * (own + lpu + lmv + (dpm ? l[n + su - sv]! : 0)) + (1 - pu) + (1 - mv) + dpm]!;
    const c01 = m[4 * (own + lmu + lpv + (dmp ? l[n - su + sv]! : 0)) + (1 - mu) + (1 - pv) + dmp]!;
    const c11 = m[4 * (own + lpu + lpv + (dpp ? l[n + su + sv]! : 0)) + (1 - pu) + (1 - pv) + dpp]!;
    return c00 | (c10 << 4) | (c01 << 8) | (c11 << 12);
  }

  /**
   * Records the face of `block` looking along `face` (outside neighbour at work index n, AO
   * plane strides su, sv) at slice s, row v, column u of that face's mask. `c` is the
   * block's padded column (for its tint).
   */
  function put(block: number, face: number, n: number, su: number, sv: number, s: number, v: number, u: number, c: number): void {
    const pass = PASS_BITS[block]!;
    // See-through blocks (leaves, water) are shaded flat: open AO and their neighbour's light
    // at all four corners, rounded up to a step of 4 (faces.ts, seeThroughFaceLight).
    const flat = pass !== 0;
    const ao = flat ? 0xff : aoWordAt(n, su, sv);
    const tint = FACE_TINTED[block * 6 + face] ? tints[c]! : 0;
    const at = face * VOLUME + s * SLICE_STRIDE[face]! + (v << 4) + u;
    MASK[at] = KEY_PRESENT | (tint << KEY_TINT_SHIFT) | (ao << KEY_AO_SHIFT) | pass | TILE[block * 6 + face]!;
    // Block light in the upper half (quad-sink.ts, lightWord); `* 65536` keeps it unsigned.
    LIGHTS[at] = flat
      ? SEE_THROUGH_LIGHT[L[n]!]! + (blockLit ? SEE_THROUGH_LIGHT[BL[n]!]! * 65536 : 0)
      : lightWordAt(n, su, sv, L) + (blockLit ? lightWordAt(n, su, sv, BL) * 65536 : 0);
    const r = face * HEIGHT + s;
    if (v < LO[r]!) LO[r] = v;
    if (v > HI[r]!) HI[r] = v;
  }

  function collect(volume: PaddedVolume): number {
    LO.fill(HEIGHT);
    HI.fill(-1);
    shapedCells.length = 0;
    const top = Math.min(volume.maxY, HEIGHT - 1);
    if (top < 0) return -1;
    workVolume.load(volume, top);
    blockLit = volume.hasBlockLight;
    tints = volume.tints;
    const w = W;
    const shows = SHOWS;
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
        if (y0 > 0 && floor !== 0) put(floor, 3, c, 1, ROW, 0, z, x, c);
        for (let y = y0, i = c + LAYER * (y0 + 1); y <= y1; y++, i += LAYER) {
          const block = w[i]!;
          if (block === 0) continue;
          if (PARTIAL[block]) {
            shapedCells.push(i - LAYER);
            continue;
          }
          // faceVisible, as its table's row for this block, unrolled per face with each face's
          // mask coordinates (s, v, u) spelled out.
          const row = block * BLOCKS;
          if (shows[row + w[i + 1]!]) put(block, 0, i + 1, ROW, LAYER, x, y, z, c);
          if (shows[row + w[i - 1]!]) put(block, 1, i - 1, ROW, LAYER, x, y, z, c);
          if (shows[row + w[i + LAYER]!]) put(block, 2, i + LAYER, 1, ROW, y, z, x, c);
          if (shows[row + w[i - LAYER]!]) put(block, 3, i - LAYER, 1, ROW, y, z, x, c);
          if (shows[row + w[i + ROW]!]) put(block, 4, i + ROW, 1, LAYER, z, y, x, c);
          if (shows[row + w[i - ROW]!]) put(block, 5, i - ROW, 1, LAYER, z, y, x, c);
        }
      }
    }
    if (volume.states.size > 0) turnPillars(volume);
    shapedCells.sort((a, b) => a - b);
    return top;
  }

  return { keys: MASK, lights: LIGHTS, rowLo: LO, rowHi: HI, shapedCells, collect };
}
