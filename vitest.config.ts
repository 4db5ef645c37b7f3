import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` runs the pure code in Node; `e2e` drives the built app in headless
 * Chromium (see test/e2e). Its global setup finds Chromium (installing Debian's package where it
 * can), builds the app once, serves it and starts one Chromium for every test file. `npm test`
 * runs both side by side (one sequence.groupOrder): the e2e files two at a time, the unit files
 * beside them. Until 2026-12-01 they ran one after the other, because side by side the unit
 * files' CPU had slowed the pages (7m58-8m14 against 7m39). Since the game stopped burning a
 * core on every idle page on SwiftShader (the start screen's blur, software-renderer.ts), the
 * browser tests leave gaps while pages wait on servers, storage and frames, and the unit files
 * fill them: 486 s side by side against 519-534 s one after the other, on the same code and machine.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          // Some unit tests compare fast paths against slow reference implementations over whole
          // columns: seconds of CPU, which a shared 2-core machine can stretch past vitest's 5 s
          // default. The timeout is there to catch hangs, not to time anything.
          testTimeout: 30_000,
          // One worker per core. Vitest's default keeps a core back for its main process, which
          // only waits here: on a 2-core machine that ran the unit tests on one core (87 s
          // against 50 s with two, measured back to back).
          maxWorkers: availableParallelism(),
          // Files share their worker's module cache instead of importing three.js and the world
          // code afresh each: the unit run went from 90 s to 44 s (import 28 s to 8 s), and
          // shuffled orders (--sequence.shuffle) pass alike. The pure code under test keeps no
          // state between calls but deterministic caches; a test that stubs a global unstubs it.
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**'],
          benchmark: { include: ['test/bench/**/*.bench.ts'] },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // expect.poll waits for a condition; its 1 s default would be a duration, which a page
          // on a loaded machine can overrun. 30 s, like Playwright's own waits, is there for hangs.
          expect: { poll: { timeout: 30_000 } },
          // Two files at a time: a run keeps the machine's two cores only about a quarter busy
          // (most of an e2e test waits on a page: loads, workers, IndexedDB, frames drawn on
          // demand), and each file has its own browser context, so two share nothing but the
          // browser process and the static server.
          maxWorkers: 2,
          // Each worker runs its files one after the other in one process, as the unit project's
          // do, instead of a fresh process per file that imports playwright-core, vitest and the
          // world code again. Files share nothing else: each connects to the browser and opens
          // its own contexts (browser-suite.ts), and the modules they share keep no state.
          isolate: false,
        },
      },
    ],
  },
});
