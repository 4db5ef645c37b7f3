/**
 * The horizon in the real game: levels of detail carry the terrain out to the far distance
 * with no holes, in a handful of draw calls; the renderer survives a lost WebGL context; a
 * hidden tab stops; flying out and back leaves nothing behind; a small device starts with a
 * shorter view and says why. Screenshots: test-results/horizon-*.png (look at them).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { frames, gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW, type TestView } from '../support/test-view';
import { rowOfGroundAt, skyShareBelow } from './horizon-view';
import { analyseScreenshot, decodePng } from './screenshot-stats';

const suite = useBrowserSuite();

/** High above the voxel seed's biomes world, looking at the horizon (pitch in radians). */
const HIGH = { x: 40, y: 264, z: 200, yaw: 2.6, pitch: -0.22 };
const VIEWPORT = DEFAULT_TEST_VIEW.viewport;

/** A game page at `query`, loaded; the test view's render distance and no far terrain unless `view` or the query say otherwise. */
const open = (query: string, view: Partial<TestView> = {}): Promise<Page> => suite.openGame(query, view);

/** Hides the start card and waits until a frame without it has been drawn. */
async function hideStartCard(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
  await frames(page, 3);
}

/** Opens the world high up at render distance 6 and far distance `far`, everything loaded, the start card hidden. */
async function openHigh(far: number): Promise<Page> {
  const page = await open(`?type=biomes&seed=voxel&x=${HIGH.x}&y=${HIGH.y}&z=${HIGH.z}`, { renderDistance: 6, farDistance: far });
  await page.evaluate((at) => {
    window.__game!.look(at.yaw, at.pitch);
    return window.__game!.ready();
  }, HIGH);
  await hideStartCard(page);
  return page;
}

describe('the horizon: levels of detail', () => {
  it('with F = 64 the terrain reaches the horizon with no holes, in at most 150 draw calls; with F = 0 the same view ends in fog', async () => {
    const page = await openHigh(64);
    const stats = await page.evaluate(() => window.__game!.stats());
    expect(stats.lodRegions).toBeGreaterThan(50);
    expect(stats.drawCalls).toBeLessThanOrEqual(150);
    expect(stats.gpuBytes).toBeGreaterThan(0);
    const far = await page.screenshot({ path: `${SHOTS}/horizon-far-64.png` });
    const fromRow = rowOfGroundAt(HIGH, 0.35 * 64 * 16, VIEWPORT.height);
    expect(fromRow).toBeGreaterThan(0);
    expect(fromRow).toBeLessThan(VIEWPORT.height * 0.8);
    expect(skyShareBelow(far, fromRow)).toBeLessThan(0.002);

    // The same view without levels of detail: the band is mostly fog and sky, so the check above can fail.
    await page.evaluate(() => {
      window.__game!.setFarDistance(0);
      return window.__game!.ready();
    });
    await frames(page, 3); // a frame drawn without the far regions
    expect((await page.evaluate(() => window.__game!.stats())).lodRegions).toBe(0);
    const near = await page.screenshot({ path: `${SHOTS}/horizon-far-0.png` });
    expect(skyShareBelow(near, fromRow)).toBeGreaterThan(0.2);
  });

});

describe('the renderer survives', () => {
  it('a lost WebGL context: the game pauses with a message, and recovers to the same columns and a real picture', async () => {
    const page = await open('?type=biomes&seed=voxel&x=40&y=200&z=200&far=16');
    await page.evaluate(() => window.__game!.look(2.6, -0.3));
    await hideStartCard(page);
    const before = decodePng(await page.screenshot());
    const cells = [[2, 12], [3, 12], [2, 13], [1, 11]] as const;
    const hashes = await page.evaluate((cs) => cs.map(([cx, cz]) => window.__game!.columnHash(cx, cz)), cells);
    expect(hashes.every((h) => h !== null)).toBe(true);
    // The renderer's context counts what it is sent (arenas go up without their empty tail).
    const uploaded = (await page.evaluate(() => window.__game!.stats())).uploadBytes;
    expect(uploaded).toBeGreaterThan(0);
    await page.evaluate(() => {
      const gl = document.querySelector('canvas')!.getContext('webgl2')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose = gl.getExtension('WEBGL_lose_context')!;
      (window as unknown as { __lose: WEBGL_lose_context }).__lose.loseContext();
    });
    await expect.poll(() => page.evaluate(() => window.__game!.stats().paused)).toBe(true);
    expect(await page.locator('.pause-banner').isVisible()).toBe(true);
    await page.evaluate(() => (window as unknown as { __lose: WEBGL_lose_context }).__lose.restoreContext());
    await expect.poll(() => page.evaluate(() => window.__game!.stats().paused)).toBe(false);
    expect(await page.locator('.pause-banner').isVisible()).toBe(false);
    await page.evaluate(() => window.__game!.ready());
    await frames(page, 3); // drawn again with everything restored
    expect(await page.evaluate((cs) => cs.map(([cx, cz]) => window.__game!.columnHash(cx, cz)), cells)).toEqual(hashes);
    // Every buffer and texture went up again, from the arrays three keeps.
    expect((await page.evaluate(() => window.__game!.stats())).uploadBytes).toBeGreaterThan(uploaded);
    const shot = await page.screenshot({ path: `${SHOTS}/horizon-context-restored.png` });
    const picture = analyseScreenshot(shot);
    expect(picture.distinctColours).toBeGreaterThan(500);
    // The same picture as before the loss: every buffer and texture came back.
    const after = decodePng(shot);
    let diff = 0;
    for (let i = 0; i < after.pixels.length; i++) diff += Math.abs(after.pixels[i]! - before.pixels[i]!);
    expect(diff / after.pixels.length).toBeLessThan(4);
    expect(picture.greenish + picture.brownish + picture.sandy).toBeGreaterThan(0.05);
    expect((await page.evaluate(() => window.__game!.stats())).drawCalls).toBeGreaterThan(0);
  });


  it('a device that reports 2 GB of memory starts with a shorter view, and the panel says why', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    suite.track(page);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { configurable: true, get: () => 2 }));
    // No r= or far= in this link: the device's own defaults are what is under test.
    await page.goto(`${suite.app.url}?type=biomes&seed=voxel&x=8&y=120&z=8&clock=stopped`);
    await gameReady(page);
    expect(await page.locator('.budget-note').innerText()).toContain('2 GB of memory');
    // Render distance 6: the disc of columns within 6 of the camera's column.
    expect((await page.evaluate(() => window.__game!.progress())).wanted).toBe(113);
    // The view distances are the device's defaults, so the link the game writes leaves them out.
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get('x'))).toBe('8.00'); // written by the game
    expect(await page.evaluate(() => ['r', 'far'].filter((name) => new URLSearchParams(location.search).has(name)))).toEqual([]);
  });
});

/**
 * One page at x = 8 in the biomes world "voxel", far terrain off, for tests that leave it so:
 * the far distance's slider, a flight out and back with far terrain on, a hidden tab.
 */
describe('one page at the spawn: the far distance, a trip out and back, a hidden tab', () => {
  const shared = suite.sharedGame('?type=biomes&seed=voxel&x=8&y=150&z=8');

  it('the far distance is in the URL and the panel: the slider sets it, the link carries it', async () => {
    const page = shared();
    expect(await page.evaluate(() => new URLSearchParams(location.search).get('far'))).toBe('0'); // the test view's
    const row = page.locator('.lil-gui .lil-controller', { has: page.locator('.lil-name', { hasText: 'far distance' }) }).first();
    const input = row.locator('input');
    await input.fill('20');
    await input.press('Enter');
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get('far'))).toBe('20');
    await page.evaluate(() => window.__game!.ready());
    const regions = (await page.evaluate(() => window.__game!.stats())).lodRegions;
    expect(regions).toBeGreaterThan(0);
    await input.fill('0');
    await input.press('Enter');
    await page.evaluate(() => window.__game!.ready());
    expect((await page.evaluate(() => window.__game!.stats())).lodRegions).toBe(0);
  });

  it('flying out and back leaves no LOD region or geometry behind', async () => {
    const page = shared();
    await page.evaluate(() => {
      window.__game!.setFarDistance(32);
      return window.__game!.ready();
    });
    const before = await page.evaluate(() => window.__game!.stats());
    expect(before.lodRegions).toBeGreaterThan(0);
    for (const x of [3000, 6000, 8]) {
      await page.evaluate((to) => {
        window.__game!.teleport(to, 150, 8);
        return window.__game!.ready();
      }, x);
    }
    const after = await page.evaluate(() => window.__game!.stats());
    expect(after.lodRegions).toBe(before.lodRegions);
    expect(after.loaded).toBe(before.loaded);
    // Emptied arenas wait in the layers' pools (bounded in bytes) for the next regions.
    expect(after.geometries - after.pooledArenas).toBe(before.geometries - before.pooledArenas);
    // Buffers are reused, not grown per trip: at most one growth step above the start.
    expect(after.gpuBytes).toBeLessThanOrEqual(before.gpuBytes * 2);
    await page.evaluate(() => {
      window.__game!.setFarDistance(0); // as the other tests on this page expect
      return window.__game!.ready();
    });
  });

  it('a hidden tab stops drawing and streaming, and picks up at once when shown again', async () => {
    const page = shared();
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    expect((await page.evaluate(() => window.__game!.stats())).paused).toBe(true);
    await page.evaluate(() => {
      window.__game!.clearFrameWork();
      window.__game!.teleport(4000, 120, 8);
    });
    const loadedWhileHidden = (await page.evaluate(() => window.__game!.stats())).loaded;
    // The browser keeps drawing frames (the tab is only said to be hidden): in 60 of them a
    // running game would have logged frame work and taken in columns around (4000, 8).
    await frames(page, 60);
    expect(await page.evaluate(() => window.__game!.frameWork().length)).toBe(0);
    expect((await page.evaluate(() => window.__game!.stats())).loaded).toBe(loadedWhileHidden);
    await setHidden(false);
    await page.evaluate(() => window.__game!.ready());
    const shown = await page.evaluate(() => window.__game!.stats());
    expect(shown.paused).toBe(false);
    expect(await page.evaluate(() => window.__game!.columnHash(250, 0))).not.toBeNull();
    await page.evaluate(() => {
      window.__game!.teleport(8, 150, 8);
      return window.__game!.ready();
    });
  });
});
