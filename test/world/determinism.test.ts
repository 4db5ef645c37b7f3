/**
 * A column is a pure function of (params, cx, cz): not of load order, of which other worlds
 * were generated in between, or of the params object's identity. generate.ts keeps a small
 * terrain cache (4 entries); these tests push more parameter sets than that through it.
 */
import { describe, expect, it } from 'vitest';
import { generatePaddedVolume, columnFromPaddedVolume } from '../../src/mesh/build-volume';
import { createTerrain, DEFAULT_WORLD_PARAMS, generateColumn, hashChunk, terrainFor, type WorldParams } from '../../src/world';
import { mulberry32 } from '../support/random';
import { shuffled } from './helpers';

const COLUMNS: readonly (readonly [number, number])[] = [
  [0, 0],
  [-1, -1],
  [-1, 0],
  [0, -1],
  [5, -3],
  [-17, 42],
  [1_000_000, -1_000_000],
  [-999_999, 999_999],
];

/** Seven parameter sets: more than the terrain cache holds, differing in every field. */
const PARAM_SETS: readonly Readonly<WorldParams>[] = [
  { ...DEFAULT_WORLD_PARAMS },
  { ...DEFAULT_WORLD_PARAMS, seed: '12345' },
  { ...DEFAULT_WORLD_PARAMS, seed: '' },
  { ...DEFAULT_WORLD_PARAMS, noise: 'simplex' },
  { ...DEFAULT_WORLD_PARAMS, octaves: 3, persistence: 0.7 },
  { ...DEFAULT_WORLD_PARAMS, lacunarity: 2.5, scale: 100 },
  { ...DEFAULT_WORLD_PARAMS, amplitude: 40, seaLevel: 80 },
];

interface Job {
  readonly p: number;
  readonly cx: number;
  readonly cz: number;
}

const JOBS: readonly Job[] = PARAM_SETS.flatMap((_, p) => COLUMNS.map(([cx, cz]) => ({ p, cx, cz })));
const jobKey = (j: Job): string => `${j.p}:${j.cx},${j.cz}`;

/** Hashes in canonical order, one parameter set at a time. */
function canonicalHashes(): Map<string, string> {
  const out = new Map<string, string>();
  for (const job of JOBS) out.set(jobKey(job), hashChunk(generateColumn(PARAM_SETS[job.p]!, job.cx, job.cz)));
  return out;
}

describe('generation order does not matter', () => {
  const expected = canonicalHashes();

  it('the parameter sets really are different worlds', () => {
    const atOrigin = PARAM_SETS.map((_, p) => expected.get(jobKey({ p, cx: 0, cz: 0 })));
    expect(new Set(atOrigin).size).toBe(PARAM_SETS.length);
  });

  it('shuffled orders with parameter sets interleaved give the same hashes', () => {
    const random = mulberry32(2024);
    for (let round = 0; round < 4; round++) {
      for (const job of shuffled(JOBS, random)) {
        const hash = hashChunk(generateColumn(PARAM_SETS[job.p]!, job.cx, job.cz));
        expect(hash, `round ${round} job ${jobKey(job)}`).toBe(expected.get(jobKey(job)));
      }
    }
  });

  it('reverse order, and padded-volume generation interleaved, give the same hashes', () => {
    for (const job of JOBS.slice().reverse()) {
      const params = PARAM_SETS[job.p]!;
      // Touch the cache through the other entry points in between.
      const other = PARAM_SETS[(job.p + 3) % PARAM_SETS.length]!;
      generatePaddedVolume(other, job.cz, job.cx);
      terrainFor(other).heightAt(job.cx * 7, job.cz * 13);
      const viaPadded = columnFromPaddedVolume(generatePaddedVolume(params, job.cx, job.cz), job.cx, job.cz);
      expect(hashChunk(viaPadded), jobKey(job)).toBe(expected.get(jobKey(job)));
      expect(hashChunk(generateColumn(params, job.cx, job.cz)), jobKey(job)).toBe(expected.get(jobKey(job)));
    }
  });

  it('a column already returned is not changed by later generation (no shared buffers)', () => {
    const kept = generateColumn(PARAM_SETS[0]!, 0, 0);
    const keptHash = hashChunk(kept);
    const keptMaxY = kept.maxY;
    for (const job of JOBS) generateColumn(PARAM_SETS[job.p]!, job.cx, job.cz);
    expect(hashChunk(kept)).toBe(keptHash);
    expect(kept.maxY).toBe(keptMaxY);
  });

  it('maxY is as order-independent as the blocks', () => {
    const first = generateColumn(PARAM_SETS[4]!, -17, 42);
    for (const job of shuffled(JOBS, mulberry32(5))) generateColumn(PARAM_SETS[job.p]!, job.cx, job.cz);
    const again = generateColumn(PARAM_SETS[4]!, -17, 42);
    expect(hashChunk(again)).toBe(hashChunk(first));
    expect(again.maxY).toBe(first.maxY);
  });
});

describe('params are read by value', () => {
  it('an equal params object (not the same one) gives the same column', () => {
    const a = generateColumn(DEFAULT_WORLD_PARAMS, 5, -3);
    const b = generateColumn(JSON.parse(JSON.stringify(DEFAULT_WORLD_PARAMS)) as WorldParams, 5, -3);
    expect(hashChunk(b)).toBe(hashChunk(a));
  });

  it('mutating a params object after use switches worlds, and switching back restores them exactly', () => {
    const live: WorldParams = { ...DEFAULT_WORLD_PARAMS };
    const voxel = hashChunk(generateColumn(live, -1, -1));
    live.seed = '12345';
    const other = hashChunk(generateColumn(live, -1, -1));
    expect(other).toBe(hashChunk(generateColumn({ ...DEFAULT_WORLD_PARAMS, seed: '12345' }, -1, -1)));
    expect(other).not.toBe(voxel);
    live.amplitude = 50;
    expect(hashChunk(generateColumn(live, -1, -1))).toBe(
      hashChunk(generateColumn({ ...DEFAULT_WORLD_PARAMS, seed: '12345', amplitude: 50 }, -1, -1)),
    );
    live.seed = DEFAULT_WORLD_PARAMS.seed;
    live.amplitude = DEFAULT_WORLD_PARAMS.amplitude;
    expect(hashChunk(generateColumn(live, -1, -1))).toBe(voxel);
  });

  it('terrainFor describes the params it was asked for, even after the caller mutated its object', () => {
    const live: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'first' };
    terrainFor(live);
    live.seed = 'second';
    terrainFor(live);
    const first = terrainFor({ ...DEFAULT_WORLD_PARAMS, seed: 'first' });
    expect(first.params.seed).toBe('first');
  });
});

describe('createTerrain', () => {
  it('keeps its own copy of the params', () => {
    const live: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'mine' };
    const terrain = createTerrain(live);
    const h = terrain.heightAt(123, -456);
    live.seed = 'changed';
    live.amplitude = 0;
    expect(terrain.params.seed).toBe('mine');
    expect(terrain.params.amplitude).toBe(DEFAULT_WORLD_PARAMS.amplitude);
    expect(terrain.heightAt(123, -456)).toBe(h);
  });
});
