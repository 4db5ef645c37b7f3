/**
 * Generation per column by world type (issue 10's budget: biomes generation + meshing at most
 * 2x classic's), side by side in one process; only the ratios mean anything on a shared machine.
 *
 *   npx vitest bench --run --project unit test/bench/generate.bench.ts
 *
 * Each call fills the next of 64 padded boxes (18 x 18 x 256, what generatePaddedVolume asks
 * for), away from the origin; "+ mesh" also meshes it with the greedy mesher.
 */
import { bench, describe } from 'vitest';
import { DEFAULT_WORLD_PARAMS, terrainFor, WORLD_HEIGHT, type NoiseSource, type WorldType } from '../../src/world';
import { generatePaddedVolume, meshColumnGreedy } from '../../src/mesh';

const COLUMNS = 64;
let sink = 0;

for (const noise of ['perlin', 'simplex'] as NoiseSource[]) {
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
