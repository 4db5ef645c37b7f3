/**
 * What the lab's draw workers compute, against straightforward references: per-sample loops
 * over the same noises, the game's own terrain lookups, and hand-written colour rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeCurves, CURVE_NAMES } from '../../src/lab/compute/curves-1d';
import { computeFbmSource, computeOctaves, fbmOptionsOf } from '../../src/lab/compute/fbm-2d';
import { greyPixels } from '../../src/lab/compute/grey';
import { FIGURE_SIZE, fbmGrid, OCTAVE_FIGURE_SIZE, plainGrid } from '../../src/lab/compute/grid-area';
import { computePlain2D } from '../../src/lab/compute/plain-2d';
import { createWorkerMemory, runLabJob } from '../../src/lab/compute/run-job';
import { computeSlices, SLICE_CELL, SLICE_SIZE } from '../../src/lab/compute/slices';
import { SOURCE_NAMES, SOURCES } from '../../src/lab/compute/sources';
import { colourSurface, computeTerrainSide, groundThroughWater, hillShade, terrainArea } from '../../src/lab/compute/terrain-map';
import { tileMeanColours, topFaceColours, type Rgb } from '../../src/lab/compute/tile-colours';
import { transferablesOf, type LabJob } from '../../src/lab/protocol';
import { createFbm2D, createPerlin1D, createPerlin3D, createPerlin4D, createSimplex3D, createSimplex4D, createValueNoise1D, type Grid2D, type Noise2D } from '../../src/noise';
import { octaveSeed } from '../../src/noise/octaves';
import { measureNoise } from '../../src/stats';
import { Block, createTerrain, DEFAULT_WORLD_PARAMS, terrainFor, TEMPERATE_TINT, TILE_COUNT, TILE_TINT, Tile, TileTint } from '../../src/world';
import { climateColor, FOLIAGE_CORNERS, GRASS_CORNERS } from '../../src/world/tint-colors';
import { decodePng } from '../e2e/screenshot-stats';

/** noise at every point of `grid`, one call per sample, in the documented order. */
function perSample(noise: Noise2D, grid: Grid2D): Float64Array {
  const out = new Float64Array(grid.width * grid.height);
  for (let j = 0; j < grid.height; j++) for (let i = 0; i < grid.width; i++) out[i + grid.width * j] = noise(grid.x0 + i * grid.stepX, grid.y0 + j * grid.stepY);
  return out;
}

/** Byte-for-byte equality of two pixel buffers (vitest's deep equality is slow on 262 144 elements). */
function expectSamePixels(actual: Uint8ClampedArray, expected: Uint8ClampedArray, label = ''): void {
  expect(actual.length, label).toBe(expected.length);
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  const b = Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength);
  let first = -1;
  for (let k = 0; k < a.length && first < 0; k++) if (a[k] !== b[k]) first = k;
  expect(first, `${label}: first differing byte`).toBe(-1);
}

const atlas = decodePng(readFileSync(new URL('../../assets/atlas.png', import.meta.url)));
const tileColours = tileMeanColours(atlas.pixels, atlas.width, TILE_COUNT);
const SEED = -40413;

describe('grey pixels', () => {
  it('map -1..1 onto black..white, clamp beyond, and are opaque', () => {
    expect([...greyPixels([-1, 0, 1, 5, -5, NaN])]).toEqual([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
    expect(greyPixels([0.5], 2)[0]).toBe(255);
  });
});

describe('1D curves', () => {
  it('are the 1D noises sampled at x0 + k / samplesPerCell, with their lattice values and slopes', () => {
    const curves = computeCurves(SEED, { x0: -3, cells: 5, samplesPerCell: 8 });
    expect(curves.map((c) => c.name)).toEqual(CURVE_NAMES);
    for (const c of curves) {
      const f = c.name === 'perlin' ? createPerlin1D(SEED) : createValueNoise1D(SEED, { interpolation: c.name });
      expect(c.samples).toHaveLength(41);
      c.samples.forEach((v, k) => expect(v).toBe(f(-3 + k / 8)));
      c.lattice.forEach((v, i) => expect(v).toBe(c.samples[i * 8]));
      for (const s of c.slopes) expect(Number.isFinite(s)).toBe(true);
    }
    const perlin = curves.find((c) => c.name === 'perlin')!;
    expect([...perlin.lattice].every((v) => v === 0)).toBe(true);
    // Value noise: every interpolation passes through the same lattice values.
    for (const c of curves.filter((c) => c.name !== 'perlin')) expect(c.lattice).toEqual(curves[0]!.lattice);
  });
});

describe('2D figures', () => {
  const view = { x: 1234.7, z: -987.2, cell: 24 };

  it('plain sources: pixels and statistics of the per-sample values on the documented grid', () => {
    const grid = plainGrid(view);
    expect(grid).toEqual({ x0: (1234 - 128) * (1 / 24), y0: (-988 - 128) * (1 / 24), width: 256, height: 256, stepX: 1 / 24, stepY: 1 / 24 });
    for (const figure of computePlain2D(SEED, view)) {
      const values = perSample(SOURCES[figure.source](SEED), grid);
      expectSamePixels(figure.rgba, greyPixels(values));
      expect(figure.stats).toEqual(measureNoise(values, FIGURE_SIZE, FIGURE_SIZE));
    }
  });

  it('fBm sources: the createFbm2D of each source per sample, and the Perlin one is the terrain’s height field', () => {
    const shape = { octaves: 5, persistence: 0.55, lacunarity: 2.1, scale: 200 };
    const grid = fbmGrid(view);
    for (const source of SOURCE_NAMES) {
      const figure = computeFbmSource(SEED, source, shape, view);
      expect(figure.source).toBe(source);
      const values = perSample(createFbm2D(SOURCES[figure.source], SEED, fbmOptionsOf(shape)), grid);
      expectSamePixels(figure.rgba, greyPixels(values));
      expect(figure.stats).toEqual(measureNoise(values, FIGURE_SIZE, FIGURE_SIZE));
    }
    // Heights of the world with this seed and shape come from exactly these values.
    const params = { ...DEFAULT_WORLD_PARAMS, seed: String(SEED), ...shape };
    const terrain = createTerrain(params);
    const perlin = perSample(createFbm2D(SOURCES.perlin, SEED, fbmOptionsOf(shape)), grid);
    for (let k = 0; k < perlin.length; k += 97) {
      const i = k % 256;
      const j = Math.floor(k / 256);
      const h = Math.min(254, Math.max(1, Math.floor(params.seaLevel + params.amplitude * perlin[k]!)));
      expect(terrain.heightAt(grid.x0 + i, grid.y0 + j)).toBe(h);
    }
  });

  it('octaves: each octave alone and the running sum, whose last row is the fBm (display-stretched as documented)', () => {
    const shape = { octaves: 4, persistence: 0.6, lacunarity: 2.3, scale: 150 };
    const octaves = computeOctaves(SEED, 'simplex', shape, view);
    const grid = fbmGrid(view, OCTAVE_FIGURE_SIZE);
    expect(grid.stepX).toBe(2);
    expect(octaves).toHaveLength(4);
    let frequency = 1 / 150;
    octaves.forEach((o, i) => {
      expect(o.frequency).toBe(frequency);
      const layer = SOURCES.simplex(octaveSeed(SEED, i));
      const values = perSample((x, y) => layer(x * frequency, y * frequency), grid);
      expectSamePixels(o.rgba, greyPixels(values));
      frequency *= 2.3;
    });
    const last = octaves[3]!;
    expect(last.weightSoFar).toBeCloseTo(1, 12);
    const fbm = perSample(createFbm2D(SOURCES.simplex, SEED, fbmOptionsOf(shape)), grid);
    expectSamePixels(last.sumRgba, greyPixels(fbm, 1 / last.weightSoFar));
  });
});

describe('3D and 4D slices', () => {
  it('are the 3D noises at z = t and the 4D ones at (z, w) = (0.8t, 0.6t), per pixel', () => {
    const t = 2.75;
    const figures = computeSlices(SEED, t);
    const fields: Record<string, (x: number, y: number) => number> = {
      perlin3: (x, y) => createPerlin3D(SEED)(x, y, t),
      simplex3: (x, y) => createSimplex3D(SEED)(x, y, t),
      perlin4: (x, y) => createPerlin4D(SEED, { normalise: true })(x, y, 0.8 * t, 0.6 * t),
      simplex4: (x, y) => createSimplex4D(SEED)(x, y, 0.8 * t, 0.6 * t),
    };
    for (const f of figures) {
      const values = perSample(fields[f.name]!, { x0: 0, y0: 0, width: SLICE_SIZE, height: SLICE_SIZE, stepX: 1 / SLICE_CELL, stepY: 1 / SLICE_CELL });
      // i / cell vs 0 + i * (1 / cell): compare as pixels, which both roundings land on.
      const expected = greyPixels(values);
      let off = 0;
      for (let k = 0; k < expected.length; k++) if (Math.abs(expected[k]! - f.rgba[k]!) > 1) off++;
      expect(off, f.name).toBe(0);
    }
  });
});

describe('terrain preview', () => {
  it('tile colours are the linear-light means of the atlas tiles, and look like their blocks', () => {
    const toLinear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    const toByte = (l: number) => Math.round(255 * (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055));
    for (let t = 0; t < TILE_COUNT; t++) {
      const sum = [0, 0, 0];
      for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) for (let c = 0; c < 3; c++) sum[c] = sum[c]! + toLinear(atlas.pixels[(y * atlas.width + t * 16 + x) * 4 + c]!);
      // Tinted tiles (grass, leaves) are grey in the atlas and shown in the temperate tint.
      const tint = TILE_TINT[t] === TileTint.None ? [1, 1, 1] : climateColor(TILE_TINT[t] === TileTint.Foliage ? FOLIAGE_CORNERS : GRASS_CORNERS, TEMPERATE_TINT).map(toLinear);
      if (TILE_TINT[t] === TileTint.GrassOverlay) tint.fill(1); // the overlay is drawn over dirt in the game; the map never shows sides
      expect(tileColours[t]).toEqual(sum.map((s, c) => toByte((s / 256) * tint[c]!)));
    }
    const [gr, gg, gb] = tileColours[Tile.GrassTop]!;
    expect(gg).toBeGreaterThan(gr + 30);
    expect(gg).toBeGreaterThan(gb + 30);
    const [wr, , wb] = tileColours[Tile.Water]!;
    expect(wb).toBeGreaterThan(wr + 80);
    expect(Math.min(...tileColours[Tile.Snow]!)).toBeGreaterThan(220);
    const top = topFaceColours(tileColours);
    expect(top[Block.Grass]).toEqual(tileColours[Tile.GrassTop]);
    expect(top[Block.Sand]).toEqual(tileColours[Tile.Sand]);
  });

  it.each([1, 4])('heights are the game’s heightAt at each sample (zoom %i), and flat dry land shows its top colour exactly', (zoom) => {
    const params = { ...DEFAULT_WORLD_PARAMS, type: 'classic' as const, seed: 'preview' };
    const view = { x: -180, z: 150, zoom: zoom as 1 | 4 };
    const { area, side } = computeTerrainSide(params, 'perlin', view, tileColours);
    expect(area).toEqual({ x0: -180 - 128 * zoom, z0: 150 - 128 * zoom, size: 256, step: zoom });
    const terrain = terrainFor(params);
    const blocks = topFaceColours(tileColours);
    let flat = 0;
    let wet = 0;
    for (let j = 1; j < 255; j += 3) {
      for (let i = 1; i < 255; i += 3) {
        const k = i + 256 * j;
        const h = side.heights[k]!;
        expect(h).toBe(terrain.heightAt(area.x0 + i * zoom, area.z0 + j * zoom));
        expect([Block.Grass, Block.Sand, Block.Stone, Block.Snow, Block.Gravel]).toContain(side.tops[k]);
        const pixel = [...side.rgba.subarray(4 * k, 4 * k + 3)];
        const level = [side.heights[k - 1], side.heights[k + 1], side.heights[k - 256], side.heights[k + 256]].every((n) => n === h);
        if (h >= params.seaLevel && level) {
          expect(pixel).toEqual([...blocks[side.tops[k]!]!]);
          flat++;
        }
        if (h < params.seaLevel) {
          wet++;
          expect(pixel[2]!).toBeGreaterThan(pixel[0]!); // water is blue
        }
      }
    }
    // Level neighbours are common a block apart, rarer four blocks apart.
    expect(flat).toBeGreaterThan(zoom === 1 ? 20 : 2);
    expect(wet).toBeGreaterThan(20);
    expect(side.minHeight).toBe(Math.min(...side.heights));
    expect(side.maxHeight).toBe(Math.max(...side.heights));
  });

  // Every world type, on both noises: the preview is the world the game makes of these params
  // (the game's mountains in a biomes world, the one level of a flat one), sample by sample.
  it.each([
    ['biomes', 'perlin', 1, 0],
    ['biomes', 'simplex', 2, -3000],
    ['flat', 'perlin', 1, 40],
    ['classic', 'simplex', 4, 700],
  ] as const)('a %s world on %s (zoom %i) shows terrainFor’s ground at every sample', (type, noise, zoom, x) => {
    const params = { ...DEFAULT_WORLD_PARAMS, type, seed: 'preview-types', noise: 'perlin' as const };
    const view = { x, z: -x, zoom: zoom as 1 | 2 | 4 };
    const { area, side } = computeTerrainSide(params, noise, view, tileColours);
    const terrain = terrainFor({ ...params, noise });
    expect(terrain.params.type).toBe(type);
    const height = new Int16Array(1);
    const top = new Uint8Array(1);
    for (let j = 0; j < area.size; j += 5) {
      for (let i = 0; i < area.size; i += 5) {
        const k = i + area.size * j;
        const bx = area.x0 + i * area.step;
        const bz = area.z0 + j * area.step;
        expect(side.heights[k], `height at ${bx}, ${bz}`).toBe(terrain.heightAt(bx, bz));
        // One sample at a time: fillSurface's batch over the box must agree with it.
        terrain.fillSurface(height, top, bx, bz, 1, 1);
        expect(side.tops[k], `top at ${bx}, ${bz}`).toBe(top[0]);
      }
    }
    expect(side.minHeight).toBe(Math.min(...side.heights));
    expect(side.maxHeight).toBe(Math.max(...side.heights));
    if (type === 'flat') expect([side.minHeight, side.maxHeight, side.water]).toEqual([params.seaLevel + 2, params.seaLevel + 2, 0]);
  });

  it('a biomes world’s preview is not the classic heightfield of the same seed and shape', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, type: 'biomes' as const, seed: 'voxel' };
    const view = { x: 0, z: 0, zoom: 4 as const };
    const biomes = computeTerrainSide(params, 'perlin', view, tileColours).side;
    const classic = computeTerrainSide({ ...params, type: 'classic' }, 'perlin', view, tileColours).side;
    expect([biomes.minHeight, biomes.maxHeight]).not.toEqual([classic.minHeight, classic.maxHeight]);
  });

  it('water darkens and hides the ground more with depth; hill shading is 1 on the flat and lit from the north-west', () => {
    const colours: Rgb[] = Array.from({ length: 11 }, () => [200, 200, 200] as const);
    colours[Block.Water] = [30, 80, 170];
    const depths = [1, 4, 10, 30, 60];
    const heights = Int16Array.from(depths, (d) => 62 - d);
    const tops = new Uint8Array(depths.length).fill(Block.Sand);
    // One row: neighbours differ, but water ignores slope.
    const rgba = colourSurface(heights, tops, depths.length, 1, 62, colours).slice(0, depths.length * 4);
    const brightness = depths.map((_, i) => rgba[4 * i]! + rgba[4 * i + 1]! + rgba[4 * i + 2]!);
    for (let i = 1; i < depths.length; i++) expect(brightness[i]!).toBeLessThan(brightness[i - 1]!);
    for (let i = 1; i < depths.length; i++) expect(groundThroughWater(depths[i]!)).toBeLessThanOrEqual(groundThroughWater(depths[i - 1]!));
    expect(hillShade(0, 0)).toBe(1);
    expect(hillShade(1, 1)).toBeGreaterThan(1); // rising towards +x, +z: the slope faces north-west, the light
    expect(hillShade(-1, -1)).toBeLessThan(1);
    expect(hillShade(100, 100)).toBeGreaterThanOrEqual(0.35);
  });

  it('terrainArea centres the preview on the view, zoom blocks per pixel', () => {
    expect(terrainArea({ x: 10.9, z: -0.5, zoom: 2 })).toEqual({ x0: 10 - 256, z0: -1 - 256, size: 256, step: 2 });
  });
});

describe('runLabJob', () => {
  it('runs every job kind and lists each result buffer once for transfer', () => {
    const view = { x: 5, z: 6 };
    const jobs: LabJob[] = [
      { kind: 'curves', seed: 1 },
      { kind: 'plain', seed: 1, view: { ...view, cell: 32 } },
      { kind: 'octaves', seed: 1, noise: 'perlin', shape: { octaves: 3, persistence: 0.5, lacunarity: 2, scale: 64 }, view },
      { kind: 'fbm', seed: 1, source: 'value', shape: { octaves: 2, persistence: 0.5, lacunarity: 2, scale: 64 }, view },
      { kind: 'terrain', params: DEFAULT_WORLD_PARAMS, noise: 'simplex', view: { ...view, zoom: 2 } },
      { kind: 'slices', seed: 1, t: 0.5 },
    ];
    const counts = { curves: 18, plain: 4, octaves: 6, fbm: 1, terrain: 1, slices: 4 };
    const memory = createWorkerMemory(tileColours);
    for (const job of jobs) {
      const result = runLabJob(job, memory);
      expect(result.kind).toBe(job.kind);
      const buffers = transferablesOf(result);
      expect(buffers).toHaveLength(counts[job.kind]);
      expect(new Set(buffers).size).toBe(buffers.length);
    }
  });
});
