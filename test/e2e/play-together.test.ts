/**
 * Play together, end to end: a real game server (its own process, as `npm run server` runs it,
 * serving the built game) and two players in two browser profiles (contexts: their own
 * IndexedDB and localStorage). A shares its world with the Worlds dialog's button, B opens the
 * invite link; with real input A walks and places, B breaks; each sees the other. Then the
 * server is killed hard and started again on the same port and data: both pages reconnect by
 * themselves, an edit made while it was down is not lost, and every edit is still there.
 *
 * A small world keeps two pages cheap on a machine without a GPU: no far regions, render
 * distance 2, a 640 × 400 viewport.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Block } from '../../src/world';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { capture, centreOf, frames } from '../support/game-page';
import { freePort } from '../support/free-port';

const suite = useBrowserSuite();
const VIEWPORT = { width: 640, height: 400 };
const CENTRE = centreOf(VIEWPORT);
const ROOT = resolve(__dirname, '../..');
const WAIT = { timeout: 60_000 };

let server: ChildProcess | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'play-together-'));

/** The game server on `port` over `dataDir` (or TEST_DATABASE_URL), serving dist/; resolves once it listens. */
function startServer(port: number): Promise<ChildProcess> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: resolve(ROOT, 'dist'), REDIS_URL: undefined };
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // Node with tsx's loader, not the tsx command: a SIGKILL must reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let out = '';
    child.once('exit', (code) => fail(new Error(`the server exited (${code}): ${out}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`http://localhost:${port}/`)) done(child);
    });
  });
}

async function killServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

afterAll(async () => {
  await killServer();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  // While the server is down the browser logs each refused try to reach it: expected here.
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/ERR_CONNECTION_REFUSED|WebSocket connection to .* failed/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  suite.track(page, errors);
  await page.goto(url);
  await page.waitForFunction(() => window.__game !== undefined, undefined, WAIT);
  await page.evaluate(() => {
    window.__game!.setRenderDistance(2);
    return window.__game!.ready();
  });
  return page;
}

const topAt = (page: Page, x: number, z: number) =>
  page.evaluate(([bx, bz]) => {
    for (let y = 200; y > 0; y--) if (window.__game!.blockAt(bx!, y, bz!) !== 0) return y;
    return 0;
  }, [x, z]);

/** Puts the eye over (x, z), `above` blocks over `y`, looking straight down (setup, not play). */
async function lookDownFrom(page: Page, x: number, y: number, z: number): Promise<void> {
  await page.evaluate(([ex, ey, ez]) => {
    window.__game!.teleport(ex!, ey!, ez!);
    window.__game!.look(0, -Math.PI / 2);
    return window.__game!.ready();
  }, [x + 0.5, y, z + 0.5]);
  await frames(page, 3); // aim is taken in the frame, and the pose goes to the room from there
}

const blockAt = (page: Page, x: number, y: number, z: number) => page.evaluate(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!), [x, y, z]);
const status = (page: Page) => page.evaluate(() => ({ connection: window.__game!.connection(), pending: window.__game!.pendingEdits() }));

describe('play together', () => {
  it('two players share a world: each sees the other move and build, and both come back after a server restart with nothing lost', async () => {
    const port = await freePort();
    server = await startServer(port);
    const origin = `http://127.0.0.1:${port}`;
    const contextA = await suite.newContext({ viewport: VIEWPORT });
    const contextB = await suite.newContext({ viewport: VIEWPORT });

    // A plays a world of their own, then shares it with the Worlds dialog's button.
    const a = await openPage(contextA, `${origin}/?seed=play-together&x=8.5&y=90&z=8.5&far=0&r=2&mode=fly&clock=stopped`);
    if (await a.locator('.lil-gui.lil-root').evaluate((el) => el.classList.contains('lil-closed'))) await a.click('.lil-gui.lil-root > .lil-title');
    await a.getByRole('button', { name: 'worlds: open, new, export, import…' }).click();
    await a.getByRole('button', { name: 'Play together' }).click();
    const linkField = a.locator('.worlds-share-link');
    await linkField.waitFor({ state: 'visible', ...WAIT });
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${origin}/\\?join=[A-Za-z0-9_-]{22}$`));
    await a.getByRole('button', { name: 'Copy', exact: true }).click();
    // "Copied", or where the page may not write the clipboard, the link selected to copy by hand.
    await a.locator('.worlds-share-copied').filter({ hasText: /Copied|to copy/ }).waitFor();
    await a.keyboard.press('Escape');
    await a.waitForFunction(() => window.__game!.connection() === 'online', undefined, WAIT);
    expect((await a.evaluate(() => window.__game!.worlds())).find((w) => w.current)!.id).toBe(`shared:${link.split('join=')[1]}`);

    // B opens the link in their own browser.
    const b = await openPage(contextB, link);
    await b.waitForFunction(() => window.__game!.connection() === 'online', undefined, WAIT);
    await b.waitForFunction(() => window.__game!.players().length === 1, undefined, WAIT);
    await a.waitForFunction(() => window.__game!.players().length === 1, undefined, WAIT);

    // A walks (real keys; flying, so nothing stops them), and B sees them move.
    const x = 8;
    const z = 8;
    const ground = await topAt(a, x, z);
    await lookDownFrom(a, x, ground + 4, z);
    await capture(a, CENTRE);
    const seenBefore = (await b.evaluate(() => window.__game!.players()[0]!))!;
    await a.keyboard.down('KeyD');
    await b.waitForFunction((before) => Math.hypot(window.__game!.players()[0]!.x - before.x, window.__game!.players()[0]!.z - before.z) > 1, seenBefore, WAIT);
    await a.keyboard.up('KeyD');

    // A places a block with a real right click on the ground below; B sees it.
    await lookDownFrom(a, x, ground + 4, z);
    await a.keyboard.press('Digit1');
    const placed = await a.evaluate(() => {
      const bar = window.__game!.hotbar();
      return bar.blocks[bar.selected]!;
    });
    await a.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await a.waitForFunction(([bx, by, bz, block]) => window.__game!.blockAt(bx!, by!, bz!) === block, [x, ground + 1, z, placed]);
    await b.waitForFunction(([bx, by, bz, block]) => window.__game!.blockAt(bx!, by!, bz!) === block, [x, ground + 1, z, placed], WAIT);

    // A says hello with T, typing and Enter; B reads it as plain text.
    await a.keyboard.press('KeyT');
    await a.locator('.chat-input').waitFor({ state: 'visible' });
    await a.keyboard.type('hi <b>B</b>');
    await a.keyboard.press('Enter');
    await b.locator('.chat-lines').filter({ hasText: 'hi <b>B</b>' }).waitFor(WAIT);
    expect(await b.locator('.chat-lines b').count()).toBe(0);

    // B breaks a block beside it with a real left click (flying: at once); A sees it go.
    const bx = x + 2;
    const bTop = await topAt(b, bx, z);
    await lookDownFrom(b, bx, bTop + 4, z);
    await capture(b, CENTRE);
    await b.mouse.click(CENTRE.x, CENTRE.y, { button: 'left' });
    await b.waitForFunction(([px, py, pz]) => window.__game!.blockAt(px!, py!, pz!) === 0, [bx, bTop, z]);
    await a.waitForFunction(([px, py, pz]) => window.__game!.blockAt(px!, py!, pz!) === 0, [bx, bTop, z], WAIT);
    // A's figure, with its name tag, stands in B's view (B is playing since its click).
    await b.evaluate(([ex, ey, ez]) => {
      window.__game!.teleport(ex!, ey!, ez!);
      window.__game!.look(Math.PI, -0.3); // looking at A from a few blocks off
      return window.__game!.ready();
    }, [x + 0.5, ground + 6, z - 5]);
    await frames(b, 10);
    await b.screenshot({ path: `${SHOTS}/play-together-avatar.png` });
    await a.waitForFunction(() => window.__game!.pendingEdits() === 0, undefined, WAIT);
    await b.waitForFunction(() => window.__game!.pendingEdits() === 0, undefined, WAIT);

    // The server dies hard. An edit made meanwhile waits; both pages come back by themselves.
    await killServer();
    await a.waitForFunction(() => window.__game!.connection() === 'reconnecting', undefined, WAIT);
    await b.waitForFunction(() => window.__game!.connection() === 'reconnecting', undefined, WAIT);
    expect(await a.evaluate(([px, py, pz]) => window.__game!.editBlock(px!, py!, pz!, 5), [x, ground + 2, z])).toBeNull();
    expect((await status(a)).pending).toBe(1);
    await a.screenshot({ path: `${SHOTS}/play-together-reconnecting.png` });
    server = await startServer(port);
    for (const page of [a, b]) {
      await page.waitForFunction(() => window.__game!.connection() === 'online' && window.__game!.pendingEdits() === 0, undefined, WAIT);
    }
    await b.waitForFunction(([px, py, pz]) => window.__game!.blockAt(px!, py!, pz!) === 5, [x, ground + 2, z], WAIT);
    for (const page of [a, b]) {
      expect(await blockAt(page, x, ground + 1, z)).toBe(placed);
      expect(await blockAt(page, bx, bTop, z)).toBe(Block.Air);
      expect(await blockAt(page, x, ground + 2, z)).toBe(5);
    }
    await b.evaluate(() => window.__game!.ready());
    await b.screenshot({ path: `${SHOTS}/play-together-b.png` });

    // B comes back while the server is down: the copy on this device opens, read-only, and
    // says so; once the server is back it joins by itself and editing works again.
    await killServer();
    expect(new URL(b.url()).search).toBe(new URL(link).search);
    await b.reload();
    await b.waitForFunction(() => window.__game !== undefined, undefined, WAIT);
    await b.waitForFunction(() => document.querySelector('.hud-lines')?.textContent?.includes('Shared world: server unreachable, read-only copy'), undefined, WAIT);
    expect(await blockAt(b, x, ground + 2, z)).toBe(5);
    expect(await b.evaluate(([px, py, pz]) => window.__game!.editBlock(px!, py!, pz!, 4), [x, ground + 3, z])).toMatch(/read-only/);
    expect(await blockAt(b, x, ground + 3, z)).toBe(Block.Air);
    server = await startServer(port);
    await b.waitForFunction(() => window.__game!.connection() === 'online', undefined, WAIT);
    // The hole B broke, filled in by B (within the room's reach of where B stands).
    await b.waitForFunction(([px, py, pz]) => window.__game!.editBlock(px!, py!, pz!, 4) === null, [bx, bTop, z], WAIT);
    await a.waitForFunction(([px, py, pz]) => window.__game!.blockAt(px!, py!, pz!) === 4, [bx, bTop, z], WAIT);
  }, 400_000);
});
