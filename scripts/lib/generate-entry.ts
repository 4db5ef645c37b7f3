/**
 * The entry `npm run bench:generate` bundles (scripts/bench-generate.ts) and runs in a fresh
 * Node process: generation as a worker does it (generatePaddedVolume, what the HUD's "gen"
 * times), classic against biomes, with no module runner in between.
 *
 * Arguments: rounds, columns per round, warm-up columns per type, 1 to mesh each column too
 * (meshColumnGreedy after generatePaddedVolume: what a worker does per column), and the column
 * the measured walk starts at (x, z; default 40, -20), and torches per column on average (issue
 * 23's budget: each column is lit by every torch within reach, as a worker is given them by
 * EditStore.forPaddedColumn; torches stand on the surface, placed before anything is timed).
 * For each round and noise
 * source, both world types generate the same `columns` columns, never generated before, row
 * after row as streaming meets them; which type goes first alternates by round so drift in the
 * machine's load falls on both. Prints one JSON line: the rounds (GenerateRound[]).
 */
import { createPaddedVolume, generatePaddedVolume, meshColumnGreedy, PADDED_SIZE } from '../../src/mesh';
import { Block, COLUMN_SIZE, DEFAULT_WORLD_PARAMS, EditStore, type NoiseSource, type WorldType } from '../../src/world';
import type { GenerateRound } from './generate-stats';

const [rounds = 15, columns = 128, warmup = 64, mesh = 0, startX = 40, startZ = -20, torches = 0] = process.argv.slice(2).map(Number);
const NOISES: NoiseSource[] = ['perlin', 'simplex'];
const ROW = 16;
const into = createPaddedVolume();
let sink = 0;

/** This process's CPU time in ms (all threads: the garbage collector's work counts). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Torches per world (type and noise), placed before timing. */
const torchStores = new Map<string, EditStore>();

/** A tiny deterministic generator (the bench must place the same torches every run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Puts `torches` torches per column on average on the surface of the walk's columns and a ring around them. */
function placeTorches(type: WorldType, noise: NoiseSource, cx0: number, cz0: number, count: number): void {
  const params = { ...DEFAULT_WORLD_PARAMS, type, noise };
  const store = new EditStore();
  torchStores.set(`${type}/${noise}`, store);
  const heights = new Int16Array(PADDED_SIZE * PADDED_SIZE);
  const rows = Math.ceil(count / ROW);
  for (let cz = cz0 - 1; cz <= cz0 + rows; cz++) {
    for (let cx = cx0 - 1; cx <= cx0 + ROW; cx++) {
      const rand = lcg(cx * 7919 + cz * 104729);
      const n = Math.floor(torches + rand());
      if (n === 0) continue;
      generatePaddedVolume(params, cx, cz, heights, undefined, into);
      for (let t = 0; t < n; t++) {
        const lx = Math.floor(rand() * COLUMN_SIZE);
        const lz = Math.floor(rand() * COLUMN_SIZE);
        const y = Math.max(heights[lx + 1 + PADDED_SIZE * (lz + 1)]!, params.seaLevel) + 1;
        store.set({ x: cx * COLUMN_SIZE + lx, y, z: cz * COLUMN_SIZE + lz, block: Block.Torch });
      }
    }
  }
}

/** Columns first..first+count-1 of a row-by-row walk from (cx0, cz0). */
function generate(type: WorldType, noise: NoiseSource, cx0: number, cz0: number, first: number, count: number): void {
  const params = { ...DEFAULT_WORLD_PARAMS, type, noise };
  const store = torchStores.get(`${type}/${noise}`);
  for (let i = first; i < first + count; i++) {
    const cx = cx0 + (i % ROW);
    const cz = cz0 + Math.floor(i / ROW);
    sink += generatePaddedVolume(params, cx, cz, undefined, store?.forPaddedColumn(cx, cz), into).maxY;
    if (mesh) sink += meshColumnGreedy(into).vertices.length;
  }
}

if (torches > 0) {
  for (const noise of NOISES) for (const type of ['classic', 'biomes'] as WorldType[]) placeTorches(type, noise, startX, startZ, rounds * columns);
}

// Warm-up away from the measured columns, so none of them is generated twice.
for (const noise of NOISES) {
  for (const type of ['classic', 'biomes'] as WorldType[]) generate(type, noise, -200, 100, 0, warmup);
}

const out: GenerateRound[] = [];
for (let r = 0; r < rounds; r++) {
  for (const noise of NOISES) {
    const order: WorldType[] = r % 2 === 0 ? ['classic', 'biomes'] : ['biomes', 'classic'];
    for (const type of order) {
      const t0 = cpuMs();
      generate(type, noise, startX, startZ, r * columns, columns);
      out.push({ noise, type, columns, cpuMs: cpuMs() - t0 });
    }
  }
}
process.stdout.write(`${JSON.stringify({ rounds: out, sink })}\n`);
