export * from './blocks';
export * from './coords';
export * from './column';
export { seedFromText } from './seed';
export { hashChunk, hashBytes } from './hash-chunk';
export * from './params';
export { createTerrain, MIN_SURFACE_Y, MAX_SURFACE_Y } from './terrain';
export type { Terrain } from './terrain';
export { generateColumn, terrainFor } from './generate';
