/**
 * The README's world-type screenshots: a desert, a snowy biome, a river, a cave from inside
 * and cut-out leaves in the biomes world "voxel", at spots found in Node from the generator
 * itself (test/support/find-spots.ts, shared with test/e2e/world-types.test.ts), and a
 * superflat world.
 */
import type { Browser } from 'playwright-core';
import { Biome, DEFAULT_WORLD_PARAMS, type WorldParams } from '../../src/world';
import { openGame } from '../../test/support/browser';
import { biomeView, caveView, leavesView, riverView, type CameraSpot } from '../../test/support/find-spots';

const VIEWPORT = { width: 960, height: 540 };
const PARAMS: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };

function spots(): Record<string, CameraSpot | null> {
  return {
    desert: biomeView(PARAMS, Biome.Desert, 'desert'),
    snowy: biomeView(PARAMS, Biome.SnowyPlains, 'snowy'),
    river: riverView(PARAMS, Biome.River),
    cave: caveView(PARAMS),
    leaves: leavesView(PARAMS, Biome.Plains),
  };
}

/** Writes `${dir}/screenshot-<name>.png` for each spot; returns the files written. */
export async function shootWorldTypes(browser: Browser, baseUrl: string, dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const [name, spot] of Object.entries(spots())) {
    if (!spot) throw new Error(`no ${name} spot found near the origin of the biomes world "voxel"`);
    const { page, errors } = await openGame(browser, baseUrl, `?type=biomes&seed=voxel&x=${spot.x}&y=${spot.y}&z=${spot.z}`, VIEWPORT);
    await page.evaluate((s) => {
      window.__game!.look(s.yaw, s.pitch);
      window.__game!.setRenderDistance(10);
      return window.__game!.ready();
    }, spot);
    await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    await page.waitForTimeout(700);
    const file = `${dir}/screenshot-${name}.png`;
    await page.screenshot({ path: file });
    if (errors.length > 0) throw new Error(`console errors at the ${name} spot: ${errors.join('\n')}`);
    await page.close();
    written.push(file);
  }
  return written;
}
