/**
 * Where the player appears: over land, some way above the ground, the same place for the
 * same world. Pure terrain lookups, so Node tests and every browser agree.
 */
import { Biome } from './biome';
import { terrainFor } from './generate';
import type { WorldParams } from './params';

export interface SpawnOptions {
  /** Blocks from the highest ground (or sea) block up to the eye. */
  clearance: number;
  /** Land counts when it stands at least this far above sea level. */
  landAboveSea: number;
  /** Spiral steps tried before giving up and spawning at the origin column. */
  maxSteps: number;
  /** An eye less than this far above the ground's top face is buried and must rise. */
  minHeadroom: number;
}

export const DEFAULT_SPAWN_OPTIONS: Readonly<SpawnOptions> = Object.freeze({
  clearance: 24,
  landAboveSea: 4,
  maxSteps: 4096,
  minHeadroom: 2,
});

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** The point `clearance` blocks above the ground or the sea at (x, z), whichever is higher. */
export function spawnAbove(params: WorldParams, x: number, z: number, options: Partial<SpawnOptions> = {}): Point3 {
  const o = { ...DEFAULT_SPAWN_OPTIONS, ...options };
  return { x, y: topBlockAt(params, x, z) + o.clearance, z };
}

/**
 * Biomes a player should not start in: water, the bare sand between land and sea, and the
 * bare rock and snow of a range (as Minecraft keeps to its "spawn biomes"): a first look
 * from a peak's flank shows little but a wall of stone.
 */
const NOT_SPAWN_BIOMES: ReadonlySet<number> = new Set([Biome.Ocean, Biome.DeepOcean, Biome.River, Biome.Beach, Biome.Mountains, Biome.SnowyPeaks]);

function isSpawnBiome(biome: number): boolean {
  return !NOT_SPAWN_BIOMES.has(biome);
}

/**
 * Like Minecraft, start over land: walk an outward square spiral from the origin in
 * 16-block steps (a column's centre each) until the ground stands a few blocks above the sea
 * (and, in a biomes world, the biome there is lowland: not ocean, river, beach or a range). A flat world
 * is land everywhere: its spawn is the origin column's centre.
 */
export function findLandSpawn(params: WorldParams, options: Partial<SpawnOptions> = {}): Point3 {
  const o = { ...DEFAULT_SPAWN_OPTIONS, ...options };
  if (params.type === 'flat') return spawnAbove(params, 8, 8, o);
  const terrain = terrainFor(params);
  const biomes = params.type === 'biomes';
  const wanted = params.seaLevel + o.landAboveSea;
  let x = 0;
  let z = 0;
  let dx = 16;
  let dz = 0;
  let leg = 1;
  for (let step = 0; step < o.maxSteps; ) {
    for (let i = 0; i < leg && step < o.maxSteps; i++, step++) {
      if (terrain.heightAt(x + 8, z + 8) >= wanted && (!biomes || isSpawnBiome(terrain.biomeAt(x + 8, z + 8)))) return spawnAbove(params, x + 8, z + 8, o);
      x += dx;
      z += dz;
    }
    [dx, dz] = [-dz, dx];
    if (dz === 0) leg++;
  }
  return spawnAbove(params, 8, 8, o);
}

/**
 * After the world under the player changed (seed, noise or shape), an eye that is now
 * inside or under the ground rises above it, as at spawn; an eye in open air stays put.
 */
export function riseAboveGround(params: WorldParams, eye: Point3, options: Partial<SpawnOptions> = {}): Point3 {
  const o = { ...DEFAULT_SPAWN_OPTIONS, ...options };
  const top = topBlockAt(params, eye.x, eye.z);
  if (eye.y >= top + 1 + o.minHeadroom) return { ...eye };
  return { x: eye.x, y: top + o.clearance, z: eye.z };
}

/** y of the highest ground or sea block at (x, z); its top face is at y + 1. */
function topBlockAt(params: WorldParams, x: number, z: number): number {
  return Math.max(terrainFor(params).heightAt(Math.floor(x), Math.floor(z)), params.seaLevel);
}
