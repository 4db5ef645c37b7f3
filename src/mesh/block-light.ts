/**
 * Block light, 0..15, per cell of a box of blocks laid out as the terrain fills them (index
 * x + width * z + width * depth * y): Minecraft's rule. A light source's cell holds its
 * emission (BLOCK_LIGHT_EMISSION: torch 14, glowstone and lava 15), and light drops by one per
 * block through every cell that is not opaque (air, water, leaves, glass, shapes), stopping at
 * opaque blocks. So a cell's light is max over sources of (emission - the length of the
 * shortest see-through path from the source), never below 0: at most 14 blocks of reach.
 *
 * That reach is what makes a column's light a pure function of the world (build-volume.ts):
 * every path that brings light into the padded column lies within BLOCK_LIGHT_MARGIN of it,
 * and sources are all edits (nothing generated gives off light), so the worker knows exactly
 * where the box must grow before it generates anything (src/world/light-reach.ts).
 *
 * The fast path is a breadth-first relaxation from the sources; the reference below does
 * rounds over the whole box until nothing changes, and the tests hold one to the other.
 */
import { BLOCK_LIGHT_EMISSION } from '../world';
import { CellQueue, spreadLight, spreadLightByRounds } from './light-spread';

export { BLOCK_LIGHT_MARGIN, MAX_BLOCK_LIGHT, sourceReaches } from '../world';

/** Reusable queue of the spread. */
const queue = new CellQueue();

/**
 * Fills `light` with the block light of the box (`width` x `depth` x `height`) lit by the
 * sources at cell indices `sources`, each giving off BLOCK_LIGHT_EMISSION of its block.
 * Only cells within reach of a source are written: `light` must be 0 there beforehand (the
 * caller clears the layers the sources can reach). Outside the box counts as opaque.
 */
export function computeBlockLight(blocks: Uint8Array, light: Uint8Array, width: number, depth: number, height: number, sources: readonly number[]): void {
  for (const i of sources) {
    const level = BLOCK_LIGHT_EMISSION[blocks[i]!]!;
    if (level > light[i]!) {
      light[i] = level;
      queue.push(i);
    }
  }
  spreadLight(blocks, light, width, depth, height - 1, 1, queue);
}

/**
 * The definition, spelled out: every source cell at its emission, then rounds of
 * light = max(own, neighbour - 1) over every see-through cell of the box until nothing
 * changes. Slow; the tests hold computeBlockLight to it.
 */
export function computeBlockLightReference(blocks: Uint8Array, width: number, depth: number, height: number): Uint8Array {
  const layer = width * depth;
  const light = new Uint8Array(layer * height);
  for (let i = 0; i < light.length; i++) light[i] = BLOCK_LIGHT_EMISSION[blocks[i]!]!;
  spreadLightByRounds(blocks, light, width, depth, height, 1);
  return light;
}
