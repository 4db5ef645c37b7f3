/**
 * The layout on a phone either way round, a laptop and a tablet: the start card, the panel,
 * the HUD, the hotbar and (while playing by touch) the touch controls lie inside the viewport
 * and never on top of each other. On a small screen the panel starts folded and the HUD is
 * compact.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserSuite } from '../support/browser-suite';
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
        expectLaidOut(await boxesOf(page, TOUCH_PLAY), c.viewport);
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
