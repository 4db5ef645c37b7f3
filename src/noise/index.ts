export * from './types';
export { mixSeed, hashInts, hashPrimed2, hashPrimed3, hashPrimed4, PRIME_X, PRIME_Y, PRIME_Z, PRIME_W } from './hash';
export { improvedNoise3, REFERENCE_PERMUTATION } from './improved-noise';
export { createPerlin2D, createPerlin3D, PERLIN_2D_SCALE, PERLIN_3D_PEAK } from './perlin';
export { createFbm2D, clampOctaves, octaveSeed, DEFAULT_FBM_OPTIONS, MIN_OCTAVES, MAX_OCTAVES } from './fbm';
export type { FbmOptions } from './fbm';
export { createSimplex2D, createSimplex3D } from './simplex';
export { quinticFade } from './fade';
