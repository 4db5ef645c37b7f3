/**
 * Two tabs of the game on one saved world, in one browser context (so one IndexedDB and one
 * BroadcastChannel, as two tabs of one browser profile): a tab that left the world and comes
 * back sees what the other tab built there meanwhile, and its own edit in the same column
 * erases nothing of it, now or after a reload of either tab (docs/architecture.md §8).
 *
 * A small world keeps two pages cheap on a machine without a GPU: no far regions (`far=0`),
 * render distance 4, a 640 × 400 viewport. Edits are high in the sky, air in every world.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Block } from '../../src/world';
import { useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();
const VIEWPORT = { width: 640, height: 400 };
const WORLD_W = '?seed=two-tabs-w&x=8&y=120&z=8&far=0&r=4';
const SKY = 200;

type Spot = { x: number; y: number; z: number };

/** Waits for a (re)loaded game page: its test API, then every column around the camera. */
async function gameReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => {
    window.__game!.setRenderDistance(4);
    return window.__game!.ready();
  });
}

/** A new tab in `context` on the game at `query`, its console errors failing the test. */
async function openTab(context: BrowserContext, query: string): Promise<Page> {
  const page = await context.newPage();
  suite.track(page);
  await page.goto(suite.app.url + query);
  await gameReady(page);
  return page;
}

async function edit(page: Page, at: Spot, block: number): Promise<void> {
  expect(await page.evaluate(([x, y, z, b]) => window.__game!.editBlock(x!, y!, z!, b!), [at.x, at.y, at.z, block])).toBeNull();
}

const blocksAt = (page: Page, spots: Spot[]) => page.evaluate((list) => list.map(({ x, y, z }) => window.__game!.blockAt(x, y, z)), spots);
const flush = (page: Page) => page.evaluate(() => window.__game!.flush());
const openWorldId = async (page: Page) => (await page.evaluate(() => window.__game!.worlds())).find((w) => w.current)!.id;

describe('two tabs', () => {
  it('a tab that left a world and came back sees the other tab\'s edit there, and both edits survive a reload of either tab', async () => {
    const context = await suite.newContext({ viewport: VIEWPORT });
    const a = await openTab(context, WORLD_W);
    // An edit far from the others makes W the player's world (kept), as playing it would.
    const first = { x: 40, y: SKY, z: 40 };
    await edit(a, first, Block.Sandstone);
    await flush(a);
    const b = await openTab(context, WORLD_W);
    const w = await openWorldId(a);
    expect(await openWorldId(b)).toBe(w);

    // A leaves W for another world.
    await a.evaluate(() => {
      window.__game!.setSeed('two-tabs-x');
      return window.__game!.ready();
    });
    expect(await openWorldId(a)).not.toBe(w);

    // B edits W while A is away.
    const fromB = { x: 3, y: SKY, z: 3 };
    await edit(b, fromB, Block.Stone);
    await flush(b);

    // A opens W again: B's edit is there, and A edits the same column (0, 0).
    await a.evaluate(async (id) => {
      await window.__game!.openWorld(id);
      await window.__game!.ready();
    }, w);
    expect(await openWorldId(a)).toBe(w);
    expect(await blocksAt(a, [fromB])).toEqual([Block.Stone]);
    const fromA = { x: 5, y: SKY, z: 5 };
    await edit(a, fromA, Block.Log);
    await flush(a);
    await expect.poll(() => blocksAt(b, [fromA]), { timeout: 10_000 }).toEqual([Block.Log]);

    const expected = [Block.Sandstone, Block.Stone, Block.Log];
    for (const page of [b, a]) {
      await page.reload();
      await gameReady(page);
      expect(await openWorldId(page)).toBe(w);
      expect(await blocksAt(page, [first, fromB, fromA])).toEqual(expected);
      expect(await page.evaluate(() => window.__game!.editCount())).toBe(3);
    }
  });
});
