/**
 * The life of an end-to-end test file: the app served and Chromium launched once per file,
 * every page a test opens closed after that test, and any console error on a page failing
 * the test that opened it. Each test opens its own pages, so any one runs alone.
 * (Separate from browser.ts, which the scripts use outside vitest.)
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildAndServe, collectErrors, launchChromium, type ServedApp } from './browser';

/** Where the tests leave their screenshots. */
export const SHOTS = 'test-results';

export interface BrowserSuite {
  readonly app: ServedApp;
  readonly browser: Browser;
  /** Closes the page after the test; its console errors (collected from now, or `errors`) fail the test. */
  track(page: Page, errors?: string[]): string[];
  /**
   * Closes a page now rather than after the test: pages left open keep rendering, and on a
   * machine without a GPU two pages share the CPU two ways. Its console errors still count.
   */
  close(page: Page): Promise<void>;
  /** A browser context of its own (a phone: viewport, touch), closed after the test. */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
}

export function useBrowserSuite(): BrowserSuite {
  let app: ServedApp | undefined;
  let browser: Browser | undefined;
  const opened: { page: Page; errors: string[] }[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await buildAndServe({ build: false }); // built once per run in test/e2e/global-setup.ts
    browser = await launchChromium();
  });

  afterEach(async () => {
    const pages = opened.splice(0);
    for (const { page } of pages) if (!page.isClosed()) await page.close();
    for (const context of contexts.splice(0)) await context.close();
    expect(pages.flatMap((p) => p.errors)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  return {
    get app() {
      if (!app) throw new Error('useBrowserSuite: the app is served in beforeAll; use it inside a test');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('useBrowserSuite: Chromium is launched in beforeAll; use it inside a test');
      return browser;
    },
    track(page, errors = collectErrors(page)) {
      opened.push({ page, errors });
      return errors;
    },
    async newContext(options) {
      const context = await this.browser.newContext(options);
      contexts.push(context);
      return context;
    },
    async close(page) {
      const index = opened.findIndex((o) => o.page === page);
      const [entry] = index === -1 ? [] : opened.splice(index, 1);
      await page.close();
      expect(entry?.errors ?? []).toEqual([]);
    },
  };
}
