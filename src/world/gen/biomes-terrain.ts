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
import { createFbm2D, createPerlin2D, createPerlin3D, createRidged2D, createSimplex2D, createSimplex3D, fillGrid2D } from '../../noise';
import { climateTint } from '../biome';
import { Block } from '../blocks';
import { WORLD_HEIGHT } from '../coords';
import type { WorldParams } from '../params';
import { seedFromText } from '../seed';
import { MAX_SURFACE_Y, MIN_SURFACE_Y, type Terrain } from '../terrain';
import { selectBiome } from './biome-table';
import { createCaves } from './caves';
import { CLIMATE_FIELDS, createClimate, Field } from './climate';
import { level16 } from './math';
import { createOres } from './ores';
import { blendedHeight, carveRiver, mountainWeight, riverStrength } from './shape';
import { SOIL_DEPTH, SUB_DEPTH, surfaceBlocks, type SurfaceLines } from './surface';
import { stampTree, TREE_REACH, treeAt } from './trees';
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
  const lines: SurfaceLines = {
    seaLevel,
    rockLine: seaLevel + Math.floor(30 * a),
    snowLine: seaLevel + Math.floor(62 * a),
    ditherSeed: (seed ^ 0x5f3759df) | 0,
  };

  let clim = new Float64Array(0);
  let detail = new Float64Array(0);
  let ridged = new Float64Array(0);
  let mountain = new Float64Array(0);

  /**
   * Heights, dominant biomes and tints of the samples (x0 + i * step, z0 + j * step),
   * row-major in x. Any of the outputs may be omitted.
   */
  function fillColumns(x0: number, z0: number, width: number, depth: number, step: number, heights: Int16Array, biomes?: Int8Array, tints?: Uint8Array): void {
    const n = width * depth;
    if (!(n > 0)) return;
    if (clim.length < n * CLIMATE_FIELDS) clim = new Float64Array(n * CLIMATE_FIELDS);
    if (detail.length < n) {
      detail = new Float64Array(n);
      ridged = new Float64Array(n);
      mountain = new Float64Array(n);
    }
    if (step === 1) climate.fill(clim, x0, z0, width, depth);
    else {
      const one = new Float64Array(CLIMATE_FIELDS);
      for (let j = 0; j < depth; j++) {
        for (let i = 0; i < width; i++) {
          climate.fill(one, x0 + i * step, z0 + j * step, 1, 1);
          clim.set(one, (i + width * j) * CLIMATE_FIELDS);
        }
      }
    }
    let anyMountain = false;
    for (let k = 0; k < n; k++) {
      const o = k * CLIMATE_FIELDS;
      const m = mountainWeight(clim[o + Field.Continent]!, clim[o + Field.Peaks]!);
      mountain[k] = m;
      if (m > 0) anyMountain = true;
    }
    const grid = { x0, y0: z0, width, height: depth, stepX: step, stepY: step };
    fillGrid2D(detailField, detail, grid);
    // Ridged values are only read where the mountain weight is above 0.
    if (anyMountain) fillGrid2D(ridgedField, ridged, grid);
    for (let k = 0; k < n; k++) {
      const o = k * CLIMATE_FIELDS;
      const c = clim[o + Field.Continent]!;
      const t = clim[o + Field.Temperature]!;
      const hu = clim[o + Field.Humidity]!;
      const m = mountain[k]!;
      const r = clim[o + Field.River]!;
      const raw = blendedHeight(seaLevel, a, c, t, hu, clim[o + Field.Hills]!, m, detail[k]!, m > 0 ? ridged[k]! : 0);
      const strength = riverStrength(c, m, r);
      let h = Math.floor(carveRiver(raw, seaLevel, strength, r));
      // `!(h >= MIN)` also catches NaN, which must never reach the block arrays.
      if (!(h >= MIN_SURFACE_Y)) h = MIN_SURFACE_Y;
      else if (h > MAX_SURFACE_Y) h = MAX_SURFACE_Y;
      heights[k] = h;
      if (biomes) biomes[k] = selectBiome(seaLevel, h, lines.snowLine, c, t, hu, m, strength);
      if (tints) tints[k] = climateTint(level16(t), level16(hu));
    }
  }

  const one16 = new Int16Array(1);
  const one8 = new Int8Array(1);
  function heightAt(x: number, z: number): number {
    fillColumns(x, z, 1, 1, 1, one16);
    return one16[0]!;
  }
  function biomeAt(x: number, z: number): number {
    fillColumns(x, z, 1, 1, 1, one16, one8);
    return one8[0]!;
  }
  function fillHeights(out: Int16Array, x0: number, z0: number, width: number, depth: number): void {
    fillColumns(x0, z0, width, depth, 1, out);
  }

  function fillSurface(heights: Int16Array, tops: Uint8Array, x0: number, z0: number, width: number, depth: number, step = 1, tints?: Uint8Array): void {
    const s = surfaceStep(heights, tops, width, depth, step, tints);
    if (s === 0) return;
    const n = width * depth;
    const biomes = new Int8Array(n);
    if (s === 1) {
      const wp = width + 2;
      const padded = new Int16Array(wp * (depth + 2));
      const pb = new Int8Array(wp * (depth + 2));
      const pt = tints ? new Uint8Array(wp * (depth + 2)) : undefined;
      fillColumns(x0 - 1, z0 - 1, wp, depth + 2, 1, padded, pb, pt);
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
    const around = [new Int16Array(n), new Int16Array(n), new Int16Array(n), new Int16Array(n)];
    fillColumns(x0, z0, width, depth, s, heights, biomes, tints);
    fillColumns(x0 - 1, z0, width, depth, s, around[0]!);
    fillColumns(x0 + 1, z0, width, depth, s, around[1]!);
    fillColumns(x0, z0 - 1, width, depth, s, around[2]!);
    fillColumns(x0, z0 + 1, width, depth, s, around[3]!);
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) {
        const i = x + width * z;
        const h = heights[i]!;
        const cliff = isCliff(h, around[0]![i]!, around[1]![i]!, around[2]![i]!, around[3]![i]!);
        tops[i] = surfaceBlocks(lines, biomes[i]!, h, cliff, x0 + x * s, z0 + z * s) & 0xff;
      }
    }
  }

  function fillBlocks(
    out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, surfaceHeights?: Int16Array, tints?: Uint8Array,
  ): number {
    const wm = width + 2 * MARGIN;
    const dm = depth + 2 * MARGIN;
    const nm = wm * dm;
    const heights = new Int16Array(nm);
    const biomes = new Int8Array(nm);
    const padTints = new Uint8Array(nm);
    fillColumns(x0 - MARGIN, z0 - MARGIN, wm, dm, 1, heights, biomes, padTints);
    for (let z = 0; z < depth; z++) {
      const from = MARGIN + wm * (z + MARGIN);
      surfaceHeights?.set(heights.subarray(from, from + width), width * z);
      tints?.set(padTints.subarray(from, from + width), width * z);
    }
    // Surface blocks of every column whose four neighbours are known: the box and the
    // ring of possible tree trunks around it.
    const surf = new Int32Array(nm);
    for (let z = 1; z < dm - 1; z++) {
      for (let x = 1; x < wm - 1; x++) {
        const i = x + wm * z;
        const h = heights[i]!;
        surf[i] = surfaceBlocks(lines, biomes[i]!, h, isCliff(h, heights[i - 1]!, heights[i + 1]!, heights[i - wm]!, heights[i + wm]!), x0 - MARGIN + x, z0 - MARGIN + z);
      }
    }

    const layer = width * depth;
    out.fill(Block.Air, 0, layer * height);
    let maxY = -1;
    let maxGround = -1;
    const limit = new Int16Array(layer);
    for (let z = 0; z < depth; z++) {
      for (let x = 0; x < width; x++) {
        const i = x + MARGIN + wm * (z + MARGIN);
        const h = heights[i]!;
        const blocks = surf[i]!;
        const top = blocks & 0xff;
        const soil = (blocks >>> 8) & 0xff;
        const sub = blocks >>> 16;
        const column = x + width * z;
        const stoneTop = Math.min(h, height - 1);
        if (height > 0) out[column] = Block.Bedrock;
        const soilFrom = h - SOIL_DEPTH;
        const subFrom = soilFrom - SUB_DEPTH;
        for (let y = 1; y <= stoneTop; y++) {
          out[column + layer * y] = y === h ? top : y >= soilFrom ? soil : y >= subFrom ? sub : Block.Stone;
        }
        const waterTop = Math.min(seaLevel, height - 1);
        for (let y = h + 1; y <= waterTop; y++) out[column + layer * y] = Block.Water;
        const columnTop = Math.max(stoneTop, waterTop);
        if (columnTop > maxY) maxY = columnTop;
        if (stoneTop > maxGround) maxGround = stoneTop;
        // Cave ceiling: under the surface block; deep under the lowest neighbour near water.
        let low = h;
        let wet = false;
        for (let dz = -1; dz <= 1; dz++) {
          for (let dx = -1; dx <= 1; dx++) {
            const hn = heights[i + dx + wm * dz]!;
            if (hn < low) low = hn;
            if (hn <= seaLevel + WET_ABOVE_SEA) wet = true;
          }
        }
        limit[column] = wet ? low - WET_DEPTH : h - 1;
      }
    }
    caves.carve(out, x0, z0, width, depth, height, limit);
    ores.place(out, x0, z0, width, depth, height, maxGround);

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
        const i = tx + MARGIN + wm * (tz + MARGIN);
        const h = heights[i]!;
        const wx = x0 + tx;
        const wz = z0 + tz;
        const tree = treeAt(treeSeed, biomes[i]!, surf[i]! & 0xff, h, seaLevel, wx, wz);
        if (tree === 0 || h + (tree >>> 4) + 2 >= WORLD_HEIGHT) continue;
        stampTree(put, tree, treeSeed, tx, tz, h, wx, wz);
      }
    }
    return maxY;
  }

  return { params: frozen, seed, heightAt, biomeAt, fillBlocks, fillHeights, fillSurface };
}
