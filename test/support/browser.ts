/**
 * Shared harness for the browser tests and the browser scripts (bench, screenshot): finds
 * Chromium, builds and serves the app, and opens pages in headless Chromium via playwright-core.
 * It never installs anything: the e2e global setup does that, visibly (browser-install.ts).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { DISABLE_FEATURES_ARG } from './chromium-features';

/** Everything but the choice of GL: shared by the SwiftShader and the hardware-GL launch. */
const COMMON_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
  // A hidden or occluded headless page would otherwise get throttled timers and frames.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  DISABLE_FEATURES_ARG,
];

/** Flags that work headless on machines without a GPU (see docs/architecture.md). */
export const CHROMIUM_ARGS = [...COMMON_ARGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/**
 * Hardware GL for `bench:browser --gpu`: ANGLE on the system's OpenGL (`gl`, the default),
 * OpenGL through EGL with no window system (`gl-egl`) or Vulkan (`vulkan`, as Chrome advises
 * for headless Linux GPUs), the GPU enabled and its blocklist ignored, and no SwiftShader flag.
 * Without a usable GPU, Chromium may still end up on software GL (Mesa's llvmpipe) or offer no
 * WebGL at all: the caller reads which renderer it got (scripts/lib/gl-renderer.ts).
 */
export function gpuChromiumArgs(backend: 'gl' | 'gl-egl' | 'vulkan' = 'gl'): string[] {
  const vulkan = backend === 'vulkan' ? ['--enable-features=Vulkan', '--disable-vulkan-surface'] : [];
  return [...COMMON_ARGS, '--use-gl=angle', `--use-angle=${backend}`, '--enable-gpu', '--ignore-gpu-blocklist', ...vulkan];
}

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** CHROME_PATH when set (it must exist), else the first system Chromium or Chrome; null if none. */
export function locateChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist. Unset it to use a system Chromium, or point it at a Chrome/Chromium binary.`);
    return fromEnv;
  }
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const NO_CHROMIUM_HELP =
  'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chrome/Chromium binary.';

export function findChromium(): string {
  const found = locateChromium();
  if (found) return found;
  throw new Error(`No Chromium found at ${CHROMIUM_CANDIDATES.join(', ')} and CHROME_PATH is not set. ${NO_CHROMIUM_HELP}`);
}

/** Headless Chromium with SwiftShader's WebGL, or with `args` (GPU_CHROMIUM_ARGS for hardware GL). */
export async function launchChromium(args: readonly string[] = CHROMIUM_ARGS): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: [...args], headless: true });
}

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** false: serve what an earlier build left in outDir. */
  build?: boolean;
  /** Where to build to and serve from; vite's default (dist/) when absent. */
  outDir?: string;
  /** false: an unminified build, for readable profiles. */
  minify?: boolean;
}

/** Builds the app and serves it with `vite preview` on a free loopback port. */
export async function buildAndServe(options: ServeOptions = {}): Promise<ServedApp> {
  const outDir = options.outDir ? { outDir: options.outDir } : {};
  if (options.build !== false) {
    await build({ logLevel: 'warn', build: { ...outDir, emptyOutDir: true, ...(options.minify === false ? { minify: false } : {}) } });
  }
  const server: PreviewServer = await preview({ build: outDir, preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false }, logLevel: 'warn' });
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}

/** Console errors and page errors seen on a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Opens the game and waits for its test API and the first complete load. */
export async function openGame(browser: Browser, baseUrl: string, query = '', viewport = { width: 1024, height: 640 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = collectErrors(page);
  await page.goto(baseUrl + query);
  await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.__game!.ready());
  return { page, errors };
}
