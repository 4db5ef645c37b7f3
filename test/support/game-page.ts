/**
 * Small steps the game's end-to-end tests take on a page: waiting for the game to load, waiting
 * out frames, and capturing the mouse as a player does.
 */
import type { Page } from 'playwright-core';

/** Waits for a (re)loaded game page: its test API, then every column around the camera. */
export async function gameReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.__game!.ready());
}

/** Resolves after n animation frames, so the game has run at least n - 1 frames. */
export const frames = (page: Page, n: number) =>
  page.evaluate((count) => new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  }), n);

/**
 * Captures the mouse with a real click on the start button, as a player does, and parks the
 * mouse at `at`, where the clicks will happen: moving it there later would turn the view.
 */
export async function capture(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.click('.start-button');
  await page.waitForFunction(() => document.pointerLockElement?.id === 'view');
  await page.locator('.overlay').waitFor({ state: 'hidden' });
  await page.mouse.move(at.x, at.y);
}

/** The centre of a viewport, where the crosshair is. */
export const centreOf = (viewport: { width: number; height: number }) => ({ x: viewport.width / 2, y: viewport.height / 2 });

/** Where a test on a shared page starts: a camera position and look. */
export interface Home {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

/**
 * Puts a shared game page back where its tests start: flying, every edit undone, the camera at
 * `home`, and everything around it loaded.
 */
export const backHome = (page: Page, home: Home) =>
  page.evaluate(async (at) => {
    const game = window.__game!;
    game.setMode('fly');
    while (game.editCount() > 0 && game.undo());
    game.teleport(at.x, at.y, at.z);
    game.look(at.yaw, at.pitch);
    await game.ready();
  }, home);
