/**
 * The layout on a phone either way round, a laptop and a tablet: the start card, the panel,
 * the HUD, the hotbar and (while playing by touch) the touch controls and the loading bar lie
 * inside the viewport and never on top of each other. On a small screen the panel starts
 * folded and the HUD is compact, and unfolded it leaves most of the view. In compare mode the
 * divider's line runs under the start card and the HUD, and a caption says what differs. The
 * Worlds dialog fits a phone-sized window and a laptop's, and its parts answer the mouse and
 * the keyboard.
 *
 * One game page per kind of device (a context's touch and isMobile are fixed for good), shared
 * by that kind's tests: the phone's (turned to landscape with setViewportSize, as a phone turns
 * without reloading) and the laptop's, whose window is narrowed to a phone's width for the
 * Worlds dialog. Each test first sets up what it needs (setUp: start screen, window size,
 * compare mode, world and place), so any one still runs alone. No far terrain: the layout has
 * no use for the horizon.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { frames } from '../support/game-page';
import { SMALL_SCREEN_QUERY } from '../../src/ui/small-screen';
import { LEGACY_LINK_PARAMS } from '../support/legacy-link';
import { openOnDevice, sharedOnDevice, type DeviceOptions } from '../support/touch-game';

const suite = useBrowserSuite();

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxesOf(page: Page, selectors: Record<string, string>): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const [name, selector] of Object.entries(selectors)) {
    const box = await page.locator(selector).boundingBox();
    expect(box, `${name} (${selector}) is on the page`).not.toBeNull();
    boxes.push({ name, ...box! });
  }
  return boxes;
}

/** Every box inside the viewport, and no two overlapping (touching edges is fine). */
function expectLaidOut(boxes: Box[], viewport: { width: number; height: number }): void {
  for (const b of boxes) {
    expect(b.width * b.height, `${b.name} has a size`).toBeGreaterThan(0);
    expect(b.x, `${b.name} left`).toBeGreaterThanOrEqual(0);
    expect(b.y, `${b.name} top`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${b.name} right`).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(b.y + b.height, `${b.name} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      expect(overlapX > 0.5 && overlapY > 0.5, `${a.name} and ${b.name} overlap: ${JSON.stringify([a, b])}`).toBe(false);
    }
  }
}

const PAUSED = { 'start card': '.overlay-card', panel: '.lil-gui.lil-root', HUD: '.hud', hotbar: '.hotbar' };
const TOUCH_PLAY = {
  panel: '.lil-gui.lil-root',
  HUD: '.hud',
  hotbar: '.hotbar',
  joystick: '.touch-stick',
  'up, down and mode buttons': '.touch-buttons',
  'fullscreen and pause': '.touch-corner',
};

/**
 * Where the loading bar sits when it shows. It shows only while columns load, so it is
 * measured in one synchronous step (no frame can hide it in between) with its hidden class
 * lifted, then put back as it was.
 */
async function loadingBarBox(page: Page): Promise<Box> {
  const box = await page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.progress')!;
    const hidden = bar.classList.contains('hidden');
    bar.classList.remove('hidden');
    const r = bar.getBoundingClientRect();
    bar.classList.toggle('hidden', hidden);
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  return { name: 'loading bar', ...box };
}

/**
 * Whether what is painted on top at (x, y) belongs to `selector`. The HUD and the divider's
 * line let the pointer through (pointer-events: none), which hit testing skips, so for the one
 * synchronous probe they and the target are made hit-testable, then put back: the answer is
 * then the painting order.
 */
function topmostIsIn(page: Page, selector: string, x: number, y: number): Promise<boolean> {
  return page.evaluate(
    ([sel, px, py]) => {
      const probed = [...new Set([document.querySelector<HTMLElement>(sel as string)!, ...document.querySelectorAll<HTMLElement>('.hud, .compare-line')])];
      const before = probed.map((el) => el.style.pointerEvents);
      for (const el of probed) el.style.pointerEvents = 'auto';
      const hit = document.elementFromPoint(px as number, py as number);
      probed.forEach((el, i) => (el.style.pointerEvents = before[i]!));
      return hit !== null && hit.closest(sel as string) !== null;
    },
    [selector, x, y] as const,
  );
}

type Viewport = { width: number; height: number };
interface Case {
  name: string;
  viewport: Viewport;
  touch: boolean;
  small: boolean;
}

const PORTRAIT: Viewport = { width: 390, height: 844 };
const LANDSCAPE: Viewport = { width: 844, height: 390 };
const WIDE: Viewport = { width: 1280, height: 720 };
const CASES = {
  portrait: { name: 'phone, portrait', viewport: PORTRAIT, touch: true, small: true },
  landscape: { name: 'phone, landscape', viewport: LANDSCAPE, touch: true, small: true },
  laptop: { name: 'laptop', viewport: WIDE, touch: false, small: false },
  tablet: { name: 'tablet', viewport: WIDE, touch: true, small: false },
} satisfies Record<string, Case>;
const caseTitle = (c: Case) => `${c.name} (${c.viewport.width} × ${c.viewport.height})`;

const PHONE: DeviceOptions = { viewport: PORTRAIT, touch: true, mobile: true };
const LAPTOP: DeviceOptions = { viewport: WIDE, touch: false, mobile: false };
const TABLET: DeviceOptions = { viewport: WIDE, touch: true, mobile: false };

/** Where the layout tests play: above land in the world "voxel" (as its link, `START`, opens it). */
const VOXEL = { seed: 'voxel', at: { x: 60.5, y: 110, z: 40.5 } };
/** No far terrain: the layout has no use for the horizon, whose first regions cost seconds of CPU (its programs compile). */
const LAYOUT_VIEW = { farDistance: 0 };
const START = `?seed=${VOXEL.seed}&x=${VOXEL.at.x}&y=${VOXEL.at.y}&z=${VOXEL.at.z}`;

interface Setup {
  viewport: Viewport;
  compare?: boolean;
  /** The world (a link's: classic terrain, this seed) and the place in it. */
  world?: { seed: string; at: { x: number; y: number; z: number } };
}

/**
 * Setup on a shared page, for a test that needs it as if just opened: the start screen up
 * (touch play paused with its II button, the mouse let go), the window at `viewport`, no
 * element focused, the world and the place, compare mode on with the divider in the middle or
 * off, everything around the camera loaded, and the HUD at the window's size (it follows on
 * its next refresh). On a page just opened there, nothing changes.
 */
async function setUp(page: Page, { viewport, compare = false, world = VOXEL }: Setup): Promise<void> {
  if (await page.locator('.touch-controls').isVisible()) await page.tap('.touch-pause');
  await page.evaluate(() => document.exitPointerLock());
  await page.locator('.overlay').waitFor({ state: 'visible' });
  const size = page.viewportSize();
  if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
  await page.evaluate(
    async ([params, at, on]) => {
      (document.activeElement as HTMLElement | null)?.blur();
      const game = window.__game!;
      game.setWorldParams(params);
      game.teleport(at.x, at.y, at.z);
      if (game.compare().on !== on || game.compare().split !== 0.5) game.setCompare(on, 0.5);
      await game.ready();
    },
    [{ ...LEGACY_LINK_PARAMS, seed: world.seed }, world.at, compare] as const,
  );
  await page.waitForFunction(
    ([width, height, small]) => innerWidth === width && innerHeight === height && document.querySelector('.hud')!.classList.contains('compact') === matchMedia(small).matches,
    [viewport.width, viewport.height, SMALL_SCREEN_QUERY] as const,
  );
}

/** The start screen, the panel, the HUD and the hotbar, then (after a real tap or click on Play) play's own. */
async function expectLaidOutOnStartAndInPlay(page: Page, c: Case): Promise<void> {
  // The HUD is written a few times a second; wait for its first text.
  await page.waitForFunction(() => (document.querySelector('.hud-lines')?.textContent ?? '') !== '');

  const panelClosed = await page.locator('.lil-gui.lil-root').evaluate((el) => el.classList.contains('lil-closed'));
  expect(panelClosed).toBe(c.small);
  expect(await page.locator('.hud').evaluate((el) => el.classList.contains('compact'))).toBe(c.small);
  expect(await page.locator('.start-button').textContent()).toBe(c.touch ? 'Tap to play' : 'Click to play');
  expectLaidOut(await boxesOf(page, PAUSED), c.viewport);
  // The play button itself is in view, not scrolled away inside the card.
  expectLaidOut(await boxesOf(page, { 'play button': '.start-button' }), c.viewport);

  if (c.touch) {
    await page.tap('.start-button');
    await page.locator('.touch-controls').waitFor({ state: 'visible' });
    // Touch play folds the panel even on a big screen: open, it would cover the buttons.
    expect(await page.locator('.lil-gui.lil-root').evaluate((el) => el.classList.contains('lil-closed'))).toBe(true);
    expectLaidOut([...(await boxesOf(page, TOUCH_PLAY)), await loadingBarBox(page)], c.viewport);
    await page.screenshot({ path: `${SHOTS}/layout-${c.viewport.width}x${c.viewport.height}-touch-play.png` });
  } else {
    await page.click('.start-button');
    await page.waitForFunction(() => document.pointerLockElement?.id === 'view');
    expect(await page.locator('.touch-controls').isVisible()).toBe(false);
    expectLaidOut(await boxesOf(page, { panel: '.lil-gui.lil-root', HUD: '.hud', hotbar: '.hotbar' }), c.viewport);
  }
}

const COMPARING = {
  ...PAUSED,
  'divider handle': '.compare-handle',
  'left label': '.compare-label-left',
  'right label': '.compare-label-right',
  'compare caption': '.compare-caption',
};

/** Compare mode on the start screen: the caption, the layout, and the divider moved over the card and the HUD by keyboard. */
async function expectCompareUnderCardAndHud(page: Page, c: Case): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('.hud-lines')?.textContent ?? '') !== '');
  const caption = page.locator('.compare-caption');
  expect(await caption.isVisible()).toBe(true);
  // As shown (innerText leaves out what the stylesheet hides).
  const text = await caption.innerText();
  for (const part of ['Same seed', 'world type', 'only the noise function differs', 'noise lab', 'README’s “Perlin (ours) and simplex-noise, honestly”']) expect(text).toContain(part);
  // The per-side table is on the HUD only where the HUD is full size.
  expect(text.includes('HUD')).toBe(!c.small);
  expectLaidOut(await boxesOf(page, COMPARING), c.viewport);

  const lineAt = async () => (await page.locator('.compare-line').boundingBox())!;
  const card = (await page.locator('.overlay-card').boundingBox())!;
  // Move the divider over the card with the keyboard, as a player would (focus, then ←/→;
  // with Shift, 5% of the width a press: each press redraws both worlds, slow on SwiftShader).
  const handle = page.locator('.compare-handle');
  await handle.focus();
  const target = card.x + card.width * 0.3;
  for (let i = 0; i < 20; i++) {
    const x = (await lineAt()).x;
    if (Math.abs(x - target) <= c.viewport.width * 0.03) break;
    await page.keyboard.press(x > target ? 'Shift+ArrowLeft' : 'Shift+ArrowRight');
  }
  let line = await lineAt();
  expect(line.x).toBeGreaterThan(card.x);
  expect(line.x).toBeLessThan(card.x + card.width);
  for (const y of [card.y + 30, card.y + card.height / 2]) expect(await topmostIsIn(page, '.overlay-card', line.x + 1, y), `card at y ${y}`).toBe(true);
  // And over the HUD.
  const hud = (await page.locator('.hud').boundingBox())!;
  const overHud = hud.x + hud.width * 0.5;
  for (let i = 0; i < 20 && Math.abs((await lineAt()).x - overHud) > hud.width * 0.2; i++) await page.keyboard.press('Shift+ArrowLeft');
  line = await lineAt();
  expect(line.x).toBeGreaterThan(hud.x);
  expect(line.x).toBeLessThan(hud.x + hud.width);
  expect(await topmostIsIn(page, '.hud', line.x + 1, hud.y + hud.height / 2)).toBe(true);
  // Where nothing covers it, the line is on top of the view.
  expect(await topmostIsIn(page, '.compare-line', line.x + 1, Math.max(hud.y + hud.height, card.y + card.height) + 8)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/layout-${c.viewport.width}x${c.viewport.height}-compare.png` });
}

const COMPARE_TITLE = "the divider's line runs under the start card and the HUD, and a caption says what differs";

describe('on a phone', () => {
  const game = sharedOnDevice(suite, PHONE, START, LAYOUT_VIEW);

  describe('layout', () => {
    it(`${caseTitle(CASES.portrait)}: nothing overlaps, nothing is cut off`, async () => {
      const page = game();
      await setUp(page, { viewport: PORTRAIT });
      await expectLaidOutOnStartAndInPlay(page, CASES.portrait);
    });

    it(`${caseTitle(CASES.landscape)}: nothing overlaps, nothing is cut off`, async () => {
      const page = game();
      // The phone turned: the same page, its window now wide and low (the panel, folded as
      // the page opened on the small screen, stays folded; the HUD follows the new size).
      await setUp(page, { viewport: LANDSCAPE });
      await expectLaidOutOnStartAndInPlay(page, CASES.landscape);
    });
  });

  describe('the panel unfolded on a phone', () => {
    it('leaves most of the view, scrolls inside itself, and never covers the play button', async () => {
      const page = game();
      const viewport = PORTRAIT;
      await setUp(page, { viewport });
      const panel = page.locator('.lil-gui.lil-root');
      const title = page.locator('.lil-gui.lil-root > .lil-title');
      const folded = (await title.boundingBox())!;
      await page.tap('.lil-gui.lil-root > .lil-title');
      await page.waitForFunction(() => {
        const root = document.querySelector('.lil-gui.lil-root')!;
        // lil-gui animates the opening; measure once it has finished.
        return !root.classList.contains('lil-closed') && root.querySelector('.lil-transition') === null && !root.classList.contains('lil-transition');
      });
      const box = (await panel.boundingBox())!;
      expectLaidOut([{ name: 'panel', ...box }], viewport);
      // Most of the view stays visible: the panel takes at most half the screen.
      expect(box.width * box.height).toBeLessThanOrEqual(0.5 * viewport.width * viewport.height);
      expect(box.height).toBeLessThanOrEqual(0.5 * viewport.height);
      // The rest of it scrolls inside the panel, under its title bar (which folds it again).
      const children = page.locator('.lil-gui.lil-root > .lil-children');
      expect(await children.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
      const play = (await page.locator('.start-button').boundingBox())!;
      expect(await topmostIsIn(page, '.start-button', play.x + play.width / 2, play.y + play.height / 2)).toBe(true);
      expect(await topmostIsIn(page, '.start-button', play.x + play.width - 4, play.y + 4)).toBe(true);
      // The wheel scrolls its controls; the title stays put. The wheel is handled by the
      // compositor from the last frame it drew, so two frames go by first for it to have the
      // opened panel; then the (smooth) scroll moves in frames of its own, slow on a loaded
      // machine without a GPU: the poll waits for it as long as a hang would take to show.
      await frames(page, 2);
      const before = await children.evaluate((el) => el.scrollTop);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height - 20);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => children.evaluate((el) => el.scrollTop), { timeout: 30_000 }).toBeGreaterThan(before);
      expect(await title.boundingBox()).toEqual({ ...folded, x: box.x, width: box.width });
      await page.screenshot({ path: `${SHOTS}/layout-390x844-panel-open.png` });
      // Folded again, as a small screen starts, for the tests after this one.
      await page.tap('.lil-gui.lil-root > .lil-title');
      await page.waitForFunction(() => document.querySelector('.lil-gui.lil-root')!.classList.contains('lil-closed'));
    });
  });

  describe('compare mode', () => {
    it(`${caseTitle(CASES.portrait)}: ${COMPARE_TITLE}`, async () => {
      const page = game();
      await setUp(page, { viewport: PORTRAIT, compare: true });
      await expectCompareUnderCardAndHud(page, CASES.portrait);
    });

    it('phone, portrait: playing by touch, the divider keeps clear of the thumbs and the loading bar of both', async () => {
      const page = game();
      const viewport = PORTRAIT;
      await setUp(page, { viewport, compare: true });
      await page.tap('.start-button');
      await page.locator('.touch-controls').waitFor({ state: 'visible' });
      const { 'start card': _card, ...playing } = COMPARING;
      expectLaidOut([...(await boxesOf(page, { ...playing, ...TOUCH_PLAY })), await loadingBarBox(page)], viewport);
      await page.screenshot({ path: `${SHOTS}/layout-390x844-compare-touch-play.png` });
    });
  });
});

describe('on a laptop', () => {
  const game = sharedOnDevice(suite, LAPTOP, START, LAYOUT_VIEW);

  describe('layout', () => {
    it(`${caseTitle(CASES.laptop)}: nothing overlaps, nothing is cut off`, async () => {
      const page = game();
      await setUp(page, { viewport: WIDE });
      await expectLaidOutOnStartAndInPlay(page, CASES.laptop);
    });
  });

  describe('compare mode', () => {
    it(`${caseTitle(CASES.laptop)}: ${COMPARE_TITLE}`, async () => {
      const page = game();
      await setUp(page, { viewport: WIDE, compare: true });
      await expectCompareUnderCardAndHud(page, CASES.laptop);
    });
  });

  // The window narrowed to a phone's size for the first (still a mouse and a keyboard).
  describe('the Worlds dialog', () => {
    for (const c of [CASES.portrait, CASES.laptop]) {
      it(`${caseTitle(c)}: fits the screen; its form, rows, import and Esc answer the mouse and the keyboard`, async () => {
        const page = game();
        // Setup: a world of this test's own (a seed no other test plays), and no other world
        // stored (those of a dialog test before this one deleted).
        await setUp(page, { viewport: c.viewport, world: { seed: `dialog-layout-${c.viewport.width}`, at: { x: 8.5, y: 120, z: 8.5 } } });
        await page.evaluate(async () => {
          for (const world of await window.__game!.worlds()) if (!world.current) await window.__game!.deleteWorld(world.id);
        });
        await expect.poll(() => page.evaluate(async () => (await window.__game!.worlds()).length)).toBe(1);
        await expectWorldsDialogWorks(page, c);
      });
    }
  });
});

describe('on a tablet', () => {
  it(`${caseTitle(CASES.tablet)}: nothing overlaps, nothing is cut off`, async () => {
    const page = await openOnDevice(suite, TABLET, START, LAYOUT_VIEW);
    await expectLaidOutOnStartAndInPlay(page, CASES.tablet);
  });
});

/** The Worlds dialog opened from the panel: its layout, then an import refused, a rename, a delete refused, a world created, a delete backed out of, Esc. */
async function expectWorldsDialogWorks(page: Page, c: Case): Promise<void> {
  // Opened from the panel, as a player opens it (unfolded first where it is folded).
  if (await page.locator('.lil-gui.lil-root').evaluate((el) => el.classList.contains('lil-closed'))) await page.click('.lil-gui.lil-root > .lil-title');
  await page.getByRole('button', { name: 'worlds: open, new, export, import…' }).click();
  const dialog = page.locator('dialog.worlds-dialog');
  await dialog.waitFor({ state: 'visible' });
  await page.locator('.worlds-row').first().waitFor();
  expectLaidOut(await boxesOf(page, { dialog: 'dialog.worlds-dialog' }), c.viewport);
  expect(await page.locator('.worlds-row-current .worlds-tag-playing').count()).toBe(1);
  await page.screenshot({ path: `${SHOTS}/layout-${c.viewport.width}x${c.viewport.height}-worlds.png` });

  // A file that is not whole: refused in the dialog, damaged first, the detail after.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import…', exact: true }).click()]);
  await chooser.setFiles({ name: 'broken.world.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "voxel-terrain-sandbox/world", "version": 1, "world": {"na') });
  const alert = page.locator('.worlds-alert');
  await expect.poll(() => alert.textContent()).toBe(
    "Could not import 'broken.world.json': This world file is damaged or incomplete and cannot be imported. Detail: it is cut short or is not valid JSON.",
  );
  expect(await alert.isVisible()).toBe(true);

  // Rename the open world from its row, by keyboard; focus comes back to its Rename button.
  await page.locator('.worlds-row-current .worlds-rename').click();
  const nameField = page.locator('.worlds-row-current input.worlds-input');
  expect(await nameField.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Dialog hills');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.worlds-status').textContent()).toBe("Renamed to 'Dialog hills'.");
  expect(await page.locator('.worlds-row-current .worlds-name').textContent()).toBe('Dialog hills');
  expect(await page.evaluate(() => document.activeElement?.classList.contains('worlds-rename'))).toBe(true);
  // Deleting the world being played says why it cannot be done.
  // Unavailable buttons stay clickable by design (aria-disabled, so a click says why), which
  // Playwright counts as not enabled: the click is forced past that check.
  await page.locator('.worlds-row-current .worlds-delete').click({ force: true });
  expect(await page.locator('.worlds-status').textContent()).toBe('You are playing this world: open another one first, then delete this one.');

  // A new superflat world from the form: the dialog closes and the game is in it.
  expect(await page.locator('.worlds-new input.worlds-input').first().inputValue()).toBe('New world');
  await page.locator('.worlds-new input.worlds-input').first().fill('Flat test');
  await page.locator('.worlds-seed-row input').fill('flat-seed');
  await page.locator('select.worlds-type').selectOption('flat');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.evaluate(() => window.__game!.params())).toMatchObject({ type: 'flat', seed: 'flat-seed' });

  // Open again: both worlds listed, the new one playing; a delete confirmation, then Esc backs out of it, and Esc closes.
  await page.getByRole('button', { name: 'worlds: open, new, export, import…' }).click();
  await dialog.waitFor({ state: 'visible' });
  await expect.poll(() => page.locator('.worlds-row .worlds-name').allTextContents()).toEqual(['Flat test', 'Dialog hills']);
  await page.locator('.worlds-row:not(.worlds-row-current) .worlds-delete').click();
  expect(await page.locator('.worlds-confirm-text').textContent()).toBe("Delete 'Dialog hills'? This cannot be undone.");
  await page.keyboard.press('Escape');
  expect(await page.locator('.worlds-confirm').count()).toBe(0);
  expect(await dialog.isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}
