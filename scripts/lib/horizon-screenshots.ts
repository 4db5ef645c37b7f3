/**
 * The README's horizon pair: the same view from 200 blocks above the ground of the biomes
 * world "voxel", looking at the horizon at render distance 12, without levels of detail
 * (far distance 0: the world ends in fog 192 blocks out) and with them out to 2,048 blocks.
 */
import type { Browser } from 'playwright-core';
import { openGame } from '../../test/support/browser';

const VIEW = '?type=biomes&seed=voxel&x=40&y=264&z=200';
const LOOK = { yaw: 2.6, pitch: -0.45 };
const VIEWPORT = { width: 1280, height: 720 };

/** Writes `${dir}/screenshot-horizon-far-<F>.png` for F = 0 and 128; returns the files written. */
export async function shootHorizon(browser: Browser, baseUrl: string, dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const far of [0, 128]) {
    const { page, errors } = await openGame(browser, baseUrl, `${VIEW}&far=${far}`, VIEWPORT);
    await page.evaluate((look) => {
      window.__game!.look(look.yaw, look.pitch);
      window.__game!.setRenderDistance(12);
      return window.__game!.ready();
    }, LOOK);
    await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    await page.waitForTimeout(1500); // the HUD refreshes a few times a second
    const file = `${dir}/screenshot-horizon-far-${far}.png`;
    await page.screenshot({ path: file });
    if (errors.length > 0) throw new Error(`console errors at far distance ${far}: ${errors.join('\n')}`);
    await page.close();
    written.push(file);
  }
  return written;
}
