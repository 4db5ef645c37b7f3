import { createEmptyColumn, type ChunkColumn } from './column';
import { COLUMN_SIZE, WORLD_HEIGHT } from './coords';
import { worldParamsKey, type WorldParams } from './params';
import { createTerrain, type Terrain } from './terrain';

/**
 * Terrains are cheap to use but not free to build (the simplex baseline builds a
 * permutation table per octave), so the last few are kept by parameter identity.
 */
const terrainCache = new Map<string, Terrain>();
const TERRAIN_CACHE_SIZE = 4;

export function terrainFor(params: Readonly<WorldParams>): Terrain {
  const key = worldParamsKey(params);
  let terrain = terrainCache.get(key);
  if (!terrain) {
    terrain = createTerrain(params);
    if (terrainCache.size >= TERRAIN_CACHE_SIZE) terrainCache.delete(terrainCache.keys().next().value!);
    terrainCache.set(key, terrain);
  }
  return terrain;
}

/** Generates column (cx, cz): a pure function of its arguments. */
export function generateColumn(params: Readonly<WorldParams>, cx: number, cz: number): ChunkColumn {
  const terrain = terrainFor(params);
  const column = createEmptyColumn(cx, cz);
  const x0 = cx * COLUMN_SIZE;
  const z0 = cz * COLUMN_SIZE;
  column.maxY = terrain.fillBlocks(column.blocks, x0, z0, COLUMN_SIZE, COLUMN_SIZE, WORLD_HEIGHT);
  return column;
}
