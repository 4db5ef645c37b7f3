/**
 * The four 2D sources the lab sets side by side, and the names its statistics are keyed by:
 * each source plain and as fBm.
 */
import { createPerlin2D, createSimplex2D, createValueNoise2D, createWhiteNoise2D, type SeededNoise2D } from '../../noise';

export type SourceName = 'white' | 'value' | 'perlin' | 'simplex';
export const SOURCE_NAMES: readonly SourceName[] = ['white', 'value', 'perlin', 'simplex'];

export const SOURCE_LABELS: Readonly<Record<SourceName, string>> = Object.freeze({
  white: 'white',
  value: 'value',
  perlin: 'Perlin (ours)',
  simplex: 'simplex-noise',
});

/** Value noise with its default (quintic) interpolation, the one the report measures. */
const value: SeededNoise2D = (seed) => createValueNoise2D(seed);

export const SOURCES: Readonly<Record<SourceName, SeededNoise2D>> = Object.freeze({
  white: createWhiteNoise2D,
  value,
  perlin: createPerlin2D,
  simplex: createSimplex2D,
});

/** A statistics key: a source plain, or its fBm. */
export type StatsKey = SourceName | `${SourceName}-fbm`;
export const STATS_KEYS: readonly StatsKey[] = [...SOURCE_NAMES, ...SOURCE_NAMES.map((s) => `${s}-fbm` as const)];
