/**
 * Two tabs of the game on one saved world, in one browser context (so one IndexedDB and one
 * BroadcastChannel, as two tabs of one browser profile): each sees the other's edits as they
 * happen, both build the columns Node predicts with all of them, a tab that left the world and
 * comes back sees what the other tab built there meanwhile, its own edit in the same column
 * erases nothing of it, now or after a reload of either tab, and the list holds one world, not
 * one per tab (docs/architecture.md §8).
 *
 * A small world keeps two pages cheap on a machine without a GPU: no far regions (`far=0`),
 * render distance 2 (the least), a 640 × 400 viewport. Edits are high in the sky, air in every world.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Block, blockIndex, COLUMN_SIZE, columnOf, generateColumn, hashChunk, type BlockEdit } from '../../src/world';
import { LEGACY_LINK_PARAMS } from '../support/legacy-link';
import { useBrowserSuite } from '../support/browser-suite';
import { withTestView } from '../support/test-view';

const suite = useBrowserSuite();
const VIEWPORT = { width: 640, height: 400 };
const WORLD_W = '?seed=two-tabs-w&x=8&y=120&z=8&far=0&r=2';
const SKY = 200;

type Spot = { x: number; y: number; z: number };

/** Waits for a (re)loaded game page: its test API, then every column around the camera. */
async function gameReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => {
    window.__game!.setRenderDistance(2);
    return window.__game!.ready();
  });
}

/** A new tab in `context` on the game at `query`, its console errors failing the test. */
async function openTab(context: BrowserContext, query: string): Promise<Page> {
  const page = await context.newPage();
  suite.track(page);
  await page.goto(suite.app.url + withTestView(query));
  await gameReady(page);
  return page;
}

async function edit(page: Page, at: Spot, block: number): Promise<void> {
  expect(await page.evaluate(([x, y, z, b]) => window.__game!.editBlock(x!, y!, z!, b!), [at.x, at.y, at.z, block])).toBeNull();
}

const blocksAt = (page: Page, spots: Spot[]) => page.evaluate((list) => list.map(({ x, y, z }) => window.__game!.blockAt(x, y, z)), spots);
const flush = (page: Page) => page.evaluate(() => window.__game!.flush());
/** What Node generates for column (cx, cz) of world W with these edits in it (edits elsewhere ignored). */
function expectedHash(cx: number, cz: number, edits: BlockEdit[]): string {
  const column = generateColumn({ ...LEGACY_LINK_PARAMS, seed: 'two-tabs-w' }, cx, cz);
  for (const e of edits) if (columnOf(e.x) === cx && columnOf(e.z) === cz) column.blocks[blockIndex(e.x - cx * COLUMN_SIZE, e.y, e.z - cz * COLUMN_SIZE)] = e.block;
  return hashChunk(column);
}

const openWorldId = async (page: Page) => (await page.evaluate(() => window.__game!.worlds())).find((w) => w.current)!.id;

describe('two tabs', () => {
  it('each tab sees the other\'s edits, a tab that left a world and came back sees the other tab\'s edit there, and all survive a reload of either tab', async () => {
    const context = await suite.newContext({ viewport: VIEWPORT });
    const a = await openTab(context, WORLD_W);
    // An edit far from the others makes W the player's world (kept), as playing it would.
    const first = { x: 24, y: SKY, z: 24 };
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
    // And the other way, while both are on W: B's next edit reaches A as it happens.
    const fromB2 = { x: -9, y: SKY, z: 12 };
    await edit(b, fromB2, Block.Bricks);
    await expect.poll(() => blocksAt(a, [fromB2]), { timeout: 10_000 }).toEqual([Block.Bricks]);
    await flush(b);

    // Both tabs build the columns Node predicts with every edit in them.
    const edits = [{ ...first, block: Block.Sandstone }, { ...fromB, block: Block.Stone }, { ...fromA, block: Block.Log }, { ...fromB2, block: Block.Bricks }];
    const columns = [...new Set(edits.map((e) => `${columnOf(e.x)},${columnOf(e.z)}`))].map((k) => k.split(',').map(Number) as [number, number]);
    await Promise.all([a, b].map((page) => page.evaluate(() => window.__game!.ready())));
    const expectedHashes = columns.map(([cx, cz]) => expectedHash(cx, cz, edits));
    for (const page of [a, b]) expect(await page.evaluate((list) => list.map(([cx, cz]) => window.__game!.columnHash(cx!, cz!)), columns)).toEqual(expectedHashes);

    const expected = [Block.Sandstone, Block.Stone, Block.Log, Block.Bricks];
    for (const page of [b, a]) {
      await page.reload();
      await gameReady(page);
      expect(await openWorldId(page)).toBe(w);
      expect(await blocksAt(page, [first, fromB, fromA, fromB2])).toEqual(expected);
      expect(await page.evaluate(() => window.__game!.editCount())).toBe(4);
    }
    // One world, not one per tab (the world A only passed through is forgotten).
    await expect.poll(async () => (await a.evaluate(() => window.__game!.worlds())).map((listed) => listed.seed)).toEqual(['two-tabs-w']);
  });
});
