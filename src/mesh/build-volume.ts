import {
  BLOCK_LIGHT_EMISSION, BLOCK_LIGHT_MARGIN, COLUMN_SIZE, createEmptyColumn, LIGHT_MARGIN, lightBoxOf, sourceReaches, terrainFor, validateEdit, WORLD_HEIGHT,
  type BlockEdit, type ChunkColumn, type WorldParams,
} from '../world';
import { computeBlockLight } from './block-light';
import { createPaddedVolume, PADDED_LAYER, PADDED_SIZE, paddedIndex, type PaddedVolume } from './padded-volume';
import { computeSkylight } from './skylight';

/** Width and depth of the box a column's skylight is computed in: the column and LIGHT_MARGIN around it. */
export const LIGHT_BOX_SIZE = COLUMN_SIZE + 2 * LIGHT_MARGIN;
/** The widest the box grows, where light sources reach the column from every side. */
const MAX_BOX_SIZE = COLUMN_SIZE + 2 * BLOCK_LIGHT_MARGIN;
// Imported values copied to module constants: under bundler and test transforms an imported
// binding is a property read on a module object, which made the copy loop below 5x slower.
const ROW = PADDED_SIZE;
const LAYER = PADDED_LAYER;
const EMISSION = BLOCK_LIGHT_EMISSION;

// Scratch of the light box, reused by every call in this thread (generation is synchronous).
let boxBlocks: Uint8Array | undefined;
let boxLight: Uint8Array | undefined;
let boxBlockLight: Uint8Array | undefined;
let boxHeights: Int16Array | undefined;
let boxTints: Uint8Array | undefined;

/**
 * Generates column (cx, cz) with its one-block border straight from the terrain function,
 * applies `edits`, and computes its skylight and block light. The border is what the
 * neighbours will generate, so seams are closed by construction. The light is computed in a
 * box around the column: LIGHT_MARGIN blocks wider on each side, where a 3-block spread makes
 * every padded cell's skylight exact (skylight.ts), and further toward each light source whose
 * light reaches the column, as far as that light can travel into it (lightBoxOf): so both
 * lights are a pure function of the world, whichever neighbours are loaded, and a column with
 * no source nearby generates no more than it did before block light.
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
  boxBlocks ??= new Uint8Array(MAX_BOX_SIZE * MAX_BOX_SIZE * WORLD_HEIGHT);
  boxLight ??= new Uint8Array(MAX_BOX_SIZE * MAX_BOX_SIZE * WORLD_HEIGHT);
  boxBlockLight ??= new Uint8Array(MAX_BOX_SIZE * MAX_BOX_SIZE * WORLD_HEIGHT);
  boxHeights ??= new Int16Array(MAX_BOX_SIZE * MAX_BOX_SIZE);
  boxTints ??= new Uint8Array(MAX_BOX_SIZE * MAX_BOX_SIZE);
  const blocks = boxBlocks;
  const light = boxLight;
  const valid = edits ? edits.filter((e) => validateEdit(e) === null) : [];
  const sources = valid.filter((e) => EMISSION[e.block]! > 0 && sourceReaches(e.x, e.z, EMISSION[e.block]!, cx, cz));
  const box = lightBoxOf(cx, cz, LIGHT_MARGIN, sources);
  const width = box.x1 - box.x0 + 1;
  const depth = box.z1 - box.z0 + 1;
  const boxLayer = width * depth;
  // Where the padded volume's (-1, -1) sits in the box.
  const insetX = cx * COLUMN_SIZE - 1 - box.x0;
  const insetZ = cz * COLUMN_SIZE - 1 - box.z0;
  let boxMaxY = terrainFor(params).fillBlocks(blocks, box.x0, box.z0, width, depth, WORLD_HEIGHT, boxHeights, boxTints);
  volume.states.clear();
  for (const e of valid) {
    const bx = e.x - box.x0;
    const bz = e.z - box.z0;
    if (bx < 0 || bx >= width || bz < 0 || bz >= depth) continue;
    blocks[bx + width * bz + boxLayer * e.y] = e.block;
    if (e.block !== 0 && e.y > boxMaxY) boxMaxY = e.y;
    const state = e.state ?? 0;
    // Only the padded part is meshed; states further out change nothing here (a shape's
    // light is that of a see-through cell, whatever its state).
    const px = bx - insetX;
    const pz = bz - insetZ;
    if (state !== 0 && px >= 0 && px < PADDED_SIZE && pz >= 0 && pz < PADDED_SIZE) volume.states.set(paddedIndex(px - 1, e.y, pz - 1), state);
  }
  computeSkylight(blocks, light, width, depth, WORLD_HEIGHT, boxMaxY);
  // Cut the padded volume out of the box: layers above boxMaxY are air at full light, as a
  // new volume already is.
  const top = Math.min(boxMaxY, WORLD_HEIGHT - 1);
  const maxY = cutPadded(blocks, light, top, volume.blocks, volume.light, width, depth, insetX, insetZ);
  volume.maxY = maxY;
  if (into) {
    // Above the copied layers: air at full light, as in a new volume.
    volume.blocks.fill(0, PADDED_LAYER * (top + 1));
    volume.light.fill(15, PADDED_LAYER * (top + 1));
  }
  cutBlockLight(volume, sources, width, depth, box.x0, box.z0, insetX, insetZ);
  for (let z = 0; z < PADDED_SIZE; z++) {
    const src = insetX + width * (z + insetZ);
    volume.tints.set(boxTints.subarray(src, src + PADDED_SIZE), PADDED_SIZE * z);
    surfaceHeights?.set(boxHeights.subarray(src, src + PADDED_SIZE), PADDED_SIZE * z);
  }
  return volume;
}

/**
 * Block light of the box (its blocks in boxBlocks) from `sources`, cut into the volume. Only
 * the layers the sources can reach are cleared, lit and copied.
 */
function cutBlockLight(volume: PaddedVolume, sources: readonly BlockEdit[], width: number, depth: number, x0: number, z0: number, insetX: number, insetZ: number): void {
  if (volume.hasBlockLight) volume.blockLight.fill(0);
  volume.hasBlockLight = false;
  if (sources.length === 0) return;
  const boxLayer = width * depth;
  let lo = WORLD_HEIGHT;
  let hi = -1;
  for (const s of sources) {
    const reach = EMISSION[s.block]! - 1;
    lo = Math.min(lo, Math.max(0, s.y - reach));
    hi = Math.max(hi, Math.min(WORLD_HEIGHT - 1, s.y + reach));
  }
  const lit = boxBlockLight!;
  lit.fill(0, boxLayer * lo, boxLayer * (hi + 1));
  computeBlockLight(boxBlocks!, lit, width, depth, WORLD_HEIGHT, sources.map((s) => s.x - x0 + width * (s.z - z0) + boxLayer * s.y));
  let any = 0;
  const out = volume.blockLight;
  for (let y = lo; y <= hi; y++) {
    for (let z = 0; z < ROW; z++) {
      const src = insetX + width * (z + insetZ) + boxLayer * y;
      const dst = ROW * z + LAYER * y;
      for (let x = 0; x < ROW; x++) {
        const l = lit[src + x]!;
        out[dst + x] = l;
        any |= l;
      }
    }
  }
  volume.hasBlockLight = any !== 0;
}

/**
 * Copies the padded part of the box's layers 0..top (blocks and light) into a padded volume's
 * arrays; returns the highest layer holding a block there. Byte loops in a small function of
 * their own: 18-byte rows through subarray().set() made thousands of views per column.
 */
function cutPadded(blocks: Uint8Array, light: Uint8Array, top: number, outBlocks: Uint8Array, outLight: Uint8Array, width: number, depth: number, insetX: number, insetZ: number): number {
  const boxLayer = width * depth;
  let maxY = -1;
  for (let y = 0; y <= top; y++) {
    let any = 0;
    for (let z = 0; z < ROW; z++) {
      const src = insetX + width * (z + insetZ) + boxLayer * y;
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
