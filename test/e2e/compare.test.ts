/**
 * Compare mode in Chromium: the swipe view is one image cut in two, each side exactly what its
 * world alone shows; the divider follows a real mouse drag; edits land in both worlds; and
 * leaving compare mode gives the second world's GPU memory back.
 *
 * Most tests share one game page (sharedGame), each first setting up what it needs (setUp:
 * world, compare mode and divider, place and look, render distance) and taking back its
 * edits. Pages of their own: a link reopened, the worker count (from before the first
 * script, on a fresh page whose sides have built each column once), and nonsense in a link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Block, generateColumn, hashChunk, terrainFor, type NoiseSource } from '../../src/world';
import { LEGACY_LINK_PARAMS } from '../support/legacy-link';
import { collectErrors } from '../support/browser';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { frames, gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW } from '../support/test-view';
import { decodePng } from './screenshot-stats';

const VIEWPORT = DEFAULT_TEST_VIEW.viewport;
/** A view over coast and hills in the world "voxel", where the two noises differ clearly. */
/** Render distance 4, not the test view's 3: the two worlds must differ over most of the picture. */
const RENDER_DISTANCE = 4;
const VIEW = `seed=voxel&x=-180&y=125&z=150&r=${RENDER_DISTANCE}`;
const VIEW_AT = { x: -180, y: 125, z: 150 };
const LOOK = { yaw: -2.3, pitch: -0.32 };

const suite = useBrowserSuite();

interface Setup {
  noise?: NoiseSource;
  compare?: boolean;
  split?: number;
  at?: { x: number; y: number; z: number };
}

/**
 * Setup on the shared page, for a test that needs it as if just opened by a link: the mouse
 * let go, no element focused, the world "voxel" (a link's: classic terrain) made with `noise`,
 * compare mode on with the divider at `split` or off, the eye at `at` looking at LOOK, the test
 * view's render distance, and everything around the camera loaded.
 */
async function setUp(page: Page, { noise = 'perlin', compare = false, split = 0.5, at = VIEW_AT }: Setup = {}): Promise<void> {
  await page.evaluate(
    async ([params, on, where, r, yaw, pitch]) => {
      document.exitPointerLock();
      (document.activeElement as HTMLElement | null)?.blur();
      const game = window.__game!;
      if (game.compare().on && !on) game.setCompare(false);
      game.setRenderDistance(r);
      game.setWorldParams(params);
      if (on) game.setCompare(true, where.split);
      game.teleport(where.at.x, where.at.y, where.at.z);
      game.look(yaw, pitch);
      await game.ready();
    },
    [{ ...LEGACY_LINK_PARAMS, noise }, compare, { split, at }, RENDER_DISTANCE, LOOK.yaw, LOOK.pitch] as const,
  );
  await page.locator('.overlay').waitFor({ state: 'visible' });
}

/** A tracked page on the game at `query` with the test view, not waited on: it may still be loading. */
async function openLink(query: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: VIEWPORT });
  suite.track(page, collectErrors(page));
  await page.goto(suite.gameUrl(`?${query}`));
  return page;
}

/** The canvas alone: every DOM overlay (HUD, divider, labels, start screen, panel) hidden while it is taken. */
async function canvasShot(page: Page, name: string): Promise<{ width: number; height: number; channels: number; pixels: Uint8Array }> {
  const style = await page.addStyleTag({ content: 'body > *:not(#app), #app > *:not(#view) { visibility: hidden !important; }' });
  await page.evaluate(() => window.__game!.ready());
  await frames(page, 3);
  const shot = decodePng(await page.screenshot({ path: `${SHOTS}/${name}.png` }));
  await style.evaluate((el) => (el as Element).remove());
  return shot;
}

/** Share of pixels in columns [x0, x1) whose colour differs by more than a rounding step. */
function differingShare(a: ReturnType<typeof decodePng>, b: ReturnType<typeof decodePng>, x0: number, x1: number): number {
  let differing = 0;
  let total = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * a.width + x) * a.channels;
      const j = (y * b.width + x) * b.channels;
      const d = Math.max(Math.abs(a.pixels[i]! - b.pixels[j]!), Math.abs(a.pixels[i + 1]! - b.pixels[j + 1]!), Math.abs(a.pixels[i + 2]! - b.pixels[j + 2]!));
      if (d > 8) differing++;
      total++;
    }
  }
  return differing / total;
}

describe('compare mode (swipe view)', () => {
  describe('on one page', () => {
    const game = suite.sharedGame(`?${VIEW}`);

    it('is one image cut in two: left of the divider the Perlin world alone, right of it the simplex world alone; a real drag moves the cut', async () => {
      const page = game();
      await setUp(page, { noise: 'perlin' });
      const perlin = await canvasShot(page, 'alone-perlin');
      await setUp(page, { noise: 'simplex' });
      const simplex = await canvasShot(page, 'alone-simplex');
      // The two worlds really differ here, or the comparison below would prove nothing.
      expect(differingShare(perlin, simplex, 0, VIEWPORT.width)).toBeGreaterThan(0.3);

      await setUp(page, { compare: true });
      const state = await page.evaluate(() => window.__game!.compare());
      expect(state.on).toBe(true);
      // (The divider's 0.5 default is url-state's unit test's: setUp placed it here.)
      expect(state.sides.map((s) => s.noise)).toEqual(['perlin', 'simplex']);
      await page.screenshot({ path: `${SHOTS}/compare-with-hud.png` });

      // Drag the handle with the mouse (it is free: the start screen is up) to 30% of the width.
      const handle = page.locator('.compare-handle');
      const box = (await handle.boundingBox())!;
      expect(box.x + box.width / 2).toBeCloseTo(VIEWPORT.width / 2, 0);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const to = Math.round(0.3 * VIEWPORT.width);
      for (const share of [0.47, 0.41, 0.35]) await page.mouse.move(Math.round(share * VIEWPORT.width), box.y + box.height / 2);
      await page.mouse.move(to, box.y + box.height / 2);
      await page.mouse.up();
      const split = await page.evaluate(() => window.__game!.compare().split);
      expect(split).toBeCloseTo(to / VIEWPORT.width, 2);

      const cut = Math.round(split * VIEWPORT.width);
      const swiped = await canvasShot(page, 'compare-swiped');
      // Every pixel left of the cut is the Perlin world's, every pixel right of it the simplex world's.
      // (Two pixels either side of the cut left out: SwiftShader draws at half resolution here,
      // and the browser's scaling up blends the two buffer pixels that meet there.)
      expect(differingShare(swiped, perlin, 0, cut - 2)).toBeLessThan(0.002);
      expect(differingShare(swiped, simplex, cut + 2, VIEWPORT.width)).toBeLessThan(0.002);
      // And the boundary did move: where the middle was Perlin's before, it is simplex's now.
      expect(differingShare(swiped, perlin, cut, VIEWPORT.width / 2)).toBeGreaterThan(0.2);
    });

    it('keeps compare=1 and the divider position in the URL, and a link opens the same view', async () => {
      const page = game();
      await setUp(page, { compare: true, split: 0.35 });
      // A divider dragged off-screen stops at the edge, its handle still there to grab.
      const handle = page.locator('.compare-handle');
      const box = (await handle.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(VIEWPORT.width + 300, box.y);
      await page.mouse.up();
      expect(await page.evaluate(() => window.__game!.compare().split)).toBe(0.98);
      const edge = (await handle.boundingBox())!;
      expect(edge.x + edge.width / 2).toBeLessThan(VIEWPORT.width);
      await page.evaluate(() => window.__game!.setCompare(true, 0.35));
      await page.focus('.compare-handle');
      await page.keyboard.press('ArrowRight'); // +1% of the width
      await page.waitForFunction(() => location.search.includes('split=0.360'));
      const url = page.url();
      expect(url).toContain('compare=1');
      // The link opens compare mode with the divider there: known as soon as the game has read
      // its link, without waiting for both worlds to load.
      const again = await openLink(url.slice(url.indexOf('?') + 1));
      await expect.poll(() => again.evaluate(() => window.__game?.compare())).toMatchObject({ on: true, split: 0.36 });
    });

    it('each side hashes as Node generates its world; an edit in compare mode edits both, and each column re-meshes', async () => {
      const page = game();
      await setUp(page, { compare: true });
      const at = { x: -180, y: 200, z: 150 };
      const before = await page.evaluate(() => [window.__game!.columnHash(-12, 9, 'perlin'), window.__game!.columnHash(-12, 9, 'simplex')]);
      // Each side is its own world, bit for bit what Node generates for it.
      expect(before).toEqual((['perlin', 'simplex'] as const).map((noise) => hashChunk(generateColumn({ ...LEGACY_LINK_PARAMS, noise }, -12, 9))));
      await page.evaluate(({ x, y, z }) => window.__game!.editBlock(x, y, z, 2), at);
      await page.evaluate(() => window.__game!.ready());
      const after = await page.evaluate(({ x, y, z }) => ({
        blocks: [window.__game!.blockAt(x, y, z, 'perlin'), window.__game!.blockAt(x, y, z, 'simplex')],
        edits: [window.__game!.editCount('perlin'), window.__game!.editCount('simplex')],
        hashes: [window.__game!.columnHash(-12, 9, 'perlin'), window.__game!.columnHash(-12, 9, 'simplex')],
      }), at);
      expect(after.blocks).toEqual([Block.Stone, Block.Stone]);
      expect(after.edits).toEqual([1, 1]);
      expect(after.hashes[0]).not.toBe(before[0]);
      expect(after.hashes[1]).not.toBe(before[1]);
      await undoEdit(page);
    });

    it('a real right click in compare mode places the block in both worlds where the cell is open in both, aimed in the world under the crosshair', async () => {
      const page = game();
      // A block column whose simplex ground stands higher than the Perlin ground, both above
      // the sea: the cell above the simplex ground is open in both worlds.
      const heights = (noise: 'perlin' | 'simplex', bx: number) => terrainFor({ ...LEGACY_LINK_PARAMS, noise }).heightAt(bx, 40);
      const x = Array.from({ length: 400 }, (_, i) => 40 + i).find((bx) => heights('simplex', bx) > heights('perlin', bx) + 2 && heights('perlin', bx) > LEGACY_LINK_PARAMS.seaLevel)!;
      expect(x).toBeDefined();
      const z = 40;
      const simplexGround = heights('simplex', x);
      await setUp(page, { compare: true, split: 0.4, at: { x: x + 0.5, y: 150, z: z + 0.5 } });
      await page.click('.start-button');
      await page.waitForFunction(() => document.pointerLockElement?.id === 'view');
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      // Setup: the eye above the simplex ground, looking straight down (the crosshair is right of the divider).
      await page.evaluate(([ex, ey, ez]) => {
        window.__game!.teleport(ex!, ey!, ez!);
        window.__game!.look(0, -Math.PI / 2);
      }, [x + 0.5, simplexGround + 6.5, z + 0.5]);
      await frames(page, 3);
      await page.keyboard.press('Digit6'); // gravel
      await page.mouse.click(VIEWPORT.width / 2, VIEWPORT.height / 2, { button: 'right' });
      await page.waitForFunction(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!, 'simplex') === 8, [x, simplexGround + 1, z]);
      expect(await page.evaluate(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!, 'perlin'), [x, simplexGround + 1, z])).toBe(Block.Gravel);
      expect(await page.evaluate(() => [window.__game!.editCount('perlin'), window.__game!.editCount('simplex')])).toEqual([1, 1]);
      await undoEdit(page);
    });

    it('caps the render distance at 16 while comparing, says so, and gives the asked-for one back after', async () => {
      const page = game();
      await setUp(page);
      await page.evaluate(() => window.__game!.setRenderDistance(20));
      await page.evaluate(() => window.__game!.setCompare(true));
      await expect.poll(() => page.locator('.toast').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/capped at 16 columns \(20 asked\)/)]));
      expect(await page.evaluate(() => window.__game!.progress().wanted)).toBeLessThan(850); // the R = 16 disc
      await page.evaluate(() => window.__game!.setCompare(false));
      await expect.poll(() => page.evaluate(() => window.__game!.progress().wanted)).toBeGreaterThan(1200); // the R = 20 disc
      // A distance chosen while comparing is the one kept after.
      await page.evaluate(() => {
        window.__game!.setCompare(true);
        window.__game!.setRenderDistance(6);
        window.__game!.setCompare(false);
      });
      await expect.poll(() => page.evaluate(() => window.__game!.progress().wanted)).toBeLessThan(130); // the R = 6 disc
    });
  });

  it('streams each side once through the one pool, and leaving compare mode frees the second world', async () => {
    // Count the workers the page starts, to see that compare mode starts none of its own.
    const page = await suite.browser.newPage({ viewport: VIEWPORT });
    suite.track(page, collectErrors(page));
    await page.addInitScript(() => {
      const Base = window.Worker;
      const counted = window as unknown as { workersStarted: number };
      counted.workersStarted = 0;
      window.Worker = class extends Base {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          counted.workersStarted++;
        }
      };
    });
    await page.goto(suite.gameUrl(`?${VIEW}`));
    await gameReady(page);
    const workersStarted = () => page.evaluate(() => (window as unknown as { workersStarted: number }).workersStarted);
    const workersAlone = await workersStarted();
    expect(workersAlone).toBeGreaterThan(0);
    const alone = await page.evaluate(() => window.__game!.stats());
    await page.evaluate(() => {
      window.__game!.setCompare(true);
      return window.__game!.ready();
    });
    const both = await page.evaluate(() => ({ stats: window.__game!.stats(), compare: window.__game!.compare() }));
    expect(both.compare.sides).toHaveLength(2);
    for (const side of both.compare.sides) {
      expect(side.loaded).toBe(alone.loaded);
      // No column built twice for the same side: one build per column on screen.
      expect(side.columnsBuilt).toBe(side.loaded);
      expect(side.meshes).toBeLessThanOrEqual(side.loaded);
    }
    // three.js uploads a geometry when it first draws it: the second world's columns in view are on the GPU now.
    expect(both.stats.geometries).toBeGreaterThan(alone.geometries);
    // One pool for both sides: compare mode starts no workers of its own.
    expect(await workersStarted()).toBe(workersAlone);

    // Leave compare mode with the panel's checkbox, as a player would.
    await page.getByText('compare both (swipe)').click();
    await page.waitForFunction(() => !window.__game!.compare().on);
    await frames(page, 3);
    const after = await page.evaluate(() => ({ stats: window.__game!.stats(), compare: window.__game!.compare() }));
    expect(after.compare.sides.map((s) => s.noise)).toEqual(['perlin']);
    expect(after.stats.geometries).toBe(alone.geometries);
    expect(await page.locator('.compare').isVisible()).toBe(false);
    expect(page.url()).not.toContain('compare=1');
  });

  it('reports nonsense compare parameters in the URL and falls back to sane values', async () => {
    // Not waited on until loaded: the warnings are shown while the world loads, and waiting
    // for it first could outlast them.
    const page = await openLink(`${VIEW}&compare=yes&split=7`);
    await page.locator('.toast', { hasText: 'compare="yes" must be 1 or 0' }).waitFor();
    await page.locator('.toast', { hasText: 'split=7 is outside 0.02..0.98' }).waitFor();
    await page.waitForFunction(() => window.__game !== undefined);
    expect(await page.evaluate(() => window.__game!.compare())).toMatchObject({ on: false, split: 0.98 });
  });
});

/** Takes back the test's one edit action (in both worlds), so the shared page has no edits. */
async function undoEdit(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.__game!.undo())).toBe(true);
  await expect.poll(() => page.evaluate(() => [window.__game!.editCount('perlin'), window.__game!.editCount('simplex')])).toEqual([0, 0]);
}
