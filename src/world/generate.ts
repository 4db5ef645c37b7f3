import { createEmptyColumn, type ChunkColumn } from './column';
import { COLUMN_SIZE, WORLD_HEIGHT } from './coords';
import { worldParamsKey, type WorldParams } from './params';
import { createBiomesTerrain } from './gen/biomes-terrain';
import { createFlatTerrain } from './gen/flat';
import { createTerrain, type Terrain } from './terrain';

/**
 * Terrains are cheap to use but not free to build (the simplex baseline builds a
 * permutation table per octave), so the last few are kept by parameter identity.
 */
const terrainCache = new Map<string, Terrain>();
const TERRAIN_CACHE_SIZE = 4;

/** A new terrain of the params' world type (classic when the type is missing). */
export function createTerrainOfType(params: Readonly<WorldParams>): Terrain {
  switch (params.type) {
    case 'biomes':
      return createBiomesTerrain(params);
    case 'flat':
      return createFlatTerrain(params);
    default:
      return createTerrain(params);
  }
}

export function terrainFor(params: Readonly<WorldParams>): Terrain {
  const key = worldParamsKey(params);
  let terrain = terrainCache.get(key);
  if (!terrain) {
    terrain = createTerrainOfType(params);
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
