/**
 * Playing by touch on an emulated phone (390 × 844, hasTouch, isMobile): the joystick moves,
 * a drag on the right turns, a tap breaks and a long press places, the hotbar and the buttons
 * answer taps, and the mouse is never asked for. Touches are real input, sent through the
 * DevTools protocol as the browser's own touch events; `window.__game` only sets the scene up
 * and reads state. The tests share one phone page (one load): each starts by putting it back as
 * a fresh one shows it (viewport, fullscreen, mode, edits, camera) and, when the start screen is
 * up, starting play with a real tap.
 */
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Block } from '../../src/world';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { backHome, frames, type Home } from '../support/game-page';
import { PHONE, sharedOnDevice } from '../support/touch-game';

const suite = useBrowserSuite();
let page: Page;
let cdp: CDPSession;
/** The camera as the fresh page showed it, where every test starts. */
let home: Home;

/** A grass column with open sky above it in the world "voxel" (as in play.test.ts). */
const X = 60;
const Z = 40;

/**
 * The shared phone as a fresh one shows it, and touch play on: the scene put back through the
 * test API (portrait, out of fullscreen, flying, no edits, the camera where it started, every
 * column around it loaded), then, if the start screen is up, play started with a real tap.
 */
async function playByTouch(): Promise<void> {
  const { width, height } = PHONE.viewport;
  const size = page.viewportSize();
  if (size?.width !== width || size.height !== height) {
    await page.setViewportSize(PHONE.viewport);
    await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [width, height]);
  }
  if (await page.evaluate(() => document.fullscreenElement !== null)) {
    await page.evaluate(() => document.exitFullscreen());
    await page.locator('.touch-fullscreen.active').waitFor({ state: 'detached' });
  }
  await backHome(page, home);
  if (await page.locator('.overlay').isVisible()) {
    await expect.poll(() => page.textContent('.start-button')).toBe('Tap to play');
    await page.tap('.start-button');
    await page.locator('.overlay').waitFor({ state: 'hidden' });
  }
  await page.locator('.touch-controls').waitFor({ state: 'visible' });
}

type Point = [x: number, y: number];

/** Fingers down at `points` (ids 0, 1, …), or moved there; an empty list lifts them all. */
const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
  cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });

/** A drag of one finger from `from` to `to` in `steps` moves, each after a frame. */
async function drag(from: Point, to: Point, steps: number): Promise<void> {
  await touch('touchStart', [from]);
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', [[from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps]]);
    await nextFrame();
  }
  await touch('touchEnd', []);
}

const nextFrame = () => frames(page, 1);

/**
 * Records, in the page, whether the ring under the next press shows as charging. Waiting for the
 * class from here can come too late: on a loaded machine a round trip to the page can outlast
 * the 450 ms charge, and the ring is 'done' by the time the wait starts. The ring turns done in
 * a later task than it starts charging, so the observer (run after that first task) sees it.
 */
const watchCharge = () =>
  page.evaluate(() => {
    const w = window as unknown as { chargeWatch?: { seen: boolean; observer: MutationObserver } };
    w.chargeWatch?.observer.disconnect();
    const ring = document.querySelector('.touch-charge')!;
    const watch = { seen: false, observer: new MutationObserver(() => { if (ring.classList.contains('charging')) watch.seen = true; }) };
    watch.observer.observe(ring, { attributeFilter: ['class'] });
    w.chargeWatch = watch;
  });
const sawCharging = () => page.evaluate(() => (window as unknown as { chargeWatch: { seen: boolean } }).chargeWatch.seen);
const camera = () => page.evaluate(() => window.__game!.stats().camera);
const blockAt = (x: number, y: number, z: number) => page.evaluate(([bx, by, bz]) => window.__game!.blockAt(bx!, by!, bz!), [x, y, z]);
const topAt = (x: number, z: number) =>
  page.evaluate(([bx, bz]) => {
    for (let y = 255; y > 0; y--) if (window.__game!.blockAt(bx!, y, bz!) !== 0) return y;
    return 0;
  }, [x, z]);
const toastTexts = () => page.locator('.toast').allTextContents();

describe('touch play on a phone', () => {
  const phone = sharedOnDevice(suite, PHONE, `?seed=voxel&x=${X + 0.5}&y=110&z=${Z + 0.5}&mode=fly`);
  beforeAll(async () => {
    page = phone();
    cdp = await page.context().newCDPSession(page);
    home = await camera();
  });

  it('starts with a tap, without asking for the mouse, and shows the touch help', async () => {
    await playByTouch();
    expect(await page.evaluate(() => document.pointerLockElement)).toBeNull();
    expect((await toastTexts()).join(' ')).not.toMatch(/mouse capture/i);
    expect(await page.locator('.hotbar-hint').textContent()).toContain('tap: break');
    // The pause button brings the start screen (with the touch controls' help) back.
    await page.tap('.touch-pause');
    await page.locator('.overlay').waitFor({ state: 'visible' });
    expect(await page.locator('.touch-controls').isVisible()).toBe(false);
    expect(await page.locator('.controls-touch').isVisible()).toBe(true);
    expect(await page.locator('.controls-desktop').isVisible()).toBe(false);
    expect((await toastTexts()).join(' ')).not.toMatch(/mouse capture/i);
  });

  it('pushing the joystick up moves the camera forward, and letting go stops it', async () => {
    await playByTouch();
    // Face east (yaw -π/2: yaw 0 faces -z, and turning right lowers yaw), level.
    await page.evaluate(() => window.__game!.look(-Math.PI / 2, 0));
    const start = await camera();
    const thumb: Point = [90, 560];
    await touch('touchStart', [thumb]);
    // 40 px up: most of the way to the rim (48 px), short of the sprint reach beyond it.
    await touch('touchMove', [[thumb[0], thumb[1] - 40]]);
    await expect.poll(async () => (await camera()).x - start.x, { timeout: 20_000 }).toBeGreaterThan(4);
    expect(await page.locator('.touch-stick.active').count()).toBe(1);
    await touch('touchEnd', []);
    const moved = await camera();
    // Forward is east: along +x, with hardly any sideways drift, and no turn.
    expect(Math.abs(moved.z - start.z)).toBeLessThan(0.5);
    expect(moved.yaw).toBe(start.yaw);
    expect(await page.locator('.touch-stick.active').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => window.__game!.player().vx), { timeout: 10_000 }).toBeLessThan(0.01);
  });

  it('a drag on the right half turns the view: left turns left, up looks up', async () => {
    await playByTouch();
    await page.evaluate(() => window.__game!.look(0, 0));
    await drag([300, 420], [220, 420], 8);
    const turned = await camera();
    // 80 px left at 0.007 rad/px: about 0.56 rad to the left (yaw grows turning left).
    expect(turned.yaw).toBeGreaterThan(0.4);
    expect(turned.yaw).toBeLessThan(0.7);
    expect(Math.abs(turned.pitch)).toBeLessThan(1e-9);
    await drag([300, 500], [300, 440], 6);
    expect((await camera()).pitch).toBeGreaterThan(0.3);
    // Neither drag broke or placed anything.
    expect(await page.evaluate(() => window.__game!.editCount())).toBe(0);
  });

  it('a tap breaks the aimed block and a long press places the chosen one, with a charge ring', async () => {
    await playByTouch();
    const top = await topAt(X, Z);
    await page.evaluate(([x, y, z]) => {
      window.__game!.teleport(x!, y!, z!);
      window.__game!.look(0, -Math.PI / 2);
    }, [X + 0.5, top + 6, Z + 0.5]);
    await nextFrame();
    await nextFrame();
    // Sand from the hotbar, by tapping its slot (slot 4).
    await page.tap('.hotbar-slot >> nth=3');
    await expect.poll(() => page.locator('.hotbar-slot.selected').evaluate((el) => [...el.parentElement!.children].indexOf(el))).toBe(3);

    await page.touchscreen.tap(300, 400);
    await expect.poll(() => blockAt(X, top, Z)).toBe(Block.Air);
    expect(await page.evaluate(() => window.__game!.editCount())).toBe(1);

    await watchCharge();
    await touch('touchStart', [[300, 400]]);
    await expect.poll(sawCharging).toBe(true);
    await page.locator('.touch-charge.done').waitFor({ state: 'attached' });
    // Placed while the finger is still down, on the face of the block below the broken one.
    await expect.poll(() => blockAt(X, top, Z)).toBe(Block.Sand);
    await touch('touchEnd', []);
    // Lifting after the press neither breaks it again nor places another.
    await nextFrame();
    expect(await blockAt(X, top, Z)).toBe(Block.Sand);
    expect(await page.evaluate(() => window.__game!.editCount())).toBe(1);
  });

  it('the mode button switches fly and walk, and the buttons follow: up and down, or jump', async () => {
    await playByTouch();
    expect(await page.locator('.touch-mode').textContent()).toBe('Walk');
    await page.tap('.touch-mode');
    await expect.poll(() => page.evaluate(() => window.__game!.player().mode)).toBe('walk');
    expect(await page.locator('.touch-up').textContent()).toBe('Jump');
    expect(await page.locator('.touch-down').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    await page.tap('.touch-mode');
    await expect.poll(() => page.evaluate(() => window.__game!.player().mode)).toBe('fly');
    // Holding ▲ flies up; letting go stops.
    const start = await camera();
    const box = (await page.locator('.touch-up').boundingBox())!;
    const centre: Point = [box.x + box.width / 2, box.y + box.height / 2];
    await touch('touchStart', [centre]);
    await expect.poll(async () => (await camera()).y - start.y, { timeout: 20_000 }).toBeGreaterThan(3);
    await touch('touchEnd', []);
    await expect.poll(() => page.evaluate(() => Math.abs(window.__game!.player().vy)), { timeout: 10_000 }).toBeLessThan(0.01);
  });

  it('two thumbs at once: the joystick moves while the other thumb turns', async () => {
    await playByTouch();
    await page.evaluate(() => window.__game!.look(-Math.PI / 2, 0));
    const start = await camera();
    await touch('touchStart', [[90, 560]]);
    await touch('touchMove', [[90, 520]]);
    await touch('touchStart', [[90, 520], [300, 400]]);
    for (let i = 1; i <= 5; i++) {
      await touch('touchMove', [[90, 520], [300 - 10 * i, 400]]);
      await nextFrame();
    }
    await expect.poll(async () => (await camera()).x - start.x, { timeout: 20_000 }).toBeGreaterThan(2);
    await touch('touchEnd', []);
    expect((await camera()).yaw).toBeGreaterThan(start.yaw + 0.2);
  });

  it('the fullscreen buttons (touch corner and start card) enter and leave fullscreen', async () => {
    await playByTouch();
    await page.tap('.touch-fullscreen');
    await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
    await page.locator('.touch-fullscreen.active').waitFor({ state: 'attached' });
    await page.tap('.touch-fullscreen');
    await page.waitForFunction(() => document.fullscreenElement === null);
    // fullscreenchange comes a little after the element is gone: wait for the button to follow.
    await page.locator('.touch-fullscreen.active').waitFor({ state: 'detached' });
    await page.tap('.touch-pause');
    await page.tap('.overlay-fullscreen');
    await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
    expect((await toastTexts()).join(' ')).not.toMatch(/refused|does not offer/);
  });

  it('leaving the window lets the joystick go at once, and it works again after', async () => {
    await playByTouch();
    await page.evaluate(() => window.__game!.look(-Math.PI / 2, 0));
    await touch('touchStart', [[90, 560]]);
    await touch('touchMove', [[90, 520]]);
    await expect.poll(() => page.evaluate(() => window.__game!.player().vx), { timeout: 20_000 }).toBeGreaterThan(5);
    // The app switcher takes the window while the thumb is down.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    expect(await page.locator('.touch-stick.active').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => window.__game!.player().vx), { timeout: 20_000 }).toBe(0);
    await touch('touchEnd', []);
    const start = await camera();
    await touch('touchStart', [[100, 560]]);
    await touch('touchMove', [[100, 520]]);
    await expect.poll(async () => (await camera()).x - start.x, { timeout: 20_000 }).toBeGreaterThan(3);
    await touch('touchEnd', []);
  });

  it('turning the phone sideways after a tap and a long press leaves no scrolling page and no ring off the screen', async () => {
    await playByTouch();
    // Low on the right half, below where the landscape screen will end.
    const low: Point = [300, 520];
    await page.touchscreen.tap(...low);
    await touch('touchStart', [low]);
    await page.locator('.touch-charge.done').waitFor({ state: 'attached' });
    await touch('touchEnd', []);
    for (const viewport of [{ width: 844, height: 390 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
      await page.setViewportSize(viewport);
      await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [viewport.width, viewport.height]);
      const page_ = await page.evaluate(() => {
        const root = document.documentElement;
        // A page taller than the screen can be scrolled, by the browser or by script.
        window.scrollTo(0, 1000);
        return { width: root.scrollWidth, height: root.scrollHeight, scrollY: window.scrollY, scrollX: window.scrollX };
      });
      expect(page_, `${viewport.width} × ${viewport.height}`).toEqual({ width: viewport.width, height: viewport.height, scrollY: 0, scrollX: 0 });
      const ring = page.locator('.touch-charge');
      if (await ring.isVisible()) {
        const box = (await ring.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
    }
    // The ring is hidden between presses, and comes back under the next one.
    expect(await page.locator('.touch-charge').isVisible()).toBe(false);
    await watchCharge();
    await touch('touchStart', [[600, 200]]);
    await expect.poll(sawCharging).toBe(true);
    await page.locator('.touch-charge').waitFor({ state: 'visible' });
    const box = (await page.locator('.touch-charge').boundingBox())!;
    expect([box.x + box.width / 2, box.y + box.height / 2]).toEqual([600, 200]);
    await touch('touchEnd', []);
    await page.screenshot({ path: `${SHOTS}/touch-844x390-after-turn.png` });
  });

  it('the inventory button beside the hotbar opens every block, fitting the phone; a tapped slot, then a tapped block, fills it; ✕ closes and play goes on', async () => {
    await playByTouch();
    const button = page.locator('.inventory-button');
    const bar = (await page.locator('.hotbar-slots').boundingBox())!;
    const at = (await button.boundingBox())!;
    expect(at.x).toBeGreaterThanOrEqual(bar.x + bar.width); // beside the bar, not over it
    expect(at.x + at.width).toBeLessThanOrEqual(390);
    await button.tap();
    await expect.poll(() => page.evaluate(() => window.__game!.hotbar().inventoryOpen)).toBe(true);
    const panel = (await page.locator('.inventory-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(panel.y + panel.height).toBeLessThanOrEqual(bar.y); // the hotbar stays in view under it
    expect(await page.locator('.inventory-hint').textContent()).toContain('Tap a block');
    await page.screenshot({ path: `${SHOTS}/touch-inventory.png` });

    // Slot 9 (water) chosen by a tap, then glass by a tap in the grid.
    await page.tap('.hotbar-slot >> nth=8');
    await page.locator('.inventory-item[aria-label="Glass"]').tap();
    await expect.poll(() => page.evaluate(() => window.__game!.hotbar().blocks[8])).toBe(Block.Glass);
    // And back to water, as the other tests expect.
    await page.locator('.inventory-search').fill('water');
    await page.locator('.inventory-item[aria-label="Water"]').tap();
    await expect.poll(() => page.evaluate(() => window.__game!.hotbar().blocks[8])).toBe(Block.Water);
    await page.locator('.inventory-search').fill('');
    await page.tap('.hotbar-slot >> nth=0');
    await page.locator('.inventory-close').tap();
    expect(await page.evaluate(() => window.__game!.hotbar().inventoryOpen)).toBe(false);
    expect(await page.locator('.overlay').isHidden()).toBe(true); // touch play went on
    await page.locator('.touch-controls').waitFor({ state: 'visible' });
  });
});

