/**
 * Far terrain cost: building one LOD region (sampling straight from the generator and
 * meshing) at levels 1, 3 and 6, against building one full-detail column, on the default
 * biomes world. A region at level k stands for 4^k columns, so what matters is its cost
 * against one column's (vitest prints the ratios). Each call builds the next of a fixed ring
 * of places, so no call repeats the previous one's work.
 *
 *   npx vitest bench --run --project unit test/bench/lod.bench.ts
 */
import { bench, describe } from 'vitest';
import { buildColumn } from '../../src/workers/build-column';
import { buildLodRegion } from '../../src/workers/build-lod';
import { DEFAULT_WORLD_PARAMS, type WorldParams } from '../../src/world';

const PARAMS: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes' };
const PLACES = 16;
const zeroClock = (): number => 0;
let sink = 0;

function lodBench(level: number): () => void {
  let next = 0;
  return () => {
    const n = next++ % PLACES;
    const result = buildLodRegion({ type: 'lod', id: 0, generation: 0, revision: 0, params: PARAMS, level, rx: n - 8, rz: 3 - n, edits: [] }, zeroClock);
    sink += result.quads;
  };
}

describe('one full-detail column vs one LOD region (biomes world)', () => {
  let next = 0;
  bench(
    'buildColumn (one column)',
    () => {
      const n = next++ % PLACES;
      sink += buildColumn({ type: 'build', id: 0, generation: 0, revision: 0, params: PARAMS, cx: n * 37 - 300, cz: 200 - n * 23, edits: [] }, zeroClock).quads;
    },
    { time: 2000, warmupTime: 300 },
  );
  for (const level of [1, 3, 6]) bench(`buildLodRegion level ${level} (${4 ** level} columns)`, lodBench(level), { time: 2000, warmupTime: 300 });
});

// Keeps the sink observable so the builds cannot be optimised away.
export const benchSink = (): number => sink;
