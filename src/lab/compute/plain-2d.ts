/**
 * The 2D figure: white, value, Perlin and simplex-noise over the same area and lattice scale,
 * each with its statistics (computed from the very samples drawn).
 */
import { fillGrid2D } from '../../noise';
import { measureNoise, type NoiseStats } from '../../stats';
import type { LabView } from '../lab-state';
import { greyPixels } from './grey';
import { FIGURE_SIZE, plainGrid } from './grid-area';
import { SOURCE_NAMES, SOURCES, type SourceName } from './sources';

export interface SourceFigure {
  source: SourceName;
  /** FIGURE_SIZE² RGBA pixels. */
  rgba: Uint8ClampedArray;
  stats: NoiseStats;
}

export function computePlain2D(seed: number, view: Pick<LabView, 'x' | 'z' | 'cell'>): SourceFigure[] {
  const grid = plainGrid(view);
  return SOURCE_NAMES.map((source) => {
    const values = fillGrid2D(SOURCES[source](seed), new Float64Array(FIGURE_SIZE * FIGURE_SIZE), grid);
    return { source, rgba: greyPixels(values), stats: measureNoise(values, FIGURE_SIZE, FIGURE_SIZE) };
  });
}
