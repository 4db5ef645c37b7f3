/**
 * Single blocks of the generated world, for the main thread (aiming at blocks, spawning).
 * A block depends on its column's height and its neighbours' (cliffs), so a whole 1x1
 * column is generated through the same fillBlocks as chunks and kept in a small cache.
 */
import { WORLD_HEIGHT } from './coords';
import type { Terrain } from './terrain';

const CACHE_COLUMNS = 4096;

export type BlockSampler = (x: number, y: number, z: number) => number;

export function createBlockSampler(terrain: Terrain): BlockSampler {
  const cache = new Map<string, Uint8Array>();
  return function blockAt(x: number, y: number, z: number): number {
    if (y < 0 || y >= WORLD_HEIGHT) return 0;
    const key = `${x},${z}`;
    let column = cache.get(key);
    if (!column) {
      column = new Uint8Array(WORLD_HEIGHT);
      terrain.fillBlocks(column, x, z, 1, 1, WORLD_HEIGHT);
      if (cache.size >= CACHE_COLUMNS) cache.delete(cache.keys().next().value!);
      cache.set(key, column);
    }
    return column[y]!;
  };
}
