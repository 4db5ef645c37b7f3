import {
  COLUMN_SIZE, createEmptyColumn, LIGHT_MARGIN, terrainFor, validateEdit, WORLD_HEIGHT, type BlockEdit, type ChunkColumn, type WorldParams,
} from '../world';
import { createPaddedVolume, PADDED_LAYER, PADDED_SIZE, paddedIndex, type PaddedVolume } from './padded-volume';
import { computeSkylight } from './skylight';

/** Width and depth of the box a column's light is computed in: the column and LIGHT_MARGIN around it. */
export const LIGHT_BOX_SIZE = COLUMN_SIZE + 2 * LIGHT_MARGIN;
const BOX_LAYER = LIGHT_BOX_SIZE * LIGHT_BOX_SIZE;
/** Where the padded volume's x = -1 sits in the box. */
const INSET = LIGHT_MARGIN - 1;
// Imported values copied to module constants: under bundler and test transforms an imported
// binding is a property read on a module object, which made the copy loop below 5x slower.
const ROW = PADDED_SIZE;
const LAYER = PADDED_LAYER;
const BOX = LIGHT_BOX_SIZE;

// Scratch of the light box, reused by every call in this thread (generation is synchronous).
let boxBlocks: Uint8Array | undefined;
let boxLight: Uint8Array | undefined;
let boxHeights: Int16Array | undefined;
let boxTints: Uint8Array | undefined;

/**
 * Generates column (cx, cz) with its one-block border straight from the terrain function,
 * applies `edits`, and computes its skylight. The border is what the neighbours will
 * generate, so seams are closed by construction; the light is computed in a box
 * LIGHT_MARGIN blocks wider than the column on each side, where a 3-block spread makes
 * every padded cell's light exact (skylight.ts): a pure function of the world, whichever
 * neighbours are loaded.
 *
 * Edits are checked again (they may come over a thread boundary) and those outside the box
 * are ignored. `surfaceHeights` (PADDED_SIZE² entries, indexed like a padded layer) receives
 * the terrain's surface heights when given (before edits). `into` is a volume to overwrite
 * instead of allocating one: a worker reuses one, since allocating its 166 KB per column
 * cost about a third of the generation time (measured).
 */
export function generatePaddedVolume(
  params: Readonly<WorldParams>, cx: number, cz: number, surfaceHeights?: Int16Array, edits?: readonly BlockEdit[], into?: PaddedVolume,
): PaddedVolume {
  const volume = into ?? createPaddedVolume();
  boxBlocks ??= new Uint8Array(BOX_LAYER * WORLD_HEIGHT);
  boxLight ??= new Uint8Array(BOX_LAYER * WORLD_HEIGHT);
  boxHeights ??= new Int16Array(BOX_LAYER);
  boxTints ??= new Uint8Array(BOX_LAYER);
  const blocks = boxBlocks;
  const light = boxLight;
  const bx0 = cx * COLUMN_SIZE - LIGHT_MARGIN;
  const bz0 = cz * COLUMN_SIZE - LIGHT_MARGIN;
  let boxMaxY = terrainFor(params).fillBlocks(blocks, bx0, bz0, LIGHT_BOX_SIZE, LIGHT_BOX_SIZE, WORLD_HEIGHT, boxHeights, boxTints);
  volume.states.clear();
  if (edits) {
    for (const e of edits) {
      if (validateEdit(e) !== null) continue;
      const bx = e.x - bx0;
      const bz = e.z - bz0;
      if (bx < 0 || bx >= LIGHT_BOX_SIZE || bz < 0 || bz >= LIGHT_BOX_SIZE) continue;
      blocks[bx + LIGHT_BOX_SIZE * bz + BOX_LAYER * e.y] = e.block;
      if (e.block !== 0 && e.y > boxMaxY) boxMaxY = e.y;
      const state = e.state ?? 0;
      // Only the padded part is meshed; states further out change nothing here (a shape's
      // light is that of a see-through cell, whatever its state).
      if (state !== 0 && bx >= INSET && bx < INSET + PADDED_SIZE && bz >= INSET && bz < INSET + PADDED_SIZE) {
        volume.states.set(paddedIndex(bx - INSET - 1, e.y, bz - INSET - 1), state);
      }
    }
  }
  computeSkylight(blocks, light, LIGHT_BOX_SIZE, LIGHT_BOX_SIZE, WORLD_HEIGHT, boxMaxY);
  // Cut the padded volume out of the box: layers above boxMaxY are air at full light, as a
  // new volume already is.
  const top = Math.min(boxMaxY, WORLD_HEIGHT - 1);
  const maxY = cutPadded(blocks, light, top, volume.blocks, volume.light);
  volume.maxY = maxY;
  if (into) {
    // Above the copied layers: air at full light, as in a new volume.
    volume.blocks.fill(0, PADDED_LAYER * (top + 1));
    volume.light.fill(15, PADDED_LAYER * (top + 1));
  }
  for (let z = 0; z < PADDED_SIZE; z++) {
    const src = INSET + LIGHT_BOX_SIZE * (z + INSET);
    volume.tints.set(boxTints.subarray(src, src + PADDED_SIZE), PADDED_SIZE * z);
    surfaceHeights?.set(boxHeights.subarray(src, src + PADDED_SIZE), PADDED_SIZE * z);
  }
  return volume;
}

/**
 * Copies the padded part of the box's layers 0..top (blocks and light) into a padded volume's
 * arrays; returns the highest layer holding a block there. Byte loops in a small function of
 * their own: 18-byte rows through subarray().set() made thousands of views per column.
 */
function cutPadded(blocks: Uint8Array, light: Uint8Array, top: number, outBlocks: Uint8Array, outLight: Uint8Array): number {
  let maxY = -1;
  for (let y = 0; y <= top; y++) {
    let any = 0;
    for (let z = 0; z < ROW; z++) {
      const src = INSET + BOX * (z + INSET) + BOX_LAYER * y;
      const dst = ROW * z + LAYER * y;
      for (let x = 0; x < ROW; x++) {
        const b = blocks[src + x]!;
        outBlocks[dst + x] = b;
        outLight[dst + x] = light[src + x]!;
        any |= b;
      }
    }
    if (any) maxY = y;
  }
  return maxY;
}

/** The column inside a padded volume (what hashChunk identifies). */
export function columnFromPaddedVolume(volume: PaddedVolume, cx: number, cz: number): ChunkColumn {
  const column = createEmptyColumn(cx, cz);
  const top = Math.max(volume.maxY, 0);
  let maxY = -1;
  for (let y = 0; y <= top; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      const src = paddedIndex(0, y, z);
      const dst = (y << 8) | (z << 4);
      column.blocks.set(volume.blocks.subarray(src, src + COLUMN_SIZE), dst);
    }
  }
  for (let i = column.blocks.length - 1; i >= 0; i--) {
    if (column.blocks[i] !== 0) {
      maxY = i >>> 8;
      break;
    }
  }
  column.maxY = maxY;
  return column;
}
