/**
 * src/noise: seeded scalar fields for the terrain and the noise lab. Pure and deterministic:
 * only `+ - * /`, Math.floor, Math.abs, Math.min/max, Math.imul and comparisons, so every
 * engine computes the same bits. Every noise returns 0 for NaN or infinite input (never
 * throws, never hangs). fillGrid2D fills grids of any Noise2D (fBm and ridged included) with
 * the same bits as sampling one by one, faster where a noise registered a batch path.
 */
export * from './types';
export {
  mixSeed,
  hashInts,
  hashPrimed2,
  hashPrimed3,
  hashPrimed4,
  HASH_MULTIPLIER,
  PRIME_X,
  PRIME_Y,
  PRIME_Z,
  PRIME_W,
} from './hash';

// Fades and interpolation.
export { FADES, fadeFunction, quinticFade, smoothstepFade, cosineFade, linearFade } from './fade';
export type { Fade } from './fade';
export { catmullRom, CATMULL_ROM_OVERSHOOT } from './cubic';

// The family: white, value, Perlin 1D-4D, the 2002 reference, and the simplex baseline.
export { createWhiteNoise1D, createWhiteNoise2D, createWhiteNoise3D, hashToUnit, INT32_TO_UNIT } from './white-noise';
export { createValueNoise2D, createValueNoise3D, DEFAULT_VALUE_NOISE_OPTIONS, INTERPOLATIONS } from './value-noise';
export type { Interpolation, ValueNoiseOptions } from './value-noise';
export { DEFAULT_PERLIN_OPTIONS, PERLIN_PEAKS, perlinOutputScale } from './perlin-options';
export type { PerlinOptions } from './perlin-options';
export { createPerlin1D } from './perlin-1d';
export { createPerlin2D, createPerlin3D, PERLIN_2D_SCALE, PERLIN_3D_PEAK, GRADIENTS_2D_X, GRADIENTS_2D_Y } from './perlin';
export { createPerlin4D, GRADIENTS_4D } from './perlin-4d';
export { improvedNoise3, improvedNoise3Normalised, IMPROVED_NOISE_3D_PEAK, REFERENCE_PERMUTATION } from './improved-noise';
export { createSimplex2D, createSimplex3D } from './simplex';

// Fractal layers.
export { createFbm2D, createLayeredFill, DEFAULT_FBM_OPTIONS } from './fbm';
export { clampOctaves, octaveSeed, planOctaves, OCTAVE_SEED_STEP, MIN_OCTAVES, MAX_OCTAVES } from './octaves';
export type { OctaveOptions, OctavePlan } from './octaves';
export type { FbmOptions } from './fbm';
export { createRidged2D, DEFAULT_RIDGED_OPTIONS } from './ridged';
export type { RidgedOptions } from './ridged';
export {
  createDomainWarp2D,
  warpNoise2D,
  createWarpedFbm2D,
  DEFAULT_DOMAIN_WARP_OPTIONS,
  MAX_WARP_ITERATIONS,
} from './domain-warp';
export type { DomainWarp2D, DomainWarpOptions } from './domain-warp';

// The batch path.
export { fillGrid2D, axisFill2D, registerAxisFill2D, hasFastGridFill, DEFAULT_GRID_2D } from './grid';
export type { AxisFill2D, Grid2D, GridOutput } from './grid';
export { createPerlin2DAxisFill } from './perlin-grid';
