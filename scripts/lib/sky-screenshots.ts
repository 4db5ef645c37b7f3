/**
 * The README's day-and-night shots: the same hills of the biomes world "voxel" at sunset,
 * looking west into the glow with the sun on the horizon, and at night, looking east-south-east at the
 * risen moon over the starfield. The time is set through the link (`time=`) and the clock
 * stopped, so each picture is the hour named.
 */
import type { Browser } from 'playwright-core';
import { openGame } from '../../test/support/browser';

const VIEWPORT = { width: 1280, height: 720 };
const PLACE = 'type=biomes&seed=voxel&x=40&y=130&z=200';

/** [file name, hour, yaw, pitch]: yaw π/2 faces west (−x), −π/2 east. */
const SHOTS: readonly [string, number, number, number][] = [
  ['screenshot-sunset.png', 17.8, Math.PI / 2 - 0.25, -0.12],
  ['screenshot-night.png', 20.5, -1.83, 0.12],
];

/** Writes `${dir}/screenshot-sunset.png` and `${dir}/screenshot-night.png`; returns the files written. */
export async function shootSky(browser: Browser, baseUrl: string, dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const [name, hours, yaw, pitch] of SHOTS) {
    const { page, errors } = await openGame(browser, baseUrl, `?${PLACE}&time=${hours}`, VIEWPORT);
    await page.evaluate(([h, y, p]) => {
      const game = window.__game!;
      game.setTimePaused(true);
      game.setTime(h!);
      game.look(y!, p!);
      game.setRenderDistance(12);
      return game.ready();
    }, [hours, yaw, pitch]);
    await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    await page.waitForTimeout(700);
    const file = `${dir}/${name}`;
    await page.screenshot({ path: file });
    if (errors.length > 0) throw new Error(`console errors in the ${name} shot: ${errors.join('\n')}`);
    await page.close();
    written.push(file);
  }
  return written;
}
