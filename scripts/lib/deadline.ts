/** Deadlines for page work: a stuck page fails with what it was doing and where the game was. */
import type { Page } from 'playwright-core';

/** Runs `fn`, failing with a message that says what timed out rather than hanging. */
export async function within<T>(label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([fn(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the game says about itself, for error messages; never throws. */
export async function describePage(page: Page): Promise<string> {
  try {
    const state = await within('describe page', 5000, () =>
      page.evaluate(() => {
        const g = window.__game;
        if (!g) return 'window.__game is not set';
        return JSON.stringify({ progress: g.progress(), stats: g.stats(), workers: g.workerCount() });
      }),
    );
    return state;
  } catch (err) {
    return `(page unreadable: ${err instanceof Error ? err.message : String(err)})`;
  }
}

/** `fn` against the page under a deadline; a failure says where the game was. */
export async function inPage<T>(page: Page, label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await within(label, ms, fn);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`${message}\n  game state: ${await describePage(page)}`, { cause: err });
  }
}
