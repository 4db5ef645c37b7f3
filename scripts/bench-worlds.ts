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
import { cellOfBlock } from '../src/app/block-cells';
import { Cell, createPlayerState, NO_INPUT, PlayerSimulation, type CellLookup, type PlayerInput } from '../src/physics';
import { encodeWorldFile, type WorldRecord } from '../src/storage';
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
  longTasks: number[];
  gameAt: number | null;
  readyAt: number | null;
}

/** Runs in each page before the app: long tasks from the start, and when the game appears and is first ready. */
function installLoadProbe(): void {
  const probe: LoadProbe = { longTasks: [], gameAt: null, readyAt: null };
  (window as unknown as { __load: LoadProbe }).__load = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push(e.duration);
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
async function coldLoad(page: Page, url: string): Promise<{ gameMs: number; readyMs: number; longestTaskMs: number; longTasks: number; edits: number }> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __load: LoadProbe }).__load.readyAt !== null, undefined, { timeout: 300_000, polling: 200 });
  return page.evaluate(() => {
    const probe = (window as unknown as { __load: LoadProbe }).__load;
    return {
      gameMs: Math.round(probe.gameAt!),
      readyMs: Math.round(probe.readyAt!),
      longestTaskMs: Math.round(Math.max(0, ...probe.longTasks)),
      longTasks: probe.longTasks.length,
      edits: window.__game!.editCount(),
    };
  });
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
    edits: EDITS,
    kept: true,
  };
  const edits = realisticEdits(EDITS);
  const file = await encodeWorldFile(record, edits);
  const naiveJsonBytes = Buffer.byteLength(JSON.stringify(edits.map((e) => [e.x, e.y, e.z, e.block])));

  log('importing the 100,000-edit world…');
  const big = await newContext(browser);
  const bigPage = await big.newPage();
  const bigErrors = collectErrors(bigPage);
  await bigPage.goto(`${url}?seed=${SEED}-scratch`);
  await bigPage.evaluate(() => window.__game!.ready());
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

  const empty = await newContext(browser);
  const emptyPage = await empty.newPage();
  const emptyErrors = collectErrors(emptyPage);
  await emptyPage.goto(`${url}?seed=${SEED}`);
  await emptyPage.evaluate(async () => {
    const g = window.__game!;
    await g.ready();
    // One edit makes it a kept world, so a bare load reopens it.
    g.editBlock(0, 250, 0, 2);
    await g.flush();
  });

  const loads: { big: Awaited<ReturnType<typeof coldLoad>>[]; empty: Awaited<ReturnType<typeof coldLoad>>[] } = { big: [], empty: [] };
  for (let r = 0; r < ROUNDS; r++) {
    log(`cold loads, round ${r + 1} of ${ROUNDS}…`);
    loads.empty.push(await coldLoad(emptyPage, url));
    loads.big.push(await coldLoad(bigPage, url));
  }

  log('export…');
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
    editMs.empty.push(await editCost(emptyPage, 200, 240 - r));
    editMs.big.push(await editCost(bigPage, 200, 240 - r));
  }

  const m = (xs: number[]) => median(xs);
  const bigLoad = { gameMs: m(loads.big.map((l) => l.gameMs)), readyMs: m(loads.big.map((l) => l.readyMs)), longestTaskMs: Math.max(...loads.big.map((l) => l.longestTaskMs)) };
  const emptyLoad = { gameMs: m(loads.empty.map((l) => l.gameMs)), readyMs: m(loads.empty.map((l) => l.readyMs)), longestTaskMs: Math.max(...loads.empty.map((l) => l.longestTaskMs)) };
  const exportMs = m(exports.map((e) => e.ms));
  const result = {
    world: { edits: imported.edits, fileBytes: Buffer.byteLength(file), importMs: Math.round(imported.importMs) },
    load: {
      method: `cold page load of the last world played (IndexedDB), navigation start to window.__game and to the first ready() at R = 8; median of ${ROUNDS} alternating rounds; longest task = the longest Long Tasks API entry (> 50 ms) over all rounds, 0 when none`,
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
      method: '200 editBlock calls and the flush() that commits them, ms per edit, median of 3 alternating rounds',
      edits100kMsPerEdit: round(m(editMs.big), 3),
      editFreeMsPerEdit: round(m(editMs.empty), 3),
      ratio: round(m(editMs.big) / m(editMs.empty)),
    },
    errors: [...bigErrors, ...emptyErrors],
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
