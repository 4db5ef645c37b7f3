/**
 * src/noise: seeded scalar fields for the terrain and the noise lab. Pure and deterministic:
 * only `+ - * /`, Math.floor, Math.abs, Math.min/max, Math.imul and comparisons, so every
 * engine computes the same bits. Every noise returns 0 for NaN or infinite input (never
 * throws, never hangs). fillGrid2D fills grids of any Noise2D (fBm and ridged included) with
 * the same bits as sampling one by one, faster where a noise registered a batch path.
 *
 * This is the public surface: the factories, what the rest of src uses, and the types needed
 * to call them. Tables, constants and building blocks stay in their own files, for the tests
 * and scripts that examine them to import from there.
 */
export * from './types';
export { hashInts } from './hash';

// The family: white, value, Perlin 1D-4D and the simplex baseline.
export { createWhiteNoise1D, createWhiteNoise2D, createWhiteNoise3D } from './white-noise';
export { createValueNoise1D, createValueNoise2D, createValueNoise3D } from './value-noise';
export type { Interpolation, ValueNoiseOptions } from './value-noise';
export type { PerlinOptions } from './perlin-options';
export { createPerlin1D } from './perlin-1d';
export { createPerlin2D, createPerlin3D } from './perlin';
export { createPerlin4D } from './perlin-4d';
export { createSimplex2D, createSimplex3D, createSimplex4D } from './simplex';

// Fractal layers.
export { createFbm2D } from './fbm';
export type { FbmOptions } from './fbm';
export { fillFbmOctaves2D } from './fbm-octaves';
export type { FbmOctaveGrids } from './fbm-octaves';
export type { OctaveOptions } from './octaves';
export { createRidged2D } from './ridged';
export type { RidgedOptions } from './ridged';
export { createDomainWarp2D, warpNoise2D, createWarpedFbm2D } from './domain-warp';
export type { DomainWarp2D, DomainWarpOptions } from './domain-warp';

// The batch path.
export { fillGrid2D } from './grid';
export type { Grid2D, GridOutput } from './grid';
