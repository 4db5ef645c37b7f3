/**
 * Mesher benchmarks for issue 4: the naive reference mesher (meshColumnCulled: every voxel,
 * six neighbour checks) vs the greedy mesher, per column, side by side in one process (the
 * machines are shared and noisy, so only the ratio vitest prints, "N times faster than",
 * means anything), plus generation time per column for scale.
 *
 *   npx vitest bench --run --project unit test/bench/mesh.bench.ts
 *   npx tsx scripts/mesh-stats.ts        (quads, bytes per column, ms per column as JSON)
 *
 * Volumes are generated once, outside the timed code; each call meshes the next of a fixed
 * set of 24 default-terrain columns (scripts/mesh-stats.ts), and results go into a sink.
 *
 * Expect a much larger ratio here than from scripts/mesh-stats.ts: vitest's module
 * transform turns every imported binding into a property read on a module object, and the
 * reference mesher (plain on purpose, imports read in its inner loops) pays for that far
 * more than the greedy one, which copies its imports to module constants (measured once:
 * the same reference with its imports copied to constants ran 4x faster under vitest).
 * Quote the mesh-stats ratio (native ES modules, as in the browser build) as the fair one.
 */
import { bench, describe } from 'vitest';
import { DEFAULT_WORLD_PARAMS } from '../../src/world';
import { generatePaddedVolume, meshColumnCulled, meshColumnGreedy } from '../../src/mesh';
import { MESH_BENCH_COLUMNS, meshBenchVolumes, meshSizeTotals } from '../../scripts/mesh-stats';

const volumes = meshBenchVolumes();
let sink = 0;

// Sizes are counts, not timings: printed once so the bench output carries them too.
{
  const { culledQuads, greedyQuads, unpackedCulled: before, packedGreedy: after } = meshSizeTotals(volumes);
  const n = volumes.length;
  console.log(
    `mesh.bench: ${n} default-terrain columns; quads/column culled ${(culledQuads / n).toFixed(1)}, greedy ${(greedyQuads / n).toFixed(1)} ` +
      `(${((100 * greedyQuads) / culledQuads).toFixed(1)}%); bytes/column culled unpacked ${Math.round(before / n)}, greedy packed ${Math.round(after / n)} ` +
      `(${(before / after).toFixed(1)}x smaller)`,
  );
}

describe('mesh one default-terrain column', () => {
  let culledNext = 0;
  let greedyNext = 0;
  bench(
    'naive culled mesher (reference)',
    () => {
      sink += meshColumnCulled(volumes[culledNext++ % volumes.length]!).vertices.length;
    },
    { time: 1500, warmupTime: 300 },
  );
  bench(
    'greedy mesher',
    () => {
      sink += meshColumnGreedy(volumes[greedyNext++ % volumes.length]!).vertices.length;
    },
    { time: 1500, warmupTime: 300 },
  );
});

describe('generate one padded column (terrain + border), for scale', () => {
  let next = 0;
  bench(
    'generatePaddedVolume',
    () => {
      const [cx, cz] = MESH_BENCH_COLUMNS[next++ % MESH_BENCH_COLUMNS.length]!;
      sink += generatePaddedVolume(DEFAULT_WORLD_PARAMS, cx, cz).maxY;
    },
    { time: 1000, warmupTime: 200 },
  );
});

// Read the sink once at the end, so the engine must have computed it.
describe('mesh sink', () => {
  bench(
    'sink is finite',
    () => {
      if (!Number.isFinite(sink)) throw new Error('sink lost');
    },
    { time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 },
  );
});
