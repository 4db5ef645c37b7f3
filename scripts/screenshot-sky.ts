/**
 * Only the light README shots (also taken by `npm run screenshot`):
 *   npx tsx scripts/screenshot-sky.ts   -> assets/screenshot-sunset.png, assets/screenshot-night.png,
 *                                          assets/screenshot-torch-cave.png
 */
import { fileURLToPath } from 'node:url';
import { buildAndServe, launchChromium } from '../test/support/browser';
import { shootSky } from './lib/sky-screenshots';
import { shootTorchCave } from './lib/torch-cave-screenshot';

async function main(): Promise<void> {
  const app = await buildAndServe();
  const browser = await launchChromium();
  try {
    const dir = fileURLToPath(new URL('../assets', import.meta.url));
    const files = [...(await shootSky(browser, app.url, dir)), await shootTorchCave(browser, app.url, dir)];
    console.log(`wrote ${files.join(', ')}`);
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
