/**
 * `npm run bench:worlds`: the figures of issue 9 (saved worlds and walking), measured, never
 * asserted. Every figure is a ratio against a baseline taken in the same run.
 *
 *  1. Physics, in Node: one fixed step of the player walking (sprint-jumping) and flying
 *     (colliding) over real terrain of seed `bench`, through the same block-to-cell mapping
 *     as the game, after a warm-up; against the 16.7 ms of a 60 Hz frame (one step a frame).
 *  2. A 100,000-edit world in headless Chromium (real IndexedDB): imported from a file built in
 *     Node, then opened from a cold page load as the last world played. Timed: navigation to
 *     `window.__game` (the edits are read before the game starts) and to the first ready(),
 *     and every main-thread task over 50 ms (Long Tasks API) — against an edit-free world of
 *     the same seed, loaded the same way, in alternating rounds.
 *  3. Export of that world: size and time, against the size of the same edits as plain JSON.
 *  4. Editing in a grown world: 200 edits and a flush in the 100,000-edit world against the
 *     same in the edit-free one.
 *
 * Prints one JSON document (progress on stderr) and writes bench-results/worlds.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cellOfBlock } from '../src/controls/block-cells';
import { Cell, createPlayerState, NO_INPUT, PlayerSimulation, type CellLookup, type PlayerInput } from '../src/physics';
import { DEFAULT_HOTBAR, encodeWorldFile, type WorldRecord } from '../src/storage';
import { createBlockSampler, DEFAULT_WORLD_PARAMS, findLandSpawn, terrainFor, WORLD_FORMAT_VERSION, WORLD_HEIGHT } from '../src/world';
import { realisticEdits } from '../test/storage/realistic-world';
import { buildAndServe, collectErrors, launchChromium } from '../test/support/browser';
import { ensureChromium } from '../test/support/browser-install';
import { log } from './lib/log';

const OUT_DIR = 'bench-results';
const APP_DIR = `${OUT_DIR}/app`;
const SEED = 'bench';
const EDITS = 100_000;
const ROUNDS = 3;
const VIEWPORT = { width: 1024, height: 640 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Microseconds per physics step, median of rounds, for one kind of motion. */
function physicsStepMicros(input: PlayerInput, steps: number): number {
  const params = { ...DEFAULT_WORLD_PARAMS, seed: SEED };
  const sampler = createBlockSampler(terrainFor(params));
  const lookup: CellLookup = (x, y, z) => (y < 0 ? Cell.Solid : y >= WORLD_HEIGHT ? Cell.Empty : cellOfBlock(sampler(x, y, z)));
  const spawn = findLandSpawn(params);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS + 1; r++) {
    // Each round starts on fresh ground (the sampler's cache warm only from walking there).
    const sim = new PlayerSimulation(createPlayerState(spawn.x + r * 2000, spawn.y, spawn.z));
    const start = performance.now();
    for (let i = 0; i < steps; i++) sim.advance(1 / 60, input, lookup);
    const elapsed = performance.now() - start;
    if (r > 0) times.push((elapsed * 1000) / steps); // round 0 warms the JIT
  }
  return median(times);
}

async function physicsFigures() {
  log('physics in Node…');
  const walk = physicsStepMicros({ ...NO_INPUT, mode: 'walk', forward: true, sprint: true, jump: true, forwardX: 0.6, forwardZ: -0.8 }, 6000);
  const fly = physicsStepMicros({ ...NO_INPUT, mode: 'fly', forward: true, sprint: true, flySpeed: 100, forwardX: 0.6, forwardZ: -0.8 }, 6000);
  const frameMicros = 1e6 / 60;
  return {
    method: 'PlayerSimulation.advance(1/60) over seed "bench" terrain (block sampler + the game\'s cellOfBlock), 6,000 steps a round, median of 3 rounds after a warm-up round',
    walkSprintJumpMicrosPerStep: round(walk),
    fly400MicrosPerStep: round(fly),
    shareOf60HzFrame: { walk: round(walk / frameMicros, 5), fly: round(fly / frameMicros, 5) },
  };
}

interface LoadProbe {
  /** [start, duration] of each task over 50 ms. */
  longTasks: [number, number][];
  gameAt: number | null;
  readyAt: number | null;
}

/** Runs in each page before the app: long tasks from the start, and when the game appears and is first ready. */
function installLoadProbe(): void {
  const probe: LoadProbe = { longTasks: [], gameAt: null, readyAt: null };
  (window as unknown as { __load: LoadProbe }).__load = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  let game: Window['__game'];
  Object.defineProperty(window, '__game', {
    configurable: true,
    get: () => game,
    set: (api: Window['__game']) => {
      game = api;
      if (!api || probe.gameAt !== null) return;
      probe.gameAt = performance.now();
      void api.ready().then(() => (probe.readyAt = performance.now()));
    },
  });
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(installLoadProbe);
  return context;
}

/** A cold load of the last world played in `page`'s context: navigation to the game and to ready(), and its long tasks. */
interface LoadFigures {
  gameMs: number;
  readyMs: number;
  /** Longest task over 50 ms before window.__game: while the world's edits are read (0: none). */
  longestBeforeGameMs: number;
  longestTaskMs: number;
  longTasks: number;
  edits: number;
  /** The library's own timing of reading the edits: total, pages, longest page (main thread). */
  editRead: { edits: number; totalMs: number; pages: number; longestPageMs: number } | null;
}

async function coldLoad(context: BrowserContext, url: string, errors: string[]): Promise<LoadFigures> {
  const page = await context.newPage();
  errors.push(...collectErrors(page));
  try {
    return await measureLoad(page, url);
  } finally {
    await page.close();
  }
}

async function measureLoad(page: Page, url: string): Promise<LoadFigures> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __load: LoadProbe }).__load.readyAt !== null, undefined, { timeout: 300_000, polling: 200 });
  return page.evaluate(() => {
    const probe = (window as unknown as { __load: LoadProbe }).__load;
    return {
      gameMs: Math.round(probe.gameAt!),
      readyMs: Math.round(probe.readyAt!),
      longestBeforeGameMs: Math.round(Math.max(0, ...probe.longTasks.filter(([start]) => start < probe.gameAt!).map(([, d]) => d))),
      longestTaskMs: Math.round(Math.max(0, ...probe.longTasks.map(([, d]) => d))),
      longTasks: probe.longTasks.length,
      edits: window.__game!.editCount(),
      editRead: window.__game!.worldLoad(),
    };
  });
}

/** Waits for the app to start (it reads the open world's edits first) and for its first ready(). */
async function gameReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 300_000 });
  await page.evaluate(() => window.__game!.ready());
}

/** Milliseconds per edit for `n` edits high in the sky and the flush that commits them. */
async function editCost(page: Page, n: number, y: number): Promise<number> {
  return page.evaluate(
    async ([count, height]) => {
      const g = window.__game!;
      const start = performance.now();
      for (let i = 0; i < count; i++) g.editBlock(1000 + (i % 40), height, 1000 + Math.floor(i / 40), 2);
      await g.flush();
      return (performance.now() - start) / count;
    },
    [n, y] as const,
  );
}

async function browserFigures(browser: Browser, url: string) {
  const time = Date.now();
  const record: WorldRecord = {
    id: 'bench',
    name: 'Bench: 100,000 edits',
    params: { ...DEFAULT_WORLD_PARAMS, seed: SEED },
    generatorVersion: WORLD_FORMAT_VERSION,
    created: time,
    lastPlayed: time,
    camera: null,
    mode: 'fly',
    hotbar: [...DEFAULT_HOTBAR],
    edits: EDITS,
    kept: true,
  };
  const edits = realisticEdits(EDITS);
  const file = await encodeWorldFile(record, edits);
  const naiveJsonBytes = Buffer.byteLength(JSON.stringify(edits.map((e) => [e.x, e.y, e.z, e.block])));

  // One page at a time: a second live page renders too (SwiftShader, on the CPU) and would
  // slow whatever is measured in the first.
  log('importing the 100,000-edit world…');
  const errors: string[] = [];
  const big = await newContext(browser);
  let bigPage = await big.newPage();
  errors.push(...collectErrors(bigPage));
  await bigPage.goto(`${url}?seed=${SEED}-scratch`);
  await gameReady(bigPage);
  const imported = await bigPage.evaluate(async (text) => {
    const g = window.__game!;
    const start = performance.now();
    const id = await g.importWorld(text);
    const importMs = performance.now() - start;
    if (!id) throw new Error('import refused');
    await g.openWorld(id);
    await g.ready();
    await g.flush();
    return { importMs, edits: g.editCount() };
  }, file);
  await bigPage.close();

  const empty = await newContext(browser);
  let emptyPage = await empty.newPage();
  errors.push(...collectErrors(emptyPage));
  await emptyPage.goto(`${url}?seed=${SEED}`);
  await gameReady(emptyPage);
  await emptyPage.evaluate(async () => {
    const g = window.__game!;
    await g.ready();
    // One edit makes it a kept world, so a bare load reopens it.
    g.editBlock(0, 250, 0, 2);
    await g.flush();
  });
  await emptyPage.close();

  const loads: { big: LoadFigures[]; empty: LoadFigures[] } = { big: [], empty: [] };
  for (let r = 0; r < ROUNDS; r++) {
    log(`cold loads, round ${r + 1} of ${ROUNDS}…`);
    loads.empty.push(await coldLoad(empty, url, errors));
    loads.big.push(await coldLoad(big, url, errors));
  }

  log('export…');
  bigPage = await big.newPage();
  errors.push(...collectErrors(bigPage));
  await bigPage.goto(url);
  await gameReady(bigPage);
  const exports: { ms: number; bytes: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    exports.push(
      await bigPage.evaluate(async () => {
        const start = performance.now();
        const text = await window.__game!.exportWorld();
        return { ms: performance.now() - start, bytes: new TextEncoder().encode(text).length };
      }),
    );
  }

  log('editing in a grown world…');
  const editMs = { big: [] as number[], empty: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    editMs.big.push(await editCost(bigPage, 200, 240 - r));
  }
  await bigPage.close();
  emptyPage = await empty.newPage();
  errors.push(...collectErrors(emptyPage));
  await emptyPage.goto(url);
  await gameReady(emptyPage);
  for (let r = 0; r < ROUNDS; r++) editMs.empty.push(await editCost(emptyPage, 200, 240 - r));
  await emptyPage.close();

  const m = (xs: number[]) => median(xs);
  const summary = (list: LoadFigures[]) => ({
    gameMs: m(list.map((l) => l.gameMs)),
    readyMs: m(list.map((l) => l.readyMs)),
    longestBeforeGameMs: Math.max(...list.map((l) => l.longestBeforeGameMs)),
    longestTaskMs: Math.max(...list.map((l) => l.longestTaskMs)),
    editReadMs: m(list.map((l) => l.editRead?.totalMs ?? 0)),
    editReadPages: list[0]!.editRead?.pages ?? 0,
    longestEditPageMs: Math.max(...list.map((l) => l.editRead?.longestPageMs ?? 0)),
  });
  const bigLoad = summary(loads.big);
  const emptyLoad = summary(loads.empty);
  const exportMs = m(exports.map((e) => e.ms));
  const result = {
    world: { edits: imported.edits, fileBytes: Buffer.byteLength(file), importMs: Math.round(imported.importMs) },
    load: {
      method: `cold page load of the last world played (IndexedDB), navigation start to window.__game and to the first ready() at R = 8; median of ${ROUNDS} alternating rounds; longest tasks = the longest Long Tasks API entry (> 50 ms) over all rounds, before window.__game (the edits are read then) and over the whole load (first frames, shader compiles on SwiftShader), 0 when none`,
      edits100k: bigLoad,
      editFree: emptyLoad,
      ratio: { gameMs: round(bigLoad.gameMs / emptyLoad.gameMs), readyMs: round(bigLoad.readyMs / emptyLoad.readyMs) },
      editsLoaded: loads.big.map((l) => l.edits),
      rounds: loads,
    },
    export: {
      bytes: exports[0]!.bytes,
      ms: Math.round(exportMs),
      naiveJsonBytes,
      ratioToNaiveJson: round(exports[0]!.bytes / naiveJsonBytes, 3),
      bytesPerEdit: round(exports[0]!.bytes / EDITS),
    },
    editing: {
      method: '200 editBlock calls and the flush() that commits them, ms per edit, median of 3 rounds per world (one page at a time)',
      edits100kMsPerEdit: round(m(editMs.big), 3),
      editFreeMsPerEdit: round(m(editMs.empty), 3),
      ratio: round(m(editMs.big) / m(editMs.empty)),
    },
    errors,
  };
  await big.close();
  await empty.close();
  return result;
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const physics = await physicsFigures();
  ensureChromium();
  log(`building into ${APP_DIR}…`);
  const app = await buildAndServe({ build: !process.argv.includes('--no-build'), outDir: APP_DIR });
  const browser = await launchChromium();
  try {
    const worlds = await browserFigures(browser, app.url);
    const report = { when: new Date().toISOString(), physics, ...worlds };
    const text = JSON.stringify(report, null, 2);
    writeFileSync(`${OUT_DIR}/worlds.json`, `${text}\n`);
    process.stdout.write(`${text}\n`);
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
