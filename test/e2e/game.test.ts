/**
 * The real game in headless Chromium: open, wait for `__game.ready()`, and check what a player
 * would see and what the determinism promise says. Worlds open small (render distance 4, no
 * levels of detail: test/support/test-view.ts); the determinism checks do not depend on size.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Block, blockIndex, generateColumn, hashChunk } from '../../src/world';
import { LEGACY_LINK_PARAMS } from '../support/legacy-link';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW } from '../support/test-view';
import { analyseScreenshot } from './screenshot-stats';

/** Every test starts here: column (2, 2) of the world `voxel`. */
const SPAWN = { x: 40, y: 110, z: 40 };
/** Render distance 3, one more than the test view's: columns of both signs of both coordinates are in reach of spawn. */
const RENDER_DISTANCE = 3;
const AT_SPAWN = `?seed=voxel&x=${SPAWN.x}&y=${SPAWN.y}&z=${SPAWN.z}&r=${RENDER_DISTANCE}`;
/** Columns within render distance 3 of the camera's column: the disc x² + z² ≤ 9. */
const DISC = 29;

const suite = useBrowserSuite();

/**
 * A fresh page (its own browser context, so no edits saved by another test) with every
 * column around the camera loaded: no test depends on what another did before it.
 */
const open = (query = AT_SPAWN): Promise<Page> => suite.openGame(query);

/** Hashes of the (2r + 1)² columns around spawn's column, every one of them loaded. */
async function hashesAround(p: Page, radius: number): Promise<Record<string, string>> {
  const hashes = await p.evaluate((r) => {
    const out: Record<string, string | null> = {};
    for (let cz = -r; cz <= r; cz++) for (let cx = -r; cx <= r; cx++) out[`${cx},${cz}`] = window.__game!.columnHash(cx + 2, cz + 2);
    return out;
  }, radius);
  expect(Object.keys(hashes)).toHaveLength((2 * radius + 1) ** 2);
  for (const [key, hash] of Object.entries(hashes)) expect(hash, `column ${key} from spawn`).toMatch(/^[0-9a-f]+$/);
  return hashes as Record<string, string>;
}

describe('one game at spawn, left as it was found', () => {
  const page = suite.sharedGame(AT_SPAWN);

  it('loads every column within R and shows terrain, not one flat colour', async () => {
    const stats = await page().evaluate(() => window.__game!.stats());
    expect(await page().evaluate(() => window.__game!.progress().wanted)).toBe(DISC);
    expect(stats.loaded).toBeGreaterThanOrEqual(DISC);
    expect(stats.pending).toBe(0);
    expect(stats.triangles).toBeGreaterThan(1000);
    await page().evaluate(() => document.querySelector('.overlay')?.classList.add('hidden'));
    const png = await page().screenshot({ path: `${SHOTS}/terrain.png` });
    await page().evaluate(() => document.querySelector('.overlay')?.classList.remove('hidden'));
    const picture = analyseScreenshot(png);
    expect([picture.width, picture.height]).toEqual([DEFAULT_TEST_VIEW.viewport.width, DEFAULT_TEST_VIEW.viewport.height]);
    // A flat sky (or a black failed canvas) has a handful of colours; terrain has hundreds.
    expect(picture.distinctColours).toBeGreaterThan(200);
    expect(picture.greenish + picture.brownish).toBeGreaterThan(0.02);
  });

  it('shows the start overlay with the controls and a HUD', async () => {
    expect(await page().isVisible('.overlay')).toBe(true);
    const text = await page().textContent('.overlay');
    expect(text).toContain('W A S D');
    expect(text).toContain('Esc');
    expect(await page().textContent('.hud')).toMatch(/columns\s+\d+ loaded/);
    await page().screenshot({ path: `${SHOTS}/overlay.png` });
    // SwiftShader draws WebGL on the CPU here: the game knows, and leaves out the blur behind the
    // card, which it would compute again for every HUD update (src/render/software-renderer.ts).
    expect(await page().evaluate(() => document.documentElement.classList.contains('software-gl'))).toBe(true);
    expect(await page().locator('.overlay').evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('none');
    // Nor does the crosshair blend with the picture, which would have the compositor read the
    // whole frame back every frame: it is drawn plain, with a dark rim.
    expect(await page().locator('.crosshair').evaluate((el) => getComputedStyle(el).mixBlendMode)).toBe('normal');
    // And the panel tells the player, with what would make the picture sharp.
    expect(await page().locator('.renderer-note').innerText()).toMatch(/WebGL on the CPU \(SwiftShader\).*half resolution.*hardware acceleration/s);
  });

  it('computes in the worker the same column hash as Node does', async () => {
    const params = await page().evaluate(() => window.__game!.params());
    expect(params).toEqual({ ...LEGACY_LINK_PARAMS, seed: 'voxel' });
    // Both signs of both coordinates, all within R = 3 of spawn's column (2, 2).
    for (const [cx, cz] of [[2, 2], [0, 0], [4, 1], [-1, 2], [2, -1]] as const) {
      const browserHash = await page().evaluate(([x, z]) => window.__game!.columnHash(x, z), [cx, cz] as const);
      expect(browserHash, `column ${cx},${cz}`).toBe(hashChunk(generateColumn(params, cx, cz)));
    }
  });

  // These change the world and then put it back exactly, which is what they check.
  it('changing the seed changes the hashes; setting it back restores them exactly', async () => {
    const before = await hashesAround(page(), 2);
    await page().evaluate(() => {
      window.__game!.setSeed('a different world');
      return window.__game!.ready();
    });
    const other = await hashesAround(page(), 2);
    for (const key of Object.keys(before)) expect(other[key]).not.toBe(before[key]);
    await page().screenshot({ path: `${SHOTS}/other-seed.png` });
    await page().evaluate(() => {
      window.__game!.setSeed('voxel');
      return window.__game!.ready();
    });
    expect(await hashesAround(page(), 2)).toEqual(before);
  });

  it('switches to the simplex-noise baseline and back', async () => {
    const perlin = await hashesAround(page(), 1);
    await page().evaluate(() => {
      window.__game!.setNoise('simplex');
      return window.__game!.ready();
    });
    const simplex = await hashesAround(page(), 1);
    expect(simplex['0,0']).not.toBe(perlin['0,0']);
    expect(simplex['0,0']).toBe(hashChunk(generateColumn({ ...LEGACY_LINK_PARAMS, seed: 'voxel', noise: 'simplex' }, 2, 2)));
    await page().screenshot({ path: `${SHOTS}/simplex.png` });
    await page().evaluate(() => {
      window.__game!.setNoise('perlin');
      return window.__game!.ready();
    });
    expect(await hashesAround(page(), 1)).toEqual(perlin);
  });

  it('after teleporting far away and back, every column near spawn hashes as before', async () => {
    const before = await hashesAround(page(), 2);
    const geometriesBefore = (await page().evaluate(() => window.__game!.stats())).geometries;
    await page().evaluate(() => {
      window.__game!.teleport(1_000_040, 110, -1_000_040);
      return window.__game!.ready();
    });
    const far = await page().evaluate(() => window.__game!.stats());
    expect(far.loaded).toBeLessThan(DISC + DISC / 2); // the old disc was unloaded, not kept
    expect(await page().evaluate(() => window.__game!.columnHash(2, 2))).toBeNull();
    await page().screenshot({ path: `${SHOTS}/far.png` });
    await page().evaluate(([x, y, z]) => {
      window.__game!.teleport(x!, y!, z!);
      return window.__game!.ready();
    }, [SPAWN.x, SPAWN.y, SPAWN.z]);
    expect(await hashesAround(page(), 2)).toEqual(before);
    const stats = await page().evaluate(() => window.__game!.stats());
    expect(stats.geometries).toBeLessThanOrEqual(stats.loaded + 8);
    expect(stats.geometries).toBeLessThanOrEqual(geometriesBefore + 8);
  });
});

describe('the game in Chromium, a fresh page each', () => {
  it('puts seed, noise, position, look direction and mode in the URL, and a reload restores the view', async () => {
    const page = await open();
    // A world switch reads the new world's edits first: ready() waits for it.
    await page.evaluate(() => {
      window.__game!.setNoise('simplex');
      return window.__game!.ready();
    });
    expect(await page.evaluate(() => location.search)).toMatch(/^\?type=classic&seed=voxel&noise=simplex&/);
    // The position follows the camera on a timer, not at once: wait for it.
    await page.evaluate(() => {
      window.__game!.teleport(123, 130, -45);
      window.__game!.look(Math.PI / 2, -0.5);
    });
    await page.waitForFunction(() => location.search.includes('x=123.00'));
    const query = new URLSearchParams(await page.evaluate(() => location.search));
    expect(Object.fromEntries(query)).toMatchObject({ seed: 'voxel', noise: 'simplex', x: '123.00', y: '130.00', z: '-45.00', yaw: '90.0', pitch: '-28.6' });
    expect(query.has('mode')).toBe(false); // flying is the default
    // The view distances this page opened with differ from the device's, so the link keeps them.
    expect([query.get('r'), query.get('far')]).toEqual([String(RENDER_DISTANCE), String(DEFAULT_TEST_VIEW.farDistance)]);
    await page.evaluate(() => window.__game!.setMode('walk'));
    await page.waitForFunction(() => location.search.includes('mode=walk'));
    await page.reload();
    await gameReady(page);
    const restored = await page.evaluate(() => ({ player: window.__game!.player(), camera: window.__game!.stats().camera }));
    expect(restored.player.mode).toBe('walk');
    expect(restored.camera.x).toBeCloseTo(123, 1);
    expect(restored.camera.z).toBeCloseTo(-45, 1);
    const after = new URLSearchParams(await page.evaluate(() => location.search));
    expect(after.get('yaw')).toBe('90.0');
    expect(after.get('pitch')).toBe('-28.6');
  });

  it('edits a block: the column re-meshes, its hash changes as Node predicts, and the edit survives a reload', async () => {
    const page = await open();
    const x = 37;
    const z = 41; // column (2, 2)
    const top = await page.evaluate(([bx, bz]) => {
      for (let y = 255; y > 0; y--) if (window.__game!.blockAt(bx!, y, bz!) !== 0) return y;
      return 0;
    }, [x, z]);
    expect(top).toBeGreaterThan(0);
    const y = top + 1;
    const params = await page.evaluate(() => window.__game!.params());
    const column = generateColumn(params, 2, 2);
    expect(hashChunk(column)).toBe(await page.evaluate(() => window.__game!.columnHash(2, 2)));
    column.blocks[blockIndex(x - 32, y, z - 32)] = Block.Stone;
    const expected = hashChunk(column);

    expect(await page.evaluate(([bx, by, bz]) => window.__game!.editBlock(bx!, by!, bz!, 2), [x, y, z])).toBeNull();
    await page.waitForFunction((h) => window.__game!.columnHash(2, 2) === h, expected);
    expect(await page.evaluate(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!), [x, y, z])).toBe(Block.Stone);
    // Refused edits change nothing.
    expect(await page.evaluate(() => window.__game!.editBlock(1, 999, 1, 2))).toMatch(/height/);
    expect(await page.evaluate(() => window.__game!.editCount())).toBe(1);

    // A reload opens the view the URL names; this page never left spawn, so that is spawn.
    const url = new URLSearchParams(await page.evaluate(() => location.search));
    expect([Number(url.get('x')), Number(url.get('z'))]).toEqual([SPAWN.x, SPAWN.z]);
    await page.reload();
    await gameReady(page);
    expect(await page.evaluate(() => window.__game!.stats().camera)).toMatchObject(SPAWN);
    expect(await page.evaluate(() => window.__game!.editCount())).toBe(1);
    expect(await page.evaluate(() => window.__game!.columnHash(2, 2))).toBe(expected);
  });
});

describe('bad input', () => {
  it('ignores non-numeric URL parameters and clamps a render distance out of range, each with a console warning, and odd seeds just work', async () => {
    const p = await suite.browser.newPage({ viewport: DEFAULT_TEST_VIEW.viewport });
    suite.track(p, []); // this test reads the page's console itself
    const warnings: string[] = [];
    const pageErrors: string[] = [];
    p.on('console', (m) => (m.type() === 'warning' ? warnings.push(m.text()) : m.type() === 'error' ? pageErrors.push(m.text()) : undefined));
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(suite.gameUrl(`?seed=${encodeURIComponent('🌋 lava 🌋')}&x=abc&y=&z=NaN&oct=lots&noise=fractal&r=1`));
    await gameReady(p);
    expect(warnings.some((w) => w.includes('x="abc"'))).toBe(true);
    expect(warnings.some((w) => w.includes('r=1 must be whole columns in 2..32; using 2'))).toBe(true);
    expect(await p.evaluate(() => window.__game!.progress().wanted)).toBe(13); // the R = 2 disc
    expect(warnings.some((w) => w.includes('oct="lots"'))).toBe(true);
    expect(warnings.some((w) => w.includes('noise'))).toBe(true);
    const state = await p.evaluate(() => ({ params: window.__game!.params(), stats: window.__game!.stats() }));
    expect(state.params.seed).toBe('🌋 lava 🌋');
    expect(state.params.noise).toBe('perlin');
    expect(Number.isFinite(state.stats.camera.x) && Number.isFinite(state.stats.camera.y)).toBe(true);
    const long = 'x'.repeat(10_000);
    await p.evaluate((s) => {
      window.__game!.setSeed(s);
      window.__game!.teleport(Number.NaN, 1, 2);
      return window.__game!.ready();
    }, long);
    expect((await p.evaluate(() => window.__game!.params())).seed).toBe(long);
    expect(pageErrors).toEqual([]);
  });
});
