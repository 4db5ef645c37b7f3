/**
 * Saved worlds in a real browser: what the player builds is in IndexedDB within moments and
 * comes back after a reload, a closed tab, an export and import, or a schema upgrade; undo
 * is saved like any edit; a bad import file changes nothing and says why; the game reopens
 * the last world where the player left it (two tabs on one world: two-tabs.test.ts);
 * the worlds list keeps the worlds with edits and forgets the seeds merely tried.
 *
 * Every test gets its own browser context (so its own, empty IndexedDB) and opens pages in
 * it: pages of one context share storage, as tabs of one browser profile do.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WORLD_FILE_VERSION, type WorldRecord } from '../../src/storage';
import { Block, blockIndex, COLUMN_SIZE, columnOf, generateColumn, hashChunk, worldParamsKey, type BlockEdit, type WorldParams } from '../../src/world';
import { LEGACY_LINK_PARAMS } from '../support/legacy-link';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { capture, centreOf, frames, gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW } from '../support/test-view';

const suite = useBrowserSuite();
const CENTRE = centreOf(DEFAULT_TEST_VIEW.viewport);
/** High in the sky: air in every world, so an edit there never meets terrain. */
const SKY = 200;

type Spot = { x: number; y: number; z: number };
type Column = [cx: number, cz: number];

/** A new browser context: a fresh profile, with nothing saved; closed after the test. */
const newContext = (): Promise<BrowserContext> => suite.newContext({ viewport: DEFAULT_TEST_VIEW.viewport });

/** A new tab in `context` on the game at `query`, its console errors failing the test. */
const open = (context: BrowserContext, query: string): Promise<Page> => suite.openGame(query, { context });

/**
 * The records of one store of the game's database, read through a connection of the test's
 * own: what is on disk, whatever the game holds in memory. The database must exist already.
 */
const storedRecords = <T>(page: Page, store: 'worlds' | 'columns') =>
  page.evaluate((name) => new Promise<unknown[]>((resolve, reject) => {
    const request = indexedDB.open('voxel-terrain-sandbox');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const all = db.transaction(name, 'readonly').objectStore(name).getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result);
      };
      all.onerror = () => {
        db.close();
        reject(all.error);
      };
    };
  }), store) as Promise<T[]>;

const ready = (page: Page) => page.evaluate(() => window.__game!.ready());
const flush = (page: Page) => page.evaluate(() => window.__game!.flush());
const worlds = (page: Page) => page.evaluate(() => window.__game!.worlds());
const editCount = (page: Page) => page.evaluate(() => window.__game!.editCount());
const seedOf = async (page: Page) => (await page.evaluate(() => window.__game!.params())).seed;

async function edit(page: Page, at: Spot, block: number): Promise<void> {
  expect(await page.evaluate(([x, y, z, b]) => window.__game!.editBlock(x!, y!, z!, b!), [at.x, at.y, at.z, block])).toBeNull();
}

/** The blocks at these spots, as the game sees them now. */
const blocksAt = (page: Page, spots: Spot[]) => page.evaluate((list) => list.map(({ x, y, z }) => window.__game!.blockAt(x, y, z)), spots);

/** The hashes of these columns, each one loaded. */
async function hashesOf(page: Page, columns: Column[]): Promise<string[]> {
  const hashes = await page.evaluate((list) => list.map(([cx, cz]) => window.__game!.columnHash(cx, cz)), columns);
  for (const [i, h] of hashes.entries()) expect(h, `column ${columns[i]!.join(',')} loaded`).toMatch(/^[0-9a-f]+$/);
  return hashes as string[];
}

/** What Node generates for this column with these edits in it (edits elsewhere ignored). */
function expectedHash(params: WorldParams, [cx, cz]: Column, edits: BlockEdit[]): string {
  const column = generateColumn(params, cx, cz);
  for (const e of edits) if (columnOf(e.x) === cx && columnOf(e.z) === cz) column.blocks[blockIndex(e.x - cx * COLUMN_SIZE, e.y, e.z - cz * COLUMN_SIZE)] = e.block;
  return hashChunk(column);
}

const columnAt = (s: Spot): Column => [columnOf(s.x), columnOf(s.z)];

/** Highest non-air block at (x, z) as the game sees it. */
const topAt = (page: Page, x: number, z: number) =>
  page.evaluate(([bx, bz]) => {
    for (let y = 255; y > 0; y--) if (window.__game!.blockAt(bx!, y, bz!) !== 0) return y;
    return 0;
  }, [x, z]);

/** Puts the eye at (x + 0.5, eyeY, z + 0.5) looking straight down (setup, not play). */
async function lookDownAt(page: Page, x: number, eyeY: number, z: number): Promise<void> {
  await page.evaluate(([ex, ey, ez]) => {
    window.__game!.teleport(ex!, ey!, ez!);
    window.__game!.look(0, -Math.PI / 2);
  }, [x + 0.5, eyeY, z + 0.5]);
  await frames(page, 3); // the game re-aims in its frame callback
}

/** The newest message shown to the player. */
/** Whether nothing covers the element: it is what the page hit-tests at its corners and centre. */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).last().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
    return r.width > 0 && points.every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
  });

/**
 * Records the text of every message the page shows from its next navigation on (messages
 * leave the screen after a few seconds, possibly before the world has loaded).
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) if (node instanceof HTMLElement && node.classList.contains('toast')) seen.push(node.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

describe('saved worlds', () => {
  it('blocks broken and placed with the mouse and set by the API come back after a reload, column hashes and all', async () => {
    const context = await newContext();
    // Two land columns of the world "voxel" with open sky above (heights from terrainFor: 66 and 65).
    const dig = { x: 60, z: 40 };
    const build = { x: 70, z: 50 };
    const page = await open(context, `?seed=voxel&x=${dig.x + 0.5}&y=110&z=${dig.z + 0.5}`);
    await capture(page, CENTRE);

    const digTop = await topAt(page, dig.x, dig.z);
    expect(await blocksAt(page, [{ ...dig, y: digTop }])).toEqual([Block.Grass]);
    await lookDownAt(page, dig.x, digTop + 6.5, dig.z);
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'left' });
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 0, [dig.x, digTop, dig.z]);

    const buildTop = await topAt(page, build.x, build.z);
    expect(await blocksAt(page, [{ ...build, y: buildTop }])).not.toEqual([Block.Water]);
    await lookDownAt(page, build.x, buildTop + 6.5, build.z);
    await page.keyboard.press('Digit7'); // log
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 9, [build.x, buildTop + 1, build.z]);

    // And two through the API: one beside the dug block, one in a column of its own.
    const apiEdits: BlockEdit[] = [
      { x: dig.x + 1, y: SKY, z: dig.z, block: Block.Stone },
      { x: 54, y: SKY, z: 50, block: Block.Dirt }, // beside the build's column: both in view from there
    ];
    for (const e of apiEdits) await edit(page, e, e.block);
    const edits: BlockEdit[] = [{ ...dig, y: digTop, block: Block.Air }, { ...build, y: buildTop + 1, block: Block.Log }, ...apiEdits];
    expect(await editCount(page)).toBe(4);
    expect(await blocksAt(page, edits)).toEqual(edits.map((e) => e.block));

    await flush(page);
    await ready(page); // every edited column re-meshed
    const columns: Column[] = [columnAt(edits[0]!), columnAt(edits[1]!), columnAt(edits[3]!)];
    const hashes = await hashesOf(page, columns);
    // The hashes are of the edited columns, exactly as Node builds them with the edits.
    expect(hashes).toEqual(columns.map((c) => expectedHash(LEGACY_LINK_PARAMS, c, edits)));

    await page.reload();
    await gameReady(page);
    expect(await seedOf(page)).toBe('voxel');
    expect(await blocksAt(page, edits)).toEqual(edits.map((e) => e.block));
    expect(await editCount(page)).toBe(4);
    expect(await hashesOf(page, columns)).toEqual(hashes);
  });

  it('an edit is saved by itself, with no flush, and is there when the world is opened again after the tab closes', async () => {
    const context = await newContext();
    const query = '?seed=durable&x=8&y=120&z=8';
    const first = await open(context, query);
    const at = { x: 3, y: SKY, z: -5 };
    await edit(first, at, Block.Stone);
    // No flush: the game must save it by itself, moments after the edit (its column's record
    // appears on disk), without waiting for the tab to close.
    await expect.poll(async () => (await storedRecords(first, 'columns')).length).toBeGreaterThan(0);
    const closed = new Promise((resolve) => first.once('close', resolve));
    await first.close({ runBeforeUnload: true });
    await closed;

    const second = await open(context, query);
    expect(await blocksAt(second, [at])).toEqual([Block.Stone]);
    expect(await editCount(second)).toBe(1);
    expect((await worlds(second)).map((w) => [w.seed, w.edits])).toEqual([['durable', 1]]);
  });

  it('undo and redo with Ctrl+Z and Ctrl+Shift+Z are saved: the reload shows the state after them', async () => {
    const context = await newContext();
    const page = await open(context, '?seed=undo&x=8&y=120&z=8');
    // The third block in a column of its own: undoing it must empty that column's record.
    const spots = [
      { x: 2, y: SKY, z: 2 },
      { x: 3, y: SKY, z: 2 },
      { x: 40, y: SKY, z: -30 },
    ];
    for (const s of spots) await edit(page, s, Block.Log);
    expect(await blocksAt(page, spots)).toEqual([Block.Log, Block.Log, Block.Log]);

    await capture(page, CENTRE);
    await page.keyboard.press('Control+KeyZ');
    await page.keyboard.press('Control+KeyZ');
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 0, [spots[1]!.x, spots[1]!.y, spots[1]!.z]);
    expect(await blocksAt(page, spots)).toEqual([Block.Log, Block.Air, Block.Air]);
    await page.keyboard.press('Control+Shift+KeyZ');
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 9, [spots[1]!.x, spots[1]!.y, spots[1]!.z]);
    expect(await blocksAt(page, spots)).toEqual([Block.Log, Block.Log, Block.Air]);
    expect(await editCount(page)).toBe(2);

    await flush(page);
    await page.reload();
    await gameReady(page);
    expect(await blocksAt(page, spots)).toEqual([Block.Log, Block.Log, Block.Air]);
    expect(await editCount(page)).toBe(2);
    expect((await worlds(page)).find((w) => w.current)?.edits).toBe(2);
  });

  it('a world exported, deleted and imported again has the same blocks and column hashes', async () => {
    const context = await newContext();
    const page = await open(context, '?seed=export&x=8&y=120&z=8');
    const groundY = await topAt(page, 8, 8);
    const spots: Spot[] = [
      { x: 8, y: groundY, z: 8 }, // dug out
      { x: 3, y: SKY, z: 5 },
      { x: -4, y: SKY + 1, z: -9 },
      { x: 20, y: SKY + 5, z: -3 },
    ];
    const placed = [Block.Air, Block.Stone, Block.Log, Block.Dirt];
    for (const [i, s] of spots.entries()) await edit(page, s, placed[i]!);
    await flush(page);
    await ready(page);
    const columns: Column[] = [[0, 0], [-1, -1], [1, -1]];
    const blocks = await blocksAt(page, spots);
    expect(blocks).toEqual(placed);
    const hashes = await hashesOf(page, columns);

    const firstId = (await worlds(page)).find((w) => w.current)!.id;
    await expect(page.evaluate((id) => window.__game!.deleteWorld(id), firstId)).rejects.toThrow(/open/);

    const text = await page.evaluate(() => window.__game!.exportWorld());
    const file = JSON.parse(text) as { format: string; version: number; world: { name: string; params: WorldParams }; edits: { count: number; columns: number } };
    expect(file.format).toBe('voxel-terrain-sandbox/world');
    expect(file.version).toBe(WORLD_FILE_VERSION);
    expect(file.world.params.seed).toBe('export');
    expect(file.edits).toMatchObject({ count: 4, columns: 3 });

    await page.evaluate(() => {
      window.__game!.setSeed('other');
      return window.__game!.ready();
    });
    await page.evaluate((id) => window.__game!.deleteWorld(id), firstId);
    expect((await worlds(page)).map((w) => w.id)).not.toContain(firstId);

    const importedId = await page.evaluate((t) => window.__game!.importWorld(t), text);
    expect(importedId).toEqual(expect.any(String));
    expect(importedId).not.toBe(firstId);
    // Found by its words, not as the newest toast: "Ready to play offline." may come after it.
    await expect.poll(() => page.locator('.toasts .toast', { hasText: /^Imported / }).allTextContents()).toEqual([expect.stringMatching(/Imported .*4 edits/)]);
    const listed = (await worlds(page)).find((w) => w.id === importedId);
    expect(listed).toMatchObject({ seed: 'export', edits: 4, current: false });

    await page.evaluate((id) => window.__game!.openWorld(id), importedId!);
    await ready(page);
    expect(await seedOf(page)).toBe('export');
    expect(await editCount(page)).toBe(4);
    expect(await blocksAt(page, spots)).toEqual(blocks);
    // Wherever the file put the camera, look at the edited columns from where they were made.
    await page.evaluate(() => {
      window.__game!.teleport(8, 120, 8);
      return window.__game!.ready();
    });
    expect(await hashesOf(page, columns)).toEqual(hashes);
    await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    await page.screenshot({ path: `${SHOTS}/worlds-imported.png` });
  });

  it('a corrupted or foreign import file is refused with a reason, and no world changes', async () => {
    const context = await newContext();
    const page = await open(context, '?seed=corrupt&x=8&y=120&z=8');
    const spots = [{ x: 1, y: SKY, z: 1 }, { x: -20, y: SKY, z: 7 }];
    for (const s of spots) await edit(page, s, Block.Stone);
    await flush(page);
    const text = await page.evaluate(() => window.__game!.exportWorld());
    const before = await worlds(page);
    expect(before.map((w) => [w.seed, w.edits, w.current])).toEqual([['corrupt', 2, true]]);

    const doc = JSON.parse(text) as { version: number; format: string; edits: { data: string } };
    const newer = JSON.stringify({ ...doc, version: 99 });
    const foreign = text.replace('"voxel-terrain-sandbox/world"', '"some-other-game/world"');
    // A block id no game version has: unpack the edits, change one block byte, pack them again.
    const payload = gunzipSync(Buffer.from(doc.edits.data, 'base64'));
    payload[12 + 2] = 200; // the first column's header is 12 bytes; an edit is x|z, y, block
    const unknownBlock = JSON.stringify({ ...doc, edits: { ...doc.edits, data: gzipSync(payload).toString('base64') } });
    const cases: { name: string; data: string | number[]; reason: RegExp }[] = [
      { name: 'PNG bytes', data: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3], reason: /not a voxel-terrain-sandbox world/ },
      { name: 'cut in half', data: text.slice(0, Math.floor(text.length / 2)), reason: /damaged.*cut short/ },
      { name: 'version 99', data: newer, reason: /newer version of the game/ },
      { name: 'another format', data: foreign, reason: /not a voxel-terrain-sandbox world/ },
      { name: 'unknown block id', data: unknownBlock, reason: /block this game does not know.*block id 200/ },
    ];
    for (const c of cases) {
      const id = await page.evaluate((data) => window.__game!.importWorld(typeof data === 'string' ? data : new Uint8Array(data)), c.data);
      expect(id, c.name).toBeNull();
      // The newest error, not the newest toast: the service worker's "Ready to play offline."
      // may land at any moment of the test. Consecutive cases give different reasons, so a
      // match is this case's own message, shown as an error.
      const toast = page.locator('.toasts .toast-error').last();
      expect(await toast.isVisible(), c.name).toBe(true);
      // Readable in full: not under the settings panel, which is open beside the start screen.
      expect(await uncovered(page, '.toasts .toast-error'), `${c.name}: message uncovered`).toBe(true);
      expect(await toast.textContent(), c.name).toMatch(new RegExp(`^Import failed: .*${c.reason.source}`));
      expect(await worlds(page), c.name).toEqual(before);
    }
    expect(await editCount(page)).toBe(2);
    expect(await blocksAt(page, spots)).toEqual([Block.Stone, Block.Stone]);
    await page.screenshot({ path: `${SHOTS}/worlds-import-refused.png` });
  });

  it('opening the game without a link goes back to the last world played, where the player stood, walking as they were', async () => {
    const context = await newContext();
    // An earlier world with an edit, so there is another world to (wrongly) go back to.
    const page = await open(context, '?seed=last-B&x=8&y=120&z=8');
    await edit(page, { x: 0, y: SKY, z: 0 }, Block.Stone);
    await flush(page);

    // Land in "last-A" (ground at 77 by terrainFor): the walking player stands still there.
    await page.goto(suite.gameUrl('?seed=last-A&x=40.5&y=110&z=40.5'));
    await gameReady(page);
    const yaw = 1.1;
    const pitch = -0.3;
    await page.evaluate(([y, p]) => {
      window.__game!.setMode('walk');
      window.__game!.look(y!, p!);
    }, [yaw, pitch]);
    await expect.poll(() => page.evaluate(() => window.__game!.player().onGround)).toBe(true);
    const stood = await page.evaluate(() => window.__game!.stats().camera);
    expect(stood.y).toBeLessThan(100); // it fell: the position saved is not the link's
    // The game saves where the player is every second or so while it changes, and again on
    // leaving; wait until the standing position is on disk, as a player would have left it.
    await expect.poll(async () => {
      const saved = (await storedRecords<WorldRecord>(page, 'worlds')).find((w) => w.params.seed === 'last-A');
      return saved?.camera !== null && saved?.camera !== undefined && Math.abs(saved.camera.y - stood.y) < 0.5 && saved.mode === 'walk';
    }).toBe(true);
    await page.goto('about:blank'); // leaving: pagehide saves the camera

    // No world in the link (only the test's view distances): the last world played opens.
    await page.goto(suite.gameUrl(''));
    await gameReady(page);
    expect(await seedOf(page)).toBe('last-A');
    const back = await page.evaluate(() => ({ camera: window.__game!.stats().camera, mode: window.__game!.player().mode }));
    expect(back.mode).toBe('walk');
    expect(Math.abs(back.camera.x - stood.x)).toBeLessThan(0.5);
    expect(Math.abs(back.camera.y - stood.y)).toBeLessThan(0.5);
    expect(Math.abs(back.camera.z - stood.z)).toBeLessThan(0.5);
    // The look direction is in the address the game writes (degrees).
    await page.waitForFunction(() => location.search.includes('yaw='));
    const url = new URLSearchParams(await page.evaluate(() => location.search));
    expect(Number(url.get('yaw'))).toBeCloseTo((yaw * 180) / Math.PI, 0);
    expect(Number(url.get('pitch'))).toBeCloseTo((pitch * 180) / Math.PI, 0);
    expect(url.get('mode')).toBe('walk');
  });

  it('edits saved by the previous version (schema 1) are migrated into worlds', async () => {
    const context = await newContext();
    const page = await context.newPage();
    suite.track(page);
    // The noise lab is the same origin and never opens the game's database.
    await page.goto(`${suite.app.url}lab.html`);
    const voxelKey = worldParamsKey(LEGACY_LINK_PARAMS);
    const olderKey = worldParamsKey({ ...LEGACY_LINK_PARAMS, seed: 'older' });
    const voxelEdits: BlockEdit[] = [
      { x: 5, y: SKY, z: 7, block: Block.Stone },
      { x: -3, y: SKY, z: -12, block: Block.Log },
      { x: -14, y: SKY + 3, z: 17, block: Block.Dirt },
      { x: 6, y: SKY, z: 7, block: Block.Stone },
    ];
    const records = [
      ...voxelEdits.map((e) => ({ world: voxelKey, ...e })),
      { world: olderKey, x: 1, y: SKY, z: 1, block: Block.Dirt },
      { world: voxelKey, x: 9, y: SKY, z: 9, block: 99 }, // no such block: skipped, with a warning
    ];
    const existing = await page.evaluate(async (list) => {
      const before = (await indexedDB.databases()).map((d) => d.name);
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('voxel-terrain-sandbox', 1);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore('edits', { keyPath: ['world', 'x', 'y', 'z'] });
          store.createIndex('world', 'world');
        };
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('edits', 'readwrite');
          for (const r of list) tx.objectStore('edits').put(r);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
      return before;
    }, records);
    expect(existing).toEqual([]);

    const toasts = await recordToasts(page);
    await page.goto(suite.gameUrl('?seed=voxel&x=8&y=120&z=8'));
    await gameReady(page);
    expect(await blocksAt(page, voxelEdits)).toEqual(voxelEdits.map((e) => e.block));
    expect(await blocksAt(page, [{ x: 9, y: SKY, z: 9 }])).toEqual([Block.Air]);
    expect(await editCount(page)).toBe(4);
    // The columns are built with the migrated edits, as Node builds them.
    const columns: Column[] = [[0, 0], [-1, -1], [-1, 1]];
    expect(await hashesOf(page, columns)).toEqual(columns.map((c) => expectedHash(LEGACY_LINK_PARAMS, c, voxelEdits)));
    const listed = (await worlds(page)).map(({ seed, edits, current }) => ({ seed, edits, current }));
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([
      { seed: 'voxel', edits: 4, current: true },
      { seed: 'older', edits: 1, current: false },
    ]));
    const messages = await toasts();
    expect(messages).toContain('Moved 5 saved edits into 2 worlds (open them from Worlds…)');
    expect(messages).toContain('1 old saved edit was unreadable and skipped');
    // The old store is gone: only the new schema remains.
    const stores = await page.evaluate(() => new Promise<string[]>((resolve, reject) => {
      const request = indexedDB.open('voxel-terrain-sandbox');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const names = [...request.result.objectStoreNames];
        request.result.close();
        resolve(names);
      };
    }));
    expect(stores.sort()).toEqual(['columns', 'meta', 'worlds']);
  });

  it('the worlds list marks the open world, keeps worlds with edits and forgets seeds only tried', async () => {
    const context = await newContext();
    const page = await open(context, '?seed=list-kept&x=8&y=120&z=8');
    await edit(page, { x: 4, y: SKY, z: 4 }, Block.Stone);
    await flush(page);
    const summary = async () => (await worlds(page)).map(({ seed, edits, current }) => ({ seed, edits, current })).sort((p, q) => p.seed.localeCompare(q.seed));
    expect(await summary()).toEqual([{ seed: 'list-kept', edits: 1, current: true }]);

    // A seed typed in the panel, like a player trying one out.
    const seedInput = page.locator('.lil-gui .lil-controller', { has: page.locator('.lil-name', { hasText: 'seed' }) }).first().locator('input');
    await seedInput.fill('list-tried');
    await seedInput.press('Enter');
    await page.waitForFunction(() => window.__game!.params().seed === 'list-tried');
    await ready(page);
    expect(await summary()).toEqual([
      { seed: 'list-kept', edits: 1, current: false },
      { seed: 'list-tried', edits: 0, current: true },
    ]);

    await page.evaluate(() => {
      window.__game!.setSeed('list-next');
      return window.__game!.ready();
    });
    expect(await summary()).toEqual([
      { seed: 'list-kept', edits: 1, current: false },
      { seed: 'list-next', edits: 0, current: true },
    ]);
    const names = (await worlds(page)).map((w) => w.name);
    // The link had no type=, so it opened a classic world, and the name says so.
    expect(names).toContain('Seed "list-kept" (classic)');
  });
});
