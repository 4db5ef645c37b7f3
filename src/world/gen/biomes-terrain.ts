/**
 * The `biomes` world type: continents and oceans, fourteen biomes blended into one another,
 * rivers, caves, ores and trees by biome. Every block is a pure function of (params, x, y, z)
 * (docs/architecture.md §2): climate and caves live on grids aligned to world coordinates,
 * trees and ores come from position hashes, and a box computes everything its blocks depend
 * on (heights TREE_REACH + 1 around it) itself.
 *
 * How the classic params read here:
 * - `noise` (Perlin or simplex-noise) drives every field: climate, relief, rivers, caves (3D);
 * - `octaves`, `persistence`, `lacunarity` shape the relief's detail fBm and ridged mountains;
 * - `scale` is the relief's wavelength (the first octave's, in blocks);
 * - `amplitude` scales every relief height (104, the default, is 1x; 0 is a flat sea-level world);
 * - `seaLevel` is the sea; `biomeScale` stretches the climate (2: biomes twice as wide);
 * - `style` is ignored: each place blends fBm hills and ridged mountains by its climate.
 */
import { createFbm2D, createPerlin2D, createPerlin3D, createRidged2D, createSimplex2D, createSimplex3D } from '../../noise';
import { axisFill2D } from '../../noise/grid';
import { Block } from '../blocks';
import { CanopyGrid, fillCanopyFromGrid } from '../canopy';
import { WORLD_HEIGHT } from '../coords';
import type { WorldParams } from '../params';
import { seedFromText } from '../seed';
import { MAX_SURFACE_Y, MIN_SURFACE_Y, type Terrain } from '../terrain';
import { fillBiomes, fillTints } from './biome-table';
import { createCaves } from './caves';
import { CLIMATE_FIELDS, createClimate } from './climate';
import { createOres } from './ores';
import { fillBlendedHeights, fillCarvedHeights, fillMountainWeights } from './shape-fill';
import { fillCaveLimits, fillGround } from './ground-fill';
import { createMarginFill } from './margin-fill';
import { surfaceBlocks, type SurfaceLines } from './surface';
import { BIOME_HAS_PLANTS, plantAt } from './plants';
import { mayHaveTree, stampTree, TREE_REACH, treeAt } from './trees';
import { surfaceStep } from '../surface-args';

/** A drop of at least this many blocks to a neighbour makes the surface bare rock. */
const CLIFF_DROP = 3;
/** Heights around a box: tree reach, plus one for the cliff test under those trees. */
const MARGIN = TREE_REACH + 1;
/**
 * Caves stay this far under the lowest ground of the 3x3 columns around them when any of
 * those columns is at or below seaLevel + WET_ABOVE_SEA: no cave ever opens into water.
 */
const WET_DEPTH = 4;
const WET_ABOVE_SEA = 2;

function isCliff(h: number, west: number, east: number, north: number, south: number): boolean {
  return Math.max(h - west, h - east, h - north, h - south) >= CLIFF_DROP;
}

export function createBiomesTerrain(params: Readonly<WorldParams>): Terrain {
  const frozen = Object.freeze({ ...params });
  const seed = seedFromText(params.seed);
  const simplex = params.noise === 'simplex';
  const source2 = simplex ? createSimplex2D : createPerlin2D;
  const source3 = simplex ? createSimplex3D : (s: number) => createPerlin3D(s);
  const { seaLevel } = params;
  const a = params.amplitude / 104;
  const climate = createClimate(source2, seed, params.biomeScale, simplex);
  const octaves = { octaves: params.octaves, persistence: params.persistence, lacunarity: params.lacunarity, frequency: 1 / params.scale };
  const detailField = createFbm2D(source2, seed, octaves);
  const ridgedField = createRidged2D(source2, (seed ^ 0x6c8e9cf5) | 0, octaves);
  const caves = createCaves(source3, seed);
  const ores = createOres(seed);
  const treeSeed = (seed ^ 0x1b873593) | 0;
  const plantSeed = (seed ^ 0x68e31da4) | 0;
  const lines: SurfaceLines = {
    seaLevel,
    rockLine: seaLevel + Math.floor(30 * a),
    snowLine: seaLevel + Math.floor(62 * a),
    ditherSeed: (seed ^ 0x5f3759df) | 0,
  };

  // Grow-only scratch shared by every call (a terrain is used by one thread at a time).
  let clim = new Float64Array(0);
  let detail = new Float64Array(0);
  let ridged = new Float64Array(0);
  let mountain = new Float64Array(0);
  let raw = new Float64Array(0);
  let riverCut = new Float64Array(0);
  let axisX = new Float64Array(0);
  let axisZ = new Float64Array(0);
  const detailFill = axisFill2D(detailField);
  const ridgedFill = axisFill2D(ridgedField);
  const fillMargin = createMarginFill(columnsAt, treeSeed);

  /** The coordinates x0 + i * step, i < width, in axisX (and z0 + j * step in axisZ). */
  function regularAxes(x0: number, z0: number, width: number, depth: number, step: number): void {
    if (axisX.length < width) axisX = new Float64Array(width);
    if (axisZ.length < depth) axisZ = new Float64Array(depth);
    for (let i = 0; i < width; i++) axisX[i] = x0 + i * step;
    for (let j = 0; j < depth; j++) axisZ[j] = z0 + j * step;
  }

  /**
   * Heights, dominant biomes and tints of the blocks (x0 + i * step, z0 + j * step), row-major
   * in x. Any of the outputs may be omitted.
   */
  function fillColumns(x0: number, z0: number, width: number, depth: number, heights: Int16Array, biomes?: Int8Array, tints?: Uint8Array, step = 1): void {
    if (!(width > 0 && depth > 0)) return;
    regularAxes(x0, z0, width, depth, step);
    climate.cover(axisX, width, axisZ, depth);
    columnsAt(axisX, width, axisZ, depth, heights, biomes, tints);
  }

  /**
   * Heights, dominant biomes and tints of the block columns (xs[i], zs[j]), row-major in x
   * (both lists ascending), every one in a climate cell the last climate.cover covered. Any
   * of the outputs may be omitted. Each value is the same whichever points are asked with it:
   * the climate is interpolated per point and the detail fields' batch fills give the bits
   * of a per-point call (noise/grid.ts).
   */
  function columnsAt(xs: Float64Array, nx: number, zs: Float64Array, nz: number, heights: Int16Array, biomes?: Int8Array, tints?: Uint8Array): void {
    const n = nx * nz;
    if (!(n > 0)) return;
    if (clim.length < n * CLIMATE_FIELDS) clim = new Float64Array(n * CLIMATE_FIELDS);
    if (detail.length < n) {
      detail = new Float64Array(n);
      ridged = new Float64Array(n);
      mountain = new Float64Array(n);
      raw = new Float64Array(n);
      riverCut = new Float64Array(n);
    }
    climate.interpolate(clim, xs, nx, zs, nz);
    const anyMountain = fillMountainWeights(mountain, clim, n);
    detailFill(xs, nx, zs, nz, detail);
    // Ridged values are only read where the mountain weight is above 0.
    if (anyMountain) ridgedFill(xs, nx, zs, nz, ridged);
    fillBlendedHeights(raw, clim, mountain, detail, ridged, n, seaLevel, a);
    fillCarvedHeights(heights, riverCut, raw, clim, mountain, n, seaLevel, MIN_SURFACE_Y, MAX_SURFACE_Y);
    if (biomes) fillBiomes(biomes, seaLevel, heights, lines.snowLine, clim, mountain, riverCut, n);
    if (tints) fillTints(tints, clim, n);
  }

  // heightAt and biomeAt of one point share one evaluation (a climate cover and a relief
  // fill): spawn asks both of each column it tries, then the height again. The memo is keyed
  // by the exact point, so it answers what evaluating again would.
  const one16 = new Int16Array(1);
  const one8 = new Int8Array(1);
  let memoX = NaN;
  let memoZ = NaN;
  function evaluatePoint(x: number, z: number): void {
    if (x === memoX && z === memoZ) return;
    fillColumns(x, z, 1, 1, one16, one8);
    memoX = x;
    memoZ = z;
  }
  function heightAt(x: number, z: number): number {
    evaluatePoint(x, z);
    return one16[0]!;
  }
  function biomeAt(x: number, z: number): number {
    evaluatePoint(x, z);
    return one8[0]!;
  }
  function fillHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number, step = 1): void {
    // The climate cover needs ascending coordinates.
    if (!(step > 0) || !Number.isFinite(step)) throw new RangeError(`fillHeights: step must be a whole number of blocks, at least 1 (got ${step})`);
    fillColumns(x0, z0, width, depth, out, undefined, undefined, step);
  }

  // fillBlocks scratch (grow-only): the margin grid's heights, biomes and tints (fillSurface
  // at step 1 uses them too), and the box's surface blocks, cave limits and their row minima.
  let padHeights = new Int16Array(0);
  let padBiomes = new Int8Array(0);
  let padTints = new Uint8Array(0);
  let surf = new Int32Array(0);
  let limit = new Int16Array(0);
  let rowLow = new Int16Array(0);

  // fillSurface scratch at step > 1 (grow-only). Sample i's west, own and east x are
  // rowXs[westOf[i]], rowXs[westOf[i] + 1]... (see sparseAxis); rows likewise in z.
  let rowXs = new Float64Array(0);
  let sampleXs = new Float64Array(0);
  let sampleZs = new Float64Array(0);
  let sideZs = new Float64Array(0);
  let allZs = new Float64Array(0);
  let westOf = new Int32Array(0);
  let eastOf = new Int32Array(0);
  let ownOf = new Int32Array(0);
  let northOf = new Int32Array(0);
  let southOf = new Int32Array(0);
  let rowHeights = new Int16Array(0);
  let rowBiomes = new Int8Array(0);
  let rowTints = new Uint8Array(0);
  let sideHeights = new Int16Array(0);

  /**
   * The ascending, distinct coordinates of n samples v0 + i * s and their neighbours
   * (v0 - 1) + i * s and (v0 + 1) + i * s (the expressions the per-point path used), into
   * `out`; where sample i and its two neighbours are, into before/own/after (own may be
   * omitted: the neighbours only). Returns how many coordinates. At step 2 a sample's east
   * neighbour is the next one's west: one coordinate serves both.
   */
  function sparseAxis(v0: number, n: number, s: number, out: Float64Array, before: Int32Array, after: Int32Array, own?: Int32Array): number {
    let count = 0;
    const put = (v: number): number => {
      if (count === 0 || out[count - 1]! < v) out[count++] = v;
      else if (out[count - 1]! !== v) throw new RangeError(`fillSurface: coordinates out of order at ${v}`);
      return count - 1;
    };
    for (let i = 0; i < n; i++) {
      before[i] = put(v0 - 1 + i * s);
      if (own) own[i] = put(v0 + i * s);
      after[i] = put(v0 + 1 + i * s);
    }
    return count;
  }

  function fillSurface(heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step = 1, tints?: Uint8Array): void {
    const s = surfaceStep(heights, tops, width, depth, step, tints);
    if (s === 0) return;
    if (s === 1) {
      // Into fillBlocks' margin scratch: neither call is inside the other.
      const wp = width + 2;
      const np = wp * (depth + 2);
      if (padHeights.length < np) {
        padHeights = new Int16Array(np);
        padBiomes = new Int8Array(np);
        padTints = new Uint8Array(np);
      }
      const padded = padHeights;
      const pb = padBiomes;
      const pt = tints ? padTints : undefined;
      fillColumns(x0 - 1, z0 - 1, wp, depth + 2, padded, pb, pt);
      for (let z = 0; z < depth; z++) {
        for (let x = 0; x < width; x++) {
          const i = x + 1 + wp * (z + 1);
          const h = padded[i]!;
          heights[x + width * z] = h;
          if (tints) tints[x + width * z] = pt![i]!;
          const cliff = isCliff(h, padded[i - 1]!, padded[i + 1]!, padded[i - wp]!, padded[i + wp]!);
          tops[x + width * z] = surfaceBlocks(lines, pb[i]!, h, cliff, x0 + x, z0 + z) & 0xff;
        }
      }
      return;
    }
    // Sparser samples: the cliff test needs each sample's four neighbours one block away.
    // Two product grids hold all of them: rows through the samples (x: every sample and its
    // west and east neighbours) and rows one block north and south of them (x: the samples).
    // One climate cover serves both, so neighbouring points share their grid nodes.
    if (rowXs.length < 3 * width) {
      rowXs = new Float64Array(3 * width);
      sampleXs = new Float64Array(width);
      westOf = new Int32Array(width);
      ownOf = new Int32Array(width);
      eastOf = new Int32Array(width);
    }
    if (allZs.length < 3 * depth) {
      allZs = new Float64Array(3 * depth);
      sideZs = new Float64Array(2 * depth);
      sampleZs = new Float64Array(depth);
      northOf = new Int32Array(depth);
      southOf = new Int32Array(depth);
    }
    const nx = sparseAxis(x0, width, s, rowXs, westOf, eastOf, ownOf);
    const nz = sparseAxis(z0, depth, s, sideZs, northOf, southOf);
    for (let i = 0; i < width; i++) sampleXs[i] = x0 + i * s;
    for (let j = 0; j < depth; j++) sampleZs[j] = z0 + j * s;
    // Every z, ascending, for the cover: the samples' merged with their neighbours'.
    let nAll = 0;
    for (let j = 0, k = 0; j < depth || k < nz; ) {
      const v = k >= nz || (j < depth && sampleZs[j]! < sideZs[k]!) ? sampleZs[j++]! : sideZs[k++]!;
      if (nAll === 0 || allZs[nAll - 1]! < v) allZs[nAll++] = v;
    }
    climate.cover(rowXs, nx, allZs, nAll);
    const rows = nx * depth;
    if (rowHeights.length < rows) {
      rowHeights = new Int16Array(rows);
      rowBiomes = new Int8Array(rows);
      rowTints = new Uint8Array(rows);
    }
    columnsAt(rowXs, nx, sampleZs, depth, rowHeights, rowBiomes, tints ? rowTints : undefined);
    const sides = width * nz;
    if (sideHeights.length < sides) sideHeights = new Int16Array(sides);
    columnsAt(sampleXs, width, sideZs, nz, sideHeights);
    for (let z = 0; z < depth; z++) {
      const row = nx * z;
      const north = width * northOf[z]!;
      const south = width * southOf[z]!;
      for (let x = 0; x < width; x++) {
        const i = x + width * z;
        const own = row + ownOf[x]!;
        const h = rowHeights[own]!;
        heights[i] = h;
        if (tints) tints[i] = rowTints[own]!;
        const cliff = isCliff(h, rowHeights[row + westOf[x]!]!, rowHeights[row + eastOf[x]!]!, sideHeights[north + x]!, sideHeights[south + x]!);
        tops[i] = surfaceBlocks(lines, rowBiomes[own]!, h, cliff, x0 + x * s, z0 + z * s) & 0xff;
      }
    }
  }

  function fillBlocks(
    out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, surfaceHeights?: Int16Array, tints?: Uint8Array,
  ): number {
    const wm = width + 2 * MARGIN;
    const dm = depth + 2 * MARGIN;
    const nm = wm * dm;
    const layer = width * depth;
    if (padHeights.length < nm) {
      padHeights = new Int16Array(nm);
      padBiomes = new Int8Array(nm);
      padTints = new Uint8Array(nm);
    }
    if (surf.length < layer) {
      surf = new Int32Array(layer);
      limit = new Int16Array(layer);
    }
    if (rowLow.length < (width + 2) * depth) rowLow = new Int16Array((width + 2) * depth);
    const heights = padHeights;
    const biomes = padBiomes;
    regularAxes(x0 - MARGIN, z0 - MARGIN, wm, dm, 1);
    climate.cover(axisX, wm, axisZ, dm);
    fillMargin(heights, biomes, padTints, x0, z0, width, depth, MARGIN);
    // Value by value: two subarray views per row were most of what this part allocated.
    for (let z = 0; z < depth; z++) {
      const from = MARGIN + wm * (z + MARGIN);
      const to = width * z;
      if (surfaceHeights) for (let x = 0; x < width; x++) surfaceHeights[to + x] = heights[from + x]!;
      if (tints) for (let x = 0; x < width; x++) tints[to + x] = padTints[from + x]!;
    }
    // Surface blocks of the box's columns; the ring around it gets them only at trunk sites.
    const at = MARGIN + wm * MARGIN;
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) surf[x + width * z] = surfaceAtPad(heights, biomes, at + x + wm * z, wm, x0 + x, z0 + z);
    }

    out.fill(Block.Air, 0, layer * height);
    const ground = fillGround(out, width, depth, height, heights, at, wm, surf, seaLevel);
    let maxY = ground.maxY;
    // Cave ceiling: under the surface block; deep under the lowest neighbour near water.
    fillCaveLimits(limit, width, depth, heights, at, wm, seaLevel + WET_ABOVE_SEA, WET_DEPTH, rowLow);
    caves.carve(out, x0, z0, width, depth, height, limit);
    ores.place(out, x0, z0, width, depth, height, ground.maxGround);

    // Trees: leaves fill only air, logs air or leaves (see trees.ts for the order rule).
    const put = (x: number, y: number, z: number, block: number): void => {
      if (x < 0 || x >= width || z < 0 || z >= depth || y < 0 || y >= height) return;
      const index = x + width * z + layer * y;
      const current = out[index]!;
      if (
        current === Block.Air ||
        ((block === Block.Log || block === Block.BirchLog || block === Block.SpruceLog) &&
          (current === Block.Leaves || current === Block.BirchLeaves || current === Block.SpruceLeaves))
      ) {
        out[index] = block;
        if (y > maxY) maxY = y;
      }
    };
    for (let tz = -TREE_REACH; tz < depth + TREE_REACH; tz++) {
      for (let tx = -TREE_REACH; tx < width + TREE_REACH; tx++) {
        const wx = x0 + tx;
        const wz = z0 + tz;
        const inBox = tx >= 0 && tx < width && tz >= 0 && tz < depth;
        // Outside the box, the hash test first: it rules out most sites before their surface.
        if (!inBox && !mayHaveTree(treeSeed, wx, wz)) continue;
        const i = at + tx + wm * tz;
        const h = heights[i]!;
        const top = (inBox ? surf[tx + width * tz]! : surfaceAtPad(heights, biomes, i, wm, wx, wz)) & 0xff;
        const tree = grownTree(biomes[i]!, top, h, wx, wz);
        if (tree !== 0) stampTree(put, tree, treeSeed, tx, tz, h, wx, wz);
      }
    }
    // Plants last, on grass with air over it: never in a trunk's cell or under a tree's low
    // leaves, and a plant depends only on its own column's ground and the trees (which every
    // box stamps alike), so boxes agree about it.
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) {
        const i = at + x + wm * z;
        const biome = biomes[i]!;
        if (BIOME_HAS_PLANTS[biome] === 0) continue;
        const h = heights[i]!;
        if (h <= seaLevel || h + 1 >= height || (surf[x + width * z]! & 0xff) !== Block.Grass) continue;
        const index = x + width * z + layer * (h + 1);
        if (out[index] !== Block.Air || out[index - layer] !== Block.Grass) continue;
        const plant = plantAt(plantSeed, biome, x0 + x, z0 + z);
        if (plant === Block.Air) continue;
        out[index] = plant;
        if (h + 1 > maxY) maxY = h + 1;
      }
    }
    return maxY;
  }

  /** surfaceBlocks of column i of a grid of heights and biomes `stride` wide (its four neighbours in the grid). */
  function surfaceAtPad(heights: Int16Array, biomes: Int8Array, i: number, stride: number, wx: number, wz: number): number {
    const h = heights[i]!;
    return surfaceBlocks(lines, biomes[i]!, h, isCliff(h, heights[i - 1]!, heights[i + 1]!, heights[i - stride]!, heights[i + stride]!), wx, wz);
  }

  /** The tree at (wx, wz) (treeAt's packing, 0: none), leaving out those that would reach the sky limit. */
  function grownTree(biome: number, top: number, h: number, wx: number, wz: number): number {
    const tree = treeAt(treeSeed, biome, top, h, seaLevel, wx, wz);
    return tree === 0 || h + (tree >>> 4) + 2 >= WORLD_HEIGHT ? 0 : tree;
  }

  function fillCanopy(heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step = 1): void {
    const s = surfaceStep(heights, tops, width, depth, step, undefined, 'fillCanopy');
    if (s === 0) return;
    const ground = new Int16Array(width * depth);
    fillColumns(x0, z0, width, depth, ground, undefined, undefined, s);
    // Every trunk within TREE_REACH of a sample: treeAt's hash test at the densest biome's
    // density rules out most sites; the few left get their ground, biome and four neighbours
    // (the cliff test) from one 3 x 3 fill (each value is the same whichever points are asked
    // with it), then treeAt itself decides.
    const grid = new CanopyGrid(x0, z0, width, depth, s, TREE_REACH);
    const trees = new Int32Array(grid.size);
    const trunkGround = new Int16Array(grid.size);
    const around = new Int16Array(9);
    const aroundBiomes = new Int8Array(9);
    grid.forEachSite((wx, wz, index) => {
      if (!mayHaveTree(treeSeed, wx, wz)) return;
      fillColumns(wx - 1, wz - 1, 3, 3, around, aroundBiomes);
      const h = around[4]!;
      const biome = aroundBiomes[4]!;
      const top = surfaceBlocks(lines, biome, h, isCliff(h, around[3]!, around[5]!, around[1]!, around[7]!), wx, wz) & 0xff;
      const tree = grownTree(biome, top, h, wx, wz);
      if (tree === 0) return;
      trees[index] = tree;
      trunkGround[index] = h;
      grid.crown[index] = h + (tree >>> 4) + 1;
    });
    const gx = x0 - TREE_REACH;
    const gz = z0 - TREE_REACH;
    fillCanopyFromGrid(heights, tops, ground, seaLevel, grid, (put, index, dx, dz) => {
      stampTree(put, trees[index]!, treeSeed, dx, dz, trunkGround[index]!, gx + (index % grid.width), gz + Math.floor(index / grid.width));
    });
  }

  // Snow above the snow line plus 0..3 of dither (surface.ts).
  return { params: frozen, seed, snowCap: lines.snowLine + 3, heightAt, biomeAt, fillBlocks, fillHeights, fillSurface, fillCanopy };
}
