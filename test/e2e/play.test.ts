/**
 * Playing with a real mouse and keyboard: capture the mouse, fly, look, break (at once in flight,
 * held with growing cracks when walking) and place blocks, and change the world from the panel. `window.__game` only sets the scene up and
 * reads state; every action under test is real input. Keys are held until the camera has
 * moved, not for a time: a loaded machine may fit few frames into any fixed time. The tests
 * share one page (one load): each starts by putting it back as a fresh one shows it (the
 * world, mode, edits and camera) with the mouse captured, by a real click when it is not.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PHYSICS_OPTIONS } from '../../src/physics';
import { Block, terrainFor } from '../../src/world';
import { LEGACY_LINK_PARAMS } from '../support/legacy-link';
import { useBrowserSuite } from '../support/browser-suite';
import { backHome, capture, centreOf, frames as framesOf, type Home } from '../support/game-page';
import { SHOTS } from '../support/browser-suite';
import { DEFAULT_TEST_VIEW } from '../support/test-view';
import { decodePng } from './screenshot-stats';

const suite = useBrowserSuite();
let page: Page;
/** The camera as the fresh page showed it, where every test starts. */
let home: Home;

/** A grass column with open sky above it in the world "voxel" (found with terrainFor in Node). */
const X = 60;
const Z = 40;
/** Where the crosshair is, and where every click happens. */
const CENTRE = centreOf(DEFAULT_TEST_VIEW.viewport);

/** The world the page opens, above (X, Z). */
const SEED = 'voxel';

/**
 * The shared page as a fresh one shows it above (X, Z) in the world "voxel", with the mouse
 * captured: the mouse captured by a real click if it is not (else moved back to the centre, where
 * the clicks happen), then the scene put back through the test API (the world, flying, no
 * edits, the camera where it started, every column around it loaded).
 */
async function play(): Promise<void> {
  if (await page.evaluate(() => document.pointerLockElement?.id === 'view')) await page.mouse.move(CENTRE.x, CENTRE.y);
  else await capture(page, CENTRE);
  // Moving the captured mouse turned the view: the look is set after it.
  await page.evaluate(async (seed) => {
    const game = window.__game!;
    if (game.params().seed === seed) return;
    game.setSeed(seed);
    while (game.params().seed !== seed) await new Promise(requestAnimationFrame);
  }, SEED);
  await backHome(page, home);
  // Bits of a block broken by the test before still fly for up to a second, and are drawn.
  await page.waitForFunction(() => window.__game!.particles() === 0);
}

const camera = () => page.evaluate(() => window.__game!.stats().camera);
const blockAt = (x: number, y: number, z: number) => page.evaluate(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!), [x, y, z]);
const editCount = () => page.evaluate(() => window.__game!.editCount());
/** Highest non-air block at (x, z) as the game sees it. */
const topAt = (x: number, z: number) =>
  page.evaluate(([bx, bz]) => {
    for (let y = 255; y > 0; y--) if (window.__game!.blockAt(bx!, y, bz!) !== 0) return y;
    return 0;
  }, [x, z]);
/** Puts the eye at (x + 0.5, y, z + 0.5) looking straight down (setup, not play). */
async function lookDownFrom(y: number): Promise<void> {
  await page.evaluate(([x, ey, z]) => {
    window.__game!.teleport(x!, ey!, z!);
    window.__game!.look(0, -Math.PI / 2);
  }, [X + 0.5, y, Z + 0.5]);
  await frames(3); // the game re-aims in its frame callback
}

/** Resolves after n animation frames, so the game has run at least n - 1 frames. */
const frames = (n: number) => framesOf(page, n);


/**
 * Two taps of Space 80 ms apart by the events' own clocks, as a keyboard stamps them. The game
 * compares the events' timeStamps; Playwright's presses each wait for the page to handle the
 * last, so on a busy machine (frames of 300 ms and more under SwiftShader) they were stamped
 * more than the 300 ms window apart and the test failed about one run in five. Sent through the
 * DevTools protocol with explicit timestamps, they are the same real key events, stamped as typed.
 */
async function doubleTapSpace(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const space = { key: ' ', code: 'Space', windowsVirtualKeyCode: 32, nativeVirtualKeyCode: 32 };
  const start = Date.now() / 1000;
  const steps = ['keyDown', 'keyUp', 'keyDown', 'keyUp'] as const;
  for (const [i, type] of steps.entries()) await cdp.send('Input.dispatchKeyEvent', { type, ...space, timestamp: start + i * 0.04 });
  await cdp.detach();
}

describe('playing with mouse and keyboard', () => {
  const shared = suite.sharedGame(`?seed=${SEED}&x=${X + 0.5}&y=110&z=${Z + 0.5}`);
  beforeAll(async () => {
    page = shared();
    home = await camera();
  });

  it('W flies forward where the camera looks and the mouse turns the view', async () => {
    await play();
    await page.evaluate(() => window.__game!.look(0, 0)); // facing north, -z
    const start = await camera();
    await page.keyboard.down('KeyW');
    await page.waitForFunction((z) => window.__game!.stats().camera.z < z - 15, start.z);
    await page.keyboard.up('KeyW');
    // The easing brings it to an exact stop (it snaps the last thousandth of a block per
    // second); wait for that, not for a time, which a loaded machine may not fill with frames.
    await page.waitForFunction(() => {
      const p = window.__game!.player();
      return p.vx === 0 && p.vy === 0 && p.vz === 0;
    });
    const moved = await camera();
    expect(Math.abs(moved.x - start.x)).toBeLessThan(0.5); // straight ahead, north
    expect(moved.y).toBeCloseTo(start.y, 5);
    const still = await camera();
    await frames(10);
    expect(await camera()).toEqual(still); // released keys stop the camera

    await page.mouse.move(CENTRE.x + 200, CENTRE.y, { steps: 4 }); // right: turns right, toward +x
    await page.waitForFunction((yaw) => window.__game!.stats().camera.yaw !== yaw, still.yaw);
    expect((await camera()).yaw).toBeLessThan(still.yaw); // yaw 0 faces -z; toward +x is below it
    await page.keyboard.down('KeyW');
    await page.waitForFunction((x) => window.__game!.stats().camera.x > x + 3, still.x);
    await page.keyboard.up('KeyW');
    // During play the HUD is one short line; F3 shows every figure, F3 again the short line.
    await expect.poll(() => page.textContent('.hud')).toMatch(/^\d+ fps · .* · F3: more$/m);
    await page.keyboard.press('F3');
    await expect.poll(() => page.textContent('.hud')).toMatch(/columns\s+\d+ loaded \/ \d+ wanted\s+\d+ pending\s+\d+ kept behind/);
    await page.keyboard.press('F3');
    await expect.poll(() => page.textContent('.hud')).toMatch(/F3: more/);
  });

  it('the panel folds while playing and comes back on the start screen; F1 hides every overlay; Alt + wheel shows the flight speed', async () => {
    await play();
    const panel = page.locator('.lil-gui.lil-root');
    await expect.poll(() => panel.getAttribute('class')).toContain('lil-closed');
    await page.keyboard.press('F1');
    for (const part of ['.hud', '.hotbar', '.crosshair', '.lil-gui.lil-root']) {
      expect(await page.locator(part).first().evaluate((e) => getComputedStyle(e).visibility), part).toBe('hidden');
    }
    await page.screenshot({ path: `${SHOTS}/play-f1.png` });
    await page.keyboard.press('F1');
    expect(await page.locator('.hud').evaluate((e) => getComputedStyle(e).visibility)).toBe('visible');
    await page.keyboard.down('Alt');
    await page.mouse.wheel(0, -100); // up: faster
    await page.keyboard.up('Alt');
    await expect.poll(() => page.textContent('.hotbar-name')).toMatch(/^Flight speed \d+ blocks\/s$/);
    const speed = await page.evaluate(() => window.__game!.player().flySpeed);
    expect(await page.textContent('.hotbar-name')).toBe(`Flight speed ${Math.round(speed)} blocks/s`);
    await page.keyboard.down('Alt');
    await page.mouse.wheel(0, 100); // and back
    await page.keyboard.up('Alt');
    await page.evaluate(() => document.exitPointerLock()); // Esc, as the browser does it (headless Escape does not)
    await page.locator('.overlay').waitFor({ state: 'visible' });
    await expect.poll(() => panel.getAttribute('class')).not.toContain('lil-closed');
  });

  it('right click places the selected block on the aimed face; left click takes it back', async () => {
    await play();
    const top = await topAt(X, Z);
    expect(await blockAt(X, top, Z)).toBe(Block.Grass);
    await lookDownFrom(top + 6.5);
    await page.keyboard.press('Digit1'); // stone
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 2, [X, top + 1, Z]);
    expect(await editCount()).toBe(1);
    await frames(3); // the aim moves onto the new block
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'left' });
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 0, [X, top + 1, Z]);
    expect(await editCount()).toBe(0); // back to the generated block: no edit is kept
  });

  it('draws only when the picture changes: a still view is not drawn again, a real mouse turn and a real click that breaks a block are', async () => {
    await play();
    const top = await topAt(X, Z);
    await lookDownFrom(top + 6.5);
    const drawn = async () => (await page.evaluate(() => window.__game!.stats())).framesDrawn;
    // The day's clock stopped (as the suite leaves it): a moving sun changes the picture about once a second.
    await page.evaluate(() => window.__game!.setTimePaused(true));
    // Still: the aim settles in a frame or two, then frames go by and none is drawn.
    await frames(5);
    const still = await drawn();
    await frames(20);
    expect(await drawn()).toBe(still);
    const stats = await page.evaluate(() => window.__game!.stats());
    expect(stats.framesSkipped).toBeGreaterThanOrEqual(19);

    await page.mouse.move(CENTRE.x + 40, CENTRE.y, { steps: 2 });
    await page.waitForFunction((n) => window.__game!.stats().framesDrawn > n, still);
    await page.mouse.move(CENTRE.x, CENTRE.y, { steps: 2 }); // back to where the block is aimed
    await frames(5);

    const before = await page.screenshot({ clip: { x: CENTRE.x - 40, y: CENTRE.y - 40, width: 80, height: 80 } });
    const beforeBreak = await drawn();
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'left' });
    await page.waitForFunction(([x, y, z]) => window.__game!.blockAt(x!, y!, z!) === 0, [X, top, Z]);
    // The column is re-meshed off the main thread: wait for the frame that shows it.
    await expect.poll(async () => !(await page.screenshot({ clip: { x: CENTRE.x - 40, y: CENTRE.y - 40, width: 80, height: 80 } })).equals(before)).toBe(true);
    expect(await drawn()).toBeGreaterThan(beforeBreak);
  });

  it('right click from inside a block replaces nothing', async () => {
    await play();
    const top = await topAt(X, Z);
    await lookDownFrom(top - 1.5); // the eye is inside the ground
    const inside = await blockAt(X, top - 2, Z);
    expect(inside).not.toBe(Block.Air);
    await page.keyboard.press('Digit4'); // sand
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.waitForSelector('.toast:has-text("inside a block")');
    expect(await blockAt(X, top - 2, Z)).toBe(inside);
    expect(await editCount()).toBe(0);
  });

  it('walking: F lands the player on the ground, W walks, Space jumps, a double tap of Space flies', async () => {
    await play();
    const ground = await topAt(X, Z);
    // Facing south (yaw pi), downhill from (X, Z): no step to climb ahead, so nothing stops the
    // walk once it starts (north, a step one block away stops it, and on a loaded machine a
    // single frame can carry the player all the way there).
    await page.evaluate(() => window.__game!.look(Math.PI, -0.2));
    await page.keyboard.press('KeyF');
    await page.waitForFunction(() => window.__game!.player().mode === 'walk');
    // Falls from y = 110 and stands on the grass: feet exactly on the block's top face.
    await page.waitForFunction((top) => {
      const p = window.__game!.player();
      return p.onGround && p.y === top + 1;
    }, ground);
    // The HUD is redrawn a few times a second, not every frame: wait for it to say so.
    await page.waitForFunction(() => /walking/.test(document.querySelector('.hud')!.textContent!));
    const start = await page.evaluate(() => window.__game!.player());
    // The fastest the player goes over the ground, read every frame while W is held and by the
    // wait itself: with few, long frames, the frame that walks the block can be the only one
    // before W is released, and only a reading after it and before the release sees the speed.
    const topSpeed = await page.evaluateHandle(() => {
      const record = { fastest: 0, done: false };
      const sample = () => {
        const p = window.__game!.player();
        record.fastest = Math.max(record.fastest, Math.hypot(p.vx, p.vz));
        if (!record.done) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      return record;
    });
    await page.keyboard.down('KeyW');
    await page.waitForFunction(
      ([record, z]) => {
        const p = window.__game!.player();
        record.fastest = Math.max(record.fastest, Math.hypot(p.vx, p.vz));
        return p.z > z + 1;
      },
      [topSpeed, start.z] as const,
    );
    await page.keyboard.up('KeyW');
    const fastest = await topSpeed.evaluate((record) => {
      record.done = true;
      return record.fastest;
    });
    const walked = await page.evaluate(() => window.__game!.player());
    // At walking speed (4.3 blocks/s), not flying speed (24), and south.
    expect(fastest).toBeGreaterThan(0);
    expect(fastest).toBeLessThanOrEqual(DEFAULT_PHYSICS_OPTIONS.walkSpeed + 1e-9);
    expect(Math.abs(walked.x - start.x)).toBeLessThan(0.5);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.__game!.player().vy > 0 || !window.__game!.player().onGround);
    // Two taps of Space within 300 ms: fly, and hover where the second tap left the player.
    await page.waitForFunction(() => window.__game!.player().onGround);
    await doubleTapSpace(page);
    await page.waitForFunction(() => window.__game!.player().mode === 'fly');
    expect(await page.evaluate(() => location.search)).not.toContain('mode=walk');
  });

  it('a block placed where the player stands is refused, and one beside them is placed', async () => {
    await play();
    const ground = await topAt(X, Z);
    await page.evaluate(() => {
      window.__game!.setMode('walk');
      window.__game!.look(0, -Math.PI / 2); // straight down, at the block under the feet
    });
    await page.waitForFunction((top) => window.__game!.player().onGround && window.__game!.player().y === top + 1, ground);
    await frames(3);
    await page.keyboard.press('Digit1'); // stone
    await page.mouse.click(CENTRE.x, CENTRE.y, { button: 'right' });
    await page.locator('.toast', { hasText: 'overlap you' }).waitFor();
    expect(await blockAt(X, ground + 1, Z)).toBe(Block.Air);
    expect(await editCount()).toBe(0);
  });

  it('the wheel and the number keys pick the hotbar slot, and clicking a slot picks it with the mouse free', async () => {
    await play();
    const selected = () => page.evaluate(() => document.querySelector('.hotbar .selected, .hotbar [aria-pressed="true"], .hotbar [aria-checked="true"]')?.textContent ?? '');
    await page.keyboard.press('Digit4'); // sand
    await page.waitForFunction(() => /block sand \(4\)/.test(document.querySelector('.hud')!.textContent!));
    await page.mouse.wheel(0, 100); // next slot
    await page.waitForFunction(() => /block snow \(5\)/.test(document.querySelector('.hud')!.textContent!));
    await page.mouse.wheel(0, -100);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(() => /block grass \(3\)/.test(document.querySelector('.hud')!.textContent!));
    expect(await selected()).toContain('3');
    // Release the mouse (headless Escape does not), then click the seventh slot: log.
    await page.evaluate(() => document.exitPointerLock());
    await page.locator('.overlay').waitFor({ state: 'visible' });
    const slots = page.locator('.hotbar-slot');
    expect(await slots.count()).toBe(9);
    await slots.nth(6).click();
    await page.waitForFunction(() => /block log \(7\)/.test(document.querySelector('.hud')!.textContent!));
    expect(await page.evaluate(() => document.pointerLockElement)).toBeNull(); // the click stayed on the bar
  });

  it('a new seed typed in the panel lifts a camera that the new ground would bury', async () => {
    await play();
    const seed = 'buried by the new world';
    const ground = terrainFor({ ...LEGACY_LINK_PARAMS, seed }).heightAt(X, Z);
    await page.evaluate(() => document.exitPointerLock());
    await page.locator('.overlay').waitFor({ state: 'visible' });
    await page.evaluate(([x, y, z]) => window.__game!.teleport(x!, y!, z!), [X + 0.5, ground - 10, Z + 0.5]);
    const input = page.locator('.lil-gui .lil-controller', { has: page.locator('.lil-name', { hasText: 'seed' }) }).first().locator('input');
    await input.fill(seed);
    await input.press('Enter');
    await page.waitForFunction((s) => window.__game!.params().seed === s, seed);
    expect((await camera()).y).toBeGreaterThan(ground + 2);
  });

  it('flying down into the sea turns the view blue with a short fog, and flying up out of it clears it', async () => {
    await play();
    // Over deep water near spawn: the ground at y = 47 under the sea (62) in this classic world (terrainFor).
    await page.evaluate(() => {
      window.__game!.teleport(114.5, 66, 2.5);
      window.__game!.look(0, -0.35);
      return window.__game!.ready();
    });
    await frames(3);
    expect((await page.evaluate(() => window.__game!.stats())).underWater).toBe(false);
    await page.keyboard.down('ShiftLeft'); // down, in flight
    await page.waitForFunction(() => window.__game!.stats().camera.y < 58);
    await page.keyboard.up('ShiftLeft');
    await expect.poll(() => page.evaluate(() => window.__game!.stats().underWater)).toBe(true);
    await frames(3);
    const shot = decodePng(await page.screenshot({ path: `${SHOTS}/play-under-water.png` }));
    // Blue over most of the picture: the mean of its pixels leans to blue.
    const mean = [0, 1, 2].map((c) => {
      let sum = 0;
      for (let i = c; i < shot.pixels.length; i += shot.channels) sum += shot.pixels[i]!;
      return sum / (shot.pixels.length / shot.channels);
    });
    expect(mean[2]!).toBeGreaterThan(mean[0]! * 1.6);
    await page.keyboard.down('Space'); // up
    await page.waitForFunction(() => window.__game!.stats().camera.y > 64);
    await page.keyboard.up('Space');
    await expect.poll(() => page.evaluate(() => window.__game!.stats().underWater)).toBe(false);
  });

  // Breaking with a real mouse: flying a click breaks at once and throws particles; walking the
  // button is held for the block's time while the cracks grow, and letting go starts over.
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

