/**
 * The life of an end-to-end test file: it connects to the one Chromium the e2e global setup
 * started and opens the app that setup serves (shared-browser.ts); every page a test opens is
 * closed after that test, and any console error on a page fails the test during which it
 * was logged. Each test opens its own pages, so any one runs alone; a describe block may share
 * one game page among tests that leave it as they found it (sharedGame). Games open small
 * unless a test asks otherwise (test-view.ts).
 * (Separate from browser.ts, which the scripts use outside vitest.)
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { collectErrors } from './browser';
import { gameReady } from './game-page';
import './shared-browser'; // the types of what inject() returns
import { DEFAULT_TEST_VIEW, withTestView, type TestView } from './test-view';

/** Where the tests leave their screenshots. */
export const SHOTS = 'test-results';

export interface OpenGameOptions extends Partial<TestView> {
  /**
   * A context to open the page in (pages of one context share storage, as tabs of one profile
   * do), whose viewport then applies; without one the page gets a context of its own.
   */
  context?: BrowserContext;
}

export interface BrowserSuite {
  /** The app every test file opens: served once per run by the e2e global setup. */
  readonly app: { readonly url: string };
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
  /** The game's address for `query` (`?…`), at the test view's distances unless the query or `view` names others. */
  gameUrl(query?: string, view?: Partial<TestView>): string;
  /** A tracked page on the game at `query`, every column around the camera loaded. */
  openGame(query?: string, options?: OpenGameOptions): Promise<Page>;
  /**
   * Called in a describe block: one game page opened before its first test and closed after
   * its last, for tests that only read it or leave it as they found it (one load instead of
   * one per test; any one of them still runs alone). A console error fails the test during
   * which it was logged, as on any tracked page. Returns the page's getter.
   */
  sharedGame(query?: string, options?: OpenGameOptions): () => Page;
}

interface Watched {
  page: Page;
  errors: string[];
}

export function useBrowserSuite(): BrowserSuite {
  let browser: Browser | undefined;
  const app = { url: inject('e2eAppUrl') };
  const opened: Watched[] = [];
  const shared: Watched[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.connect(inject('e2eBrowserEndpoint'));
  });

  afterEach(async () => {
    const pages = opened.splice(0);
    for (const { page } of pages) if (!page.isClosed()) await page.close();
    for (const context of contexts.splice(0)) await context.close();
    // A shared page's errors so far belong to this test; the next test starts with none.
    const sharedErrors = shared.flatMap((s) => s.errors.splice(0));
    expect([...pages.flatMap((p) => p.errors), ...sharedErrors]).toEqual([]);
  });

  afterAll(async () => {
    if (!browser) return;
    // Each context closed and waited for (a file may have started closing some itself), so no
    // close is still under way when the connection goes; Chromium itself stays for the next file.
    await Promise.all(browser.contexts().map((context) => context.close()));
    await browser.close();
  });

  const connected = (): Browser => {
    if (!browser) throw new Error('useBrowserSuite: Chromium is connected in beforeAll; use it inside a test');
    return browser;
  };

  const gameUrl = (query = '', view: Partial<TestView> = {}) => app.url + withTestView(query, view);

  /** A page on the game, loaded, with its console errors collected from before its first script. */
  async function load(query: string, options: OpenGameOptions): Promise<Watched> {
    const page = options.context ? await options.context.newPage() : await connected().newPage({ viewport: options.viewport ?? DEFAULT_TEST_VIEW.viewport });
    const watched = { page, errors: collectErrors(page) };
    // An uncaught error while it loads ends the wait at once rather than after gameReady's
    // timeout: it fails the test anyway (as any console error does), and the game seldom recovers.
    let threw: (error: Error) => void = () => undefined;
    const crashed = new Promise<never>((_, reject) => (threw = reject));
    crashed.catch(() => undefined); // an error after the load is the errors list's to report
    page.once('pageerror', threw);
    const loaded = page.goto(gameUrl(query, options)).then(() => gameReady(page));
    loaded.catch(() => undefined); // when the error wins the race, closing the page ends this wait
    try {
      await Promise.race([loaded, crashed]);
      page.off('pageerror', threw);
    } catch (error) {
      await page.close();
      throw new Error(`the game at ${query || '(no query)'} did not load; console errors: ${JSON.stringify(watched.errors)}`, { cause: error });
    }
    return watched;
  }

  return {
    app,
    get browser() {
      return connected();
    },
    track(page, errors = collectErrors(page)) {
      opened.push({ page, errors });
      return errors;
    },
    async newContext(options) {
      const context = await connected().newContext(options);
      contexts.push(context);
      return context;
    },
    async close(page) {
      const index = opened.findIndex((o) => o.page === page);
      const [entry] = index === -1 ? [] : opened.splice(index, 1);
      await page.close();
      expect(entry?.errors ?? []).toEqual([]);
    },
    gameUrl,
    async openGame(query = '', options = {}) {
      const watched = await load(query, options);
      opened.push(watched);
      return watched.page;
    },
    sharedGame(query = '', options = {}) {
      let watched: Watched | undefined;
      beforeAll(async () => {
        watched = await load(query, options);
        shared.push(watched);
      });
      afterAll(async () => {
        if (!watched) return;
        shared.splice(shared.indexOf(watched), 1);
        await watched.page.close();
        expect(watched.errors, 'console errors on the shared page after its last test').toEqual([]);
      });
      return () => {
        if (!watched) throw new Error('sharedGame: the page opens in beforeAll; use it inside a test');
        return watched.page;
      };
    },
  };
}
