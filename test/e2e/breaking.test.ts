/**
 * Breaking with a real mouse: flying, a click breaks at once and throws particles; walking,
 * the button is held for the block's time while the cracks grow (`breaking()` reads the
 * progress), and letting go starts over. `window.__game` sets the scene up and reads state;
 * the breaking is real input. One shared page.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Block } from '../../src/world';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { backHome, capture, centreOf, frames as framesOf, type Home } from '../support/game-page';
import { DEFAULT_TEST_VIEW } from '../support/test-view';

const suite = useBrowserSuite();
let page: Page;
let home: Home;

/** A grass column with open sky above it in the world "voxel" (as play.test.ts uses). */
const X = 60;
const Z = 40;
const CENTRE = centreOf(DEFAULT_TEST_VIEW.viewport);

async function play(): Promise<void> {
  if (await page.evaluate(() => document.pointerLockElement?.id === 'view')) await page.mouse.move(CENTRE.x, CENTRE.y);
  else await capture(page, CENTRE);
  await backHome(page, home);
}

const blockAt = (x: number, y: number, z: number) => page.evaluate(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!), [x, y, z]);
const topAt = (x: number, z: number) =>
  page.evaluate(([bx, bz]) => {
    for (let y = 255; y > 0; y--) if (window.__game!.blockAt(bx!, y, bz!) !== 0) return y;
    return 0;
  }, [x, z]);

describe('breaking blocks', () => {
  const shared = suite.sharedGame(`?seed=voxel&x=${X + 0.5}&y=110&z=${Z + 0.5}`);
  beforeAll(async () => {
    page = shared();
    home = await page.evaluate(() => window.__game!.stats().camera);
  });

  it('flying, a click breaks the block at once and throws particles', async () => {
    await play();
    const top = await topAt(X, Z);
    await page.evaluate(([x, y, z]) => {
      window.__game!.teleport(x!, y!, z!);
      window.__game!.look(0, -Math.PI / 2);
    }, [X + 0.5, top + 6.5, Z + 0.5]);
    await framesOf(page, 3);
    await page.mouse.down();
    // No frame in between: the block is gone on the press itself, and its bits fly.
    const after = await page.evaluate(([x, y, z]) => ({ block: window.__game!.blockAt(x!, y!, z!), particles: window.__game!.particles() }), [X, top, Z]);
    expect(after.block).toBe(Block.Air);
    expect(after.particles).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__game!.breaking())).toBeNull();
    await page.mouse.up();
    await page.screenshot({ path: `${SHOTS}/breaking-particles.png` });
    await page.waitForFunction(() => window.__game!.particles() === 0);
    // Placing draws the block at once (a cube until its column's mesh comes): its shader must compile and draw.
    await framesOf(page, 2);
    await page.keyboard.press('Digit1'); // stone
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    expect(await blockAt(X, top, Z)).toBe(Block.Stone);
    await framesOf(page, 3);
  });

  it('walking, holding the button breaks stone after its time with cracks growing; letting go starts over', async () => {
    await play();
    const top = await topAt(X, Z);
    await page.evaluate(([x, y, z]) => {
      const game = window.__game!;
      game.editBlock(x!, y!, z!, 2); // stone under the feet: 1.5 s to break
      game.setMode('walk');
      game.look(0, -Math.PI / 2);
    }, [X, top, Z]);
    await page.waitForFunction((y) => window.__game!.player().onGround && window.__game!.player().y === y + 1, top);
    await framesOf(page, 3);

    await page.mouse.down();
    await page.waitForFunction(() => (window.__game!.breaking()?.progress ?? 0) > 0.1);
    await page.mouse.up();
    await framesOf(page, 2);
    expect(await page.evaluate(() => window.__game!.breaking())).toBeNull();
    expect(await blockAt(X, top, Z)).toBe(Block.Stone);

    await page.mouse.down();
    await page.waitForFunction(() => (window.__game!.breaking()?.progress ?? 0) > 0.5);
    const mid = await page.evaluate(() => window.__game!.breaking());
    expect(mid).toMatchObject({ x: X, y: top, z: Z });
    expect(await blockAt(X, top, Z)).toBe(Block.Stone);
    await page.screenshot({ path: `${SHOTS}/breaking-cracks.png` });
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 0, [X, top, Z]);
    expect(await page.evaluate(() => window.__game!.particles())).toBeGreaterThan(0);
    await page.mouse.up();
    await framesOf(page, 2);
    expect(await page.evaluate(() => window.__game!.breaking())).toBeNull();
  });
});
