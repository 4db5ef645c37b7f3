/**
 * The layout on a phone either way round, a laptop and a tablet: the start card, the panel,
 * the HUD, the hotbar and (while playing by touch) the touch controls and the loading bar lie
 * inside the viewport and never on top of each other. On a small screen the panel starts
 * folded and the HUD is compact, and unfolded it leaves most of the view. In compare mode the
 * divider's line runs under the start card and the HUD, and a caption says what differs. The
 * Worlds dialog fits a phone and a laptop, and its parts answer the mouse and the keyboard.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
import { frames } from '../support/game-page';
import { openOnDevice } from '../support/touch-game';

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

const CASES = [
  { name: 'phone, portrait', viewport: { width: 390, height: 844 }, touch: true, small: true },
  { name: 'phone, landscape', viewport: { width: 844, height: 390 }, touch: true, small: true },
  { name: 'laptop', viewport: { width: 1280, height: 720 }, touch: false, small: false },
  { name: 'tablet', viewport: { width: 1280, height: 720 }, touch: true, small: false },
] as const;

describe('layout', () => {
  for (const c of CASES) {
    it(`${c.name} (${c.viewport.width} × ${c.viewport.height}): nothing overlaps, nothing is cut off`, async () => {
      const page = await openOnDevice(suite, { viewport: c.viewport, touch: c.touch, mobile: c.touch && c.small }, '?seed=voxel&x=60.5&y=110&z=40.5');
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
    });
  }
});

describe('the panel unfolded on a phone', () => {
  it('leaves most of the view, scrolls inside itself, and never covers the play button', async () => {
    const viewport = { width: 390, height: 844 };
    const page = await openOnDevice(suite, { viewport, touch: true, mobile: true }, '?seed=voxel&x=60.5&y=110&z=40.5');
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
    await page.tap('.lil-gui.lil-root > .lil-title');
    await page.waitForFunction(() => document.querySelector('.lil-gui.lil-root')!.classList.contains('lil-closed'));
  });
});

const COMPARING = {
  ...PAUSED,
  'divider handle': '.compare-handle',
  'left label': '.compare-label-left',
  'right label': '.compare-label-right',
  'compare caption': '.compare-caption',
};

describe('compare mode', () => {
  for (const c of [CASES[0], CASES[2]]) {
    it(`${c.name} (${c.viewport.width} × ${c.viewport.height}): the divider's line runs under the start card and the HUD, and a caption says what differs`, async () => {
      const page = await openOnDevice(suite, { viewport: c.viewport, touch: c.touch, mobile: c.touch && c.small }, '?seed=voxel&x=60.5&y=110&z=40.5&compare=1');
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
      // Move the divider over the card with the keyboard, as a player would (focus, then ←/→).
      const handle = page.locator('.compare-handle');
      await handle.focus();
      const target = card.x + card.width * 0.3;
      for (let i = 0; i < 60 && Math.abs((await lineAt()).x - target) > c.viewport.width * 0.03; i++) {
        await page.keyboard.press((await lineAt()).x > target ? 'ArrowLeft' : 'ArrowRight');
      }
      let line = await lineAt();
      expect(line.x).toBeGreaterThan(card.x);
      expect(line.x).toBeLessThan(card.x + card.width);
      for (const y of [card.y + 30, card.y + card.height / 2]) expect(await topmostIsIn(page, '.overlay-card', line.x + 1, y), `card at y ${y}`).toBe(true);
      // And over the HUD.
      const hud = (await page.locator('.hud').boundingBox())!;
      const overHud = hud.x + hud.width * 0.5;
      for (let i = 0; i < 80 && Math.abs((await lineAt()).x - overHud) > hud.width * 0.2; i++) await page.keyboard.press('ArrowLeft');
      line = await lineAt();
      expect(line.x).toBeGreaterThan(hud.x);
      expect(line.x).toBeLessThan(hud.x + hud.width);
      expect(await topmostIsIn(page, '.hud', line.x + 1, hud.y + hud.height / 2)).toBe(true);
      // Where nothing covers it, the line is on top of the view.
      expect(await topmostIsIn(page, '.compare-line', line.x + 1, Math.max(hud.y + hud.height, card.y + card.height) + 8)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/layout-${c.viewport.width}x${c.viewport.height}-compare.png` });
    });
  }

  it('phone, portrait: playing by touch, the divider keeps clear of the thumbs and the loading bar of both', async () => {
    const viewport = { width: 390, height: 844 };
    const page = await openOnDevice(suite, { viewport, touch: true, mobile: true }, '?seed=voxel&x=60.5&y=110&z=40.5&compare=1');
    await page.tap('.start-button');
    await page.locator('.touch-controls').waitFor({ state: 'visible' });
    const { 'start card': _card, ...playing } = COMPARING;
    expectLaidOut([...(await boxesOf(page, { ...playing, ...TOUCH_PLAY })), await loadingBarBox(page)], viewport);
    await page.screenshot({ path: `${SHOTS}/layout-390x844-compare-touch-play.png` });
  });
});

describe('the Worlds dialog', () => {
  for (const c of [CASES[0], CASES[2]]) {
    it(`${c.name} (${c.viewport.width} × ${c.viewport.height}): fits the screen; its form, rows, import and Esc answer the mouse and the keyboard`, async () => {
      const page = await openOnDevice(suite, { viewport: c.viewport, touch: false, mobile: false }, '?seed=dialog-layout&x=8.5&y=120&z=8.5');
      // Opened from the panel, as a player opens it (unfolded first where it starts folded).
      if (c.small) await page.click('.lil-gui.lil-root > .lil-title');
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
    });
  }
});

