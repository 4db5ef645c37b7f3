/**
 * The player's settings driven as a player drives them: the Settings folder of the panel
 * with clicks and typing, the mouse under pointer lock, the keyboard. `window.__game` sets
 * the scene up and reads state only.
 *
 * Five tests share one game page (one load, plus the reload the field-of-view test is about,
 * instead of five loads and that reload), so one browser context and its localStorage: each
 * starts from the defaults, checked, with the Settings folder closed and the mouse free, and
 * puts back with the panel what it changed (which stores the defaults again). The test of bad
 * stored values needs them stored before its page's first script, so it has a context and a
 * page of its own.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_SETTINGS, PLAYER_SETTINGS_STORAGE_KEY } from '../../src/controls/player-settings';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { capture, centreOf, frames, gameReady } from '../support/game-page';
import { DEFAULT_TEST_VIEW } from '../support/test-view';
import { decodePng } from './screenshot-stats';

const suite = useBrowserSuite();
const CENTRE = centreOf(DEFAULT_TEST_VIEW.viewport);
/** Above land in the world "voxel", high enough that flying around meets nothing. */
const START = '?seed=voxel&x=60.5&y=140&z=40.5';

/** A new browser context (a fresh profile, with nothing stored), closed after the test. */
const newContext = (): Promise<BrowserContext> => suite.newContext({ viewport: DEFAULT_TEST_VIEW.viewport });

/** The lil-gui row whose label contains `name`. */
const row = (page: Page, name: string) => page.locator('.lil-gui .lil-controller', { has: page.locator('.lil-name', { hasText: name }) }).first();
const settings = (page: Page) => page.evaluate(() => window.__game!.settings());
const facing = (page: Page) => page.evaluate(() => window.__game!.stats().camera);
const camera = (page: Page) => page.evaluate(() => window.__game!.stats().camera);

/** Opens the panel's Settings folder (closed at start) with a click on its title. */
async function openSettings(page: Page): Promise<void> {
  const title = page.locator('.lil-gui > .lil-title', { hasText: /^Settings$/ });
  expect(await title.getAttribute('aria-expanded')).toBe('false');
  await title.click();
  await row(page, 'field of view').waitFor({ state: 'visible' });
}

/** Folds the Settings folder again with a click on its title. */
async function closeSettings(page: Page): Promise<void> {
  const title = page.locator('.lil-gui > .lil-title', { hasText: /^Settings$/ });
  await title.click();
  expect(await title.getAttribute('aria-expanded')).toBe('false');
}

/** The panel's top-level folder titled `name`, opened or folded with a click on its title. */
async function toggleFolder(page: Page, name: string, open: boolean): Promise<void> {
  const title = page.locator('.lil-gui > .lil-title', { hasText: new RegExp(`^${name}$`) });
  expect(await title.getAttribute('aria-expanded')).toBe(open ? 'false' : 'true');
  await title.click();
  expect(await title.getAttribute('aria-expanded')).toBe(open ? 'true' : 'false');
}

/**
 * Mean red, green and blue of the sky, seen while playing (no start card over the view), looking
 * steeply up, in a band at the left between the HUD and any toast; then the mouse is given back.
 */
async function skyColour(page: Page, path: string): Promise<{ r: number; g: number; b: number }> {
  await capture(page, CENTRE);
  await page.evaluate(() => window.__game!.look(0, 1.2));
  await frames(page, 3);
  const { width, channels, pixels } = decodePng(await page.screenshot({ path }));
  await release(page);
  const sum = { r: 0, g: 0, b: 0 };
  let n = 0;
  for (let y = 60; y < 320; y++) {
    for (let x = 10; x < 110; x++) {
      const i = (y * width + x) * channels;
      sum.r += pixels[i]!;
      sum.g += pixels[i + 1]!;
      sum.b += pixels[i + 2]!;
      n++;
    }
  }
  return { r: sum.r / n, g: sum.g / n, b: sum.b / n };
}

/** Gives the mouse back (headless Escape does not) and waits for the start screen. */
async function release(page: Page): Promise<void> {
  await page.evaluate(() => document.exitPointerLock());
  await page.locator('.overlay').waitFor({ state: 'visible' });
}

/** Levels the view, then moves the captured mouse 100 px down; the pitch it ends at. */
async function pitchAfterMouseDown(page: Page): Promise<number> {
  await page.evaluate(() => window.__game!.look(0, 0));
  await page.mouse.move(CENTRE.x, CENTRE.y + 100, { steps: 5 });
  await page.waitForFunction(() => Math.abs(window.__game!.stats().camera.pitch) > 0.1);
  const { pitch } = await facing(page);
  await page.mouse.move(CENTRE.x, CENTRE.y); // back, for the next move
  return pitch;
}

describe('player settings', () => {
  const game = suite.sharedGame(START);

  /**
   * The shared page as a fresh profile would have it, checked: the default settings (in use,
   * and stored if anything is), the mouse free, flying at the start.
   */
  async function fromDefaults(): Promise<Page> {
    const page = game();
    expect(await settings(page)).toEqual(DEFAULT_PLAYER_SETTINGS);
    const stored = await page.evaluate((key) => localStorage.getItem(key), PLAYER_SETTINGS_STORAGE_KEY);
    if (stored !== null) expect(JSON.parse(stored)).toMatchObject(DEFAULT_PLAYER_SETTINGS);
    if (await page.evaluate(() => document.pointerLockElement !== null)) await release(page);
    await page.evaluate(() => {
      const g = window.__game!;
      g.setMode('fly');
      g.teleport(60.5, 140, 40.5);
    });
    return page;
  }

  it('the field of view typed in the Settings folder changes the camera and survives a reload', async () => {
    const page = await fromDefaults();
    expect(await page.evaluate(() => window.__game!.cameraFov())).toBe(70);
    await openSettings(page);
    const fov = row(page, 'field of view').locator('input');
    await fov.fill('95');
    await fov.press('Enter');
    await page.waitForFunction(() => window.__game!.cameraFov() === 95);
    expect((await settings(page)).fov).toBe(95);
    await page.screenshot({ path: `${SHOTS}/settings-fov-95.png` });

    await page.reload();
    await gameReady(page);
    expect(await page.evaluate(() => window.__game!.cameraFov())).toBe(95);
    await openSettings(page);
    expect(await row(page, 'field of view').locator('input').inputValue()).toBe('95');

    // Back to the default, for the next test.
    await row(page, 'field of view').locator('input').fill('70');
    await row(page, 'field of view').locator('input').press('Enter');
    await page.waitForFunction(() => window.__game!.cameraFov() === 70);
    await closeSettings(page);
  });

  it('invert Y: the same downward mouse move looks down, then, with the box ticked, up', async () => {
    const page = await fromDefaults();
    await capture(page, CENTRE);
    expect(await pitchAfterMouseDown(page)).toBeLessThan(-0.1);

    await release(page);
    await openSettings(page);
    await row(page, 'invert Y').locator('input').check();
    await page.waitForFunction(() => window.__game!.settings().invertY);
    await capture(page, CENTRE);
    expect(await pitchAfterMouseDown(page)).toBeGreaterThan(0.1);
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), PLAYER_SETTINGS_STORAGE_KEY))!).invertY).toBe(true);

    // Back to the default, for the next test.
    await release(page);
    await row(page, 'invert Y').locator('input').uncheck();
    await page.waitForFunction(() => !window.__game!.settings().invertY);
    await closeSettings(page);
  });

  it('rebinding: click "forward", press a key; the new key flies forward and the old one does nothing', async () => {
    const page = await fromDefaults();
    await openSettings(page);
    const forward = row(page, 'forward:');
    expect(await forward.textContent()).toContain('forward: W');
    await forward.locator('button').click();
    await page.waitForFunction(() => document.querySelector('.key-waiting')?.textContent?.includes('press a key'));

    // A key the game keeps is refused with a message, and the entry keeps waiting.
    await page.keyboard.press('KeyF');
    await page.locator('.toast-warning', { hasText: 'F switches between walking and flying' }).waitFor();
    expect(await forward.textContent()).toContain('press a key');
    expect(await page.evaluate(() => window.__game!.player().mode)).toBe('fly'); // F did not switch the mode

    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => window.__game!.settings().keyBindings.forward.join() === 'ArrowUp');
    expect(await forward.textContent()).toContain('forward: Up Arrow');
    await page.screenshot({ path: `${SHOTS}/settings-keys.png` });

    await capture(page, CENTRE);
    await page.evaluate(() => window.__game!.look(0, 0)); // facing north, -z
    const start = await camera(page);
    await page.keyboard.down('KeyW');
    await frames(page, 30);
    await page.keyboard.up('KeyW');
    await frames(page, 5);
    expect(await camera(page)).toEqual(start); // W moves nothing now

    await page.keyboard.down('ArrowUp');
    await page.waitForFunction((z) => window.__game!.stats().camera.z < z - 3, start.z);
    await page.keyboard.up('ArrowUp');
    expect(Math.abs((await camera(page)).x - start.x)).toBeLessThan(0.5);

    // Back to the default keys, for the next test.
    await release(page);
    await row(page, 'reset keys to defaults').locator('button').click();
    await page.waitForFunction(() => window.__game!.settings().keyBindings.forward.join() === 'KeyW');
    await closeSettings(page);
  });

  it('a key another action has is swapped; Esc cancels; "reset keys to defaults" brings W A S D back', async () => {
    const page = await fromDefaults();
    await openSettings(page);
    await row(page, 'forward:').locator('button').click();
    await page.keyboard.press('KeyS');
    await page.locator('.toast', { hasText: '"back" had it and takes W instead (swapped)' }).waitFor();
    expect((await settings(page)).keyBindings).toMatchObject({ forward: ['KeyS'], back: ['KeyW'] });
    expect(await row(page, 'back:').textContent()).toContain('back: W');

    await row(page, 'left:').locator('button').click();
    await page.waitForFunction(() => document.querySelector('.key-waiting') !== null);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.key-waiting') === null);
    expect(await row(page, 'left:').textContent()).toContain('left: A');

    await row(page, 'reset keys to defaults').locator('button').click();
    await page.waitForFunction(() => window.__game!.settings().keyBindings.forward.join() === 'KeyW');
    expect(await row(page, 'forward:').textContent()).toContain('forward: W');
    expect(await row(page, 'back:').textContent()).toContain('back: S');
    // Saved: a second tab of this profile starts with the same keys.
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), PLAYER_SETTINGS_STORAGE_KEY))!);
    expect(stored.keyBindings.forward).toEqual(['KeyW']);
    await closeSettings(page);
  });

  // Sound (issue 23) ------------------------------------------------------------------------
  /** Opens or folds the panel's Sound folder with a click on its title (a gesture too). */
  const soundTitle = (page: Page) => page.locator('.lil-gui > .lil-title', { hasText: /^Sound$/ });
  const sound = (page: Page) => page.evaluate(() => window.__game!.sound());

  it('sound: the volume typed and mute ticked in the Sound folder survive a reload; audio waits for a gesture', async () => {
    const page = await fromDefaults();
    const audioWarnings: string[] = [];
    const onConsole = (msg: { text(): string }) => {
      if (/AudioContext|autoplay/i.test(msg.text())) audioWarnings.push(msg.text());
    };
    page.on('console', onConsole);
    await page.reload();
    await gameReady(page);
    // No gesture on this page yet: no audio (and so no autoplay warning).
    expect(await sound(page)).toMatchObject({ started: false, volume: 70, muted: false, ambience: 'none' });
    await soundTitle(page).click();
    await page.waitForFunction(() => window.__game!.sound().started);
    page.off('console', onConsole);
    expect(audioWarnings).toEqual([]);
    const volume = row(page, 'volume (%)').locator('input');
    await volume.fill('35');
    await volume.press('Enter');
    await row(page, 'mute').locator('input').check();
    await page.waitForFunction(() => window.__game!.sound().volume === 35 && window.__game!.sound().muted);

    await page.reload();
    await gameReady(page);
    expect(await sound(page)).toMatchObject({ volume: 35, muted: true });
    await soundTitle(page).click();
    expect(await row(page, 'volume (%)').locator('input').inputValue()).toBe('35');
    expect(await row(page, 'mute').locator('input').isChecked()).toBe(true);

    // Back to the defaults, for the next test.
    await row(page, 'volume (%)').locator('input').fill('70');
    await row(page, 'volume (%)').locator('input').press('Enter');
    await row(page, 'mute').locator('input').uncheck();
    await page.waitForFunction(() => window.__game!.sound().volume === 70 && !window.__game!.sound().muted);
    await soundTitle(page).click();
  });

  it('sound: a block broken with a real click sounds its break, and the sky above plays wind', async () => {
    const page = await fromDefaults();
    // A stone block three blocks north of the eye, in the air: the crosshair's target.
    await page.evaluate(() => window.__game!.editBlock(60, 140, 37, window.__game!.blocks().stone!));
    await capture(page, CENTRE);
    // Looking north after the capture: parking the captured mouse turns the view.
    await page.evaluate(() => window.__game!.look(0, 0));
    await frames(page, 3);
    await page.waitForFunction(() => window.__game!.sound().started && window.__game!.sound().ambience === 'wind');
    const before = (await sound(page)).played.break;
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction(() => window.__game!.blockAt(60, 140, 37) === 0);
    expect((await sound(page)).played.break).toBe(before + 1);
    await release(page);
  });

  it('the Time folder: the hour typed and the slider clicked with the mouse turn the sky from noon blue to night', async () => {
    const page = await fromDefaults();
    await toggleFolder(page, 'Time', true);
    // The box unticked lets the clock run (the suite's links stop it: clock=stopped), and ticked
    // again stops it, so each picture is the hour set. The link says which, with the hour a
    // stopped clock stands at.
    const clockInLink = () => page.evaluate(() => new URLSearchParams(location.search).get('clock'));
    expect(await clockInLink()).toBe('stopped');
    const stop = row(page, 'stop the clock').locator('input');
    expect(await stop.isChecked()).toBe(true);
    await stop.uncheck();
    await expect.poll(clockInLink).toBeNull();
    const before = await page.evaluate(() => window.__game!.time());
    await page.waitForFunction((h) => window.__game!.time() !== h, before);
    await stop.check();
    await expect.poll(clockInLink).toBe('stopped');
    const hours = row(page, 'time of day').locator('input');
    await hours.fill('12');
    await hours.press('Enter');
    await page.waitForFunction(() => window.__game!.time() === 12);
    const noon = await skyColour(page, `${SHOTS}/settings-time-noon.png`);
    expect(noon.b).toBeGreaterThan(noon.r + 30); // blue

    // Near the slider's left end: about 1 in the night.
    const slider = row(page, 'time of day').locator('.lil-slider');
    await slider.scrollIntoViewIfNeeded(); // the folder is last in the panel, which may need scrolling
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.04, box.y + box.height / 2);
    await page.waitForFunction(() => window.__game!.time() < 3);
    expect(await page.evaluate(() => window.__game!.time())).toBeCloseTo(24 * 0.04, 0);
    expect(Number(await hours.inputValue())).toBeCloseTo(24 * 0.04, 0);
    const night = await skyColour(page, `${SHOTS}/settings-time-night.png`);
    const brightness = (c: { r: number; g: number; b: number }) => c.r + c.g + c.b;
    expect(brightness(night)).toBeLessThan(brightness(noon) / 3);
    // The link carries the hour set, and the clock stopped.
    expect(Number(await page.evaluate(() => new URLSearchParams(location.search).get('time')))).toBeCloseTo(24 * 0.04, 0);
    expect(await clockInLink()).toBe('stopped');
    // The clock stays stopped: the hour does not move.
    const stopped = await page.evaluate(() => window.__game!.time());
    await frames(page, 10);
    expect(await page.evaluate(() => window.__game!.time())).toBe(stopped);

    // Back to mid-morning, the clock still stopped, for the next test.
    await hours.fill('10');
    await hours.press('Enter');
    await page.waitForFunction(() => window.__game!.time() === 10);
    await toggleFolder(page, 'Time', false);
  });
});

describe('player settings stored badly', () => {
  it('bad stored values fall back to their defaults with a warning, and a good one beside them is kept', async () => {
    const context = await newContext();
    await context.addInitScript((key) => {
      const stored = {
        version: 1,
        fov: 'banana',
        mouseSensitivity: 1e9,
        invertY: 'yes',
        touchSensitivity: 2.5,
        viewBobbing: false,
        keyBindings: { forward: ['KeyZZ'], back: ['ArrowDown'] },
      };
      localStorage.setItem(key, JSON.stringify(stored));
    }, PLAYER_SETTINGS_STORAGE_KEY);
    const page = await context.newPage();
    suite.track(page);
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    await page.goto(suite.gameUrl(START));
    // The message is up for a few seconds from the start, before the world has loaded.
    // Read in the page as it appears: a second step could come after it left (CI saw that).
    const text = await page
      .waitForFunction(() => [...document.querySelectorAll('.toast-warning')].map((t) => t.textContent ?? '').find((t) => t.includes('Stored setting "fov"')), undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue());
    expect(text).toContain('Stored setting "fov" was "banana", not a number; using 70.');
    expect(text).toContain('"mouseSensitivity" was 1000000000, outside 0.1–3; using 1.');
    expect(text).toContain('"invertY" was "yes", not true or false; using false.');
    expect(text).toContain('Stored key binding "forward" was "KeyZZ", which is not a key the game knows; using W.');
    await gameReady(page);
    expect(warnings.filter((w) => w.startsWith('Stored'))).toHaveLength(4);

    const s = await settings(page);
    expect(s).toMatchObject({ fov: 70, mouseSensitivity: 1, invertY: false, touchSensitivity: 2.5, viewBobbing: false });
    expect(s.keyBindings.forward).toEqual(['KeyW']);
    expect(s.keyBindings.back).toEqual(['ArrowDown']);
    expect(await page.evaluate(() => window.__game!.cameraFov())).toBe(70);
    await openSettings(page);
    expect(await row(page, 'back:').textContent()).toContain('back: Down Arrow');
  });
});
