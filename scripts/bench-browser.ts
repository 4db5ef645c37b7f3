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
 *     normal viewport and a tiny one, then the column worker alone on a blank page.
 * Every phase also records where the CPU went (from /proc): our page's main thread, its
 * workers, SwiftShader's GPU process, and the rest of the machine, running or queued. On a
 * shared 2-core machine with WebGL on the CPU, that is what separates our script's cost from
 * the rendering's and the neighbours'.
 *
 * Prints one JSON document on stdout (progress goes to stderr; `npm run -s bench:browser`
 * keeps npm's banner out of stdout too) and writes it to bench-results/browser.json. Not a
 * test: the figures are for reading side by side, never for asserting (DESIGN.md §5).
 *
 * Flags: `--profile` builds unminified and records a CPU profile of the flight
 * (bench-results/flight.cpuprofile and flight-trace.json, for Chrome DevTools) with a
 * self/total time summary in the JSON; timings taken while profiling are inflated.
 * `--no-build` reuses the last build in bench-results/app. `--only=flight` (or `load`,
 * `throughput`, comma-separated) runs part of the path; goals of skipped parts read `met: null`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { build, preview } from 'vite';
import type { GameStats } from '../src/app/game';
import { DEFAULT_WORLD_PARAMS } from '../src/world';
import { collectErrors, launchChromium } from '../test/support/browser';

// ---------------------------------------------------------------------------------------------
// The fixed path

/** Every load uses this world, so the spawn point and the flight's terrain are always the same. */
const SEED = 'bench';
const VIEWPORT = { width: 1024, height: 640 };
const FLIGHT = {
  /** Blocks flown each way. */
  distance: 1500,
  /** Blocks per second. */
  speed: 40,
  /** Looking slightly down at the terrain ahead, as a flying player does. */
  pitch: -0.2,
};
const THROUGHPUT = {
  renderDistance: 12,
  /**
   * ABBA order over two seeds: each pool size sees both worlds, every run starts a new
   * generation, and a linear drift in machine load falls on both sizes equally.
   */
  plan: [
    { workers: 1, seed: 'throughput-a' },
    { workers: 2, seed: 'throughput-b' },
    { workers: 2, seed: 'throughput-a' },
    { workers: 1, seed: 'throughput-b' },
  ],
  method:
    'fresh world per run (setSeed), time from setSeed to ready(), columns = progress().wanted; one warm-up load, then ABBA order over two seeds; best of the two runs per pool size',
  viewports: [VIEWPORT, { width: 160, height: 100 }],
};
const GOALS = {
  longTasksAfterReady: 0,
  frameScriptP95Ms: 8,
  geometriesOverLoaded: 8,
  returnRatio: 0.2,
  poolSpeedup: 1.6,
};
const TIMEOUT_MS = {
  goto: 60_000,
  ready: 300_000,
  flight: 2 * (FLIGHT.distance / FLIGHT.speed) * 1000 + 120_000,
  evaluate: 60_000,
};
/** The workers-alone measurement builds a square of this many columns a side per run. */
const RAW_WORKERS_SIDE = 50;
const OUT_DIR = 'bench-results';
/**
 * Our own build directory, not dist/: the e2e tests rebuild dist/ (emptying it first), and on
 * a shared machine one may run while this serves pages for minutes.
 */
const APP_DIR = `${OUT_DIR}/app`;

// ---------------------------------------------------------------------------------------------
// What the page records for us (installed by an init script before the app runs)

interface LongTask {
  start: number;
  duration: number;
}

interface BenchProbe {
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
function installProbe(init: { renderDistance: number | null }): void {
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

// ---------------------------------------------------------------------------------------------
// Helpers

const log = (message: string): void => {
  process.stderr.write(`[bench:browser] ${message}\n`);
};

const round = (v: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** Nearest-rank percentile of unsorted values. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Runs `fn`, failing with a message that says what timed out rather than hanging. */
async function within<T>(label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([fn(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the game says about itself, for error messages; never throws. */
async function describePage(page: Page): Promise<string> {
  try {
    const state = await within('describe page', 5000, () =>
      page.evaluate(() => {
        const g = window.__game;
        if (!g) return 'window.__game is not set';
        return JSON.stringify({ progress: g.progress(), stats: g.stats(), workers: g.workerCount() });
      }),
    );
    return state;
  } catch (err) {
    return `(page unreadable: ${err instanceof Error ? err.message : String(err)})`;
  }
}

/** `fn` against the page under a deadline; a failure says where the game was. */
async function inPage<T>(page: Page, label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await within(label, ms, fn);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`${message}\n  game state: ${await describePage(page)}`, { cause: err });
  }
}

interface BenchPage {
  page: Page;
  errors: string[];
  cpuAtOpen: CpuSample | null;
}

async function openPage(browser: Browser, url: string, renderDistance: number | null, viewport = VIEWPORT): Promise<BenchPage> {
  const page = await browser.newPage({ viewport });
  const errors = collectErrors(page);
  // tsx compiles this file with esbuild's keepNames, which wraps named inner functions in
  // __name(...) calls; functions we send to the page need that helper to exist there.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(installProbe, { renderDistance });
  const cpuAtOpen = sampleCpu();
  await page.goto(url, { timeout: TIMEOUT_MS.goto });
  return { page, errors, cpuAtOpen };
}

interface LoadTiming {
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
async function firstReady(bp: BenchPage, label: string): Promise<LoadTiming> {
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

interface Snapshot {
  loaded: number;
  geometries: number;
  /** usedJSHeapSize after the inspector's memory-reducing GC (DevTools' "Collect garbage"). */
  heapBytes: number | null;
  /** usedJSHeapSize after plain window.gc() calls, for comparison (see the leaks note). */
  heapAfterWindowGcBytes: number | null;
}

/**
 * Geometries, loaded columns and the JS heap after garbage collection. three.js counts a
 * geometry from its first render, so the camera first looks all around (four headings, level
 * and steeply down): every loaded column is then counted, whatever direction the camera faced
 * before, and start and end compare like with like.
 */
async function snapshot(page: Page): Promise<Snapshot> {
  await inPage(page, 'look around', TIMEOUT_MS.evaluate, () =>
    page.evaluate(async () => {
      const g = window.__game!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (const pitch of [-0.3, -1.2]) {
        for (let i = 0; i < 4; i++) {
          g.look((i * Math.PI) / 2, pitch);
          await frame();
          await frame();
        }
      }
    }),
  );
  const gcStart = await page.evaluate(() => performance.now());
  const windowGc = await inPage(page, 'window.gc()', TIMEOUT_MS.evaluate, () =>
    page.evaluate(async () => {
      const gc = (window as unknown as { gc?: () => void }).gc;
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      for (let i = 0; i < 3; i++) {
        gc?.();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return gc && memory ? memory.usedJSHeapSize : null;
    }),
  );
  // window.gc() is a full GC, but not a memory-reducing one: V8 keeps maps, feedback and
  // caches alive for a few more collections, and in this app that was a few MB that varied
  // from run to run with no live object behind it (heap snapshots before and after a flight
  // differed by the new meshes and JIT code only). The inspector's collectGarbage is the
  // aggressive kind a heap snapshot takes, so the figure counts what is really retained.
  const cdp = await page.context().newCDPSession(page);
  try {
    await within('HeapProfiler.collectGarbage', TIMEOUT_MS.evaluate, () => cdp.send('HeapProfiler.collectGarbage'));
  } finally {
    await cdp.detach();
  }
  return inPage(page, 'heap snapshot', TIMEOUT_MS.evaluate, () =>
    page.evaluate(
      ({ gcStart, windowGc }) => {
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        window.__bench!.gcWindows.push({ start: gcStart, end: performance.now() });
        const s = window.__game!.stats();
        return { loaded: s.loaded, geometries: s.geometries, heapBytes: memory ? memory.usedJSHeapSize : null, heapAfterWindowGcBytes: windowGc };
      },
      { gcStart, windowGc },
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Where the CPU went (Linux /proc): our page's main thread, its workers, SwiftShader's GPU
// process, the rest of our Chromium, and everything else on the machine (other tenants).

type CpuGroup = 'pageMainThread' | 'workers' | 'gpuProcess' | 'otherChromium';
const CPU_GROUPS: readonly CpuGroup[] = ['pageMainThread', 'workers', 'gpuProcess', 'otherChromium'];
/** USER_HZ: /proc/stat counts CPU time in these ticks; 100 on every mainstream Linux. */
const CLOCK_TICKS = 100;

interface ThreadTimes {
  group: CpuGroup;
  /** Nanoseconds on a CPU, and runnable but waiting for one (/proc/.../schedstat). */
  runNs: number;
  waitNs: number;
}

interface CpuSample {
  at: number;
  machineBusy: number;
  machineIdle: number;
  threads: Map<number, ThreadTimes>;
}

interface CpuUse {
  wallSeconds: number;
  /** Cores used on average over the interval (2 = both cores of a 2-core machine, all the time). */
  cores: Record<CpuGroup | 'restOfMachine' | 'idle', number>;
  /**
   * Cores' worth of threads that were ready to run but queued for a CPU: a thread starved by
   * others shows a high figure here; an idle one (nothing to do) shows neither.
   */
  waitingForCpu: Record<CpuGroup, number>;
}

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread exited meanwhile
  }
};

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
const statFields = (text: string): string[] => text.slice(text.lastIndexOf(')') + 2).split(' ');

function sampleCpu(): CpuSample | null {
  const stat = readText('/proc/stat');
  if (stat === null) return null;
  const v = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const sample: CpuSample = { at: performance.now(), machineBusy: v.reduce((a, b) => a + b, 0) - idle, machineIdle: idle, threads: new Map() };
  // Our Chromium: the descendants of this process (the zygote forks renderers, so walk the tree).
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const text = readText(`/proc/${name}/stat`);
    if (text !== null) parentOf.set(Number(name), Number(statFields(text)[1]));
  }
  const ours = new Set<number>([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  ours.delete(process.pid);
  for (const pid of ours) {
    const cmdline = readText(`/proc/${pid}/cmdline`);
    if (cmdline === null || !cmdline.includes('chrom')) continue;
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tidText of tids) {
      const tid = Number(tidText);
      const sched = readText(`/proc/${pid}/task/${tid}/schedstat`)?.trim().split(' ').map(Number);
      let runNs = sched?.[0];
      const waitNs = sched?.[1] ?? 0;
      if (runNs === undefined) {
        const text = readText(`/proc/${pid}/task/${tid}/stat`);
        if (text === null) continue;
        const f = statFields(text);
        runNs = ((Number(f[11]) + Number(f[12])) / CLOCK_TICKS) * 1e9;
      }
      const comm = (readText(`/proc/${pid}/task/${tid}/comm`) ?? '').trim();
      const group: CpuGroup =
        type === 'gpu-process' ? 'gpuProcess' : type === 'renderer' && tid === pid ? 'pageMainThread' : type === 'renderer' && comm.startsWith('DedicatedWorker') ? 'workers' : 'otherChromium';
      sample.threads.set(tid, { group, runNs, waitNs });
    }
  }
  return sample;
}

function cpuBetween(a: CpuSample | null, b: CpuSample | null): CpuUse | null {
  if (!a || !b) return null;
  const wallSeconds = (b.at - a.at) / 1000;
  const zero = () => Object.fromEntries(CPU_GROUPS.map((g) => [g, 0])) as Record<CpuGroup, number>;
  const run = zero();
  const wait = zero();
  for (const [tid, t] of b.threads) {
    const before = a.threads.get(tid);
    run[t.group] += t.runNs - (before?.runNs ?? 0);
    wait[t.group] += t.waitNs - (before?.waitNs ?? 0);
  }
  const ns = (value: number) => round(value / 1e9 / wallSeconds, 2);
  const ticks = (value: number) => round(value / CLOCK_TICKS / wallSeconds, 2);
  const oursNs = CPU_GROUPS.reduce((sum, g) => sum + run[g], 0);
  return {
    wallSeconds: round(wallSeconds, 1),
    cores: {
      pageMainThread: ns(run.pageMainThread),
      workers: ns(run.workers),
      gpuProcess: ns(run.gpuProcess),
      otherChromium: ns(run.otherChromium),
      restOfMachine: Math.max(0, round(ticks(b.machineBusy - a.machineBusy) - ns(oursNs), 2)),
      idle: ticks(b.machineIdle - a.machineIdle),
    },
    waitingForCpu: {
      pageMainThread: ns(wait.pageMainThread),
      workers: ns(wait.workers),
      gpuProcess: ns(wait.gpuProcess),
      otherChromium: ns(wait.otherChromium),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The flight

interface FlightInPage {
  startedAt: number;
  turnedAt: number;
  endedAt: number;
  frames: number;
  frameWork: number[];
  maxExcess: number;
  maxExcessAt: { x: number; loaded: number; geometries: number };
  maxGeometries: number;
  maxLoaded: number;
  framesOverBound: number;
  /** columnsBuilt() after each frame: the columns applied in it are the differences. */
  built: number[];
  /** Share of the wanted disc on screen (progress().ready / wanted): lowest, and mean over frames. */
  minCoverage: number;
  coverageSum: number;
}

/**
 * Runs in the page: drives the camera from requestAnimationFrame, position = start + speed *
 * elapsed along +x, looking along the flight, then back along -x; samples stats() every frame.
 */
function flyInPage(cfg: { distance: number; speed: number; pitch: number; bound: number }): Promise<FlightInPage> {
  const g = window.__game!;
  const origin = g.stats().camera;
  const out: FlightInPage = {
    startedAt: 0,
    turnedAt: 0,
    endedAt: 0,
    frames: 0,
    frameWork: [],
    maxExcess: -Infinity,
    maxExcessAt: { x: 0, loaded: 0, geometries: 0 },
    maxGeometries: 0,
    maxLoaded: 0,
    framesOverBound: 0,
    built: [],
    minCoverage: 1,
    coverageSum: 0,
  };
  const sample = (s: GameStats): void => {
    out.frames++;
    const excess = s.geometries - s.loaded;
    if (excess > out.maxExcess) {
      out.maxExcess = excess;
      out.maxExcessAt = { x: Math.round(s.camera.x), loaded: s.loaded, geometries: s.geometries };
    }
    if (excess > cfg.bound) out.framesOverBound++;
    out.maxGeometries = Math.max(out.maxGeometries, s.geometries);
    out.maxLoaded = Math.max(out.maxLoaded, s.loaded);
    out.built.push(g.columnsBuilt());
    const p = g.progress();
    const coverage = p.wanted === 0 ? 1 : p.ready / p.wanted;
    out.minCoverage = Math.min(out.minCoverage, coverage);
    out.coverageSum += coverage;
  };
  const leg = (fromX: number, direction: 1 | -1): Promise<void> =>
    new Promise((resolve) => {
      // Yaw 0 looks toward -z; -PI/2 toward +x, +PI/2 toward -x.
      g.look((-direction * Math.PI) / 2, cfg.pitch);
      const t0 = performance.now();
      const step = (): void => {
        const flown = Math.min(cfg.distance, (cfg.speed * (performance.now() - t0)) / 1000);
        g.teleport(fromX + direction * flown, origin.y, origin.z);
        sample(g.stats());
        if (flown >= cfg.distance) resolve();
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  g.clearFrameWork();
  out.startedAt = performance.now();
  return leg(origin.x, 1)
    .then(() => {
      out.turnedAt = performance.now();
      return leg(origin.x + cfg.distance, -1);
    })
    .then(() => {
      out.endedAt = performance.now();
      out.frameWork = g.frameWork();
      return out;
    });
}

interface CdpProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CdpProfile {
  nodes: CdpProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self and total milliseconds per function in a CDP CPU profile (top entries of each), and the
 * game's frame callback split by what it called: the callees of the outermost function named
 * `frame` (Game's loop), with ColumnLoader's own `frame` opened one level further.
 */
function summariseProfile(profile: CdpProfile, seconds: number, top = 25): object {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: CdpProfileNode): string => {
    const file = n.callFrame.url.split('/').pop() ?? '';
    return `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${n.callFrame.lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const frame = new Map<string, number>();
  let frameMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leafNode = byId.get(profile.samples[i]!);
    if (!leafNode) continue;
    const stack: CdpProfileNode[] = [];
    for (let node: CdpProfileNode | undefined = leafNode; node; ) {
      stack.push(node);
      const up = parent.get(node.id);
      node = up === undefined ? undefined : byId.get(up);
    }
    const leaf = label(leafNode);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set<string>();
    for (const node of stack) {
      const key = label(node);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
    // stack[0] is the leaf; the outermost `frame` is the last one found walking up.
    let outer = -1;
    for (let k = 0; k < stack.length; k++) if (stack[k]!.callFrame.functionName === 'frame') outer = k;
    if (outer !== -1) {
      const child = stack[outer - 1];
      let part = child ? child.callFrame.functionName || '(anonymous)' : '(self)';
      if (part === 'frame') {
        const grandchild = stack[outer - 2];
        part = `loader.frame > ${grandchild ? grandchild.callFrame.functionName || '(anonymous)' : '(self)'}`;
      }
      frame.set(part, (frame.get(part) ?? 0) + ms);
      frameMs += ms;
    }
  }
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: Math.round(ms), msPerSecond: round(ms / seconds, 1) }));
  return {
    seconds: round(seconds, 1),
    frameCallback: { ms: Math.round(frameMs), parts: list(frame).map((p) => ({ ...p, share: round(p.ms / Math.max(1, frameMs), 3) })) },
    self: list(self),
    total: list(total),
  };
}

interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main-thread work from a Chrome trace: tasks ('toplevel' RunTask) and
 * requestAnimationFrame callbacks ('devtools.timeline' FireAnimationFrame), each with its wall
 * time (dur) and the CPU time the thread actually got (tdur). On an oversubscribed machine a
 * task can last far longer on the wall clock than the work in it: side by side they tell which.
 */
function mainThreadWork(trace: Buffer, longMs: number) {
  const parsed = JSON.parse(trace.toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasksBy = new Map<string, TraceEvent[]>();
  const framesBy = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    const into = /RunTask$/.test(e.name) ? tasksBy : e.name === 'FireAnimationFrame' ? framesBy : null;
    if (!into) continue;
    const list = into.get(key) ?? [];
    list.push(e);
    into.set(key, list);
  }
  // The page's renderer is the busiest main thread traced (other renderers are idle or gone).
  const [key, tasks] = [...tasksBy.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
  if (tasks.length === 0) return null;
  tasks.sort((a, b) => a.ts - b.ts);
  const first = tasks[0]!.ts;
  const last = Math.max(...tasks.map((t) => t.ts + (t.dur ?? 0)));
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const wallMs = tasks.reduce((sum, t) => sum + ms(t.dur), 0);
  const cpuMs = tasks.reduce((sum, t) => sum + ms(t.tdur), 0);
  // Animation-frame callbacks grouped by the task that ran them: one group per frame.
  const perFrame = new Map<number, { wall: number; cpu: number }>();
  for (const f of framesBy.get(key) ?? []) {
    let lo = 0;
    let hi = tasks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tasks[mid]!.ts <= f.ts) lo = mid;
      else hi = mid - 1;
    }
    const g = perFrame.get(lo) ?? { wall: 0, cpu: 0 };
    g.wall += ms(f.dur);
    g.cpu += ms(f.tdur);
    perFrame.set(lo, g);
  }
  const frames = [...perFrame.values()];
  const stats = (xs: number[]) => ({ p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) });
  return {
    note: 'Chrome trace of the flight (toplevel, devtools.timeline), page main thread: wall = dur, cpu = tdur (CPU time the thread got). animationFrames groups the frame callbacks of one frame (the game\'s and the bench\'s tiny one).',
    tasks: tasks.length,
    busyWallFraction: round(wallMs / ms(last - first), 3),
    cpuMsPerSecond: round(cpuMs / (ms(last - first) / 1000), 1),
    over50ms: tasks.filter((t) => ms(t.dur) > longMs).map((t) => ({ wallMs: Math.round(ms(t.dur)), cpuMs: Math.round(ms(t.tdur)) })),
    animationFrames:
      frames.length === 0
        ? null
        : { frames: frames.length, wallMs: stats(frames.map((f) => f.wall)), cpuMs: stats(frames.map((f) => f.cpu)) },
  };
}

async function flight(bp: BenchPage, profile: boolean) {
  const { page } = bp;
  const before = await snapshot(page);
  log(`flight: start ${JSON.stringify(before)}`);
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  await browser?.startTracing(undefined, { categories: ['toplevel', 'devtools.timeline'] });
  const cpuBefore = sampleCpu();
  const flown = await inPage(page, 'flight', TIMEOUT_MS.flight, () =>
    page.evaluate(flyInPage, { ...FLIGHT, bound: GOALS.geometriesOverLoaded }),
  );
  const cpu = cpuBetween(cpuBefore, sampleCpu());
  const trace = browser ? await browser.stopTracing() : null;
  if (trace && profile) writeFileSync(`${OUT_DIR}/flight-trace.json`, trace);
  const traced = trace ? mainThreadWork(trace, 50) : null;
  let profileSummary: object | null = null;
  if (cdp) {
    const { profile: cpu } = (await cdp.send('Profiler.stop')) as unknown as { profile: CdpProfile };
    writeFileSync(`${OUT_DIR}/flight.cpuprofile`, JSON.stringify(cpu));
    profileSummary = summariseProfile(cpu, (flown.endedAt - flown.startedAt) / 1000);
    await cdp.detach();
  }
  log(`flight: flown in ${Math.round((flown.endedAt - flown.startedAt) / 1000)} s, ${flown.frames} frames; waiting for ready()`);
  const settleStart = Date.now();
  await inPage(page, 'ready() after the return flight', TIMEOUT_MS.ready, () => page.evaluate(() => window.__game!.ready()));
  const settleMs = Date.now() - settleStart;
  const after = await snapshot(page);
  log(`flight: end ${JSON.stringify(after)}`);

  const probe = await page.evaluate(() => window.__bench!);
  const readyAt = probe.readyAt!;
  const inGc = (t: LongTask) => probe.gcWindows.some((w) => t.start < w.end && t.start + t.duration > w.start);
  const phase = (t: LongTask): string =>
    t.start < flown.startedAt ? 'before the flight' : t.start < flown.turnedAt ? 'outbound' : t.start < flown.endedAt ? 'return' : 'settling after return';
  const afterReady = probe.longTasks.filter((t) => t.start >= readyAt);
  const counted = afterReady.filter((t) => !inGc(t));
  const fw = flown.frameWork;
  // The game's frame callback runs before ours in each animation frame (it registered first),
  // so frameWork[k] and built[k] describe the same frame.
  const applied = flown.built.map((b, k) => (k === 0 ? 0 : b - flown.built[k - 1]!));
  const buckets = [
    { label: '0', min: 0, max: 0 },
    { label: '1-4', min: 1, max: 4 },
    { label: '5-16', min: 5, max: 16 },
    { label: '17+', min: 17, max: Infinity },
  ].map((b) => {
    const xs = fw.filter((_, k) => applied[k] !== undefined && applied[k]! >= b.min && applied[k]! <= b.max);
    return { columnsAppliedInFrame: b.label, frames: xs.length, p50: xs.length ? round(percentile(xs, 50)) : null, max: xs.length ? round(Math.max(...xs)) : null };
  });
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : round(a / b, 3));
  const flightSeconds = (flown.endedAt - flown.startedAt) / 1000;

  return {
    result: {
      path: `spawn at seed "${SEED}", R = 8, ready(); ${FLIGHT.distance} blocks along +x at ${FLIGHT.speed} blocks/s; turn; back along -x; ready()`,
      flightSeconds: round(flightSeconds, 1),
      frames: flown.frames,
      framesPerSecond: round(flown.frames / flightSeconds, 1),
      cpu,
      settleAfterReturnMs: settleMs,
      longTasks: {
        supported: probe.longTasksSupported,
        countAfterFirstReady: counted.length,
        durationsMs: counted.map((t) => Math.round(t.duration)),
        list: counted.map((t) => ({ phase: phase(t), atMs: Math.round(t.start - readyAt), durationMs: Math.round(t.duration) })),
        excludedForcedGc: afterReady.length - counted.length,
        beforeFirstReady: probe.longTasks.length - afterReady.length,
      },
      trace: traced,
      frameScriptMs: {
        frames: fw.length,
        p50: round(percentile(fw, 50)),
        p95: round(percentile(fw, 95)),
        p99: round(percentile(fw, 99)),
        max: round(Math.max(...fw)),
        mean: round(fw.reduce((a, b) => a + b, 0) / Math.max(1, fw.length)),
        over8: fw.filter((v) => v > 8).length,
        over16: fw.filter((v) => v > 16).length,
        /** Sum over the flight per second of it: the frame callback's share of the main thread. */
        totalPerSecond: round(fw.reduce((a, b) => a + b, 0) / flightSeconds, 1),
        byColumnsApplied: buckets,
      },
      coverage: {
        note: 'share of the columns within R that were on screen, sampled every frame: does streaming keep up at this speed and frame rate?',
        min: round(flown.minCoverage, 3),
        mean: round(flown.coverageSum / Math.max(1, flown.frames), 3),
      },
      geometries: {
        maxOverLoaded: flown.maxExcess,
        maxOverLoadedAt: flown.maxExcessAt,
        framesOverBound: flown.framesOverBound,
        maxGeometries: flown.maxGeometries,
        maxLoaded: flown.maxLoaded,
      },
      leaks: {
        start: before,
        end: after,
        geometriesRatio: ratio(after.geometries, before.geometries),
        loadedRatio: ratio(after.loaded, before.loaded),
        heapRatio: ratio(after.heapBytes, before.heapBytes),
        heapRatioAfterWindowGc: ratio(after.heapAfterWindowGcBytes, before.heapAfterWindowGcBytes),
        note: 'heapRatio: usedJSHeapSize after the inspector\'s memory-reducing GC (HeapProfiler.collectGarbage); heapRatioAfterWindowGc: after window.gc() only, which leaves collectable caches in place. Loaded columns grow on the way back because columns within R + 2 behind the camera are kept (hysteresis), so geometries and mesh memory grow with loadedRatio.',
      },
    },
    profile: profileSummary,
  };
}

// ---------------------------------------------------------------------------------------------
// Throughput

interface ThroughputRun {
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

async function throughput(browser: Browser, url: string, viewport: { width: number; height: number }) {
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

interface RawRun {
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
async function rawWorkers(browser: Browser, baseUrl: string) {
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
          async (cfg) => {
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
                  if (job) w.postMessage({ type: 'build', id: nextId++, generation: 0, revision: 0, params: cfg.params, cx: job[0], cz: job[1], edits: [] });
                };
                for (const w of pool) {
                  w.onmessage = (event: MessageEvent<{ type: string; generateMs?: number; meshMs?: number }>) => {
                    if (event.data.type === 'built') workerMs += (event.data.generateMs ?? 0) + (event.data.meshMs ?? 0);
                    else errors++;
                    if (--pending === 0) resolve({ workerMs, errors });
                    else send(w);
                  };
                  send(w);
                  send(w);
                }
              });
            (window as unknown as { __raw: unknown }).__raw = { build, pool };
            await build(Array.from({ length: 8 * cfg.workers }, (_, k) => [-5000 - k, 0] as [number, number]));
          },
          { url: workerUrl, workers, params },
        ),
      );
      const cpuBefore = sampleCpu();
      const timed = await within(`raw workers (${workers})`, TIMEOUT_MS.ready, () =>
        page.evaluate(async (jobs) => {
          const raw = (window as unknown as { __raw: { build(j: [number, number][]): Promise<{ workerMs: number; errors: number }> } }).__raw;
          const t0 = performance.now();
          const r = await raw.build(jobs);
          return { ...r, ms: performance.now() - t0 };
        }, columns),
      );
      // Sampled before the workers end: a thread's CPU time leaves /proc with it.
      const cpu = cpuBetween(cpuBefore, sampleCpu());
      await page.evaluate(() => {
        for (const w of (window as unknown as { __raw: { pool: Worker[] } }).__raw.pool) w.terminate();
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

// ---------------------------------------------------------------------------------------------
// Main

async function serve(profile: boolean, rebuild: boolean): Promise<{ url: string; close(): Promise<void> }> {
  if (rebuild) {
    log(`building into ${APP_DIR}${profile ? ' (unminified, for profiling)' : ''}…`);
    await build({ logLevel: 'warn', build: { outDir: APP_DIR, emptyOutDir: true, ...(profile ? { minify: false } : {}) } });
  }
  const server = await preview({ build: { outDir: APP_DIR }, preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false }, logLevel: 'warn' });
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}

type Part = 'load' | 'flight' | 'throughput';
const PARTS: readonly Part[] = ['load', 'flight', 'throughput'];

function partsToRun(): Set<Part> {
  const arg = process.argv.find((a) => a.startsWith('--only='));
  if (!arg) return new Set(PARTS);
  const wanted = arg.slice('--only='.length).split(',');
  for (const w of wanted) if (!PARTS.includes(w as Part)) throw new Error(`--only: unknown part "${w}" (expected ${PARTS.join(', ')})`);
  return new Set(wanted as Part[]);
}

async function main(): Promise<void> {
  const profile = process.argv.includes('--profile');
  const rebuild = !process.argv.includes('--no-build');
  const parts = partsToRun();
  mkdirSync(OUT_DIR, { recursive: true });
  const loadAvgStart = os.loadavg().map((v) => round(v));
  const started = Date.now();
  const app = await serve(profile, rebuild);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
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
    let flown: Awaited<ReturnType<typeof flight>> | null = null;
    if (parts.has('load') || parts.has('flight')) {
      log(`load at R = 8${parts.has('flight') ? ', then the flight' : ''}…`);
      const r8 = await openPage(browser, url, null);
      try {
        r8Load = await firstReady(r8, 'load, R = 8');
        log(`R = 8: ready after ${r8Load.readyMs} ms`);
        if (parts.has('flight')) flown = await flight(r8, profile);
      } finally {
        await r8.page.close();
      }
      errors.flight = r8.errors;
    }

    let r16Load: LoadTiming | null = null;
    if (parts.has('load')) {
      log('load at R = 16…');
      const r16 = await openPage(browser, url, 16);
      r16Load = await firstReady(r16, 'load, R = 16').finally(() => r16.page.close());
      log(`R = 16: ready after ${r16Load.readyMs} ms`);
      errors.r16 = r16.errors;
    }

    let throughputResult: {
      renderDistance: number;
      method: string;
      ratio: number;
      byViewport: Omit<Awaited<ReturnType<typeof throughput>>, 'errors'>[];
      workersAlone: Awaited<ReturnType<typeof rawWorkers>>;
    } | null = null;
    if (parts.has('throughput')) {
      const byViewport = [];
      for (const viewport of THROUGHPUT.viewports) {
        log(`throughput at ${viewport.width}x${viewport.height}…`);
        const { errors: tpErrors, ...rest } = await throughput(browser, url, viewport);
        errors[`throughput ${viewport.width}x${viewport.height}`] = tpErrors;
        byViewport.push(rest);
      }
      log('workers alone…');
      const workersAlone = await rawWorkers(browser, app.url);
      throughputResult = {
        renderDistance: THROUGHPUT.renderDistance,
        method: THROUGHPUT.method,
        ratio: byViewport[0]!.ratio,
        byViewport,
        workersAlone,
      };
    }

    const f = flown?.result ?? null;
    const near = (ratio: number | null) => ratio !== null && Math.abs(ratio - 1) <= GOALS.returnRatio;
    const goals = {
      noLongTasksAfterReady: {
        goal: 'no main-thread task > 50 ms after the first ready()',
        value: f?.longTasks.countAfterFirstReady ?? null,
        met: f ? f.longTasks.supported && f.longTasks.countAfterFirstReady <= GOALS.longTasksAfterReady : null,
      },
      frameScriptP95: {
        goal: `p95 of per-frame main-thread time <= ${GOALS.frameScriptP95Ms} ms during the flight (wall clock, __game.frameWork())`,
        value: f?.frameScriptMs.p95 ?? null,
        met: f ? f.frameScriptMs.p95 <= GOALS.frameScriptP95Ms : null,
        /** The same frames' CPU time from the trace: what the code cost, without the waiting. */
        cpuTimeP95: f?.trace?.animationFrames?.cpuMs.p95 ?? null,
      },
      geometriesBounded: {
        goal: `geometries <= loaded + ${GOALS.geometriesOverLoaded} on every frame of the flight`,
        value: f?.geometries.maxOverLoaded ?? null,
        met: f ? f.geometries.maxOverLoaded <= GOALS.geometriesOverLoaded : null,
      },
      geometriesAfterReturn: {
        goal: 'geometries after the return flight within 20% of the start',
        value: f?.leaks.geometriesRatio ?? null,
        met: f ? near(f.leaks.geometriesRatio) : null,
      },
      heapAfterReturn: {
        goal: 'JS heap (after GC) after the return flight within 20% of the start',
        value: f?.leaks.heapRatio ?? null,
        met: f ? near(f.leaks.heapRatio) : null,
      },
      poolSpeedup: {
        goal: `2 workers >= ${GOALS.poolSpeedup}x the columns/s of 1 worker (the game at ${VIEWPORT.width}x${VIEWPORT.height}, setWorkers)`,
        value: throughputResult?.ratio ?? null,
        met: throughputResult ? throughputResult.ratio >= GOALS.poolSpeedup : null,
        workersAloneRatio: throughputResult?.workersAlone.ratio ?? null,
      },
    };

    const cpus = os.cpus();
    const result = {
      benchmark: 'bench:browser',
      date: new Date().toISOString(),
      durationSeconds: Math.round((Date.now() - started) / 1000),
      profiled: profile,
      parts: [...parts],
      machine: {
        platform: `${os.type()} ${os.release()} ${os.arch()}`,
        cpus: cpus.length,
        cpuModel: cpus[0]?.model ?? 'unknown',
        memoryGiB: round(os.totalmem() / 2 ** 30, 1),
        node: process.version,
        chromium: browser.version(),
        renderer: 'SwiftShader (WebGL on the CPU, sharing the cores with the workers)',
        loadAverageStart: loadAvgStart,
        loadAverageEnd: os.loadavg().map((v) => round(v)),
      },
      setup: { seed: SEED, viewport: VIEWPORT, flight: FLIGHT },
      load: {
        note: 'navigation start to the first ready(); each a fresh page. R = 16 is set by an init script the moment the app assigns window.__game, before its first frame, so no R = 8 work precedes it. The cold load is the first page of the browser (it also warms caches); the others follow it.',
        coldR8: coldLoad && { ...coldLoad, renderDistance: 8 },
        r8: r8Load && { ...r8Load, renderDistance: 8 },
        r16: r16Load && { ...r16Load, renderDistance: 16 },
      },
      flight: f,
      throughput: throughputResult,
      goals,
      allGoalsMet: Object.values(goals).every((g) => g.met === true),
      pageErrors: errors,
      ...(flown?.profile ? { flightProfile: flown.profile } : {}),
    };
    const json = JSON.stringify(result, null, 2);
    const name = parts.size === PARTS.length && !profile ? 'browser' : `browser-${[...parts].join('-')}${profile ? '-profile' : ''}`;
    writeFileSync(`${OUT_DIR}/${name}.json`, json + '\n');
    process.stdout.write(json + '\n');
  } finally {
    await browser?.close().catch((err: unknown) => log(`closing the browser failed: ${String(err)}`));
    await app.close();
  }
}

main().catch((err: unknown) => {
  log(`FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
