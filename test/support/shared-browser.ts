/**
 * One served app and one Chromium for the whole e2e run. The global setup starts both
 * (startSharedBrowser) and hands their addresses to every test file through vitest's
 * provide/inject; a test file connects to that Chromium and serves nothing itself. A server
 * and a browser per file cost seconds each on a loaded 2-core machine, a dozen times a run.
 * Test files still get a browser context of their own per page, so nothing leaks between them.
 */
import { chromium } from 'playwright-core';
import { buildAndServe, CHROMIUM_ARGS, findChromium, type ServedApp } from './browser';
import { featuresLost } from './chromium-features';

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

/**
 * Launches Chromium as a server test files connect to, and serves dist/ once `built` (the
 * app's build, under way meanwhile) resolves: Chromium starts while vite builds.
 */
export async function startSharedBrowser(built: Promise<unknown> = Promise.resolve()): Promise<SharedBrowser> {
  const launching = chromium.launchServer({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
  launching.catch(() => undefined); // a failed launch is thrown where it is awaited, after the build
  let app: ServedApp | undefined;
  try {
    await built;
    app = await buildAndServe({ build: false });
    const server = await launching;
    const lost = featuresLost(server.process().spawnargs);
    if (lost.length > 0) {
      throw new Error(`Playwright disables ${lost.join(', ')}, which test/support/chromium-features.ts leaves out: Chromium reads only the last --disable-features, so add them there.`);
    }
    const served = app;
    return {
      appUrl: app.url,
      wsEndpoint: server.wsEndpoint(),
      async close() {
        // The browser first: its keep-alive connections would hold the server's close open.
        await server.close();
        await served.close();
      },
    };
  } catch (error) {
    // Whatever failed, Chromium is not left running (nor the server, if it started).
    await launching.then((server) => server.close(), () => undefined);
    await app?.close();
    throw error;
  }
}
