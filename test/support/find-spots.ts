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

/**
 * Looking north across a biome from 40 blocks south of its centre, high enough to clear the
 * ground on the way (28 blocks above the highest point between the eye and the centre).
 */
export function biomeView(params: WorldParams, biome: BiomeId | readonly BiomeId[], what: string): CameraSpot | null {
  const centre = findBiomeCentre(params, biome);
  if (!centre) return null;
  const terrain = terrainFor(params);
  const ground = terrain.heightAt(centre.x, centre.z);
  let highest = Math.max(ground, params.seaLevel);
  for (let d = 0; d <= 40; d += 2) highest = Math.max(highest, terrain.heightAt(centre.x, centre.z + d));
  const eye = { x: centre.x + 0.5, y: highest + 28, z: centre.z + 40.5 };
  return { ...eye, ...lookAt(eye, { x: centre.x, y: ground, z: centre.z - 30 }), what };
}

/**
 * A river seen from above, looking along it: a River-biome column with water at sea level,
 * land 12 blocks east and west of it, lowland around, and river water on along it for 64
 * blocks north; seen from 40 blocks above the banks.
 */
export function riverView(params: WorldParams, riverBiome: BiomeId, what = 'a river'): CameraSpot | null {
  const terrain = terrainFor(params);
  const blockAt = createBlockSampler(terrain);
  for (const [x, z] of spiral(0, 0, 8, 700)) {
    if (terrain.biomeAt(x, z) !== riverBiome) continue;
    if (blockAt(x, params.seaLevel, z) !== Block.Water) continue;
    // Land on both banks, and river on along it: a river, not a coast.
    if (terrain.heightAt(x + 12, z) <= params.seaLevel + 1 || terrain.heightAt(x - 12, z) <= params.seaLevel + 1) continue;
    // Lowland: no range rising beside it to fill the view.
    if ([-40, -24, 24, 40].some((dx) => terrain.heightAt(x + dx, z) > params.seaLevel + 16)) continue;
    // Water goes on north of it, 16 and 32 blocks on (within a few blocks sideways): a river that
    // runs on, not a pool where a dry valley dips under the sea level.
    const waterNear = (wz: number) => [-8, -4, 0, 4, 8].some((dx) => blockAt(x + dx, params.seaLevel, wz) === Block.Water && terrain.biomeAt(x + dx, wz) === riverBiome);
    if (![16, 32, 48, 64].every((d) => waterNear(z - d))) continue;
    let highest = params.seaLevel;
    for (let d = 0; d <= 40; d += 2) highest = Math.max(highest, terrain.heightAt(x, z + d));
    const eye = { x: x + 0.5, y: highest + 40, z: z + 40.5 };
    return { ...eye, ...lookAt(eye, { x: x + 0.5, y: params.seaLevel, z: z - 24 }), what };
  }
  return null;
}

/**
 * Inside a cave, looking back at its mouth. Caves open only in hillsides (they never carve
 * the surface block), so a mouth is an air block under its column's surface with a
 * neighbouring column whose ground lies below it: daylight comes in sideways. From there a
 * breadth-first walk through the cave's air, staying under the surface, goes about ten steps
 * in, and the camera stands where it ends, at least six blocks under the ground.
 */
export function caveView(params: WorldParams, what = 'a cave from inside', rings = 40): CameraSpot | null {
  const terrain = terrainFor(params);
  const blockAt = createBlockSampler(terrain);
  const SIZE = 18;
  const blocks = new Uint8Array(SIZE * SIZE * WORLD_HEIGHT);
  const heights = new Int16Array(SIZE * SIZE);
  const at = (x: number, y: number, z: number) => blocks[x + SIZE * (z + SIZE * y)]!;
  for (const [cx, cz] of spiral(0, 0, 1, rings)) {
    const x0 = cx * 16 - 1;
    const z0 = cz * 16 - 1;
    terrain.fillBlocks(blocks, x0, z0, SIZE, SIZE, WORLD_HEIGHT, heights);
    for (let z = 1; z <= 16; z++) {
      for (let x = 1; x <= 16; x++) {
        const h = heights[x + SIZE * z]!;
        for (let y = h - 2; y >= Math.max(6, h - 16); y--) {
          if (at(x, y, z) !== Block.Air || at(x, y + 1, z) !== Block.Air) continue;
          const outside = ([[1, 0], [-1, 0], [0, 1], [0, -1]] as const).some(([dx, dz]) => heights[x + dx + SIZE * (z + dz)]! < y);
          if (!outside) continue;
          const spot = walkIn(blockAt, terrain.heightAt, x0 + x, y, z0 + z);
          if (spot) return { ...spot, ...lookAt(spot, { x: x0 + x + 0.5, y: y + 0.5, z: z0 + z + 0.5 }), what };
        }
      }
    }
  }
  return null;
}

/** The eye at the end of a ~10-step walk through cave air from (x, y, z), 6+ blocks under the surface, or null. */
function walkIn(blockAt: BlockSampler, heightAt: (x: number, z: number) => number, x: number, y: number, z: number): { x: number; y: number; z: number } | null {
  const open = (bx: number, by: number, bz: number) => blockAt(bx, by, bz) === Block.Air && by < heightAt(bx, bz);
  const seen = new Set<string>([`${x},${y},${z}`]);
  let frontier: [number, number, number][] = [[x, y, z]];
  for (let step = 0; step < 10 && frontier.length > 0; step++) {
    const next: [number, number, number][] = [];
    for (const [cx, cy, cz] of frontier) {
      for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const) {
        const n: [number, number, number] = [cx + dx, cy + dy, cz + dz];
        const key = n.join(',');
        if (seen.has(key) || !open(...n)) continue;
        seen.add(key);
        next.push(n);
      }
    }
    frontier = next;
  }
  // Of the cells deep enough, the one farthest sideways from the mouth: the view looks along the tunnel, not up a shaft.
  const deep = frontier
    .filter(([cx, cy, cz]) => cy <= heightAt(cx, cz) - 6 && blockAt(cx, cy + 1, cz) === Block.Air)
    .sort((a, b) => Math.hypot(b[0] - x, b[2] - z) - Math.hypot(a[0] - x, a[2] - z))[0];
  return deep ? { x: deep[0] + 0.5, y: deep[1] + 1.2, z: deep[2] + 0.5 } : null;
}

/** Close to a tree crown in a forest, level with its leaves, the sky behind them. */
export function leavesView(params: WorldParams, forest: BiomeId | readonly BiomeId[], what = 'cut-out leaves'): CameraSpot | null {
  const centre = findBiomeCentre(params, forest);
  if (!centre) return null;
  const terrain = terrainFor(params);
  const blockAt = createBlockSampler(terrain);
  for (const [x, z] of spiral(centre.x, centre.z, 1, 120)) {
    const top = topAt(blockAt, x, z);
    if (!BLOCK_CUTOUT[blockAt(x, top, z)]) continue;
    // The top of a crown, level with the eye, open air between it and the camera to the
    // south, and open air behind it to the north: the sky shows through its holes.
    const eye = { x: x + 0.5, y: top - 0.5, z: z + 8.5 };
    let clear = true;
    for (let d = 3; d <= 9 && clear; d++) for (let dx = -2; dx <= 2 && clear; dx++) clear = blockAt(x + dx, top, z + d) === Block.Air && blockAt(x + dx, top - 1, z + d) === Block.Air;
    for (let d = 3; d <= 12 && clear; d++) clear = blockAt(x, top, z - d) === Block.Air && blockAt(x, top + 1, z - d) === Block.Air;
    if (!clear) continue;
    return { ...eye, ...lookAt(eye, { x: x + 0.5, y: top, z: z + 0.5 }), what };
  }
  return null;
}
