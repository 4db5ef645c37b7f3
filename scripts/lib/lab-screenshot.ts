/**
 * A screenshot of the noise lab for the README: opens lab.html at a seed and centre that show
 * sea, beaches, grass, cliffs and snow in the terrain preview, waits until every figure is
 * drawn (`__lab.ready()`), and writes a full-page PNG 1280 pixels wide.
 *
 *   await shootLab(browser, app.url, 'assets/lab.png')   (from scripts/screenshot.ts)
 */
import type { Browser } from 'playwright-core';

/** Seed and centre of the README's lab picture (the game's default world, near its spawn). */
export const LAB_SCREENSHOT_QUERY = '?seed=voxel&noise=perlin&x=-180&z=150';

export async function shootLab(browser: Browser, appUrl: string, path: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await page.goto(new URL(`lab.html${LAB_SCREENSHOT_QUERY}`, appUrl).href);
    await page.waitForFunction(() => window.__lab !== undefined, undefined, { timeout: 60_000 });
    await page.evaluate(() => window.__lab!.ready());
    // The speed table too, so the picture shows measured figures rather than "measuring".
    await page.evaluate(() => window.__lab!.bench());
    await page.screenshot({ path, fullPage: true });
    if (errors.length > 0) throw new Error(`noise lab console errors: ${errors.join('\n')}`);
  } finally {
    await page.close();
  }
}
