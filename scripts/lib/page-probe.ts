/**
 * A bench page: the probe installed before the app runs (long tasks, the moment
 * `window.__game` appears and its first ready()), and the load timing read from it.
 */
import type { Browser, Page } from 'playwright-core';
import { TIMEOUT_MS, VIEWPORT } from './config';
import { collectErrors } from '../../test/support/browser';
import { inPage } from './deadline';
import { cpuBetween, sampleCpu, type CpuSample, type CpuUse } from './proc-cpu';
import { installUploadCounter } from './upload-probe';

export interface LongTask {
  start: number;
  duration: number;
}

export interface BenchProbe {
  longTasks: LongTask[];
  longTasksSupported: boolean;
  /** performance.now() when the app assigned window.__game, and at its first ready(). */
  gameAt: number | null;
  readyAt: number | null;
  /** Windows in which we forced a GC ourselves: long tasks inside them are ours, not the game's. */
  gcWindows: { start: number; end: number }[];
}

declare global {
  interface Window {
    __bench?: BenchProbe;
  }
}

/**
 * Runs in the page before any of its scripts: observes long tasks from the start, and catches
 * the moment the app assigns `window.__game` (a setter on window), so the render distance is
 * set before the first frame (no request at the default R is ever made) and the first ready()
 * is timed in the page, free of any polling delay.
 */
export function installProbe(init: { renderDistance: number | null }): void {
  const probe: BenchProbe = { longTasks: [], longTasksSupported: true, gameAt: null, readyAt: null, gcWindows: [] };
  window.__bench = probe;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    probe.longTasksSupported = false;
  }
  let game: Window['__game'];
  Object.defineProperty(window, '__game', {
    configurable: true,
    enumerable: true,
    get: () => game,
    set: (api: Window['__game']) => {
      game = api;
      if (!api || probe.gameAt !== null) return;
      probe.gameAt = performance.now();
      if (init.renderDistance !== null) api.setRenderDistance(init.renderDistance);
      void api.ready().then(() => {
        probe.readyAt = performance.now();
      });
    },
  });
}

export interface BenchPage {
  page: Page;
  errors: string[];
  cpuAtOpen: CpuSample | null;
}

export async function openPage(browser: Browser, url: string, renderDistance: number | null, viewport = VIEWPORT): Promise<BenchPage> {
  const page = await browser.newPage({ viewport });
  const errors = collectErrors(page);
  // tsx compiles this file with esbuild's keepNames, which wraps named inner functions in
  // __name(...) calls; functions we send to the page need that helper to exist there.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(installUploadCounter);
  await page.addInitScript(installProbe, { renderDistance });
  const cpuAtOpen = sampleCpu();
  await page.goto(url, { timeout: TIMEOUT_MS.goto });
  return { page, errors, cpuAtOpen };
}

export interface LoadTiming {
  /** Navigation start to the first ready(), ms. */
  readyMs: number;
  /** Navigation start to window.__game (app code loaded, atlas decoded, scene built), ms. */
  gameApiMs: number;
  columns: number;
  workers: number;
  /** From opening the page to noticing ready() (polled every 200 ms). */
  cpu: CpuUse | null;
}

/** Waits for the first ready() recorded by the probe. */
export async function firstReady(bp: BenchPage, label: string): Promise<LoadTiming> {
  const { page } = bp;
  await inPage(page, `${label}: first ready()`, TIMEOUT_MS.ready, () =>
    page.waitForFunction(() => window.__bench?.readyAt != null, undefined, { timeout: 0, polling: 200 }),
  );
  const cpu = cpuBetween(bp.cpuAtOpen, sampleCpu());
  const timing = await page.evaluate(() => {
    const probe = window.__bench!;
    const g = window.__game!;
    return {
      readyMs: Math.round(probe.readyAt!),
      gameApiMs: Math.round(probe.gameAt!),
      columns: g.progress().wanted,
      workers: g.workerCount(),
    };
  });
  return { ...timing, cpu };
}
