/**
 * Heightfield terrain: height = sea level + amplitude * fBm(x / scale, z / scale) (or the
 * ridged / domain-warped variant the style picks), then
 * layers of material chosen from the height and the local slope. Every block is a pure
 * function of (params, x, y, z), which is what lets a worker build a column's border from
 * its neighbours without asking for them, and a reloaded column come back bit-identical.
 */
import {
  createDomainWarp2D,
  createFbm2D,
  createPerlin2D,
  createRidged2D,
  createSimplex2D,
  fillGrid2D,
  hashInts,
  warpNoise2D,
  type Noise2D,
  type SeededNoise2D,
} from '../noise';
import { NO_BIOME, TEMPERATE_TINT } from './biome';
import { Block } from './blocks';
import { CanopyGrid, fillCanopyFromGrid, type CanopyPut } from './canopy';
import { WORLD_HEIGHT } from './coords';
import type { WorldParams } from './params';
import { seedFromText } from './seed';
import { surfaceStep } from './surface-args';

/** Lowest and highest surface y: bedrock stays below, one air layer stays above. */
export const MIN_SURFACE_Y = 1;
export const MAX_SURFACE_Y = WORLD_HEIGHT - 2;

/** Depth of the dirt (or sand) layer under the surface block. */
const SOIL_DEPTH = 3;
/** A drop of at least this many blocks to a neighbour makes the surface bare rock. */
const CLIFF_DROP = 3;
/** Leaves reach this far from a trunk, so a box needs the trees this far outside it. */
const TREE_REACH = 2;
/** Heights are computed this far around a box: tree reach, plus one for the cliff test. */
const MARGIN = TREE_REACH + 1;
/** Trees per 1000 grass blocks, in the densest forest and in the open. */
const FOREST_TREES_PER_1000 = 22;
const OPEN_TREES_PER_1000 = 1;
/** Separates the domain-warp field's seed from the terrain's. */
const WARP_SEED_XOR = 0x68e31da4;
/** Wavelength in blocks of the noise that separates forests from open land. */
const FOREST_SCALE = 180;

/** Bare rock: the ground at height h drops CLIFF_DROP or more to one of its four neighbours. */
function isCliff(h: number, west: number, east: number, north: number, south: number): boolean {
  return Math.max(h - west, h - east, h - north, h - south) >= CLIFF_DROP;
}

export interface Terrain {
  readonly params: Readonly<WorldParams>;
  /** The 32-bit seed derived from params.seed. */
  readonly seed: number;
  /**
   * The height from which every top that is not a cliff is snow, wherever the ragged snow
   * line's dither puts it (NO_SNOW_LINE: never). Far terrain draws the rock of cliffs up
   * there as snow too (lod-sample.ts), so distant peaks read white.
   */
  readonly snowCap: number;
  /** Surface height at block (x, z), an integer in [MIN_SURFACE_Y, MAX_SURFACE_Y]. */
  heightAt(x: number, z: number): number;
  /** The biome at block (x, z) (a Biome id), or NO_BIOME for world types without biomes. */
  biomeAt(x: number, z: number): number;
  /**
   * Fills `out` with the blocks of the box [x0, x0 + width) x [0, height) x [z0, z0 + depth),
   * indexed x + width * (z + depth * y). Returns the highest non-air y. When given,
   * `surfaceHeights` receives the box's surface heights (as fillHeights), which fillBlocks
   * computes anyway, and `tints` the climate tint byte (climateTint) of each block column,
   * both indexed x + width * z.
   */
  fillBlocks(
    out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, surfaceHeights?: Int16Array, tints?: Uint8Array,
  ): number;
  /**
   * Surface heights of [x0, x0 + width) x [z0, z0 + depth), row-major in x; with a `step`
   * (a whole number of blocks, at least 1; default 1), of the sample points
   * (x0 + i * step, z0 + j * step) instead, each exactly heightAt's.
   */
  fillHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number, step?: number): void;
  /**
   * The ground as seen from above, trees left out: the surface height and the top block at
   * the sample points (x0 + i * step, z0 + j * step), i < width, j < depth, row-major in x.
   * Each sample is exactly the block fillBlocks puts at that height (the cliff test reads
   * the neighbours one block away, whatever the step), so a map drawn from it shows the
   * game's own sand, grass, rock and snow. `step` is a whole number of blocks, at least 1.
   * When given, `tints` receives each sample's climate tint byte, the one fillBlocks gives
   * that block column (far terrain tints its grass with it).
   */
  fillSurface(
    heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step?: number, tints?: Uint8Array,
  ): void;
  /**
   * The trees as seen from above, at the same sample points as fillSurface: the y of the
   * highest tree block (leaves, log or cactus) over each sample column and that block, exactly
   * what fillBlocks puts there; -1 and Air where no tree block stands above the ground and
   * the water (plants on the ground count as air, as far terrain reads them). Only the trees that can reach a sample are stamped: a hash test per column
   * within the trees' reach of a sample rules out most trunks, and the few left (about 3%)
   * get their ground from a 3 x 3 surface fill each. Its scratch covers the samples' span, so
   * it is meant for small steps (far terrain's level 1). The tint of a canopy is its column's
   * (fillSurface's `tints`).
   */
  fillCanopy(heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step?: number): void;
}

/** Terrain.snowCap of a world without snow. */
export const NO_SNOW_LINE = Number.POSITIVE_INFINITY;

/** The field in [-1, 1] that heights are made from, by terrain style. */
function createHeightNoise(params: Readonly<WorldParams>, source: SeededNoise2D, seed: number): Noise2D {
  const octaves = { octaves: params.octaves, persistence: params.persistence, lacunarity: params.lacunarity, frequency: 1 / params.scale };
  switch (params.style) {
    case 'ridged':
      return createRidged2D(source, seed, octaves);
    case 'warped':
      // The displacement field has its own seed, so it is not the terrain's own shape again;
      // it moves points by up to 40% of a first-octave wavelength.
      return warpNoise2D(
        createFbm2D(source, seed, octaves),
        createDomainWarp2D(source, seed ^ WARP_SEED_XOR, { amplitude: 0.4 * params.scale, frequency: 1 / params.scale, octaves: 3 }),
      );
    default:
      return createFbm2D(source, seed, octaves);
  }
}

export function createTerrain(params: Readonly<WorldParams>): Terrain {
  const seed = seedFromText(params.seed);
  const source = params.noise === 'simplex' ? createSimplex2D : createPerlin2D;
  const heightField = createHeightNoise(params, source, seed);
  const { seaLevel, amplitude } = params;
  const snowLine = seaLevel + Math.floor(amplitude * 0.45) + 12;
  const ditherSeed = (seed ^ 0x5f3759df) | 0;
  const treeSeed = (seed ^ 0x1b873593) | 0;
  const forest = createPerlin2D(seed ^ 0x2545f491);

  /**
   * The surface block and the soil under it, packed as top | soil << 8, from the height,
   * whether it is a cliff, and (for the ragged snow line) the world position.
   */
  function surface(h: number, cliff: boolean, wx: number, wz: number): number {
    if (h <= seaLevel - 6) return Block.Gravel | (Block.Sand << 8);
    if (h <= seaLevel + 1) return Block.Sand | (Block.Sand << 8);
    // A few blocks of hashed jitter make the snow line ragged instead of a contour line.
    if (h >= snowLine + (hashInts(ditherSeed, wx, wz) & 3)) return (cliff ? Block.Stone : Block.Snow) | (Block.Stone << 8);
    if (cliff) return Block.Stone | (Block.Stone << 8);
    return Block.Grass | (Block.Dirt << 8);
  }

  /**
   * Whether a tree grows at (wx, wz), and its trunk height (0: none). A hash decides, so
   * trees are a pure function of position; a low-frequency noise makes forests and
   * clearings. The cheap hash test runs first; the noise only for the few candidates.
   */
  function treeAt(wx: number, wz: number): number {
    const hash = hashInts(treeSeed, wx, wz) >>> 0;
    const roll = hash % 1000;
    if (roll >= FOREST_TREES_PER_1000) return 0;
    const density = forest(wx / FOREST_SCALE, wz / FOREST_SCALE);
    const chance = density > 0 ? OPEN_TREES_PER_1000 + (FOREST_TREES_PER_1000 - OPEN_TREES_PER_1000) * Math.min(1, density * 2.5) : OPEN_TREES_PER_1000;
    if (roll >= chance) return 0;
    return 4 + ((hash >>> 12) & 3);
  }

  /** Surface height for a height-field value: the one formula heightAt and fillHeights share. */
  function surfaceHeight(n: number): number {
    const h = Math.floor(seaLevel + amplitude * n);
    // `!(h >= MIN)` also catches NaN, which must never reach the block arrays.
    if (!(h >= MIN_SURFACE_Y)) return MIN_SURFACE_Y;
    return h > MAX_SURFACE_Y ? MAX_SURFACE_Y : h;
  }

  function heightAt(x: number, z: number): number {
    return surfaceHeight(heightField(x, z));
  }

  // Height-field values for fillHeights; grows to the largest box asked for (18x18 for a column).
  let fieldValues = new Float64Array(0);

  function fillHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number, step = 1): void {
    fillSteppedHeights(out, x0, z0, width, depth, step);
  }

  /** Heights at (x0 + i * step, z0 + j * step), row-major in x. */
  function fillSteppedHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number, step: number): void {
    if (!(width > 0 && depth > 0)) return;
    const n = width * depth;
    if (fieldValues.length < n) fieldValues = new Float64Array(n);
    // The noise batch path: the same bits as heightField(x0 + x * step, z0 + z * step) cell
    // by cell (asserted in test/noise/grid.test.ts), about 5x faster for Perlin because
    // lattice hashes and fades are shared along rows and columns.
    fillGrid2D(heightField, fieldValues, { x0, y0: z0, width, height: depth, stepX: step, stepY: step });
    for (let i = 0; i < n; i++) out[i] = surfaceHeight(fieldValues[i]!);
  }

  function fillSurface(heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step = 1, tints?: Uint8Array): void {
    const s = surfaceStep(heights, tops, width, depth, step, tints);
    if (s === 0) return;
    const n = width * depth;
    tints?.fill(TEMPERATE_TINT, 0, n);
    if (s === 1) {
      // Neighbours one block away are the grid's own neighbours: one padded grid does it.
      const wp = width + 2;
      const padded = new Int16Array(wp * (depth + 2));
      fillHeights(padded, x0 - 1, z0 - 1, wp, depth + 2);
      for (let z = 0; z < depth; z++) {
        for (let x = 0; x < width; x++) {
          const i = x + 1 + wp * (z + 1);
          const h = padded[i]!;
          heights[x + width * z] = h;
          tops[x + width * z] = surface(h, isCliff(h, padded[i - 1]!, padded[i + 1]!, padded[i - wp]!, padded[i + wp]!), x0 + x, z0 + z) & 0xff;
        }
      }
      return;
    }
    // Sparser samples: each one's neighbours one block away are four more grids.
    const around = [new Int16Array(n), new Int16Array(n), new Int16Array(n), new Int16Array(n)];
    fillSteppedHeights(heights, x0, z0, width, depth, s);
    fillSteppedHeights(around[0]!, x0 - 1, z0, width, depth, s);
    fillSteppedHeights(around[1]!, x0 + 1, z0, width, depth, s);
    fillSteppedHeights(around[2]!, x0, z0 - 1, width, depth, s);
    fillSteppedHeights(around[3]!, x0, z0 + 1, width, depth, s);
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) {
        const i = x + width * z;
        const h = heights[i]!;
        tops[i] = surface(h, isCliff(h, around[0]![i]!, around[1]![i]!, around[2]![i]!, around[3]![i]!), x0 + x * s, z0 + z * s) & 0xff;
      }
    }
  }

  function fillBlocks(
    out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, surfaceHeights?: Int16Array, tints?: Uint8Array,
  ): number {
    // Classic worlds have no climate: one temperate green everywhere.
    tints?.fill(TEMPERATE_TINT, 0, width * depth);
    // Heights with a margin: slopes at the box edge see their neighbours, and trees just
    // outside the box can reach in with their leaves.
    const wm = width + 2 * MARGIN;
    const heights = new Int16Array(wm * (depth + 2 * MARGIN));
    fillHeights(heights, x0 - MARGIN, z0 - MARGIN, wm, depth + 2 * MARGIN);
    if (surfaceHeights) {
      for (let z = 0; z < depth; z++) surfaceHeights.set(heights.subarray(MARGIN + wm * (z + MARGIN), MARGIN + wm * (z + MARGIN) + width), width * z);
    }
    const cliffAt = (i: number, h: number) => isCliff(h, heights[i - 1]!, heights[i + 1]!, heights[i - wm]!, heights[i + wm]!);
    out.fill(Block.Air, 0, width * depth * height);
    const layer = width * depth;
    let maxY = -1;
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) {
        const i = x + MARGIN + wm * (z + MARGIN);
        const h = heights[i]!;
        const blocks = surface(h, cliffAt(i, h), x0 + x, z0 + z);
        const top = blocks & 0xff;
        const soil = blocks >>> 8;
        const column = x + width * z;
        // Highest ground block: h, unless the box asked for is shorter than the terrain.
        const stoneTop = Math.min(h, height - 1);
        if (height > 0) out[column] = Block.Bedrock;
        for (let y = 1; y <= stoneTop; y++) {
          out[column + layer * y] = y === h ? top : y > h - 1 - SOIL_DEPTH ? soil : Block.Stone;
        }
        const waterTop = Math.min(seaLevel, height - 1);
        for (let y = h + 1; y <= waterTop; y++) out[column + layer * y] = Block.Water;
        const columnTop = Math.max(stoneTop, waterTop);
        if (columnTop > maxY) maxY = columnTop;
      }
    }

    // Trees. Leaves only fill air and logs fill air or leaves, so where trees overlap the
    // result does not depend on the order they are visited in.
    const put = (x: number, y: number, z: number, block: number): void => {
      if (x < 0 || x >= width || z < 0 || z >= depth || y < 0 || y >= height) return;
      const index = x + width * z + layer * y;
      const current = out[index]!;
      if (current === Block.Air || (block === Block.Log && current === Block.Leaves)) {
        out[index] = block;
        if (y > maxY) maxY = y;
      }
    };
    for (let tz = -TREE_REACH; tz < depth + TREE_REACH; tz++) {
      for (let tx = -TREE_REACH; tx < width + TREE_REACH; tx++) {
        const wx = x0 + tx;
        const wz = z0 + tz;
        const trunk = treeAt(wx, wz);
        if (trunk === 0) continue;
        const i = tx + MARGIN + wm * (tz + MARGIN);
        const h = heights[i]!;
        if (grows(trunk, h, cliffAt(i, h), wx, wz)) stampTree(put, trunk, tx, tz, h, wx, wz);
      }
    }
    return maxY;
  }

  /** Whether treeAt's tree at (wx, wz) grows on ground h: on grass, and under the sky limit. */
  function grows(trunk: number, h: number, cliff: boolean, wx: number, wz: number): boolean {
    return (surface(h, cliff, wx, wz) & 0xff) === Block.Grass && h + trunk + 1 < WORLD_HEIGHT;
  }

  /** Stamps a tree with `trunk` on ground h at box-relative (tx, tz), world (wx, wz). */
  function stampTree(put: CanopyPut, trunk: number, tx: number, tz: number, h: number, wx: number, wz: number): void {
    const crown = h + trunk;
    for (let y = crown - 2; y <= crown + 1; y++) {
      const r = y < crown ? 2 : 1;
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          // Corners: always open at the very top, hashed elsewhere, for a rounder crown.
          if ((dx === r || dx === -r) && (dz === r || dz === -r) && (y === crown + 1 || (hashInts(treeSeed, wx + dx, wz + dz, y) & 1) === 0)) continue;
          put(tx + dx, y, tz + dz, Block.Leaves);
        }
      }
    }
    for (let y = h + 1; y <= crown; y++) put(tx, y, tz, Block.Log);
  }

  function fillCanopy(heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step = 1): void {
    const s = surfaceStep(heights, tops, width, depth, step, undefined, 'fillCanopy');
    if (s === 0) return;
    const ground = new Int16Array(width * depth);
    fillSteppedHeights(ground, x0, z0, width, depth, s);
    // Every trunk within TREE_REACH of a sample: treeAt's hash rules out most sites; the few
    // left get their ground and its four neighbours (the cliff test) from one 3 x 3 batch.
    const grid = new CanopyGrid(x0, z0, width, depth, s, TREE_REACH);
    const trunks = new Int16Array(grid.size);
    const trunkGround = new Int16Array(grid.size);
    const around = new Int16Array(9);
    grid.forEachSite((wx, wz, index) => {
      const trunk = treeAt(wx, wz);
      if (trunk === 0) return;
      fillHeights(around, wx - 1, wz - 1, 3, 3);
      const h = around[4]!;
      if (!grows(trunk, h, isCliff(h, around[3]!, around[5]!, around[1]!, around[7]!), wx, wz)) return;
      trunks[index] = trunk;
      trunkGround[index] = h;
      grid.crown[index] = h + trunk + 1;
    });
    const gx = x0 - TREE_REACH;
    const gz = z0 - TREE_REACH;
    fillCanopyFromGrid(heights, tops, ground, seaLevel, grid, (put, index, dx, dz) => {
      stampTree(put, trunks[index]!, dx, dz, trunkGround[index]!, gx + (index % grid.width), gz + Math.floor(index / grid.width));
    });
  }

  // A frozen copy: callers (the GUI) mutate their params object, and a cached terrain must
  // keep describing the world it generates.
  const biomeAt = (): number => NO_BIOME;
  // The snow line's dither adds 0..3.
  return { params: Object.freeze({ ...params }), seed, snowCap: snowLine + 3, heightAt, biomeAt, fillBlocks, fillHeights, fillSurface, fillCanopy };
}
