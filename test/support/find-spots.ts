/**
 * Places worth a screenshot, found in Node from the world's own functions, so the end-to-end
 * tests and the README screenshots look at a desert, a snowy biome, a river, a cave and leaves
 * wherever the generator's tuning puts them. Each spot is a camera pose (eye, yaw, pitch) in
 * the game's conventions: yaw 0 looks north (-z), positive yaw turns west; pitch up is positive.
 */
import { Block, BLOCK_CUTOUT, createBlockSampler, terrainFor, WORLD_HEIGHT, type BiomeId, type BlockSampler, type WorldParams } from '../../src/world';

export interface CameraSpot {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
  /** What the spot shows, for messages. */
  what: string;
}

/** The yaw and pitch that look from `from` at `to`. */
export function lookAt(from: { x: number; y: number; z: number }, to: { x: number; y: number; z: number }): { yaw: number; pitch: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const dz = to.z - from.z;
  // Forward is (-sin yaw, 0, -cos yaw) in the game (camera-pose.ts): yaw 0 looks along -z.
  const yaw = Math.atan2(-dx, -dz);
  const pitch = Math.atan2(dy, Math.hypot(dx, dz));
  return { yaw, pitch };
}

/** Block columns on a square spiral around (x0, z0), `step` apart, nearest rings first. */
function* spiral(x0: number, z0: number, step: number, rings: number): Generator<[number, number]> {
  yield [x0, z0];
  for (let r = 1; r <= rings; r++) {
    for (let i = -r; i < r; i++) {
      yield [x0 + i * step, z0 - r * step];
      yield [x0 + r * step, z0 + i * step];
      yield [x0 - i * step, z0 + r * step];
      yield [x0 - r * step, z0 - i * step];
    }
  }
}

/** Highest non-air block at (x, z). */
export function topAt(blockAt: BlockSampler, x: number, z: number): number {
  for (let y = WORLD_HEIGHT - 1; y > 0; y--) if (blockAt(x, y, z) !== Block.Air) return y;
  return 0;
}

/**
 * A column deep inside `biome`: every sample of a 5 x 5 grid 8 blocks apart around it is that
 * biome. Searched every 32 blocks out to `radius`.
 */
export function findBiomeCentre(params: WorldParams, biome: BiomeId | readonly BiomeId[], radius = 6000): { x: number; z: number } | null {
  const terrain = terrainFor(params);
  const wanted = new Set<number>(Array.isArray(biome) ? biome : [biome as BiomeId]);
  for (const [x, z] of spiral(0, 0, 32, Math.ceil(radius / 32))) {
    if (!wanted.has(terrain.biomeAt(x, z))) continue;
    let all = true;
    for (let i = -2; i <= 2 && all; i++) for (let j = -2; j <= 2 && all; j++) all = wanted.has(terrain.biomeAt(x + 8 * i, z + 8 * j));
    if (all) return { x, z };
  }
  return null;
}

/** Looking across a biome from 28 blocks above its ground, 40 blocks south of its centre. */
export function biomeView(params: WorldParams, biome: BiomeId | readonly BiomeId[], what: string): CameraSpot | null {
  const centre = findBiomeCentre(params, biome);
  if (!centre) return null;
  const terrain = terrainFor(params);
  const ground = terrain.heightAt(centre.x, centre.z);
  const eye = { x: centre.x + 0.5, y: Math.max(ground, params.seaLevel) + 28, z: centre.z + 40.5 };
  return { ...eye, ...lookAt(eye, { x: centre.x, y: ground, z: centre.z - 30 }), what };
}

/**
 * A river seen from above its bank: a River-biome column with water at sea level whose
 * neighbours 12 blocks east and west include land above the sea.
 */
export function riverView(params: WorldParams, riverBiome: BiomeId, what = 'a river'): CameraSpot | null {
  const terrain = terrainFor(params);
  const blockAt = createBlockSampler(terrain);
  for (const [x, z] of spiral(0, 0, 8, 700)) {
    if (terrain.biomeAt(x, z) !== riverBiome) continue;
    if (blockAt(x, params.seaLevel, z) !== Block.Water) continue;
    if (terrain.heightAt(x + 12, z) <= params.seaLevel + 2 && terrain.heightAt(x - 12, z) <= params.seaLevel + 2) continue;
    const eye = { x: x + 0.5, y: params.seaLevel + 24, z: z + 36.5 };
    return { ...eye, ...lookAt(eye, { x: x + 0.5, y: params.seaLevel, z: z - 10 }), what };
  }
  return null;
}

/**
 * Inside a cave, looking back at its mouth: a column where air reaches below the surface
 * height (a tunnel breaking the surface), then the air cell a breadth-first walk through the
 * cave reaches about 10 steps down from it, at least 6 blocks under the surface.
 */
export function caveView(params: WorldParams, what = 'a cave from inside'): CameraSpot | null {
  const terrain = terrainFor(params);
  const blockAt = createBlockSampler(terrain);
  const open = (x: number, y: number, z: number) => blockAt(x, y, z) === Block.Air;
  for (const [x, z] of spiral(0, 0, 4, 800)) {
    const h = terrain.heightAt(x, z);
    if (h <= params.seaLevel + 3 || !open(x, h, z) || !open(x, h - 3, z)) continue;
    // Walk down the tunnel from its mouth.
    const seen = new Set<string>();
    let frontier: [number, number, number][] = [[x, h - 3, z]];
    seen.add(`${x},${h - 3},${z}`);
    for (let step = 0; step < 14 && frontier.length > 0; step++) {
      const next: [number, number, number][] = [];
      for (const [cx, cy, cz] of frontier) {
        for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const) {
          const n: [number, number, number] = [cx + dx, cy + dy, cz + dz];
          const key = n.join(',');
          if (seen.has(key) || !open(...n) || n[1] >= h) continue;
          seen.add(key);
          next.push(n);
        }
      }
      frontier = next;
    }
    const deep = frontier.find(([cx, cy, cz]) => cy <= terrain.heightAt(cx, cz) - 6 && open(cx, cy + 1, cz));
    if (!deep) continue;
    const eye = { x: deep[0] + 0.5, y: deep[1] + 1.2, z: deep[2] + 0.5 };
    return { ...eye, ...lookAt(eye, { x: x + 0.5, y: h, z: z + 0.5 }), what };
  }
  return null;
}

/** Close to a tree crown in a forest, level with its leaves, the sky behind them. */
export function leavesView(params: WorldParams, forest: BiomeId | readonly BiomeId[], what = 'cut-out leaves'): CameraSpot | null {
  const centre = findBiomeCentre(params, forest);
  if (!centre) return null;
  const terrain = terrainFor(params);
  const blockAt = createBlockSampler(terrain);
  for (const [x, z] of spiral(centre.x, centre.z, 1, 40)) {
    const top = topAt(blockAt, x, z);
    if (!BLOCK_CUTOUT[blockAt(x, top, z)]) continue;
    // A crown standing alone to the south: open air between it and the camera.
    const eye = { x: x + 0.5, y: top + 0.5, z: z + 6.5 };
    let clear = true;
    for (let d = 2; d <= 6 && clear; d++) clear = blockAt(x, top, z + d) === Block.Air && blockAt(x, top + 1, z + d) === Block.Air;
    if (!clear) continue;
    return { ...eye, ...lookAt(eye, { x: x + 0.5, y: top - 0.5, z: z + 0.5 }), what };
  }
  return null;
}
