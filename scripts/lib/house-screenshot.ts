/**
 * The README's building shots: a small house of the new blocks (stone-brick footing, oak-plank
 * walls with log corners, glass windows, a brick roof, wool, ice, a bookshelf) built on a
 * superflat world through the test API, seen from outside; then the inventory opened with a
 * real E over the same view.
 */
import type { Browser } from 'playwright-core';
import { collectErrors } from '../../test/support/browser';

const VIEW = '?type=flat&seed=house&x=-6.5&y=71&z=13&mode=fly&r=4&far=0';
/** First layer above superflat's grass (y = 64). */
const GROUND = 65;

/** The house's blocks as [x, y, z, block name]. */
function houseBlocks(): [number, number, number, string][] {
  const out: [number, number, number, string][] = [];
  for (let x = 0; x <= 6; x++) {
    for (let z = 20; z <= 26; z++) {
      for (let y = GROUND; y <= GROUND + 4; y++) {
        const wall = x === 0 || x === 6 || z === 20 || z === 26;
        const corner = (x === 0 || x === 6) && (z === 20 || z === 26);
        const door = x === 3 && z === 20 && y <= GROUND + 2 && y > GROUND;
        const window = y === GROUND + 2 && ((z === 20 && (x === 1 || x === 5)) || (x === 0 && (z === 22 || z === 23 || z === 24)));
        let name: string | null = null;
        if (y === GROUND) name = 'stone bricks';
        else if (y === GROUND + 4) name = 'bricks';
        else if (corner) name = 'spruce log';
        else if (door) name = null;
        else if (window) name = 'glass';
        else if (wall) name = 'oak planks';
        if (name) out.push([x, y, z, name]);
      }
    }
  }
  out.push([-2, GROUND, 21, 'red wool'], [-2, GROUND, 22, 'yellow wool'], [-2, GROUND, 23, 'lime wool'], [-2, GROUND, 24, 'light blue wool']);
  out.push([-3, GROUND, 27, 'ice'], [-3, GROUND, 28, 'ice'], [-4, GROUND, 27, 'ice'], [2, GROUND + 1, 23, 'bookshelf'], [8, GROUND, 21, 'cobblestone'], [8, GROUND, 22, 'mossy cobblestone'], [8, GROUND + 1, 21, 'cobblestone']);
  return out;
}

/** Writes `${dir}/screenshot-house.png` and `${dir}/screenshot-inventory.png`; returns the files written. */
export async function shootHouse(browser: Browser, baseUrl: string, dir: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = collectErrors(page);
  await page.goto(baseUrl + VIEW);
  await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(async (blocks) => {
    const game = window.__game!;
    const ids = game.blocks();
    for (const [x, y, z, name] of blocks) game.editBlock(x, y, z, ids[name]!);
    game.look(Math.PI + 0.62, -0.28);
    await game.ready();
  }, houseBlocks());
  // Played as a player does: the mouse captured by a click on the start card, then E.
  await page.click('.start-button');
  await page.waitForFunction(() => document.pointerLockElement !== null);
  await page.evaluate(() => window.__game!.look(Math.PI + 0.62, -0.28)); // the click's mouse move turned the view
  await page.waitForTimeout(1500); // the HUD refreshes a few times a second, the toast fades
  const house = `${dir}/screenshot-house.png`;
  await page.screenshot({ path: house });
  await page.keyboard.press('KeyE');
  await page.locator('.inventory:not(.hidden)').waitFor();
  await page.locator('.inventory-item[aria-label="Glass"]').hover();
  await page.waitForTimeout(300);
  const inventory = `${dir}/screenshot-inventory.png`;
  await page.screenshot({ path: inventory });
  if (errors.length > 0) throw new Error(`console errors in the house shots: ${errors.join('\n')}`);
  await page.close();
  return [house, inventory];
}
