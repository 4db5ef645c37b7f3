/**
 * `npm run bench:browser`: figures for issue 4, taken in the real app in headless Chromium.
 *
 * Builds the app, serves it, and drives it along a fixed path:
 *  1. a cold page load at R = 8 (it also warms the browser, disk cache and shaders);
 *  2. a fresh page load at R = 8, timed from navigation start to the first `ready()`, then the
 *     flight on that same page: fly 1,500 blocks along +x at 40 blocks/s, turn, fly back, and
 *     wait for `ready()`. Recorded: long tasks (> 50 ms) after the first `ready()`; the game's
 *     per-frame main-thread time (`__game.frameWork()`, wall clock) and, from a Chrome trace,
 *     the CPU time those frames really got; geometries vs loaded columns every frame; and
 *     geometries and JS heap before and after (leaks);
 *  3. a fresh page load at R = 16;
 *  4. throughput: columns per second with 1 worker vs 2 on fresh worlds at R = 12, at the
 *     normal viewport and a tiny one, then the column worker alone on a blank page;
 *  5. compare: the swipe view against the normal view at R = 12 on one page and one camera
 *     (draw calls, triangles, frame time, SwiftShader CPU, GPU geometries, heap, and the memory
 *     given back when compare mode ends);
 *  6. horizon (lib/horizon.ts): full detail at R = 32 against R = 12 with levels of detail out
 *     to F = 64 and 128 columns: draw calls, triangles, GPU bytes, heap, time to the whole
 *     horizon, and the flight for each; `--before=<dir>` adds the build before issue 11;
 *     `--horizon=r32` runs only the R = 32 configurations;
 *  7. disc (lib/disc.ts): two still views (the default one, and the biomes horizon from high
 *     up): draw calls, triangles, frames per second and a screenshot, with `--before=<dir>`
 *     against that build in alternating rounds, the screenshots compared pixel by pixel.
 *  8. caves (lib/cave-culling.ts): issue 21's cave-face culling on against off, triangles and
 *     draw time along a stepped flight over mountains and inside a cave, pictures compared.
 * `--baseline=<dir>` (a build of this branch's starting point) repeats the R = 8 load and
 * flight, and the R = 32 horizon run, on that build in the same run. Every flight reports the
 * bytes handed to WebGL per frame (p50, p95, max), counted by a probe in the page
 * (lib/upload-probe.ts), so old builds are measured the same way.
 * Every phase also records where the CPU went (from /proc): our page's main thread, its
 * workers, SwiftShader's GPU process, and the rest of the machine, running or queued. On a
 * shared 2-core machine with WebGL on the CPU, that is what separates our script's cost from
 * the rendering's and the neighbours'.
 *
 * Prints one JSON document on stdout (progress goes to stderr; `npm run -s bench:browser`
 * keeps npm's banner out of stdout too) and writes it to bench-results/browser.json. Not a
 * test: the figures are for reading side by side, never for asserting (docs/architecture.md).
 *
 * Flags: `--profile` builds unminified and records a CPU profile of the flight
 * (bench-results/flight.cpuprofile and flight-trace.json, for Chrome DevTools) with a
 * self/total time summary in the JSON; timings taken while profiling are inflated.
 * `--throttle=N` slows the page's CPU N times during the flights (CDP), as on a low-end laptop;
 * every flight names what ran in each task over 50 ms (lib/long-task-names.ts).
 * `--no-build` reuses the last build in bench-results/app. `--only=flight` (or `load`,
 * `throughput`, `compare`, `horizon`, `disc`, `caves`, comma-separated) runs part of the path; goals of
 * skipped parts read `met: null`. `--gpu` launches Chromium with hardware GL instead of
 * SwiftShader (ANGLE on OpenGL; `--gpu=gl-egl` or `--gpu=vulkan` for the other backends,
 * lib/gl-renderer.ts); either way the JSON's `machine.gl` and stderr say which GL renderer the
 * figures come from, and a machine without a GPU says so.
 *
 * The parts live in scripts/lib: config.ts (the path, goals, flags), page-probe.ts,
 * flight.ts, throughput.ts, raw-workers.ts, compare-cost.ts, proc-cpu.ts, trace.ts,
 * cpu-profile.ts, report.ts.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import type { Browser } from 'playwright-core';
import { buildAndServe } from '../test/support/browser';
import { ensureChromium } from '../test/support/browser-install';
import { caveCullingPart, type CaveCullingResult } from './lib/cave-culling';
import { compareCostPart, type CompareCostResult } from './lib/compare-cost';
import { discPart, type DiscResult } from './lib/disc';
import { APP_DIR, benchOptions, OUT_DIR, SEED } from './lib/config';
import { flight, type FlightOutcome } from './lib/flight';
import { launchBenchBrowser, type GlRenderer } from './lib/gl-renderer';
import { horizonPart, type HorizonResult } from './lib/horizon';
import { log } from './lib/log';
import { firstReady, openPage, type LoadTiming } from './lib/page-probe';
import { benchReport, writeReport } from './lib/report';
import { round } from './lib/stats';
import { throughputPart, type ThroughputResult } from './lib/throughput';

async function main(): Promise<void> {
  const options = benchOptions();
  const { profile, parts } = options;
  mkdirSync(OUT_DIR, { recursive: true });
  const loadAverageStart = os.loadavg().map((v) => round(v));
  const started = Date.now();
  ensureChromium();
  if (options.rebuild) log(`building into ${APP_DIR}${profile ? ' (unminified, for profiling)' : ''}…`);
  const app = await buildAndServe({ build: options.rebuild, outDir: APP_DIR, minify: !profile });
  let browser: Browser | undefined;
  try {
    let gl: GlRenderer;
    ({ browser, gl } = await launchBenchBrowser(options.gpu));
    const url = `${app.url}?seed=${SEED}`;
    const errors: Record<string, string[]> = {};

    let coldLoad: LoadTiming | null = null;
    if (parts.has('load')) {
      log('cold load at R = 8 (warm-up)…');
      const cold = await openPage(browser, url, null);
      coldLoad = await firstReady(cold, 'cold load, R = 8').finally(() => cold.page.close());
      errors.cold = cold.errors;
    }

    let r8Load: LoadTiming | null = null;
    let flown: FlightOutcome | null = null;
    if (parts.has('load') || parts.has('flight')) {
      log(`load at R = 8${parts.has('flight') ? ', then the flight' : ''}…`);
      const r8 = await openPage(browser, url, null);
      try {
        r8Load = await firstReady(r8, 'load, R = 8');
        log(`R = 8: ready after ${r8Load.readyMs} ms`);
        if (parts.has('flight')) flown = await flight(r8, profile, options.throttle);
      } finally {
        await r8.page.close();
      }
      errors.flight = r8.errors;
    }

    let baselineFlight: { load: LoadTiming; flown: FlightOutcome } | null = null;
    if (parts.has('flight') && options.baselineDir) {
      const served = await buildAndServe({ build: false, outDir: options.baselineDir });
      try {
        log('baseline build: load at R = 8, then the flight…');
        const page = await openPage(browser, `${served.url}?seed=${SEED}`, null);
        try {
          const load = await firstReady(page, 'baseline load, R = 8');
          baselineFlight = { load, flown: await flight(page, false, options.throttle) };
        } finally {
          await page.page.close();
        }
        errors.baselineFlight = page.errors;
      } finally {
        await served.close();
      }
    }

    let r16Load: LoadTiming | null = null;
    if (parts.has('load')) {
      log('load at R = 16…');
      const r16 = await openPage(browser, url, 16);
      r16Load = await firstReady(r16, 'load, R = 16').finally(() => r16.page.close());
      log(`R = 16: ready after ${r16Load.readyMs} ms`);
      errors.r16 = r16.errors;
    }

    const throughput: ThroughputResult | null = parts.has('throughput') ? await throughputPart(browser, url, app.url, errors) : null;

    const compare: CompareCostResult | null = parts.has('compare') ? await compareCostPart(browser, url, errors) : null;

    const horizon: HorizonResult | null = parts.has('horizon') ? await horizonPart(browser, app.url, options.beforeDir, profile, options.baselineDir) : null;

    const disc: DiscResult | null = parts.has('disc') ? await discPart(browser, app.url, options.beforeDir) : null;
    const caves: CaveCullingResult | null = parts.has('caves') ? await caveCullingPart(browser, app.url, errors) : null;

    const result = benchReport({ options, started, loadAverageStart, chromium: browser.version(), gl, coldLoad, r8Load, r16Load, flown, baselineFlight, throughput, compare, horizon, disc, caves, errors });
    writeReport(result, options);
  } finally {
    await browser?.close().catch((err: unknown) => log(`closing the browser failed: ${String(err)}`));
    await app.close();
  }
}

main().catch((err: unknown) => {
  log(`FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
