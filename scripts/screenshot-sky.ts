/**
 * Only the day-and-night README shots (also taken by `npm run screenshot`):
 *   npx tsx scripts/screenshot-sky.ts   -> assets/screenshot-sunset.png, assets/screenshot-night.png
 */
import { fileURLToPath } from 'node:url';
import { buildAndServe, launchChromium } from '../test/support/browser';
import { shootSky } from './lib/sky-screenshots';

async function main(): Promise<void> {
  const app = await buildAndServe();
  const browser = await launchChromium();
  try {
    const files = await shootSky(browser, app.url, fileURLToPath(new URL('../assets', import.meta.url)));
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
