/**
 * Generation per column by world type (issue 10's budget: biomes generation + meshing at most
 * 2x classic's), side by side in one process; only the ratios mean anything on a shared machine.
 * Its biomes/classic ratio is inflated: vitest's module runner makes every read of an imported
 * binding a getter call V8 does not inline, so the figure grows with how many imported names a
 * loop reads, a cost the app (a bundled build) never pays. Issue 21's ratio (biomes generation
 * at most 1.5x classic's) is measured as the app runs it by `npm run bench:generate`.
 *
 *   npx vitest bench --run --project unit test/bench/generate.bench.ts
 *
 * "generation as the worker does it" is generatePaddedVolume, what the HUD's "gen" times: the
 * light box (24 x 24 x 256) from fillBlocks, its skylight and the padded cut. Each call takes a
 * column never generated before, row by row, as streaming meets them, so a cache can only help
 * as much as neighbours share. "fillBlocks" fills the next of 64 boxes of 18 x 18 x 256, away
 * from the origin; "+ mesh" also meshes with the greedy mesher.
 */
import { bench, describe } from 'vitest';
import { DEFAULT_WORLD_PARAMS, terrainFor, WORLD_HEIGHT, type NoiseSource, type WorldType } from '../../src/world';
import { generatePaddedVolume, meshColumnGreedy } from '../../src/mesh';
import { createPaddedVolume } from '../../src/mesh/padded-volume';

const COLUMNS = 64;
let sink = 0;
/** This process's CPU time in ms (all its threads: the garbage collector's count too). */
function cpuMilliseconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
/**
 * The fresh-column benches run a fixed number of calls (warm-up included), so both world
 * types generate the very same columns and their means compare like with like. They time CPU,
 * not the wall clock: on a shared machine, another process's load made single calls take a
 * hundred times their length and the means meaningless.
 */
const FRESH = { time: 0, iterations: 480, warmupTime: 0, warmupIterations: 64, now: cpuMilliseconds };
const FRESH_ROW = 16;

for (const noise of ['perlin', 'simplex'] as NoiseSource[]) {
  describe(`generation as the worker does it (generatePaddedVolume), fresh columns, ${noise}`, () => {
    for (const type of ['classic', 'biomes'] as WorldType[]) {
      const params = { ...DEFAULT_WORLD_PARAMS, type, noise };
      const into = createPaddedVolume();
      let next = 0;
      bench(type, () => {
        const i = next++;
        sink += generatePaddedVolume(params, 40 + (i % FRESH_ROW), -20 + Math.floor(i / FRESH_ROW), undefined, undefined, into).maxY;
      }, FRESH);
    }
  });
  describe(`fillBlocks of one padded column (18x18x256), ${noise}`, () => {
    for (const type of ['classic', 'biomes', 'flat'] as WorldType[]) {
      const params = { ...DEFAULT_WORLD_PARAMS, type, noise };
      const terrain = terrainFor(params);
      const out = new Uint8Array(18 * 18 * WORLD_HEIGHT);
      let next = 0;
      bench(type, () => {
        const i = next++ % COLUMNS;
        sink += terrain.fillBlocks(out, (40 + (i & 7)) * 16 - 1, (-20 + (i >> 3)) * 16 - 1, 18, 18, WORLD_HEIGHT);
      }, { time: 1000, warmupTime: 200 });
    }
  });
  describe(`generate + mesh one column, ${noise}`, () => {
    for (const type of ['classic', 'biomes', 'flat'] as WorldType[]) {
      const params = { ...DEFAULT_WORLD_PARAMS, type, noise };
      let next = 0;
      bench(type, () => {
        const i = next++ % COLUMNS;
        sink += meshColumnGreedy(generatePaddedVolume(params, 40 + (i & 7), -20 + (i >> 3))).vertices.length;
      }, { time: 1000, warmupTime: 200 });
    }
  });
}

export { sink };
