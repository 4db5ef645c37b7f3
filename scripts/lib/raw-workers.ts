/** Columns per second of the column worker alone, with nothing rendering. */
import { readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { BuildColumnRequest, WorkerReply } from '../../src/workers/protocol';
import { DEFAULT_WORLD_PARAMS, type WorldParams } from '../../src/world';
import { APP_DIR, RAW_WORKERS_SIDE, TIMEOUT_MS } from './config';
import { within } from './deadline';
import { log } from './log';
import { cpuBetween, sampleCpu, type CpuUse } from './proc-cpu';
import { round } from './stats';

/** What the page keeps between our evaluate calls: the pool and a way to feed it. */
interface RawPool {
  build(jobs: [number, number][]): Promise<{ workerMs: number; errors: number }>;
  pool: Worker[];
}

declare global {
  interface Window {
    __raw?: RawPool;
  }
}

export interface RawRun {
  workers: number;
  columns: number;
  ms: number;
  columnsPerSecond: number;
  /** generateMs + meshMs as the workers measured them, per column. */
  workerMsPerColumn: number;
  errors: number;
  cpu?: CpuUse | null;
}

/**
 * The same worker script with no game around it: a page on the app's origin that is just the
 * worker's source shown as text, so nothing renders. Fresh workers are warmed up, then build
 * the columns of a square, each keeping two requests in flight like WorkerPool. This is what
 * the pool could deliver if nothing else (frames, SwiftShader) stood in the way.
 */
export async function rawWorkers(browser: Browser, baseUrl: string) {
  const script = readdirSync(`${APP_DIR}/assets`).find((f) => /^column\.worker-.*\.js$/.test(f));
  if (!script) throw new Error(`raw workers: no column.worker-*.js in ${APP_DIR}/assets`);
  const workerUrl = `${baseUrl}assets/${script}`;
  const page = await browser.newPage();
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  try {
    await page.goto(workerUrl, { timeout: TIMEOUT_MS.goto });
    const runs: RawRun[] = [];
    const side = RAW_WORKERS_SIDE;
    for (const [i, workers] of [1, 2, 2, 1].entries()) {
      const columns: [number, number][] = [];
      for (let z = 0; z < side; z++) for (let x = 0; x < side; x++) columns.push([1000 * (i + 1) + x, z]);
      const params = { ...DEFAULT_WORLD_PARAMS, seed: `raw-${i}` };
      // Start the workers and warm them up (each compiles its hot paths on a few columns).
      await within(`raw workers (${workers}): start`, TIMEOUT_MS.evaluate, () =>
        page.evaluate(
          async (cfg: { url: string; workers: number; params: WorldParams }) => {
            const pool = Array.from({ length: cfg.workers }, () => new Worker(cfg.url, { type: 'module' }));
            let nextId = 1;
            /** Builds `jobs` on the pool, two in flight per worker; resolves when all replied. */
            const build = (jobs: [number, number][]) =>
              new Promise<{ workerMs: number; errors: number }>((resolve) => {
                let next = 0;
                let pending = jobs.length;
                let workerMs = 0;
                let errors = 0;
                const send = (w: Worker) => {
                  const job = jobs[next++];
                  if (!job) return;
                  const request: BuildColumnRequest = { type: 'build', id: nextId++, generation: 0, revision: 0, params: cfg.params, cx: job[0], cz: job[1], edits: [] };
                  w.postMessage(request);
                };
                for (const w of pool) {
                  w.onmessage = (event: MessageEvent<WorkerReply>) => {
                    if (event.data.type === 'built') workerMs += event.data.generateMs + event.data.meshMs;
                    else errors++;
                    if (--pending === 0) resolve({ workerMs, errors });
                    else send(w);
                  };
                  send(w);
                  send(w);
                }
              });
            window.__raw = { build, pool };
            await build(Array.from({ length: 8 * cfg.workers }, (_, k) => [-5000 - k, 0] as [number, number]));
          },
          { url: workerUrl, workers, params },
        ),
      );
      const cpuBefore = sampleCpu();
      const timed = await within(`raw workers (${workers})`, TIMEOUT_MS.ready, () =>
        page.evaluate(async (jobs) => {
          const t0 = performance.now();
          const r = await window.__raw!.build(jobs);
          return { ...r, ms: performance.now() - t0 };
        }, columns),
      );
      // Sampled before the workers end: a thread's CPU time leaves /proc with it.
      const cpu = cpuBetween(cpuBefore, sampleCpu());
      await page.evaluate(() => {
        for (const w of window.__raw!.pool) w.terminate();
      });
      const run: RawRun = {
        workers,
        columns: columns.length,
        ms: Math.round(timed.ms),
        columnsPerSecond: round((columns.length / timed.ms) * 1000, 1),
        workerMsPerColumn: round(timed.workerMs / columns.length),
        errors: timed.errors,
        cpu,
      };
      log(`raw workers: ${JSON.stringify(run)}`);
      runs.push(run);
    }
    const best = (n: number) => Math.max(...runs.filter((r) => r.workers === n).map((r) => r.columnsPerSecond));
    return {
      method: `the column worker alone on a blank page (nothing rendering): ${side}x${side} columns, fresh workers warmed up on 8 columns each, two requests in flight per worker; order 1, 2, 2, 1 workers; best of two`,
      runs,
      singleWorkerColumnsPerSecond: best(1),
      twoWorkersColumnsPerSecond: best(2),
      ratio: round(best(2) / best(1), 2),
    };
  } finally {
    await page.close();
  }
}
