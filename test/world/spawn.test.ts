/** Spawning and rising out of the ground: pure terrain questions, answered the same everywhere. */
import { describe, expect, it } from 'vitest';
import { Biome, BIOME_NAMES, createTerrainOfType, DEFAULT_SPAWN_OPTIONS, DEFAULT_WORLD_PARAMS, findLandSpawn, riseAboveGround, spawnAbove, terrainFor, type WorldParams } from '../../src/world';
import { mulberry32 } from '../support/random';

const world = (seed: string, extra: Partial<WorldParams> = {}): WorldParams => ({ ...DEFAULT_WORLD_PARAMS, seed, ...extra });

describe('findLandSpawn', () => {
  it('in a biomes world, starts in a lowland biome near the origin: never sea, river, beach, mountains or peaks', () => {
    const refused = new Set<number>([Biome.Ocean, Biome.DeepOcean, Biome.River, Biome.Beach, Biome.Mountains, Biome.SnowyPeaks]);
    for (const seed of ['voxel', 'bench', '12345', '']) {
      for (const noise of ['perlin', 'simplex'] as const) {
        const params = world(seed, { type: 'biomes', noise });
        const s = findLandSpawn(params);
        const terrain = terrainFor(params);
        expect(refused.has(terrain.biomeAt(s.x, s.z)), `${seed} ${noise}: ${BIOME_NAMES[terrain.biomeAt(s.x, s.z)]}`).toBe(false);
        expect(terrain.heightAt(s.x, s.z)).toBeGreaterThan(params.seaLevel);
        expect(Math.max(Math.abs(s.x), Math.abs(s.z))).toBeLessThan(1024);
      }
    }
  });

  it('spawns over land, clearance blocks above it, at a column centre', () => {
    let found = 0;
    for (const seed of ['voxel', '12345', '', 'sea?', 'x'.repeat(40)]) {
      const params = world(seed);
      const s = findLandSpawn(params);
      const ground = terrainFor(params).heightAt(Math.floor(s.x), Math.floor(s.z));
      if (ground >= params.seaLevel + DEFAULT_SPAWN_OPTIONS.landAboveSea) found++;
      expect(s.y).toBe(Math.max(ground, params.seaLevel) + DEFAULT_SPAWN_OPTIONS.clearance);
      expect(((s.x % 16) + 16) % 16).toBe(8);
      expect(((s.z % 16) + 16) % 16).toBe(8);
    }
    expect(found).toBe(5);
  });

  it('is the same place every time for the same world, and another for another seed', () => {
    expect(findLandSpawn(world('voxel'))).toEqual(findLandSpawn(world('voxel')));
    const spawns = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(findLandSpawn(world(s)))));
    expect(spawns.size).toBeGreaterThan(1);
  });

  it('falls back to the origin column when no land is found within the search', () => {
    // A sea level above any possible ground: all ocean.
    const params = world('ocean', { seaLevel: 250, amplitude: 4 });
    expect(findLandSpawn(params, { maxSteps: 50 })).toEqual(spawnAbove(params, 8, 8));
  });
});

describe('riseAboveGround', () => {
  const params = world('voxel', { style: 'ridged' });
  const terrain = terrainFor(params);

  it('lifts an eye that is inside or under the ground to the spawn clearance above it', () => {
    let buried = 0;
    for (const [x, z] of [[40, 40], [-300, 17], [1_000_001, -999_999], [-5, -5]] as const) {
      const h = terrain.heightAt(x, z);
      const top = Math.max(h, params.seaLevel);
      for (const y of [h, h - 30, 0, -40, top + 1.5]) {
        buried++;
        const eye = riseAboveGround(params, { x: x + 0.5, y, z: z + 0.5 });
        expect(eye).toEqual({ x: x + 0.5, y: top + DEFAULT_SPAWN_OPTIONS.clearance, z: z + 0.5 });
      }
    }
    expect(buried).toBeGreaterThan(0);
  });

  it('leaves an eye in open air where it is', () => {
    for (const [x, z] of [[40, 40], [-300, 17]] as const) {
      const top = Math.max(terrain.heightAt(x, z), params.seaLevel);
      for (const y of [top + 3, top + 50, 500]) {
        const eye = { x: x + 0.25, y, z: z + 0.75 };
        expect(riseAboveGround(params, eye)).toEqual(eye);
      }
    }
  });
});

describe('biomes heightAt and biomeAt (one evaluation per point, shared by both)', () => {
  it('answer what a fresh terrain answers, whatever was asked before', () => {
    const params = world('voxel', { type: 'biomes' });
    const shared = terrainFor(params);
    const random = mulberry32(9);
    for (let i = 0; i < 300; i++) {
      const x = Math.floor((random() - 0.5) * 5000);
      const z = Math.floor((random() - 0.5) * 5000);
      const fresh = createTerrainOfType(params);
      // Height first, biome first, or the same point twice: every order gives fresh answers.
      if (i % 3 === 0) expect(shared.heightAt(x, z)).toBe(fresh.heightAt(x, z));
      expect(shared.biomeAt(x, z)).toBe(createTerrainOfType(params).biomeAt(x, z));
      expect(shared.heightAt(x, z)).toBe(fresh.heightAt(x, z));
      if (i % 5 === 0) expect(shared.biomeAt(x + 1, z)).toBe(createTerrainOfType(params).biomeAt(x + 1, z));
    }
  });
});
