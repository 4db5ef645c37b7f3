/**
 * Noise benchmarks: ours vs the simplex-noise package, side by side in one process (the
 * machines are shared and noisy, so only ratios measured together mean anything). vitest
 * prints "N times faster than" per group. The workloads live in src/bench/noise-workloads.ts,
 * shared with scripts/noise-bench-table.ts and the noise lab, which prints the ns/sample table for the README.
 *
 *   npm run bench                      (this file and the other benches)
 *   npx tsx scripts/noise-bench-table.ts
 *
 * Each bench call does a fixed batch of samples (4096, or one 16x16 column) and its result
 * goes into a sink, so nothing can be optimised away; tinybench warms up before timing.
 */
import { bench, describe } from 'vitest';
import { heightfield, perSample2D, perSample3D, type Workload } from '../../src/bench/noise-workloads';

let sink = 0;
// Long runs: these machines are shared, and a longer window averages out neighbours' load.
const options = { time: 1000, warmupTime: 300 };

function add(w: Workload): void {
  bench(
    w.name,
    () => {
      sink += w.run();
    },
    options,
  );
}

for (const pattern of ['scan', 'scatter'] as const) {
  describe(`2D per sample (${pattern}, 4096 samples per call)`, () => {
    const { perlin, simplex } = perSample2D(pattern);
    add(perlin);
    add(simplex);
  });
}

for (const pattern of ['scan', 'scatter'] as const) {
  describe(`3D per sample (${pattern}, 4096 samples per call)`, () => {
    const { perlin, simplex } = perSample3D(pattern);
    add(perlin);
    add(simplex);
  });
}

describe('16x16 column, 6-octave fBm heightfield (256 cells per call)', () => {
  const w = heightfield();
  add(w.perlinBatch);
  add(w.perlinPerSample);
  add(w.simplexPerSample);
  add(w.simplexBatch);
});

// Read the sink once at the end, so the engine must have computed it.
describe('sink', () => {
  bench('sink is finite', () => {
    if (!Number.isFinite(sink)) throw new Error('sink lost');
  });
});
