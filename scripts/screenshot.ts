/**
 * Takes the README screenshots of the real game in headless Chromium:
 *   npm run screenshot   -> assets/screenshot.png (Perlin), assets/screenshot-simplex.png,
 *                           assets/screenshot-compare.png (the swipe view, HUD table and all),
 *                           assets/lab.png (the noise lab, the whole page), and the world-type
 *                           shots assets/screenshot-{desert,snowy,river,cave,leaves}.png, and the
 *                           horizon pair assets/screenshot-horizon-far-{0,128}.png, and the
 *                           phone pair assets/screenshot-phone-{portrait,landscape}.png, and the
 *                           building pair assets/screenshot-{house,inventory}.png, and the
 *                           day-and-night pair assets/screenshot-{sunset,night}.png
 * Same seed and camera for the three game shots, so they compare the two noise sources like for like.
 */
import { fileURLToPath } from 'node:url';
import { buildAndServe, launchChromium, openGame } from '../test/support/browser';
import { shootHorizon } from './lib/horizon-screenshots';
import { shootHouse } from './lib/house-screenshot';
import { shootLab } from './lib/lab-screenshot';
import { shootTorchCave } from './lib/torch-cave-screenshot';
import { shootPhone } from './lib/phone-screenshots';
import { shootSky } from './lib/sky-screenshots';
import { shootWorldTypes } from './lib/world-type-screenshots';

const VIEW = '?type=biomes&seed=voxel&x=40&y=130&z=200';
const YAW = 2.6;
const PITCH = -0.3;

async function main(): Promise<void> {
  const app = await buildAndServe();
  const browser = await launchChromium();
  try {
    const { page, errors } = await openGame(browser, app.url, VIEW, { width: 1280, height: 720 });
    await page.evaluate(([yaw, pitch]) => {
      window.__game!.look(yaw!, pitch!);
      window.__game!.setRenderDistance(12);
      return window.__game!.ready();
    }, [YAW, PITCH]);
    await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    await page.waitForTimeout(500);
    await page.screenshot({ path: fileURLToPath(new URL('../assets/screenshot.png', import.meta.url)) });
    await page.evaluate(() => {
      window.__game!.setNoise('simplex');
      return window.__game!.ready();
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: fileURLToPath(new URL('../assets/screenshot-simplex.png', import.meta.url)) });
    if (errors.length > 0) throw new Error(`console errors: ${errors.join('\n')}`);
    await page.close();

    // The swipe view on a fresh page, so both sides load from scratch at the same time.
    const compare = await openGame(browser, app.url, `${VIEW}&compare=1&split=0.5`, { width: 1280, height: 720 });
    await compare.page.evaluate(([yaw, pitch]) => {
      window.__game!.look(yaw!, pitch!);
      window.__game!.setRenderDistance(12);
      return window.__game!.ready();
    }, [YAW, PITCH]);
    await compare.page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    await compare.page.waitForTimeout(1500); // the HUD refreshes its table a few times a second
    await compare.page.screenshot({ path: fileURLToPath(new URL('../assets/screenshot-compare.png', import.meta.url)) });
    if (compare.errors.length > 0) throw new Error(`console errors: ${compare.errors.join('\n')}`);
    await compare.page.close();

    await shootLab(browser, app.url, fileURLToPath(new URL('../assets/lab.png', import.meta.url)));
    const types = await shootWorldTypes(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
    const horizon = await shootHorizon(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
    const phone = await shootPhone(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
    const house = await shootHouse(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
    const sky = await shootSky(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
    await shootTorchCave(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
    console.log(`wrote assets/screenshot.png, assets/screenshot-simplex.png, assets/screenshot-compare.png, assets/lab.png, ${types.length} world-type shots, ${horizon.length} horizon shots, ${phone.length} phone shots, ${house.length} building shots, ${sky.length} day-and-night shots and the torch-lit cave`);
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
