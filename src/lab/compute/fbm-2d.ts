/**
 * The fBm figure: the world's noise octave by octave with the running sum, and the same fBm
 * over each of the four sources. Octave grids come from an OctaveCache, so a draw worker
 * that passes its own cache redraws persistence and octave-count changes without sampling. Frequencies are the terrain's (first octave 1 / scale, in
 * blocks), so the Perlin fBm drawn here is the game's height field over the same blocks.
 */
import type { FbmOptions } from '../../noise';
import { measureNoise } from '../../stats';
import type { NoiseSource, WorldParams } from '../../world';
import type { LabView } from '../lab-state';
import { greyPixels } from './grey';
import { FIGURE_SIZE, fbmGrid, OCTAVE_FIGURE_SIZE } from './grid-area';
import type { SourceFigure } from './plain-2d';
import { OctaveCache } from './octave-cache';
import type { SourceName } from './sources';

export type FbmShape = Pick<WorldParams, 'octaves' | 'persistence' | 'lacunarity' | 'scale'>;

/** The fBm options the terrain builds from these parameters (src/world/terrain.ts). */
export function fbmOptionsOf(shape: FbmShape): Partial<FbmOptions> {
  return { octaves: shape.octaves, persistence: shape.persistence, lacunarity: shape.lacunarity, frequency: 1 / shape.scale };
}

export interface OctaveFigure {
  /** OCTAVE_FIGURE_SIZE² RGBA: the octave alone, on the common grey scale. */
  rgba: Uint8ClampedArray;
  frequency: number;
  /** Its weight in the fBm (amplitude / total amplitude). */
  weight: number;
  /** The running sum after this octave, shown divided by `weightSoFar` to fill [-1, 1]. */
  sumRgba: Uint8ClampedArray;
  weightSoFar: number;
}

/** The world noise's fBm, octave by octave, with the running sum. */
export function computeOctaves(seed: number, noise: NoiseSource, shape: FbmShape, view: Pick<LabView, 'x' | 'z'>, cache = new OctaveCache()): OctaveFigure[] {
  const used = new Set<string>();
  const parts = cache.octaves(noise, seed, fbmOptionsOf(shape), fbmGrid(view, OCTAVE_FIGURE_SIZE), used);
  cache.retain(used);
  let weightSoFar = 0;
  return parts.octaves.map((values, i) => {
    const weight = parts.weights[i]!;
    weightSoFar += weight;
    // The sum itself is the fBm's bits; the display divides by the weights so far, as the fBm
    // divides by all of them, so every sum is on the one grey scale.
    return { rgba: greyPixels(values), frequency: parts.frequencies[i]!, weight, sumRgba: greyPixels(parts.sums[i]!, weightSoFar > 0 ? 1 / weightSoFar : 1), weightSoFar };
  });
}

/**
 * The same fBm over one of the four sources, with statistics, at full resolution: the last
 * running sum of its octaves, which is createFbm2D's value at every pixel.
 */
export function computeFbmSource(seed: number, source: SourceName, shape: FbmShape, view: Pick<LabView, 'x' | 'z'>, cache = new OctaveCache()): SourceFigure {
  const used = new Set<string>();
  const values = cache.fbm(source, seed, fbmOptionsOf(shape), fbmGrid(view), used);
  cache.retain(used);
  return { source, rgba: greyPixels(values), stats: measureNoise(values, FIGURE_SIZE, FIGURE_SIZE) };
}
