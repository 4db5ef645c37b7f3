/**
 * The README's building shots: a small house of the new blocks (stone-brick footing, oak-plank
 * walls with log corners, glass windows, an oak door, a roof edged with brick stairs, a slab
 * path, a log lying down, flowers, wool, ice, a bookshelf) built on a
 * superflat world through the test API, seen from outside; then the inventory opened with a
 * real E over the same view.
 */
import type { Browser } from 'playwright-core';
import { collectErrors } from '../../test/support/browser';

const VIEW = '?type=flat&seed=house&x=-6.5&y=71&z=13&mode=fly&r=4&far=0';
/** First layer above superflat's grass (y = 64). */
const GROUND = 65;

/** Stair facings (src/world/block-shapes.ts, Facing) and a door's upper half. */
const NORTH = 0;
const EAST = 1;
const SOUTH = 2;
const WEST = 3;
const UPPER = 16;

/** The house's blocks as [x, y, z, block name, state]. */
function houseBlocks(): [number, number, number, string, number][] {
  const out: [number, number, number, string, number][] = [];
  const roof = GROUND + 4;
  for (let x = 0; x <= 6; x++) {
    for (let z = 20; z <= 26; z++) {
      for (let y = GROUND; y <= roof; y++) {
        const wall = x === 0 || x === 6 || z === 20 || z === 26;
        const corner = (x === 0 || x === 6) && (z === 20 || z === 26);
        const doorway = x === 3 && z === 20 && y <= GROUND + 2 && y > GROUND;
        const window = y === GROUND + 2 && ((z === 20 && (x === 1 || x === 5)) || (x === 0 && (z === 22 || z === 23 || z === 24)));
        let name: string | null = null;
        let state = 0;
        if (y === GROUND) name = 'stone bricks';
        else if (y === roof) {
          // Brick stairs round the eaves, their high backs toward the middle; bricks inside.
          const edge = z === 20 ? SOUTH : z === 26 ? NORTH : x === 0 ? EAST : x === 6 ? WEST : -1;
          name = edge >= 0 ? 'brick stairs' : 'bricks';
          state = Math.max(edge, 0);
        } else if (corner) name = 'spruce log';
        else if (doorway) {
          name = 'oak door';
          state = NORTH | (y === GROUND + 2 ? UPPER : 0);
        } else if (window) name = 'glass';
        else if (wall) name = 'oak planks';
        if (name) out.push([x, y, z, name, state]);
      }
    }
  }
  // A slab path to the door, a log lying by the wall, wool, ice, a bookshelf inside, flowers.
  for (let z = 16; z <= 19; z++) out.push([3, GROUND, z, 'stone slab', 0]);
  out.push([-2, GROUND, 25, 'log', 1], [-1, GROUND, 25, 'log', 1]);
  out.push([-2, GROUND, 21, 'red wool', 0], [-2, GROUND, 22, 'yellow wool', 0], [-2, GROUND, 23, 'lime wool', 0], [-2, GROUND, 24, 'light blue wool', 0]);
  out.push([-3, GROUND, 27, 'ice', 0], [-3, GROUND, 28, 'ice', 0], [-4, GROUND, 27, 'ice', 0], [2, GROUND + 1, 23, 'bookshelf', 0], [8, GROUND, 21, 'cobblestone', 0], [8, GROUND, 22, 'mossy cobblestone', 0], [8, GROUND + 1, 21, 'cobblestone stairs', WEST]);
  const plants = ['poppy', 'dandelion', 'tall grass', 'cornflower', 'tall grass', 'fern', 'poppy', 'tall grass'];
  plants.forEach((name, i) => out.push([1 + (i % 2) * 4 + (i >> 1) % 2, GROUND, 18 - (i >> 2), name, 0]));
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
    for (const [x, y, z, name, state] of blocks) {
      const problem = game.editBlock(x, y, z, ids[name]!, state);
      if (problem) throw new Error(`${name} at (${x}, ${y}, ${z}): ${problem}`);
    }
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
