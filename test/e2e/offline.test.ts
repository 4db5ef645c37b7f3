/**
 * The game as an installable, offline web app: the manifest and the precache list of the
 * build, a reload with the server gone and the network off (the same world, the same column
 * hashes, the edits from IndexedDB), and the update prompt when a new version is deployed:
 * "Later" hides it and nothing reloads, "Reload now" saves, reloads and runs the new version.
 *
 * Every test serves its own origin (a service worker and its caches belong to one), the
 * update tests a copy of dist/ that they "deploy" a new version into.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { Block, columnOf } from '../../src/world';
import { buildAndServe, type ServedApp } from '../support/browser';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW, withTestView } from '../support/test-view';

const suite = useBrowserSuite();
const DIST = 'dist';
/** An iPhone 12-15's CSS width: the update prompt must fit there. */
const PHONE = { width: 390, height: 844 };
/** The smallest world (render distance 2): these tests are about loading, not the view, and SwiftShader is slow. */
const QUERY = withTestView('?seed=offline&x=8.5&y=120&z=8.5', { renderDistance: 2 });
const SKY = 200;

const contexts: BrowserContext[] = [];
const servers: ServedApp[] = [];
const copies: string[] = [];

// The contexts first: their pages hold connections to these servers. (This file's own list,
// since this hook runs before the suite's, which would close them too.)
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  for (const server of servers.splice(0)) await server.close();
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The files sw.js precaches, as listed in it (paths relative to the site's root). */
function precacheList(dir: string): string[] {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]!);
  if (urls.length === 0) throw new Error(`no precache entries found in ${dir}/sw.js: has vite-plugin-pwa's output format changed?`);
  return urls.sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** A PNG's width and height, from its header. */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** A copy of the build (without source maps) served on an origin of its own. */
async function servedCopy(): Promise<{ app: ServedApp; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'voxel-offline-'));
  copies.push(dir);
  cpSync(DIST, dir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  const app = await buildAndServe({ build: false, outDir: dir });
  servers.push(app);
  return { app, dir };
}

/**
 * Deploys "version n" into a served copy, as a real deploy changes a page: index.html gets a
 * marker the test can read, and sw.js that file's new revision, so browsers find a new
 * service worker that precaches the new page.
 */
function deploy(dir: string, version: number): void {
  const indexPath = join(dir, 'index.html');
  const html = readFileSync(indexPath, 'utf8').replace(/<meta name="deploy"[^>]*>/, '').replace('<head>', `<head><meta name="deploy" content="${version}">`);
  writeFileSync(indexPath, html);
  const revision = createHash('md5').update(html).digest('hex');
  const swPath = join(dir, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  const entry = /\{url:"index\.html",revision:"[0-9a-f]+"\}/;
  if (!entry.test(sw)) throw new Error(`no revisioned index.html entry in ${swPath}: has vite-plugin-pwa's output format changed?`);
  writeFileSync(swPath, sw.replace(entry, `{url:"index.html",revision:"${revision}"}`));
}

/** A tab in a fresh profile (no service worker, no caches), closed after the test. */
async function newPage(viewport = DEFAULT_TEST_VIEW.viewport): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  suite.track(page);
  return page;
}

/** Waits until an activated service worker controls the page: by then it has precached everything. */
async function workerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 60_000 });
}

/** What the page's precache holds, as root-relative paths (workbox keys revisioned files with a query). */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
    if (!name) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((r) => new URL(r.url).pathname.slice(1)).sort();
  });

/** Records the text of every toast from the page's next load on (toasts leave after seconds). */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) if (node instanceof HTMLElement && node.classList.contains('toast')) seen.push(node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}

const toastSeen = (page: Page, text: string) => page.waitForFunction((t) => (window as unknown as { __toasts: string[] }).__toasts.includes(t), text);

/** The deploy marker of the page the browser shows (null: the first build, as built). */
const deployedVersion = (page: Page) => page.evaluate(() => document.querySelector('meta[name="deploy"]')?.getAttribute('content') ?? null);

/** Asks the browser to look for a new sw.js now (browsers also do on navigations, and daily). */
const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

const waitingVersion = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);

/** A window variable that only a reload clears. */
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
const hasMarker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);

/** Whether the element is on screen, whole, and on top at its corners and centre. */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    const points = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
    return inside && r.width > 0 && points.every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
  });

/** The hashes of the 3 x 3 columns around the camera, every one loaded. */
async function hashesAroundCamera(page: Page): Promise<Record<string, string>> {
  const hashes = await page.evaluate(() => {
    const { camera } = window.__game!.stats();
    const out: Record<string, string | null> = {};
    for (let dz = -1; dz <= 1; dz++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cx = Math.floor(camera.x / 16) + dx;
        const cz = Math.floor(camera.z / 16) + dz;
        out[`${cx},${cz}`] = window.__game!.columnHash(cx, cz);
      }
    }
    return out;
  });
  for (const [key, hash] of Object.entries(hashes)) expect(hash, `column ${key} loaded`).toMatch(/^[0-9a-f]+$/);
  return hashes as Record<string, string>;
}

describe('the installable app', () => {
  it('has a manifest with its name, fullscreen display, start URL and both kinds of icon, each the size it says', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'Voxel Terrain Sandbox',
      short_name: 'Voxel Sandbox',
      display: 'fullscreen',
      display_override: ['fullscreen', 'standalone'],
      orientation: 'any',
      start_url: './',
      scope: './',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(new Set(icons.map((i) => i.purpose))).toEqual(new Set(['any', 'maskable']));
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of icons) expect(pngSize(join(DIST, icon.src)), icon.src).toBe(icon.sizes);
    const index = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(index).toMatch(/<link rel="icon"[^>]*href="\/icons\/favicon-32\.png"/);
    expect(index).toMatch(/<link rel="apple-touch-icon"[^>]*href="\/icons\/apple-touch-icon\.png"/);
    expect(index).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
  });

  it('precaches every file of the game and the noise lab: pages, scripts, workers, styles, images', () => {
    // Everything the build wrote, less source maps and the service worker's own files.
    const served = filesUnder(DIST).filter((f) => !f.endsWith('.map') && f !== 'sw.js' && !/^workbox-[^/]+\.js$/.test(f));
    expect(served).toEqual(expect.arrayContaining(['index.html', 'lab.html', 'manifest.webmanifest']));
    expect(served.filter((f) => /\.worker-[^/]+\.js$/.test(f)).length).toBeGreaterThanOrEqual(2);
    expect(precacheList(DIST)).toEqual(served.sort());
  });

  it('plays offline: with the server gone and the network off, a reload opens the same world with its edits', async () => {
    const app = await buildAndServe({ build: false }); // an origin of its own, closed halfway
    servers.push(app);
    const page = await newPage();
    await recordToasts(page);
    await page.goto(app.url + QUERY);
    await gameReady(page);
    await workerInCharge(page);
    expect(await precached(page)).toEqual(precacheList(DIST));
    await toastSeen(page, 'Ready to play offline.');

    const at = await page.evaluate(() => window.__game!.stats().camera);
    const edit = { x: Math.floor(at.x) + 2, y: SKY, z: Math.floor(at.z) - 3 };
    expect(await page.evaluate(({ x, y, z, block }) => window.__game!.editBlock(x, y, z, block), { ...edit, block: Block.Stone })).toBeNull();
    await page.evaluate(() => window.__game!.flush());
    await page.evaluate(() => window.__game!.ready()); // the edited column meshed again
    const hashes = await hashesAroundCamera(page);
    expect(Object.keys(hashes)).toContain(`${columnOf(edit.x)},${columnOf(edit.z)}`);
    const url = page.url();

    await page.context().setOffline(true);
    servers.splice(servers.indexOf(app), 1);
    await app.close();
    await page.reload();
    await gameReady(page);

    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The same address, query and all (the game keeps its state there), so the same view.
    expect(page.url()).toBe(url);
    expect((await page.evaluate(() => window.__game!.params())).seed).toBe('offline');
    expect(await page.evaluate(({ x, y, z }) => window.__game!.blockAt(x, y, z), edit)).toBe(Block.Stone);
    expect(await hashesAroundCamera(page)).toEqual(hashes);
  });
});

describe('the update prompt', () => {
  it('"Later" hides it and nothing reloads; on the next load it is back, and "Reload now" runs the new version', async () => {
    const { app, dir } = await servedCopy();
    const page = await newPage(PHONE);
    await page.goto(app.url + QUERY);
    await gameReady(page);
    await workerInCharge(page);
    expect(await deployedVersion(page)).toBeNull();

    deploy(dir, 2);
    await setMarker(page);
    await checkForUpdate(page);
    const prompt = page.locator('.update-prompt');
    await prompt.waitFor({ state: 'visible' });
    expect(await prompt.textContent()).toContain('A new version of the game is ready.');
    expect(await uncovered(page, '.update-prompt')).toBe(true);
    await page.screenshot({ path: `${SHOTS}/update-prompt-390.png` });

    await page.locator('.update-prompt-later').click(); // a real mouse click
    await prompt.waitFor({ state: 'hidden' });
    // Still the same page, and the new version still waits: nothing is left to reload it.
    expect(await hasMarker(page)).toBe(true);
    expect(await waitingVersion(page)).toBe('installed');
    expect(await deployedVersion(page)).toBeNull();

    await page.reload();
    await gameReady(page);
    await prompt.waitFor({ state: 'visible' });
    expect(await deployedVersion(page)).toBeNull(); // a reload alone keeps the old version
    await setMarker(page);
    const reloaded = page.waitForEvent('load');
    await page.locator('.update-prompt-reload').click();
    await reloaded;
    await gameReady(page);

    expect(await hasMarker(page)).toBe(false);
    expect(await deployedVersion(page)).toBe('2');
    expect(await waitingVersion(page)).toBeNull();
    expect(await prompt.isVisible()).toBe(false);
  });

  it('on a first visit too, "Reload now" saves a fresh edit, then reloads onto the new version', async () => {
    const { app, dir } = await servedCopy();
    const page = await newPage();
    await page.goto(app.url + QUERY);
    await gameReady(page);
    // Installed during this visit: no worker controlled the page when it loaded.
    await workerInCharge(page);

    deploy(dir, 2);
    await setMarker(page);
    await checkForUpdate(page);
    await page.locator('.update-prompt').waitFor({ state: 'visible' });
    // No flush: "Reload now" must save it before the page goes.
    const edit = { x: 3, y: SKY, z: -5 };
    expect(await page.evaluate(({ x, y, z, block }) => window.__game!.editBlock(x, y, z, block), { ...edit, block: Block.Log })).toBeNull();
    const reloaded = page.waitForEvent('load');
    await page.locator('.update-prompt-reload').click();
    await reloaded;
    await gameReady(page);

    expect(await hasMarker(page)).toBe(false);
    expect(await deployedVersion(page)).toBe('2');
    expect(await page.evaluate(({ x, y, z }) => window.__game!.blockAt(x, y, z), edit)).toBe(Block.Log);
  });
});
