/**
 * One served app and one Chromium for the whole e2e run. The global setup starts both
 * (startSharedBrowser) and hands their addresses to every test file through vitest's
 * provide/inject; a test file connects to that Chromium and serves nothing itself. A server
 * and a browser per file cost seconds each on a loaded 2-core machine, a dozen times a run.
 * Test files still get a browser context of their own per page, so nothing leaks between them.
 */
import { chromium } from 'playwright-core';
import { buildAndServe, CHROMIUM_ARGS, findChromium } from './browser';

declare module 'vitest' {
  interface ProvidedContext {
    /** The built app, served from dist/ (`http://127.0.0.1:<port>/`). */
    e2eAppUrl: string;
    /** Where test files connect to the one Chromium (`chromium.connect`). */
    e2eBrowserEndpoint: string;
  }
}

export interface SharedBrowser {
  appUrl: string;
  wsEndpoint: string;
  /** Stops Chromium (closing every page left open), then the server. */
  close(): Promise<void>;
}

/** Serves dist/ (built beforehand) and launches Chromium as a server test files connect to. */
export async function startSharedBrowser(): Promise<SharedBrowser> {
  const app = await buildAndServe({ build: false });
  try {
    const server = await chromium.launchServer({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
    return {
      appUrl: app.url,
      wsEndpoint: server.wsEndpoint(),
      async close() {
        // The browser first: its keep-alive connections would hold the server's close open.
        await server.close();
        await app.close();
      },
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
