/** Columns per second with 1 worker vs 2, in the game on fresh worlds (setSeed). */
import type { Browser } from 'playwright-core';
import { THROUGHPUT, TIMEOUT_MS } from './config';
import { inPage } from './deadline';
import { log } from './log';
import { firstReady, openPage } from './page-probe';
import { cpuBetween, sampleCpu, type CpuUse } from './proc-cpu';
import { rawWorkers } from './raw-workers';
import { round } from './stats';

export interface ThroughputRun {
  workers: number;
  seed: string;
  columns: number;
  built: number;
  ms: number;
  columnsPerSecond: number;
  /** Frames rendered meanwhile, and columns put on screen per frame. */
  frames: number;
  columnsPerFrame: number;
  cpu?: CpuUse | null;
}

export async function throughput(browser: Browser, url: string, viewport: { width: number; height: number }) {
  const bp = await openPage(browser, url, THROUGHPUT.renderDistance, viewport);
  try {
    const warmup = await firstReady(bp, `throughput warm-up (R = ${THROUGHPUT.renderDistance})`);
    log(`throughput ${viewport.width}x${viewport.height}: warm-up load ${warmup.columns} columns in ${warmup.readyMs} ms`);
    const runs: ThroughputRun[] = [];
    for (const { workers, seed } of THROUGHPUT.plan) {
      const cpuBefore = sampleCpu();
      const run = await inPage(bp.page, `throughput run (${workers} worker(s), seed ${seed})`, TIMEOUT_MS.ready, () =>
        bp.page.evaluate(
          async (cfg): Promise<ThroughputRun> => {
            const g = window.__game!;
            g.setWorkers(cfg.workers);
            const built = g.columnsBuilt();
            g.clearFrameWork();
            const t0 = performance.now();
            g.setSeed(cfg.seed);
            await g.ready();
            const ms = performance.now() - t0;
            const columns = g.progress().wanted;
            const frames = g.frameWork().length;
            return {
              workers: g.workerCount(),
              seed: cfg.seed,
              columns,
              built: g.columnsBuilt() - built,
              ms: Math.round(ms),
              columnsPerSecond: Math.round((columns / ms) * 10000) / 10,
              frames,
              columnsPerFrame: Math.round((columns / Math.max(1, frames)) * 10) / 10,
            };
          },
          { workers, seed },
        ),
      );
      run.cpu = cpuBetween(cpuBefore, sampleCpu());
      log(`throughput: ${JSON.stringify(run)}`);
      runs.push(run);
    }
    const best = (n: number) => Math.max(...runs.filter((r) => r.workers === n).map((r) => r.columnsPerSecond));
    const mean = (n: number) => {
      const xs = runs.filter((r) => r.workers === n).map((r) => r.columnsPerSecond);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    return {
      viewport,
      warmup: { columns: warmup.columns, readyMs: warmup.readyMs },
      runs,
      singleWorkerColumnsPerSecond: best(1),
      twoWorkersColumnsPerSecond: best(2),
      ratio: round(best(2) / best(1), 2),
      ratioOfMeans: round(mean(2) / mean(1), 2),
      errors: bp.errors,
    };
  } finally {
    await bp.page.close();
  }
}

/** The game's throughput at each viewport, then the worker alone (the ceiling it could reach). */
export async function throughputPart(browser: Browser, url: string, baseUrl: string, errors: Record<string, string[]>) {
  const byViewport = [];
  for (const viewport of THROUGHPUT.viewports) {
    log(`throughput at ${viewport.width}x${viewport.height}…`);
    const { errors: tpErrors, ...rest } = await throughput(browser, url, viewport);
    errors[`throughput ${viewport.width}x${viewport.height}`] = tpErrors;
    byViewport.push(rest);
  }
  log('workers alone…');
  const workersAlone = await rawWorkers(browser, baseUrl);
  return {
    renderDistance: THROUGHPUT.renderDistance,
    method: THROUGHPUT.method,
    ratio: byViewport[0]!.ratio,
    byViewport,
    workersAlone,
  };
}

export type ThroughputResult = Awaited<ReturnType<typeof throughputPart>>;
