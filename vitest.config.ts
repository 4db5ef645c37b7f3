import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` runs the pure code in Node; `e2e` drives the built app in headless
 * Chromium (see test/e2e). Its global setup finds Chromium (installing Debian's package where it
 * can), builds the app once, serves it and starts one Chromium for every test file. `npm test`
 * runs both in one group (one sequence.groupOrder), which vitest gives one pool of two workers:
 * its sequencer queues one project's files after the other's (e2e before unit, by name), so
 * the e2e files run two at a time and the unit files fill the pool as the e2e files run out.
 * One after the other in two groups took 519-534 s against 486 s so (2026-12-01); a pool of
 * three took 460 s against 432 s, with the two cores already 96% busy.
 */
/**
 * The group's one pool, which both projects must name alike (vitest refuses a group whose
 * projects ask for different pools): a worker per core, at least two and at most four. Two on
 * the 2-core test machine. Until 2026-12-02 the unit project asked for one per core and the
 * e2e project for two, which agreed only on a 2-core machine: on any other, `npm test` stopped
 * before its first test.
 */
const POOL = Math.min(4, Math.max(2, availableParallelism()));

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
          // Not vitest's default, which keeps a core back for its main process, which only waits
          // here: on a 2-core machine that ran the unit tests on one core (87 s against 50 s with
          // two, measured back to back).
          maxWorkers: POOL,
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
          // Two files at a time on two cores (each file has its own browser contexts, so they
          // share nothing but the browser process and the static server): with the unit files
          // after them the cores are 96% busy, and a third file at once made the run slower.
          maxWorkers: POOL,
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
