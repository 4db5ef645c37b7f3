/**
 * The terrain preview: the ground of the current world seen from above, for both noise
 * sources over the same blocks. Heights and top blocks come from the fillSurface of the
 * world's own type (terrainFor: classic, biomes or flat, as the game generates it, so "Fly
 * this" lands in the world the preview shows), coloured by their top tile's mean colour,
 * with water over every column below sea level (darker and bluer with depth, as the game's
 * translucent water looks) and hill shading lit from the north-west.
 */
import { Block, terrainFor, type NoiseSource, type WorldParams } from '../../world';
import type { LabView } from '../lab-state';
import { topFaceColours, type Rgb } from './tile-colours';

/** Side of the terrain figures in pixels. */
export const TERRAIN_SIZE = 256;

export interface TerrainArea {
  x0: number;
  z0: number;
  size: number;
  /** Blocks per pixel. */
  step: number;
}

/** The blocks the preview covers: TERRAIN_SIZE samples `zoom` blocks apart, centred on (x, z). */
export function terrainArea(view: Pick<LabView, 'x' | 'z' | 'zoom'>, size = TERRAIN_SIZE): TerrainArea {
  const half = (size / 2) * view.zoom;
  return { x0: Math.floor(view.x) - half, z0: Math.floor(view.z) - half, size, step: view.zoom };
}

export interface TerrainSide {
  noise: NoiseSource;
  heights: Int16Array;
  tops: Uint8Array;
  rgba: Uint8ClampedArray;
  minHeight: number;
  maxHeight: number;
  /** Share of samples under water (height below sea level). */
  water: number;
}

/** How much of the ground shows through water `depth` blocks deep (0..1). */
export function groundThroughWater(depth: number): number {
  return Math.max(0.08, 0.5 - depth * 0.035);
}

/** Brightness of water `depth` blocks deep relative to shallow water. */
export function waterDarkening(depth: number): number {
  return 1 - 0.45 * Math.min(1, depth / 48);
}

/** Light direction for hill shading: from the north-west (−x, −z), 45° up. */
const LIGHT = (() => {
  const v = [-1, Math.SQRT2, -1];
  const len = Math.hypot(v[0]!, v[1]!, v[2]!);
  return v.map((c) => c / len) as [number, number, number];
})();

/** Lambert shading of a surface with height differences dhx, dhz per block, relative to flat ground. */
export function hillShade(dhx: number, dhz: number): number {
  // Normal of the surface y = h(x, z): (-dh/dx, 1, -dh/dz), normalised.
  const len = Math.hypot(dhx, 1, dhz);
  const lit = (-dhx * LIGHT[0] + LIGHT[1] - dhz * LIGHT[2]) / len;
  return Math.max(0.35, lit / LIGHT[1]);
}

/** RGBA pixels of a surface: top colours, water over anything below `seaLevel`, hill shading. */
export function colourSurface(heights: Int16Array, tops: Uint8Array, size: number, step: number, seaLevel: number, blockColours: readonly Rgb[]): Uint8ClampedArray {
  const water = blockColours[Block.Water]!;
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const k = i + size * j;
      const h = heights[k]!;
      const ground = blockColours[tops[k]!] ?? [255, 0, 255];
      // Neighbours clamp at the edge (a one-sided difference there, doubled).
      const west = heights[k - (i > 0 ? 1 : 0)]!;
      const east = heights[k + (i < size - 1 ? 1 : 0)]!;
      const north = heights[k - (j > 0 ? size : 0)]!;
      const south = heights[k + (j < size - 1 ? size : 0)]!;
      const spanX = ((i > 0 ? 1 : 0) + (i < size - 1 ? 1 : 0)) * step;
      const spanZ = ((j > 0 ? 1 : 0) + (j < size - 1 ? 1 : 0)) * step;
      let r: number;
      let g: number;
      let b: number;
      if (h < seaLevel) {
        const depth = seaLevel - h;
        const through = groundThroughWater(depth);
        const dark = waterDarkening(depth);
        r = (ground[0] * through + water[0] * (1 - through)) * dark;
        g = (ground[1] * through + water[1] * (1 - through)) * dark;
        b = (ground[2] * through + water[2] * (1 - through)) * dark;
      } else {
        const shade = hillShade(spanX > 0 ? (east - west) / spanX : 0, spanZ > 0 ? (south - north) / spanZ : 0);
        r = ground[0] * shade;
        g = ground[1] * shade;
        b = ground[2] * shade;
      }
      const p = 4 * k;
      rgba[p] = r;
      rgba[p + 1] = g;
      rgba[p + 2] = b;
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

/** One source's preview of `params` around the view centre (params.noise is overridden by `noise`). */
export function computeTerrainSide(params: WorldParams, noise: NoiseSource, view: Pick<LabView, 'x' | 'z' | 'zoom'>, tileColours: readonly Rgb[]): { area: TerrainArea; side: TerrainSide } {
  const area = terrainArea(view);
  const n = area.size * area.size;
  const terrain = terrainFor({ ...params, noise });
  const heights = new Int16Array(n);
  const tops = new Uint8Array(n);
  terrain.fillSurface(heights, tops, area.x0, area.z0, area.size, area.size, area.step);
  let minHeight = Infinity;
  let maxHeight = -Infinity;
  let wet = 0;
  for (let k = 0; k < n; k++) {
    const h = heights[k]!;
    if (h < minHeight) minHeight = h;
    if (h > maxHeight) maxHeight = h;
    if (h < params.seaLevel) wet++;
  }
  const rgba = colourSurface(heights, tops, area.size, area.step, params.seaLevel, topFaceColours(tileColours));
  return { area, side: { noise, heights, tops, rgba, minHeight, maxHeight, water: wet / n } };
}
