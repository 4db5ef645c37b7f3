/**
 * The greedy mesher's private copy of a padded volume, plus the y range of each column
 * that can hold a visible face. One per mesher (createGreedyMesher), reused by every call:
 * allocating 84 KB per column would cost more than meshing it.
 */
import { BLOCK_OPAQUE, WORLD_HEIGHT } from '../world';
import { OUTSIDE_LIGHT } from './faces';
import { PADDED_LAYER, type PaddedVolume } from './padded-volume';

const LAYER = PADDED_LAYER;
const OPAQUE = BLOCK_OPAQUE;

export interface WorkVolume {
  /**
   * The volume with one extra layer below and one above, both air (outside the world, as in
   * blockAt): neighbour and AO reads at y = 0 and y = 255 then need no bounds checks. Block
   * (x, y, z) sits at paddedIndex(x, y, z) + PADDED_LAYER. Layers above top + 1 of the last
   * load may hold blocks of an earlier volume: read only up to that.
   */
  readonly blocks: Uint8Array;
  /**
   * The volume's light, laid out like `blocks`; the layers below and above the world are at
   * OUTSIDE_LIGHT. Valid up to work layer top + 2 of the last load.
   */
  readonly light: Uint8Array;
  /**
   * The volume's block light, laid out like `blocks` (0 below and above the world). Loaded
   * only for volumes with block light (PaddedVolume.hasBlockLight): read it only then.
   */
  readonly blockLight: Uint8Array;
  /**
   * Per padded column c = x + 1 + 18 (z + 1), after load: the lowest y holding a see-through
   * block (top + 1 if none), and the highest y holding any block (-1 if none).
   */
  readonly lowestSeeThrough: Int32Array;
  readonly highestBlock: Int32Array;
  /** Copies volume layers 0..top into `blocks` (0..top + 1 into `light` and `blockLight`) and fills the per-column ranges. */
  load(volume: PaddedVolume, top: number): void;
}

export function createWorkVolume(): WorkVolume {
  const w = new Uint8Array(LAYER * (WORLD_HEIGHT + 2));
  const light = new Uint8Array(LAYER * (WORLD_HEIGHT + 2));
  const blockLight = new Uint8Array(LAYER * (WORLD_HEIGHT + 2));
  light.fill(OUTSIDE_LIGHT, 0, LAYER);
  light.fill(OUTSIDE_LIGHT, LAYER * (WORLD_HEIGHT + 1));
  // The same bytes four at a time (a padded layer is 324 = 4 * 81 bytes, so layers align).
  const w32 = new Uint32Array(w.buffer);
  const lowestSeeThrough = new Int32Array(LAYER);
  const highestBlock = new Int32Array(LAYER);

  function load(volume: PaddedVolume, top: number): void {
    const opaque = OPAQUE;
    w.set(volume.blocks.subarray(0, LAYER * (top + 1)), LAYER);
    // Volume layer top + 1 is air by definition of maxY; it may still hold a previous column.
    // (top <= 255, so work layer top + 2 <= 257 always exists.)
    w.fill(0, LAYER * (top + 2), LAYER * (top + 3));
    light.set(volume.light.subarray(0, LAYER * Math.min(top + 2, WORLD_HEIGHT)), LAYER);
    if (volume.hasBlockLight) blockLight.set(volume.blockLight.subarray(0, LAYER * Math.min(top + 2, WORLD_HEIGHT)), LAYER);
    // Layers opaque all across (the stone under the terrain) are passed in one contiguous
    // sweep, read as words: four equal bytes (all stone) need one lookup. Measured against
    // the byte-by-byte sweep: load ~27 -> ~15 us per default-terrain column.
    const words = LAYER >> 2;
    let solidBelow = 0;
    scan: for (; solidBelow <= top; solidBelow++) {
      for (let j = words * (solidBelow + 1), end = j + words; j < end; j++) {
        const word = w32[j]!;
        const b = word & 0xff;
        if (!opaque[b]) break scan;
        if (word !== b * 0x01010101 && !(opaque[(word >>> 8) & 0xff]! & opaque[(word >>> 16) & 0xff]! & opaque[word >>> 24]!)) break scan;
      }
    }
    // Then each column on its own, from there up to its first see-through block, and from
    // the top down to its highest block.
    for (let c = 0; c < LAYER; c++) {
      let y = solidBelow;
      while (y <= top && opaque[w[c + LAYER * (y + 1)]!]) y++;
      lowestSeeThrough[c] = y;
      let t = top;
      while (t >= 0 && w[c + LAYER * (t + 1)] === 0) t--;
      highestBlock[c] = t;
    }
  }

  return { blocks: w, light, blockLight, lowestSeeThrough, highestBlock, load };
}
