/**
 * Heightfield terrain: height = sea level + amplitude * fBm(x / scale, z / scale), then
 * layers of material chosen from the height and the local slope. Every block is a pure
 * function of (params, x, y, z), which is what lets a worker build a column's border from
 * its neighbours without asking for them, and a reloaded column come back bit-identical.
 */
import { createFbm2D, createPerlin2D, createSimplex2D, fillGrid2D, hashInts, type Noise2D } from '../noise';
import { Block } from './blocks';
import { WORLD_HEIGHT } from './coords';
import type { WorldParams } from './params';
import { seedFromText } from './seed';

/** Lowest and highest surface y: bedrock stays below, one air layer stays above. */
export const MIN_SURFACE_Y = 1;
export const MAX_SURFACE_Y = WORLD_HEIGHT - 2;

/** Depth of the dirt (or sand) layer under the surface block. */
const SOIL_DEPTH = 3;
/** A drop of at least this many blocks to a neighbour makes the surface bare rock. */
const CLIFF_DROP = 3;

export interface Terrain {
  readonly params: Readonly<WorldParams>;
  /** The 32-bit seed derived from params.seed. */
  readonly seed: number;
  /** Surface height at block (x, z), an integer in [MIN_SURFACE_Y, MAX_SURFACE_Y]. */
  heightAt(x: number, z: number): number;
  /**
   * Fills `out` with the blocks of the box [x0, x0 + width) x [0, height) x [z0, z0 + depth),
   * indexed x + width * (z + depth * y). Returns the highest non-air y.
   */
  fillBlocks(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number): number;
  /** Surface heights of [x0, x0 + width) x [z0, z0 + depth), row-major in x. */
  fillHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number): void;
}

export function createTerrain(params: Readonly<WorldParams>): Terrain {
  const seed = seedFromText(params.seed);
  const source = params.noise === 'simplex' ? createSimplex2D : createPerlin2D;
  const fbm: Noise2D = createFbm2D(source, seed, {
    octaves: params.octaves,
    persistence: params.persistence,
    lacunarity: params.lacunarity,
    frequency: 1 / params.scale,
  });
  const { seaLevel, amplitude } = params;
  const snowLine = seaLevel + Math.floor(amplitude * 0.45) + 12;
  const ditherSeed = (seed ^ 0x5f3759df) | 0;

  /** Surface height for an fBm value: the one formula heightAt and fillHeights share. */
  function surfaceHeight(n: number): number {
    const h = Math.floor(seaLevel + amplitude * n);
    // `!(h >= MIN)` also catches NaN, which must never reach the block arrays.
    if (!(h >= MIN_SURFACE_Y)) return MIN_SURFACE_Y;
    return h > MAX_SURFACE_Y ? MAX_SURFACE_Y : h;
  }

  function heightAt(x: number, z: number): number {
    return surfaceHeight(fbm(x, z));
  }

  // fBm values for fillHeights; grows to the largest box asked for (18x18 for a column).
  let fbmValues = new Float64Array(0);

  function fillHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number): void {
    if (!(width > 0 && depth > 0)) return;
    const n = width * depth;
    if (fbmValues.length < n) fbmValues = new Float64Array(n);
    // The noise batch path: the same bits as fbm(x0 + x, z0 + z) cell by cell (asserted in
    // test/noise/grid.test.ts), about 5x faster for Perlin because lattice hashes and fades
    // are shared along rows and columns.
    fillGrid2D(fbm, fbmValues, { x0, y0: z0, width, height: depth });
    for (let i = 0; i < n; i++) out[i] = surfaceHeight(fbmValues[i]!);
  }

  function fillBlocks(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number): number {
    // Heights with a one-block margin, so slopes at the box edge see their neighbours.
    const w2 = width + 2;
    const heights = new Int16Array(w2 * (depth + 2));
    fillHeights(heights, x0 - 1, z0 - 1, w2, depth + 2);
    out.fill(Block.Air, 0, width * depth * height);
    const layer = width * depth;
    let maxY = -1;
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) {
        const i = x + 1 + w2 * (z + 1);
        const h = heights[i]!;
        const drop = Math.max(h - heights[i - 1]!, h - heights[i + 1]!, h - heights[i - w2]!, h - heights[i + w2]!);
        const cliff = drop >= CLIFF_DROP;
        // A few blocks of hashed jitter make the snow line ragged instead of a contour line.
        const snowAt = snowLine + (hashInts(ditherSeed, x0 + x, z0 + z) & 3);
        let top: number = Block.Grass;
        let soil: number = Block.Dirt;
        if (h <= seaLevel - 6) {
          top = Block.Gravel;
          soil = Block.Sand;
        } else if (h <= seaLevel + 1) {
          top = Block.Sand;
          soil = Block.Sand;
        } else if (h >= snowAt) {
          top = cliff ? Block.Stone : Block.Snow;
          soil = Block.Stone;
        } else if (cliff) {
          top = Block.Stone;
          soil = Block.Stone;
        }
        const column = x + width * z;
        const top2 = Math.min(h, height - 1);
        if (height > 0) out[column] = Block.Bedrock;
        for (let y = 1; y <= top2; y++) {
          out[column + layer * y] = y === h ? top : y > h - 1 - SOIL_DEPTH ? soil : Block.Stone;
        }
        const waterTop = Math.min(seaLevel, height - 1);
        for (let y = h + 1; y <= waterTop; y++) out[column + layer * y] = Block.Water;
        const columnTop = Math.max(top2, waterTop);
        if (columnTop > maxY) maxY = columnTop;
      }
    }
    return maxY;
  }

  // A frozen copy: callers (the GUI) mutate their params object, and a cached terrain must
  // keep describing the world it generates.
  return { params: Object.freeze({ ...params }), seed, heightAt, fillBlocks, fillHeights };
}
