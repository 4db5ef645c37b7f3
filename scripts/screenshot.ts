/**
 * Takes the README screenshots of the real game in headless Chromium:
 *   npm run screenshot            -> assets/screenshot.png (Perlin) and assets/screenshot-simplex.png
 * Same seed and camera for both, so they compare the two noise sources like for like.
 */
import { fileURLToPath } from 'node:url';
import { buildAndServe, launchChromium, openGame } from '../test/support/browser';

const VIEW = '?seed=voxel&x=-180&y=125&z=150';
const YAW = -2.3;
const PITCH = -0.32;

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
    console.log('wrote assets/screenshot.png and assets/screenshot-simplex.png');
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
