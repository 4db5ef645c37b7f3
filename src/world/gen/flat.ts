/**
 * The `flat` world type, a superflat world for building and for testing physics: bedrock at
 * y = 0, stone, FLAT_DIRT blocks of dirt and grass on top at seaLevel + 2 (clamped to the
 * world), so the ground sits where a classic or biomes world's shore would and the
 * sea-relative settings (spawn height, the lab's map colours) read it as land. No water, no
 * trees, no caves. biomeAt answers NO_BIOME (a superflat world has no climate); the tint is
 * TEMPERATE_TINT everywhere. Every param but seaLevel is ignored.
 */
import { NO_BIOME, TEMPERATE_TINT } from '../biome';
import { Block } from '../blocks';
import type { WorldParams } from '../params';
import { seedFromText } from '../seed';
import { MAX_SURFACE_Y, MIN_SURFACE_Y, NO_SNOW_LINE, type Terrain } from '../terrain';
import { surfaceStep } from '../surface-args';

const FLAT_DIRT = 3;

/** The grass height of a flat world with these params. */
export function flatHeight(params: Readonly<WorldParams>): number {
  return Math.min(MAX_SURFACE_Y, Math.max(MIN_SURFACE_Y + FLAT_DIRT, params.seaLevel + 2));
}

export function createFlatTerrain(params: Readonly<WorldParams>): Terrain {
  const frozen = Object.freeze({ ...params });
  const seed = seedFromText(params.seed);
  const h = flatHeight(params);

  function fillHeights(out: Int16Array, _x0: number, _z0: number, width: number, depth: number): void {
    if (width > 0 && depth > 0) out.fill(h, 0, width * depth);
  }
  function fillSurface(
    heights: Int16Array, tops: Uint8Array, _x0: number, _z0: number, width: number, depth: number, step = 1, tints?: Uint8Array,
  ): void {
    if (surfaceStep(heights, tops, width, depth, step, tints) === 0) return;
    const n = width * depth;
    heights.fill(h, 0, n);
    tops.fill(Block.Grass, 0, n);
    tints?.fill(TEMPERATE_TINT, 0, n);
  }
  function fillBlocks(
    out: Uint8Array, _x0: number, _z0: number, width: number, depth: number, height: number, surfaceHeights?: Int16Array, tints?: Uint8Array,
  ): number {
    const layer = width * depth;
    out.fill(Block.Air, 0, layer * height);
    tints?.fill(TEMPERATE_TINT, 0, layer);
    if (surfaceHeights && layer > 0) surfaceHeights.fill(h, 0, layer);
    const top = Math.min(h, height - 1);
    for (let y = 0; y <= top; y++) {
      const block = y === 0 ? Block.Bedrock : y === h ? Block.Grass : y > h - 1 - FLAT_DIRT ? Block.Dirt : Block.Stone;
      out.fill(block, layer * y, layer * (y + 1));
    }
    return top;
  }
  // No trees: no canopy anywhere.
  function fillCanopy(heights: Int16Array, tops: Uint8Array, _x0: number, _z0: number, width: number, depth: number, step = 1): void {
    if (surfaceStep(heights, tops, width, depth, step, undefined, 'fillCanopy') === 0) return;
    heights.fill(-1, 0, width * depth);
    tops.fill(Block.Air, 0, width * depth);
  }
  return { params: frozen, seed, snowCap: NO_SNOW_LINE, heightAt: () => h, biomeAt: () => NO_BIOME, fillBlocks, fillHeights, fillSurface, fillCanopy };
}
