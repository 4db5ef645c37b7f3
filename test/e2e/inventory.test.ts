/**
 * The creative inventory and the hotbar with real input: E opens the inventory, a click puts a
 * block in the selected slot, a drag puts one in any slot, a number key over a block puts it
 * in that slot, the search narrows the grid, E takes the mouse back and a right click places
 * the block; a middle click picks the aimed block; the hotbar is saved with the world.
 * `window.__game` only sets the scene up and reads state. One shared page, on a superflat
 * world (the smallest that shows the point). Screenshot: test-results/inventory-*.png.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOTBAR } from '../../src/storage';
import { Block, DOOR_OPEN, DOOR_UPPER, Facing } from '../../src/world';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { capture, centreOf, frames, gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW } from '../support/test-view';
import { decodePng } from './screenshot-stats';

const suite = useBrowserSuite();
let page: Page;
const CENTRE = centreOf(DEFAULT_TEST_VIEW.viewport);
/** Superflat: grass at y = 64 everywhere. */
const GROUND = 64;
const X = 8;
const Z = 8;

const hotbar = () => page.evaluate(() => window.__game!.hotbar());
const item = (name: string) => page.locator(`.inventory-item[aria-label="${name}"]`);

/**
 * The shared page ready for a test: the default hotbar with slot 1 selected, no edits, the eye
 * 6 blocks over (X, Z) looking straight down, and the mouse captured by a real click.
 */
async function play(): Promise<void> {
  if (await page.evaluate(() => window.__game!.hotbar().inventoryOpen)) await page.keyboard.press('Escape');
  if (await page.evaluate(() => document.pointerLockElement?.id === 'view')) await page.mouse.move(CENTRE.x, CENTRE.y);
  else await capture(page, CENTRE);
  await page.keyboard.press('Digit1');
  await page.evaluate(async ([x, y, z]) => {
    const game = window.__game!;
    while (game.editCount() > 0 && game.undo());
    game.teleport(x!, y!, z!);
    game.look(0, -Math.PI / 2);
    await game.ready();
  }, [X + 0.5, GROUND + 6, Z + 0.5]);
  await frames(page, 3); // the game aims in its frame callback
}

/** Puts the default blocks back in every slot through the inventory (drags onto each slot would be slow: number keys). */
async function resetHotbar(): Promise<void> {
  const blocks = (await hotbar()).blocks;
  if (blocks.every((b, i) => b === DEFAULT_HOTBAR[i])) return;
  await page.keyboard.press('KeyE');
  await expect.poll(() => hotbar().then((h) => h.inventoryOpen)).toBe(true);
  const names = await page.evaluate(() => Object.fromEntries(Object.entries(window.__game!.blocks()).map(([n, id]) => [id, n])));
  for (const [slot, block] of DEFAULT_HOTBAR.entries()) {
    const name = names[block]!;
    await item(name.charAt(0).toUpperCase() + name.slice(1)).hover();
    await page.keyboard.press(`Digit${slot + 1}`);
  }
  await page.keyboard.press('Escape');
}

describe('the creative inventory', () => {
  const shared = suite.sharedGame(`?type=flat&seed=inventory&x=${X + 0.5}&y=${GROUND + 6}&z=${Z + 0.5}`);
  beforeAll(() => {
    page = shared();
  });

  it('E opens it over the world; a click puts glass in the selected slot; E goes back to play and a right click places the glass', async () => {
    await play();
    await resetHotbar();
    await play();
    await page.keyboard.press('Digit3');
    await page.keyboard.press('KeyE');
    await expect.poll(() => hotbar().then((h) => h.inventoryOpen)).toBe(true);
    // The mouse is free for the grid, and neither the start screen nor the panel covers it.
    await page.waitForFunction(() => document.pointerLockElement === null);
    expect(await page.locator('.overlay').isHidden()).toBe(true);
    expect(await page.locator('.lil-gui.lil-root').evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
    expect(await page.locator('.inventory-item:not([hidden])').count()).toBeGreaterThanOrEqual(40);
    await item('Glass').click();
    expect((await hotbar()).blocks[2]).toBe(Block.Glass);
    expect(await page.locator('.hotbar-slot').nth(2).getAttribute('aria-label')).toBe('Glass');
    await page.screenshot({ path: `${SHOTS}/inventory-open.png` });

    await page.mouse.move(CENTRE.x, 40); // off the grid: E is not typed into anything
    await page.keyboard.press('KeyE');
    await page.waitForFunction(() => document.pointerLockElement?.id === 'view');
    expect((await hotbar()).inventoryOpen).toBe(false);
    expect(await page.locator('.overlay').isHidden()).toBe(true);
    await page.mouse.move(CENTRE.x, CENTRE.y);
    await page.evaluate(() => window.__game!.look(0, -Math.PI / 2)); // the moves above turned the view
    await frames(page, 3);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForFunction(([x, y, z, glass]) => window.__game!.blockAt(x!, y!, z!) === glass, [X, GROUND + 1, Z, Block.Glass]);
  });

  it('a drag puts a block in any slot, a number key over a block puts it in that slot, the search narrows the grid, Esc closes to the start screen', async () => {
    await play();
    await page.keyboard.press('KeyE');
    await expect.poll(() => hotbar().then((h) => h.inventoryOpen)).toBe(true);

    // Drag red wool onto slot 5 with the mouse.
    await page.locator('.inventory-tab', { hasText: 'Colours' }).click();
    const wool = (await item('Red wool').boundingBox())!;
    const slot5 = (await page.locator('.hotbar-slot').nth(4).boundingBox())!;
    await page.mouse.move(wool.x + wool.width / 2, wool.y + wool.height / 2);
    await page.mouse.down();
    await page.mouse.move(wool.x + wool.width / 2 + 20, wool.y + wool.height / 2 + 20, { steps: 4 });
    await page.mouse.move(slot5.x + slot5.width / 2, slot5.y + slot5.height / 2, { steps: 6 });
    expect(await page.locator('.hotbar-slot.drop-target').count()).toBe(1);
    await page.mouse.up();
    expect((await hotbar()).blocks[4]).toBe(Block.RedWool);
    expect(await page.locator('.inventory-ghost').count()).toBe(0);
    expect((await hotbar()).selected).toBe(0); // a drag does not change the selection

    // The search, across every category.
    await page.locator('.inventory-tab', { hasText: 'All' }).click();
    await page.locator('.inventory-search').fill('brick');
    expect(await page.locator('.inventory-item:not([hidden])').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')))).toEqual([
      'Stone bricks', 'Bricks', 'Stone brick slab', 'Brick slab', 'Stone brick stairs', 'Brick stairs',
    ]);
    await page.locator('.inventory-search').fill('no such thing');
    expect(await page.locator('.inventory-item:not([hidden])').count()).toBe(0);
    expect(await page.locator('.inventory-empty').textContent()).toContain('no such thing');
    await page.locator('.inventory-search').fill('');
    await page.locator('.inventory-search').press('Enter'); // leaves the box: keys are the inventory's again

    // A number key with the pointer over a block puts it in that slot.
    await item('Bookshelf').hover();
    await page.keyboard.press('Digit9');
    expect((await hotbar()).blocks[8]).toBe(Block.Bookshelf);

    await page.keyboard.press('Escape');
    expect((await hotbar()).inventoryOpen).toBe(false);
    await page.locator('.overlay').waitFor({ state: 'visible' }); // the mouse is given back on a click only
  });

  it('a middle click picks the aimed block: the slot holding it is selected, else it goes into the selected slot', async () => {
    await play();
    await resetHotbar(); // grass in slot 3
    await play();
    await page.evaluate(([x, y, z, bricks]) => window.__game!.editBlock(x!, y!, z!, bricks!), [X, GROUND + 1, Z, Block.Bricks]); // under the eye
    await frames(page, 3);
    await page.keyboard.press('Digit2');
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'middle' });
    await expect.poll(() => hotbar().then((h) => h.blocks[1])).toBe(Block.Bricks);
    expect((await hotbar()).selected).toBe(1);
    // Grass is in slot 3 already: picking it selects that slot and changes no block.
    await page.evaluate(() => window.__game!.undo());
    await frames(page, 3);
    const before = (await hotbar()).blocks;
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'middle' });
    await expect.poll(() => hotbar().then((h) => h.selected)).toBe(2);
    expect((await hotbar()).blocks).toEqual(before);
  });

  /**
   * Walk mode, feet on the grass at (X, Z), looking along `yaw` and down at the ground two
   * blocks ahead, with `name` from the inventory's Shapes tab in slot 1.
   */
  async function standWith(name: string, yaw: number): Promise<void> {
    await play();
    await page.keyboard.press('KeyE');
    await expect.poll(() => hotbar().then((h) => h.inventoryOpen)).toBe(true);
    await page.locator('.inventory-tab', { hasText: 'Shapes' }).click();
    await item(name).click();
    await page.mouse.move(CENTRE.x, 40);
    await page.keyboard.press('KeyE');
    await page.waitForFunction(() => document.pointerLockElement?.id === 'view');
    await page.mouse.move(CENTRE.x, CENTRE.y);
    await page.evaluate(async ([x, y, z, yaw]) => {
      const game = window.__game!;
      game.setMode('walk');
      game.teleport(x!, y!, z!);
      // Eye 1.62 over the feet: down at the ground's top two blocks ahead.
      game.look(yaw!, -Math.atan2(1.62, 2));
      await game.ready();
    }, [X + 0.5, GROUND + 1 + 1.62, Z + 0.5, yaw]); // the eye, 1.62 over the feet
    await page.waitForFunction(() => window.__game!.player().onGround);
    await frames(page, 3);
  }

  /**
   * Holds W (only) until `done` reads true of the player `p`, or `ms` pass; returns the player
   * as it was the moment `done` held (or at the end). Read at that moment, in the page: a
   * reading after the key is let go comes some steps later, and on a loaded machine the body
   * had walked on past the block the test stood it on (CI saw it fall off the far side).
   */
  async function walkUntil(done: string, ms: number) {
    await page.keyboard.down('KeyW');
    const seen = await page
      .waitForFunction(`(() => { const p = window.__game.player(); return (${done}) ? p : null; })()`, undefined, { timeout: ms })
      .then((handle) => handle.jsonValue() as Promise<ReturnType<NonNullable<typeof window.__game>['player']>>)
      .catch(() => null);
    await page.keyboard.up('KeyW');
    return seen ?? page.evaluate(() => window.__game!.player());
  }

  it('stairs are placed facing the way the player looks, and W alone walks up them onto a block', async () => {
    const east = -Math.PI / 2;
    await standWith('Oak stairs', east);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForFunction(([x, y, z, id]) => window.__game!.blockAt(x!, y!, z!) === id, [X + 2, GROUND + 1, Z, Block.OakStairs]);
    // Facing east: the high step stands on the far side, so walking east climbs it.
    expect(await page.evaluate(([x, y, z]) => window.__game!.blockStateAt(x!, y!, z!), [X + 2, GROUND + 1, Z])).toBe(Facing.East);
    // A block to climb onto and a wall behind it, which keeps the player on that block however
    // far a slow frame carries them: on a loaded machine the first reading past x 11.3 once
    // found the player at y 65.19, which only a fall past the block's far edge explains.
    await page.evaluate(([x, y, z, stone]) => {
      window.__game!.editBlock(x!, y!, z!, stone!);
      window.__game!.editBlock(x! + 1, y! + 1, z!, stone!);
    }, [X + 3, GROUND + 1, Z, Block.Stone]);
    await frames(page, 3);
    await page.screenshot({ path: `${SHOTS}/inventory-stairs.png` });
    // No jump: a block is higher than a step (0.6), so only the stairs can have lifted the player.
    const p = await walkUntil(`p.x > ${X + 3.3}`, 8000);
    expect(p.x).toBeGreaterThan(X + 3.3);
    expect(p.y).toBe(GROUND + 2);
  });

  it('a door opens and closes with right clicks, stops the player when closed and lets them through when open', async () => {
    const south = Math.PI;
    await standWith('Oak door', south);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForFunction(([x, y, z, id]) => window.__game!.blockAt(x!, y!, z!) === id, [X, GROUND + 2, Z + 2, Block.OakDoor]);
    const stateAt = () => page.evaluate(([x, y, z]) => window.__game!.blockStateAt(x!, y!, z!), [X, GROUND + 1, Z + 2]);
    expect(await stateAt()).toBe(Facing.South);
    // Closed: walking into it for a while leaves the player in front of it.
    let p = await walkUntil(`p.z > ${Z + 3}`, 1500);
    expect(p.z).toBeLessThan(Z + 3);
    // Aim at the door (level, straight ahead) and open it.
    await page.evaluate(() => window.__game!.look(Math.PI, 0));
    await frames(page, 3);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await expect.poll(stateAt).toBe(Facing.South | DOOR_OPEN);
    expect(await page.evaluate(([x, y, z]) => window.__game!.blockStateAt(x!, y!, z!), [X, GROUND + 2, Z + 2])).toBe(Facing.South | DOOR_OPEN | DOOR_UPPER);
    await page.screenshot({ path: `${SHOTS}/inventory-door-open.png` });
    p = await walkUntil(`p.z > ${Z + 3.5}`, 8000);
    expect(p.z).toBeGreaterThan(Z + 3.5);
    // Turn round to the open door, swung against the east side of its doorway, and close it.
    await page.evaluate(([x, z]) => {
      const p = window.__game!.player();
      window.__game!.look(Math.atan2(-(x! - p.x), -(z! - p.z)), 0);
    }, [X + 0.9, Z + 2.5]);
    await frames(page, 3);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await expect.poll(stateAt).toBe(Facing.South);
  });

  /** Mean brightness (0..255) of a centred square `size` pixels wide of a screenshot. */
  async function brightness(shot: string, size = 240): Promise<number> {
    const { width, height, channels, pixels } = decodePng(await page.screenshot({ path: `${SHOTS}/${shot}.png` }));
    let sum = 0;
    for (let y = (height - size) >> 1; y < (height + size) >> 1; y++) {
      for (let x = (width - size) >> 1; x < (width + size) >> 1; x++) {
        const i = (x + width * y) * channels;
        sum += (pixels[i]! + pixels[i + 1]! + pixels[i + 2]!) / 3;
      }
    }
    return sum / (size * size);
  }

  it('at night in a cave, a torch placed with a right click lights the walls around it, and breaking it makes them dark again', async () => {
    await play();
    // A room 7 x 3 x 7 dug under the grass: sealed, so no skylight reaches it.
    const floor = GROUND - 8;
    await page.evaluate(async ([x0, y0, z0]) => {
      const game = window.__game!;
      game.setTime(0);
      for (let y = y0! + 1; y <= y0! + 3; y++) for (let z = z0! - 3; z <= z0! + 3; z++) for (let x = x0! - 3; x <= x0! + 3; x++) game.editBlock(x, y, z, 0);
      game.teleport(x0! + 0.5, y0! + 3.5, z0! + 0.5);
      game.look(0, -Math.PI / 2);
      await game.ready();
    }, [X, floor, Z]);
    await frames(page, 3);
    expect(await page.evaluate(([x, y, z]) => window.__game!.lightAt(x!, y!, z!), [X, floor + 1, Z])).toEqual({ sky: 0, block: 0 });
    const dark = await brightness('torch-cave-dark');

    await page.keyboard.press('KeyE');
    await expect.poll(() => hotbar().then((h) => h.inventoryOpen)).toBe(true);
    await page.locator('.inventory-tab', { hasText: 'Light' }).click();
    await item('Torch').click();
    await page.mouse.move(CENTRE.x, 40);
    await page.keyboard.press('KeyE');
    await page.waitForFunction(() => document.pointerLockElement?.id === 'view');
    await page.mouse.move(CENTRE.x, CENTRE.y);
    await page.evaluate(() => window.__game!.look(0, -Math.PI / 2));
    await frames(page, 3);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForFunction(([x, y, z, torch]) => window.__game!.blockAt(x!, y!, z!) === torch, [X, floor + 1, Z, Block.Torch]);
    expect(await page.evaluate(([x, y, z]) => window.__game!.lightAt(x!, y!, z!), [X, floor + 1, Z])).toEqual({ sky: 0, block: 14 });
    // Re-meshed with the light: the floor around the torch is bright.
    await expect.poll(() => brightness('torch-cave-lit'), { timeout: 10_000 }).toBeGreaterThan(dark + 40);

    await page.evaluate(() => window.__game!.look(0, -Math.PI / 2));
    await frames(page, 3);
    await page.mouse.click(CENTRE.x, CENTRE.y);
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 0, [X, floor + 1, Z]);
    await page.waitForFunction(() => window.__game!.particles() === 0);
    await expect.poll(() => brightness('torch-cave-dark-again'), { timeout: 10_000 }).toBeLessThan(dark + 8);
    await page.evaluate(() => window.__game!.setTime(10));
  });

  it('the hotbar is saved with the world: after a reload the blocks put there are back', async () => {
    await play();
    const blocks = (await hotbar()).blocks;
    expect(blocks).not.toEqual([...DEFAULT_HOTBAR]); // the tests above changed it
    await page.evaluate(() => window.__game!.flush()); // the hotbar's record write included
    await page.reload();
    await gameReady(page);
    expect((await hotbar()).blocks).toEqual(blocks);
    await play();
    await resetHotbar();
    expect((await hotbar()).blocks).toEqual([...DEFAULT_HOTBAR]);
  });
});
