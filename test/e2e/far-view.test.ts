/**
 * The far view survives a new world. From high up, after setSeed, every far region the
 * layout wants is drawn again, with the new world's mesh, and the ground below the horizon
 * is terrain, not the fog and sky the same view shows with no far terrain at all (far = 0).
 * At rest, no far region is drawn partly under loaded columns, so far terrain is drawn with
 * no per-fragment mask (FarTerrain), and still shows no hole.
 * Screenshots: test-results/far-view-*.png (look at them).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openGame } from '../support/browser';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { frames } from '../support/game-page';
import { rowOfGroundAt, skyShareBelow } from './horizon-view';

const suite = useBrowserSuite();

const VIEWPORT = { width: 640, height: 400 };
/** High above the biomes world "a", looking down at the far terrain (pitch in radians). */
const HIGH = { x: 40, y: 140, z: 200, yaw: 2.6, pitch: -0.35 };
/** The least of each that shows the point: the columns (32 blocks) out of view below, far terrain from there to the fog. */
const RENDER_DISTANCE = 2;
const FAR = 16;

/** The world "a" high up at render distance 4 and far distance `far`, loaded, drawn with no DOM over the canvas. */
async function openHigh(far: number): Promise<Page> {
  const query = `?seed=a&type=biomes&x=${HIGH.x}&y=${HIGH.y}&z=${HIGH.z}&r=${RENDER_DISTANCE}&far=${far}`;
  const { page, errors } = await openGame(suite.browser, suite.app.url, query, VIEWPORT);
  suite.track(page, errors);
  await page.addStyleTag({ content: 'body > *:not(#app), #app > *:not(#view) { visibility: hidden !important; }' });
  await page.evaluate((at) => {
    const g = window.__game!;
    g.teleport(at.x, at.y, at.z);
    g.look(at.yaw, at.pitch);
    return g.ready();
  }, HIGH);
  await frames(page, 3); // a frame drawn with everything loaded
  return page;
}

/** How much of the far view the world shown draws: its side's summary (compare mode is off: one side). */
async function farView(page: Page): Promise<{ wanted: number; drawn: number; current: number; masked: boolean }> {
  const [side] = (await page.evaluate(() => window.__game!.compare())).sides;
  return { wanted: side!.farWanted, drawn: side!.farDrawn, current: side!.farCurrent, masked: side!.farMasked };
}

describe('the far view and a new world', () => {
  it('after setSeed from high up, every wanted far region is drawn with the new world, and the ground below the horizon is terrain, not the far = 0 fog', async () => {
    const fromRow = rowOfGroundAt(HIGH, 0.35 * FAR * 16, VIEWPORT.height);
    expect(fromRow).toBeGreaterThan(VIEWPORT.height / 2);
    expect(fromRow).toBeLessThan(VIEWPORT.height * 0.85);

    // The picture with no far terrain: below the row, fog and sky (the columns are out of view, straight down).
    const bare = await openHigh(0);
    const bareSky = skyShareBelow(await bare.screenshot({ path: `${SHOTS}/far-view-0.png` }), fromRow);
    await suite.close(bare);
    expect(bareSky).toBeGreaterThan(0.5);

    const page = await openHigh(FAR);
    const before = await farView(page);
    expect(before.wanted).toBeGreaterThan(20);
    expect(before).toEqual({ wanted: before.wanted, drawn: before.wanted, current: before.wanted, masked: false });
    expect(skyShareBelow(await page.screenshot({ path: `${SHOTS}/far-view-16-seed-a.png` }), fromRow)).toBeLessThan(0.02);

    await page.evaluate(() => {
      window.__game!.setSeed('b');
      return window.__game!.ready();
    });
    await frames(page, 3); // a frame drawn with the new world in place
    const afterSky = skyShareBelow(await page.screenshot({ path: `${SHOTS}/far-view-16-seed-b.png` }), fromRow);
    expect(await page.evaluate(() => window.__game!.params().seed)).toBe('b');
    // The pixels first: the far view is there, unlike the far = 0 picture's.
    expect(afterSky).toBeLessThan(0.02);
    // Every far region the layout wants is drawn, with the new world's mesh.
    const after = await farView(page);
    expect(after.wanted).toBeGreaterThan(20);
    expect(after).toEqual({ wanted: after.wanted, drawn: after.wanted, current: after.wanted, masked: false });
  });
});
