/**
 * The README's torch-lit cave (issue 23): the cave of the world-type shots (found in Node from
 * the generator itself, test/support/find-spots.ts), at midnight, with torches stood on its
 * floor around the camera, the way a player lights a cave: every few blocks, on the ground.
 */
import type { Browser } from 'playwright-core';
import { Block, BLOCK_COLLIDES, BLOCK_OPAQUE, createBlockSampler, DEFAULT_WORLD_PARAMS, terrainFor, type WorldParams } from '../../src/world';
import { openGame } from '../../test/support/browser';
import { caveView } from '../../test/support/find-spots';

const VIEWPORT = { width: 960, height: 540 };
const PARAMS: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };

/**
 * Floor cells of the cave around (x, y, z): air over a solid block, reached through cave air
 * within `reach` steps, at least `spacing` apart, nearest first; at most `count`.
 */
function torchSpots(x: number, y: number, z: number, count: number, reach = 14, spacing = 5): [number, number, number][] {
  const blockAt = createBlockSampler(terrainFor(PARAMS));
  const start: [number, number, number] = [Math.floor(x), Math.floor(y), Math.floor(z)];
  const seen = new Set([start.join(',')]);
  let frontier = [start];
  const floor: [number, number, number][] = [];
  for (let step = 0; step < reach && frontier.length > 0; step++) {
    const next: [number, number, number][] = [];
    for (const [cx, cy, cz] of frontier) {
      if (blockAt(cx, cy, cz) === Block.Air && BLOCK_COLLIDES[blockAt(cx, cy - 1, cz)] && BLOCK_OPAQUE[blockAt(cx, cy - 1, cz)]) floor.push([cx, cy, cz]);
      for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const) {
        const n: [number, number, number] = [cx + dx, cy + dy, cz + dz];
        const key = n.join(',');
        if (seen.has(key) || blockAt(...n) !== Block.Air) continue;
        seen.add(key);
        next.push(n);
      }
    }
    frontier = next;
  }
  const out: [number, number, number][] = [];
  for (const spot of floor) {
    if (out.length === count) break;
    if (out.every((o) => Math.abs(o[0] - spot[0]) + Math.abs(o[1] - spot[1]) + Math.abs(o[2] - spot[2]) >= spacing)) out.push(spot);
  }
  return out;
}

/** Writes `${dir}/screenshot-torch-cave.png`; returns the file written. */
export async function shootTorchCave(browser: Browser, baseUrl: string, dir: string): Promise<string> {
  const spot = caveView(PARAMS);
  if (!spot) throw new Error('no cave found near the origin of the biomes world "voxel"');
  const torches = torchSpots(spot.x, spot.y - 1.2, spot.z, 6);
  const { page, errors } = await openGame(browser, baseUrl, `?type=biomes&seed=voxel&x=${spot.x}&y=${spot.y}&z=${spot.z}&time=0`, VIEWPORT);
  await page.evaluate(async ([s, spots]) => {
    const game = window.__game!;
    const torch = game.blocks().torch!;
    for (const [x, y, z] of spots) {
      const problem = game.editBlock(x, y, z, torch);
      if (problem) throw new Error(`torch at (${x}, ${y}, ${z}): ${problem}`);
    }
    game.look(s.yaw, s.pitch);
    game.setRenderDistance(10);
    await game.ready();
  }, [spot, torches] as const);
  await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
  await page.waitForTimeout(700);
  const file = `${dir}/screenshot-torch-cave.png`;
  await page.screenshot({ path: file });
  if (errors.length > 0) throw new Error(`console errors in the torch-lit cave: ${errors.join('\n')}`);
  await page.close();
  return file;
}
