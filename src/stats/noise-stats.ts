/**
 * Everything the noise report and the noise lab print about one noise image: its range,
 * mean, spread, histogram over [-1, 1] and directional bias. One implementation, so the
 * lab's figures and `npm run noise:report`'s agree.
 */
import { DEFAULT_HISTOGRAM_OPTIONS, histogramOf, type Histogram, type HistogramOptions } from './histogram';
import { gradientDirections } from './isotropy';
import { summariseSamples } from './sample-stats';

export interface NoiseStats {
  count: number;
  min: number;
  max: number;
  mean: number;
  std: number;
  histogram: Histogram;
  /** Gradient energy near the axes / near the diagonals (1.00 = isotropic). */
  isotropy: number;
  /** Gradient energy by angle modulo 90°, fractions per bin (0° first). */
  angleEnergy: number[];
}

export interface NoiseStatsOptions {
  histogram: HistogramOptions;
  /** Bins of the angle-energy chart over 0..90°. */
  angleBins: number;
}

export const DEFAULT_NOISE_STATS_OPTIONS: Readonly<NoiseStatsOptions> = Object.freeze({
  histogram: DEFAULT_HISTOGRAM_OPTIONS,
  angleBins: 9,
});

/** Statistics of a row-major `width` × `height` image of samples. */
export function measureNoise(values: ArrayLike<number>, width: number, height: number, options: Partial<NoiseStatsOptions> = {}): NoiseStats {
  const o = { ...DEFAULT_NOISE_STATS_OPTIONS, ...options };
  const s = summariseSamples(values);
  const directions = gradientDirections(values, width, height, o.angleBins);
  return {
    count: s.count,
    min: s.min,
    max: s.max,
    mean: s.mean,
    std: s.std,
    histogram: histogramOf(values, o.histogram),
    isotropy: directions.ratio,
    angleEnergy: directions.angleEnergy,
  };
}
