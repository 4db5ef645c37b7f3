/**
 * The README's phone shots: the biomes world "voxel" on an emulated phone (touch, isMobile),
 * upright at 390 × 844 and sideways at 844 × 390, with touch play started by a real tap so the
 * joystick, the buttons and the compact HUD show as a player sees them.
 */
import type { Browser } from 'playwright-core';
import { collectErrors } from '../../test/support/browser';

const VIEW = '?type=biomes&seed=voxel&x=40&y=120&z=200&mode=fly';
const LOOK = { yaw: 2.6, pitch: -0.3 };
const PHONES = [
  { name: 'portrait', viewport: { width: 390, height: 844 } },
  { name: 'landscape', viewport: { width: 844, height: 390 } },
];

/** Writes `${dir}/screenshot-phone-{portrait,landscape}.png`; returns the files written. */
export async function shootPhone(browser: Browser, baseUrl: string, dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const phone of PHONES) {
    const context = await browser.newContext({ viewport: phone.viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl + VIEW);
    await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
    await page.evaluate((look) => {
      window.__game!.look(look.yaw, look.pitch);
      window.__game!.setRenderDistance(8);
      return window.__game!.ready();
    }, LOOK);
    await page.tap('.start-button');
    await page.locator('.touch-controls').waitFor({ state: 'visible' });
    await page.waitForTimeout(1500); // the HUD refreshes a few times a second
    const file = `${dir}/screenshot-phone-${phone.name}.png`;
    await page.screenshot({ path: file });
    if (errors.length > 0) throw new Error(`console errors on the ${phone.name} phone: ${errors.join('\n')}`);
    await context.close();
    written.push(file);
  }
  return written;
}
