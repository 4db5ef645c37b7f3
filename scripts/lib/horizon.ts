/**
 * The horizon part of `npm run bench:browser` (issue 11): full detail at R = 32 with no
 * levels of detail, against R = 12 with the far distance at 64 and 128 columns, each on a
 * fresh page of the same biomes world, in one run. With `--before=<dir>` (a build of the
 * commit before levels of detail and batched drawing) the same R = 32 load runs on that
 * build too: "today's full detail" measured beside the new paths, not quoted from memory.
 *
 * Per configuration: time from navigation to the first ready() (every column and every far
 * region in place), then draw calls, triangles, GPU buffer bytes and the JS heap after a GC,
 * with the camera level at the horizon; then the 1,500-block flight (flight.ts) for the
 * main thread's per-frame time and long tasks.
 */
import type { Browser } from 'playwright-core';
import { buildAndServe } from '../../test/support/browser';
import { HORIZON, TIMEOUT_MS } from './config';
import { inPage } from './deadline';
import { flight } from './flight';
import { log } from './log';
import { firstReady, openPage } from './page-probe';
import { round } from './stats';

/** This build, the build before issue 11 (one mesh per column), or this branch's starting point. */
export type BuildName = 'this' | 'before' | 'baseline';

export interface HorizonRun {
  label: string;
  build: BuildName;
  renderDistance: number;
  farDistance: number;
  readyMs: number;
  drawCalls: number;
  triangles: number;
  gpuBytes: number | null;
  lodRegions: number | null;
  loaded: number;
  heapMB: number | null;
  /** Frames drawn and bytes handed to WebGL from the page's start to just after ready() (upload-probe.ts). */
  loadFrames: number;
  loadUploadMB: number | null;
  flight: {
    frameScriptP95Ms: number;
    frameScriptP50Ms: number;
    mainThreadCpuP95Ms: number | null;
    longTasksAfterReady: number;
    longTaskMs: number[];
    coverageMin: number;
    framesPerSecond: number;
    uploadBytesPerFrameP95: number | null;
    uploadBytesPerFrameMax: number | null;
  } | null;
  errors: string[];
}

interface Config {
  label: string;
  build: BuildName;
  renderDistance: number;
  farDistance: number;
}

/** What the horizon view submits and holds, after ready(), looking level along the flight. */
async function measureView(page: import('playwright-core').Page) {
  return inPage(page, 'horizon stats', TIMEOUT_MS.evaluate, () =>
    page.evaluate(async () => {
      const g = window.__game!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const loadFrames = g.frameWork().length;
      const loadUploadBytes = window.__uploads?.bytes ?? null;
      g.look(-Math.PI / 2, -0.05);
      for (let i = 0; i < 4; i++) await frame();
      const s = g.stats() as ReturnType<typeof g.stats> & { gpuBytes?: number; lodRegions?: number };
      const gc = (window as unknown as { gc?: () => void }).gc;
      for (let i = 0; i < 2; i++) {
        gc?.();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return {
        drawCalls: s.drawCalls,
        triangles: s.triangles,
        gpuBytes: s.gpuBytes ?? null,
        lodRegions: s.lodRegions ?? null,
        loaded: s.loaded,
        heapBytes: memory ? memory.usedJSHeapSize : null,
        loadFrames,
        loadUploadBytes,
      };
    }),
  );
}

async function runOne(browser: Browser, baseUrl: string, config: Config, profile: boolean): Promise<HorizonRun> {
  const url = `${baseUrl}?${HORIZON.view}&far=${config.farDistance}`;
  log(`horizon: ${config.label} (${config.build} build)…`);
  const bp = await openPage(browser, url, config.renderDistance);
  try {
    const load = await firstReady(bp, `horizon ${config.label}`);
    const view = await measureView(bp.page);
    log(`horizon ${config.label}: ready after ${load.readyMs} ms, ${view.drawCalls} draw calls, ${view.triangles} triangles`);
    const flown = HORIZON.flight ? await flight(bp, profile) : null;
    const f = flown?.result;
    return {
      label: config.label,
      build: config.build,
      renderDistance: config.renderDistance,
      farDistance: config.farDistance,
      readyMs: load.readyMs,
      drawCalls: view.drawCalls,
      triangles: view.triangles,
      gpuBytes: view.gpuBytes,
      lodRegions: view.lodRegions,
      loaded: view.loaded,
      heapMB: view.heapBytes === null ? null : round(view.heapBytes / 2 ** 20, 1),
      loadFrames: view.loadFrames,
      loadUploadMB: view.loadUploadBytes === null ? null : round(view.loadUploadBytes / 2 ** 20, 1),
      flight: f
        ? {
            frameScriptP95Ms: f.frameScriptMs.p95,
            frameScriptP50Ms: f.frameScriptMs.p50,
            mainThreadCpuP95Ms: f.trace?.animationFrames?.cpuMs.p95 ?? null,
            longTasksAfterReady: f.longTasks.countAfterFirstReady,
            longTaskMs: f.longTasks.durationsMs,
            coverageMin: f.coverage.min,
            framesPerSecond: f.framesPerSecond,
            uploadBytesPerFrameP95: f.uploadBytesPerFrame.p95,
            uploadBytesPerFrameMax: f.uploadBytesPerFrame.max,
          }
        : null,
      errors: bp.errors,
    };
  } finally {
    await bp.page.close();
  }
}

export async function horizonPart(browser: Browser, appUrl: string, beforeDir: string | null, profile: boolean, baselineDir: string | null = null) {
  const configs: Config[] = [
    { label: 'R = 32, F = 0', build: 'this', renderDistance: 32, farDistance: 0 },
    { label: 'R = 12, F = 64', build: 'this', renderDistance: 12, farDistance: 64 },
    { label: 'R = 12, F = 128', build: 'this', renderDistance: 12, farDistance: 128 },
  ].filter((c) => !HORIZON.onlyR32 || c.renderDistance === 32) as Config[];
  const before = beforeDir ? await buildAndServe({ build: false, outDir: beforeDir }) : null;
  const baseline = baselineDir ? await buildAndServe({ build: false, outDir: baselineDir }) : null;
  const runs: HorizonRun[] = [];
  const failed: { label: string; build: BuildName; error: string }[] = [];
  // A run that fails (a load past the deadline on a busy machine) is reported, and the others still run.
  const attempt = async (url: string, config: Config) => {
    try {
      runs.push(await runOne(browser, url, config, profile));
    } catch (err) {
      log(`horizon ${config.label} (${config.build} build) failed: ${err instanceof Error ? err.message : String(err)}`);
      failed.push({ label: config.label, build: config.build, error: err instanceof Error ? err.message : String(err) });
    }
  };
  try {
    for (const c of configs) await attempt(appUrl, c);
    if (baseline) await attempt(baseline.url, { label: 'R = 32, baseline', build: 'baseline', renderDistance: 32, farDistance: 0 });
    if (before) await attempt(before.url, { label: 'R = 32, before', build: 'before', renderDistance: 32, farDistance: 0 });
  } finally {
    await before?.close();
    await baseline?.close();
  }
  const reference = runs.find((r) => r.build === 'before') ?? runs[0];
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : round(a / b, 3));
  return {
    method: `fresh page per configuration, world ${HORIZON.view}, viewport 1024 x 640; ready = navigation to the first ready() (all columns and far regions); stats after 4 frames looking level along +x; heap after window.gc(); then the ${HORIZON.flight ? '1,500-block flight' : '(flight skipped)'}`,
    baseline: reference?.label + (reference?.build === 'before' ? ' (build before issue 11: one mesh per column)' : ''),
    runs,
    failed,
    ratios: runs.map((r) => ({
      label: r.label,
      build: r.build,
      drawCalls: ratio(r.drawCalls, reference?.drawCalls),
      triangles: ratio(r.triangles, reference?.triangles),
      gpuBytes: ratio(r.gpuBytes, reference?.gpuBytes),
      heap: ratio(r.heapMB, reference?.heapMB),
      readyMs: ratio(r.readyMs, reference?.readyMs),
      frameScriptP95: ratio(r.flight?.frameScriptP95Ms, reference?.flight?.frameScriptP95Ms),
      uploadBytesPerFrameP95: ratio(r.flight?.uploadBytesPerFrameP95, reference?.flight?.uploadBytesPerFrameP95),
    })),
  };
}

export type HorizonResult = Awaited<ReturnType<typeof horizonPart>>;
