/**
 * The world session in Chromium: requests that change which worlds are on screen (a switch,
 * compare on and off) follow one another in the order asked, none is lost, and the pose of
 * the world being left never lands in another world's record. Real input where a player has
 * it: the panel's compare checkbox and Ctrl+Z / Ctrl+Shift+Z.
 *
 * One game page serves the whole file (one load instead of five): each test starts by putting
 * the page where it needs it (compare off, its own seed, pose and mode; see `enter`), and the
 * seeds differ, so the worlds one test saves never meet another's. The last test widens the
 * far distance and puts it back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Block } from '../../src/world';
import { useBrowserSuite } from '../support/browser-suite';
import { capture } from '../support/game-page';

const suite = useBrowserSuite();

/** The panel's compare checkbox, and its label, which a player clicks. */
const compareBox = (page: Page) => page.locator('.lil-gui .lil-controller', { has: page.locator('.lil-name', { hasText: 'compare both (swipe)' }) }).first().locator('input');
const compareLabel = (page: Page) => page.getByText('compare both (swipe)');

/** The page's first world: flat, so the edits below land on known ground. */
const FIRST = { seed: 'session-a', x: 0, y: 80, z: 0 };
const game = suite.sharedGame(`?seed=${FIRST.seed}&type=flat&x=${FIRST.x}&y=${FIRST.y}&z=${FIRST.z}`);

/**
 * Puts the shared page in the flat world `seed` (compare off, flying, at x y z, mouse free)
 * whatever the tests before left, as if it had been opened there; returns it.
 */
async function enter(seed: string, x: number, y: number, z: number): Promise<Page> {
  const page = game();
  await page.evaluate(() => document.exitPointerLock());
  await page.evaluate(
    async ([seed, x, y, z]) => {
      const g = window.__game!;
      g.setCompare(false);
      if (g.params().seed !== seed) g.setSeed(seed);
      await g.ready();
      g.setMode('fly');
      g.teleport(x, y, z);
      await g.ready();
    },
    [seed, x, y, z] as const,
  );
  return page;
}

describe('the world session', () => {
  it('compare off right after compare on leaves compare off, whether asked in one breath or by two clicks', async () => {
    // The test view is wide enough that the panel starts unfolded, as on a laptop.
    const page = await enter(FIRST.seed, FIRST.x, FIRST.y, FIRST.z);
    const asked = await page.evaluate(async () => {
      const g = window.__game!;
      g.setCompare(true);
      g.setCompare(false); // while the other world's edits are still being read
      await g.ready();
      return g.compare();
    });
    expect(asked.on).toBe(false);
    expect(asked.sides).toHaveLength(1);
    const box = compareBox(page);
    await compareLabel(page).click();
    await compareLabel(page).click();
    await page.evaluate(() => window.__game!.ready());
    const clicked = await page.evaluate(() => window.__game!.compare());
    expect(clicked.on).toBe(false);
    expect(clicked.sides).toHaveLength(1);
    expect(await box.isChecked()).toBe(false);
    expect(await page.locator('.compare').isHidden()).toBe(true);
  });

  it('a compare toggle during a world switch drops neither, and openWorld resolves with its own world on screen', async () => {
    const page = await enter('session-b', 0, 80, 0);
    // A second saved world to open.
    const other = await page.evaluate(async () => {
      const g = window.__game!;
      g.setSeed('session-c');
      await g.ready();
      g.editBlock(3, 70, 3, 2); // an edit (stone) keeps it in the list
      await g.flush();
      const id = (await g.worlds()).find((w) => w.seed === 'session-c')!.id;
      g.setSeed('session-b');
      await g.ready();
      return id;
    });
    const result = await page.evaluate(async (id) => {
      const g = window.__game!;
      const opening = g.openWorld(id);
      g.setCompare(true); // while the world's edits are being read
      await opening;
      const seedWhenOpened = g.params().seed;
      await g.ready();
      return { seedWhenOpened, seed: g.params().seed, compare: g.compare() };
    }, other);
    expect(result.seedWhenOpened).toBe('session-c');
    expect(result.seed).toBe('session-c');
    expect(result.compare.on).toBe(true);
    expect(result.compare.sides.map((s) => s.noise)).toEqual(['perlin', 'simplex']);
    // Compare mode came with the switch, and the page knows: the divider is up.
    await expect.poll(() => page.locator('.compare').isVisible()).toBe(true);
    expect(await page.locator('#app').getAttribute('class')).toContain('comparing');
  });

  it('opening saved worlds puts each pose in its own world: back in a world left walking, the player walks where they stood', async () => {
    const page = await enter('session-d', 100, 80, 100);
    const ids = await page.evaluate(async () => {
      const g = window.__game!;
      g.editBlock(100, 66, 101, 2); // stone: an edit keeps world D in the list once left
      // World E, left by a walking player far from here.
      g.setSeed('session-e');
      await g.ready();
      g.teleport(-3000, 70, -3000);
      g.setMode('walk');
      g.editBlock(-3000, 66, -3001, 2); // stone: an edit keeps it in the list
      await g.flush();
      await g.ready();
      const list = await g.worlds();
      const e = list.find((w) => w.seed === 'session-e')!.id;
      // Back to D by its record, flying, at x = 100.
      const d = list.find((w) => w.seed === 'session-d')!.id;
      await g.openWorld(d);
      g.setMode('fly');
      g.teleport(100, 80, 100);
      await g.flush();
      return { d, e };
    });
    // Open E: the player is back where they left it, walking (a mode switch saves the pose at
    // once: it must land in E, not in the world being left), and D keeps its own pose.
    await page.evaluate((e) => window.__game!.openWorld(e), ids.e);
    const inE = await page.evaluate(() => ({ camera: window.__game!.stats().camera, mode: window.__game!.player().mode }));
    expect(inE.camera.x).toBeCloseTo(-3000, 0);
    expect(inE.mode).toBe('walk');
    await page.evaluate(() => window.__game!.flush());
    const stored = await page.evaluate(async (d) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('voxel-terrain-sandbox');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const record = await new Promise<{ camera: { x: number } | null; mode: string }>((resolve, reject) => {
        const get = db.transaction('worlds').objectStore('worlds').get(d);
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => reject(get.error);
      });
      db.close();
      return record;
    }, ids.d);
    expect(stored.camera?.x).toBeCloseTo(100, 0);
    expect(stored.mode).toBe('fly');
  });

  it('redo refuses to put a block back inside the player (Ctrl+Z twice, Ctrl+Shift+Z)', async () => {
    const page = await enter('session-f', 8.5, 70, 8.5);
    const ground = await page.evaluate(async () => {
      const g = window.__game!;
      g.setMode('walk');
      await g.ready();
      // Stand still until the body rests on the ground.
      for (let i = 0; i < 200 && !g.player().onGround; i++) await new Promise((r) => requestAnimationFrame(r));
      return Math.round(g.player().y);
    });
    // A two-block tower where the player stands, built while they stand beside it, then
    // climbed onto; its undo leaves the player standing in its place.
    await page.evaluate(([y, stone]) => {
      const g = window.__game!;
      g.teleport(10.5, y + 1.62, 8.5);
      g.editBlock(8, y, 8, stone);
      g.editBlock(8, y + 1, 8, stone);
      g.teleport(8.5, y + 2 + 1.62, 8.5);
    }, [ground, Block.Stone] as const);
    await capture(page, { x: 320, y: 200 });
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.waitForFunction((y) => Math.round(window.__game!.player().y) === y, ground);
    await page.keyboard.press('Control+Shift+z');
    const after = await page.evaluate((y) => ({ low: window.__game!.blockAt(8, y, 8), high: window.__game!.blockAt(8, y + 1, 8), feet: window.__game!.player().y }), ground);
    expect(after.low).toBe(Block.Air);
    expect(after.high).toBe(Block.Air);
    expect(after.feet).toBeCloseTo(ground, 0);
    await expect.poll(() => page.locator('.toast').allInnerTexts()).toContainEqual(expect.stringMatching(/would put a block where you stand/));
  });
});

describe('loading counts', () => {
  it('the start card and the loading bar count the same things in the same words', async () => {
    const page = await enter('session-g', 0, 80, 0);
    await page.evaluate(async () => {
      const g = window.__game!;
      g.setFarDistance(16); // far regions counted too
      await g.ready();
      g.teleport(40000, 90, 40000); // everything around the camera is missing now
    });
    // Read both in one go while the bar is up: the frame writes them together.
    const texts = await (
      await page.waitForFunction(() => {
        const bar = document.querySelector('.progress')!;
        if (bar.classList.contains('hidden')) return null;
        return { bar: bar.querySelector('.progress-label')!.textContent!, card: document.querySelector('.overlay-status')!.textContent! };
      })
    ).jsonValue();
    const counts = texts!.bar.replace('Loading terrain: ', '');
    expect(counts).toMatch(/^\d+ \/ \d+ columns, \d+ \/ \d+ far regions$/);
    expect(texts!.card).toBe(`Loading terrain… ${counts}`);
    await page.evaluate(() => window.__game!.setFarDistance(0)); // back to the test view's
  });
});
