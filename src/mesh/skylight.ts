/**
 * Skylight, 0 (dark) .. 15 (open sky), per cell of a box of blocks laid out as the terrain
 * fills them (index x + width * z + width * depth * y). Two parts (docs/architecture.md §5):
 *
 * - **Sky exposure**: straight down each (x, z) from the top of the box, 15 in air, minus
 *   BLOCK_SKY_FILTER of each block passed (water and leaves 1), 0 from the first opaque block
 *   down. Above the box is open sky. Water never takes the light below UNDER_WATER_LIGHT
 *   (what is already darker stays as it is): a sea floor 30 blocks down is dim, not black.
 * - **Short spread**: a non-opaque cell takes max(own, neighbour - SKYLIGHT_STEP) over its six
 *   neighbours. With a step of 4 light travels at most 3 blocks (15, 11, 7, 3), so a cell
 *   LIGHT_MARGIN = 4 blocks inside the box edge has exact light whatever lies outside the box:
 *   light is a pure function of the world around the cell, not of what happens to be loaded.
 *
 * Opaque cells have light 0. The spread is a breadth-first relaxation seeded only from lit
 * cells next to darker see-through cells: under open sky nothing changes, so the work is
 * proportional to cave mouths, overhangs, trees and water, not to the box.
 */
import { Block, BLOCK_COUNT, BLOCK_OPAQUE, BLOCK_SKY_FILTER, LIGHT_MARGIN } from '../world';
import { CellQueue, spreadLight, spreadLightByRounds } from './light-spread';

export { LIGHT_MARGIN };

export const MAX_LIGHT = 15;
/** Light lost per block of spread. */
export const SKYLIGHT_STEP = 4;

/**
 * The lowest sky exposure water filters down to. At one level a block, open sea floors more
 * than 15 blocks down were at level 0, as dark as a sealed cave (LIGHT_FLOOR): black patches
 * under the blue fog, and black through the surface from above. Level 7 is about the light
 * 8 blocks down, so shallows look as they did and deeper floors stay readable; the fog
 * (world-scene.ts, setUnderWater) is what tells depth. Only the vertical exposure keeps
 * this floor, so a cave opening off the sea floor still darkens by SKYLIGHT_STEP a block.
 */
export const UNDER_WATER_LIGHT = 7;

const OPAQUE = BLOCK_OPAQUE;
const FILTER = BLOCK_SKY_FILTER;
/** Per block: the level its filter stops at (0: none). */
const FILTER_FLOOR = new Uint8Array(BLOCK_COUNT);
FILTER_FLOOR[Block.Water] = UNDER_WATER_LIGHT;

/** Sky exposure under block `b` (see-through) for exposure `l` above it. */
export function filterSkylight(l: number, b: number): number {
  const next = l - FILTER[b]!;
  const floor = FILTER_FLOOR[b]!;
  return floor > 0 && next < floor ? Math.min(l, floor) : Math.max(0, next);
}

/** Reusable scratch of the spread. */
const queue = new CellQueue();

/**
 * Fills `light` (same size and layout as `blocks`) for the box `width` x `depth` x `height`.
 * `maxY` is the highest layer holding a block (-1 if none): layers above it are sky.
 */
export function computeSkylight(blocks: Uint8Array, light: Uint8Array, width: number, depth: number, height: number, maxY: number): void {
  const layer = width * depth;
  const top = Math.min(maxY, height - 1);
  light.fill(MAX_LIGHT, layer * (top + 1), layer * height);
  if (top < 0) return;
  light.fill(0, 0, layer * (top + 1));
  const opaque = OPAQUE;
  // Sky exposure, column by column, down to the first opaque block. `skyTop[c]` is the lowest
  // y of the column's run of full light (everything at or above it is 15).
  const skyTop = new Int32Array(layer);
  const lowLit = new Int32Array(layer);
  for (let c = 0; c < layer; c++) {
    let l = MAX_LIGHT;
    let y = top;
    let i = c + layer * y;
    while (y >= 0 && blocks[i] === 0) {
      light[i] = MAX_LIGHT;
      y--;
      i -= layer;
    }
    skyTop[c] = y + 1;
    while (y >= 0) {
      const b = blocks[i]!;
      if (opaque[b]) break;
      l = filterSkylight(l, b);
      if (l <= 0) break;
      light[i] = l;
      y--;
      i -= layer;
    }
    lowLit[c] = y + 1;
  }
  // Seeds: lit cells (light > STEP) with a see-through neighbour darker by more than a step.
  // Only two kinds of cell can be one: the filtered run of a column (lowLit..skyTop-1), and
  // full-light air beside a lower-lit neighbour column, i.e. at y < that neighbour's skyTop.
  // Cells above every neighbour's skyTop sit among 15s and never seed.
  for (let z = 0; z < depth; z++) {
    for (let x = 0; x < width; x++) {
      const c = x + width * z;
      let hi = skyTop[c]!;
      if (x > 0) hi = Math.max(hi, skyTop[c - 1]!);
      if (x < width - 1) hi = Math.max(hi, skyTop[c + 1]!);
      if (z > 0) hi = Math.max(hi, skyTop[c - width]!);
      if (z < depth - 1) hi = Math.max(hi, skyTop[c + width]!);
      hi = Math.min(hi, top);
      for (let y = lowLit[c]!, i = c + layer * y; y <= hi; y++, i += layer) {
        const l = light[i]!;
        if (l <= SKYLIGHT_STEP) continue;
        const d = l - SKYLIGHT_STEP;
        if (
          (x > 0 && light[i - 1]! < d && !opaque[blocks[i - 1]!]) ||
          (x < width - 1 && light[i + 1]! < d && !opaque[blocks[i + 1]!]) ||
          (z > 0 && light[i - width]! < d && !opaque[blocks[i - width]!]) ||
          (z < depth - 1 && light[i + width]! < d && !opaque[blocks[i + width]!]) ||
          (y > 0 && light[i - layer]! < d && !opaque[blocks[i - layer]!]) ||
          (y < top && light[i + layer]! < d && !opaque[blocks[i + layer]!])
        ) {
          queue.push(i);
        }
      }
    }
  }
  // Relaxation (light-spread.ts): the fixed point, equal to the rounds of the reference (tested).
  spreadLight(blocks, light, width, depth, top, SKYLIGHT_STEP, queue);
}

/**
 * The definition, spelled out: sky exposure cell by cell, then rounds of
 * light = max(own, neighbour - STEP) over the whole box until nothing changes. Slow; the
 * tests hold computeSkylight to it.
 */
export function computeSkylightReference(blocks: Uint8Array, width: number, depth: number, height: number): Uint8Array {
  const layer = width * depth;
  const light = new Uint8Array(layer * height);
  for (let c = 0; c < layer; c++) {
    let l = MAX_LIGHT;
    for (let y = height - 1; y >= 0; y--) {
      const b = blocks[c + layer * y]!;
      const next = Math.max(0, l - BLOCK_SKY_FILTER[b]!);
      l = BLOCK_OPAQUE[b] ? 0 : b === Block.Water ? Math.max(next, Math.min(l, UNDER_WATER_LIGHT)) : next;
      light[c + layer * y] = l;
    }
  }
  spreadLightByRounds(blocks, light, width, depth, height, SKYLIGHT_STEP);
  return light;
}
