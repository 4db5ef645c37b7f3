import {
  BLOCK_LIGHT_EMISSION, COLUMN_SIZE, createEmptyColumn, Fnv64, LIGHT_MARGIN, sourceReaches, terrainFor, validateEdit, WORLD_HEIGHT, worldParamsKey,
  type BlockEdit, type ChunkColumn, type WorldParams,
} from '../world';
import { computeBlockLight } from './block-light';
import { createPaddedVolume, PADDED_LAYER, PADDED_SIZE, paddedIndex, type PaddedVolume } from './padded-volume';
import { computeSkylight } from './skylight';
import { copyTileIntoBox, WorldTiles, type TerrainTiles } from './terrain-tiles';

/** Width and depth of the box a column's skylight is computed in: the column and LIGHT_MARGIN around it. */
export const LIGHT_BOX_SIZE = COLUMN_SIZE + 2 * LIGHT_MARGIN;
const BOX_LAYER = LIGHT_BOX_SIZE * LIGHT_BOX_SIZE;
/** Where the padded volume's x = -1 sits in the box. */
const INSET = LIGHT_MARGIN - 1;
/**
 * The box block light is computed in: the column's 3 x 3 neighbourhood, which holds every path
 * of light into it (a source's light reaches 14 blocks; BLOCK_LIGHT_MARGIN, 15, is less than a
 * column).
 */
const WIDE = 3 * COLUMN_SIZE;
const WIDE_LAYER = WIDE * WIDE;
// Imported values copied to module constants: under bundler and test transforms an imported
// binding is a property read on a module object, which made the copy loop below 5x slower.
const ROW = PADDED_SIZE;
const LAYER = PADDED_LAYER;
const BOX = LIGHT_BOX_SIZE;
const EMISSION = BLOCK_LIGHT_EMISSION;

// Scratch of the light boxes, reused by every call in this thread (generation is synchronous).
let boxBlocks: Uint8Array | undefined;
let boxLight: Uint8Array | undefined;
let boxHeights: Int16Array | undefined;
let boxTints: Uint8Array | undefined;
let wideBlocks: Uint8Array | undefined;
let wideLight: Uint8Array | undefined;
let wideHeights: Int16Array | undefined;
let wideTints: Uint8Array | undefined;
/** This thread's generated columns, for the neighbourhoods of lit columns, per world. */
const worldTiles = new WorldTiles();
let tiles: TerrainTiles;

/**
 * Generates column (cx, cz) with its one-block border straight from the terrain function,
 * applies `edits`, and computes its skylight and block light. The border is what the
 * neighbours will generate, so seams are closed by construction. The skylight is computed in
 * a box LIGHT_MARGIN blocks wider than the column on each side, where a 3-block spread makes
 * every padded cell's light exact (skylight.ts). Only when a light source's light reaches the
 * column (sources are all edits: light-reach.ts) is its whole 3 x 3 neighbourhood put
 * together, from this thread's kept terrain where it can (terrain-tiles.ts), and the block
 * light computed there. Both lights are a pure function of the world, whichever neighbours
 * are loaded, and a column no source reaches costs what it did before block light.
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
  const valid = edits ? edits.filter((e) => validateEdit(e) === null) : [];
  const sources = valid.filter((e) => EMISSION[e.block]! > 0 && sourceReaches(e.x, e.z, EMISSION[e.block]!, cx, cz));
  tiles = worldTiles.of(worldParamsKey(params));
  const bx0 = cx * COLUMN_SIZE - LIGHT_MARGIN;
  const bz0 = cz * COLUMN_SIZE - LIGHT_MARGIN;
  let boxMaxY: number;
  if (sources.length === 0) {
    boxMaxY = terrainFor(params).fillBlocks(blocks, bx0, bz0, LIGHT_BOX_SIZE, LIGHT_BOX_SIZE, WORLD_HEIGHT, boxHeights, boxTints);
    tiles.keepFromBox(cx, cz, blocks, boxHeights, boxTints, BOX, BOX, boxMaxY, LIGHT_MARGIN, LIGHT_MARGIN);
  } else {
    boxMaxY = fillWide(params, cx, cz, valid, sources);
    cutSkylightBox(boxMaxY);
  }
  volume.states.clear();
  for (const e of valid) {
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
  cutBlockLight(volume, sources, cx, cz);
  for (let z = 0; z < PADDED_SIZE; z++) {
    const src = INSET + LIGHT_BOX_SIZE * (z + INSET);
    volume.tints.set(boxTints.subarray(src, src + PADDED_SIZE), PADDED_SIZE * z);
    surfaceHeights?.set(boxHeights.subarray(src, src + PADDED_SIZE), PADDED_SIZE * z);
  }
  return volume;
}

/**
 * Puts the terrain of column (cx, cz)'s 3 x 3 neighbourhood in the wide box, from kept tiles
 * where this thread has them and generated otherwise (all at once when more than four are
 * missing: one 48 x 48 box costs about what four columns do; fewer are generated one by one,
 * which keeps them for the next row of a walk), then its edits. Returns the highest layer
 * that may hold a block; the layers up to the sources' reach are valid.
 */
function fillWide(params: Readonly<WorldParams>, cx: number, cz: number, edits: readonly BlockEdit[], sources: readonly BlockEdit[]): number {
  wideBlocks ??= new Uint8Array(WIDE_LAYER * WORLD_HEIGHT);
  wideLight ??= new Uint8Array(WIDE_LAYER * WORLD_HEIGHT);
  wideHeights ??= new Int16Array(WIDE_LAYER);
  wideTints ??= new Uint8Array(WIDE_LAYER);
  const wx0 = (cx - 1) * COLUMN_SIZE;
  const wz0 = (cz - 1) * COLUMN_SIZE;
  let missing = 0;
  for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) if (!tiles.get(cx + dx, cz + dz)) missing++;
  const terrain = terrainFor(params);
  let top = -1;
  if (missing > 4) {
    top = terrain.fillBlocks(wideBlocks, wx0, wz0, WIDE, WIDE, WORLD_HEIGHT, wideHeights, wideTints);
    for (let dz = 0; dz < 3; dz++) {
      for (let dx = 0; dx < 3; dx++) tiles.keepFromBox(cx + dx - 1, cz + dz - 1, wideBlocks, wideHeights, wideTints, WIDE, WIDE, top, dx * COLUMN_SIZE, dz * COLUMN_SIZE);
    }
  } else {
    let reach = 0;
    for (const s of sources) reach = Math.max(reach, s.y + EMISSION[s.block]!);
    for (let dz = 0; dz < 3; dz++) {
      for (let dx = 0; dx < 3; dx++) {
        let tile = tiles.get(cx + dx - 1, cz + dz - 1);
        if (!tile) {
          // Generated straight into the wide box (its part is what a 16 x 16 box gives), then kept.
          const t = terrain.fillBlocks(boxBlocks!, wx0 + dx * COLUMN_SIZE, wz0 + dz * COLUMN_SIZE, COLUMN_SIZE, COLUMN_SIZE, WORLD_HEIGHT, boxHeights, boxTints);
          tiles.keepFromBox(cx + dx - 1, cz + dz - 1, boxBlocks!, boxHeights!, boxTints!, COLUMN_SIZE, COLUMN_SIZE, t, 0, 0);
          tile = tiles.get(cx + dx - 1, cz + dz - 1)!;
        }
        top = Math.max(top, tile.top);
      }
    }
    const layers = Math.min(WORLD_HEIGHT, Math.max(top, reach) + 1);
    for (let dz = 0; dz < 3; dz++) {
      for (let dx = 0; dx < 3; dx++) copyTileIntoBox(tiles.get(cx + dx - 1, cz + dz - 1)!, wideBlocks, wideHeights, wideTints, WIDE, WIDE, dx * COLUMN_SIZE, dz * COLUMN_SIZE, layers);
    }
  }
  for (const e of edits) {
    const bx = e.x - wx0;
    const bz = e.z - wz0;
    if (bx < 0 || bx >= WIDE || bz < 0 || bz >= WIDE) continue;
    wideBlocks[bx + WIDE * bz + WIDE_LAYER * e.y] = e.block;
  }
  return top;
}

/**
 * The skylight box (layers 0..top) cut from the wide box, with the surface heights and tints:
 * what fillBlocks would have given it (edits go in after, as on the other path).
 */
function cutSkylightBox(top: number): void {
  const from = COLUMN_SIZE - LIGHT_MARGIN;
  for (let y = 0; y <= top; y++) {
    for (let z = 0; z < BOX; z++) {
      const src = from + WIDE * (z + from) + WIDE_LAYER * y;
      const dst = BOX * z + BOX_LAYER * y;
      for (let x = 0; x < BOX; x++) boxBlocks![dst + x] = wideBlocks![src + x]!;
    }
  }
  // Air above, as fillBlocks leaves it: an edit higher up makes the skylight read those layers.
  boxBlocks!.fill(0, BOX_LAYER * (top + 1));
  for (let z = 0; z < BOX; z++) {
    for (let x = 0; x < BOX; x++) {
      boxHeights![x + BOX * z] = wideHeights![from + x + WIDE * (z + from)]!;
      boxTints![x + BOX * z] = wideTints![from + x + WIDE * (z + from)]!;
    }
  }
}

/**
 * Block light of the wide box (filled by fillWide) from `sources`, cut into the volume. Only
 * the layers the sources can reach are cleared, lit and copied.
 */
function cutBlockLight(volume: PaddedVolume, sources: readonly BlockEdit[], cx: number, cz: number): void {
  if (volume.hasBlockLight) volume.blockLight.fill(0);
  volume.hasBlockLight = false;
  if (sources.length === 0) return;
  const wx0 = (cx - 1) * COLUMN_SIZE;
  const wz0 = (cz - 1) * COLUMN_SIZE;
  let lo = WORLD_HEIGHT;
  let hi = -1;
  for (const s of sources) {
    const reach = EMISSION[s.block]! - 1;
    lo = Math.min(lo, Math.max(0, s.y - reach));
    hi = Math.max(hi, Math.min(WORLD_HEIGHT - 1, s.y + reach));
  }
  const lit = wideLight!;
  lit.fill(0, WIDE_LAYER * lo, WIDE_LAYER * (hi + 1));
  // Layers lo..hi only: light from these sources never leaves them.
  computeBlockLight(wideBlocks!, lit, WIDE, WIDE, hi + 1, sources.map((s) => s.x - wx0 + WIDE * (s.z - wz0) + WIDE_LAYER * s.y));
  let any = 0;
  const out = volume.blockLight;
  const inset = COLUMN_SIZE - 1;
  for (let y = lo; y <= hi; y++) {
    for (let z = 0; z < ROW; z++) {
      const src = inset + WIDE * (z + inset) + WIDE_LAYER * y;
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

/**
 * hashChunk(columnFromPaddedVolume(volume, ...)), fed row by row from the volume: no 64 KB
 * column to allocate and fill per build, and the air above the column's top hashed at once.
 */
export function hashPaddedColumn(volume: PaddedVolume): string {
  const fnv = new Fnv64();
  const blocks = volume.blocks;
  let rows = 0;
  for (let y = 0; y <= volume.maxY; y++) {
    for (let z = 0; z < COLUMN_SIZE; z++) {
      const row = paddedIndex(0, y, z);
      rows++;
      // Rows of air wait: they go in as one run of zeros before the next row with a block.
      let any = 0;
      for (let x = 0; x < COLUMN_SIZE; x++) any |= blocks[row + x]!;
      if (any === 0) continue;
      fnv.zeros((rows - 1) * COLUMN_SIZE);
      rows = 0;
      fnv.update(blocks, row, row + COLUMN_SIZE);
    }
  }
  fnv.zeros((rows + COLUMN_SIZE * (WORLD_HEIGHT - 1 - Math.max(volume.maxY, -1))) * COLUMN_SIZE);
  return fnv.digest();
}
