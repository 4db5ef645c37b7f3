/**
 * The entry `npm run bench:generate` bundles (scripts/bench-generate.ts) and runs in a fresh
 * Node process: generation as a worker does it (generatePaddedVolume, what the HUD's "gen"
 * times), classic against biomes, with no module runner in between.
 *
 * Arguments: rounds, columns per round, warm-up columns per type, 1 to mesh each column too
 * (meshColumnGreedy after generatePaddedVolume: what a worker does per column), and the column
 * the measured walk starts at (x, z; default 40, -20). For each round and noise
 * source, both world types generate the same `columns` columns, never generated before, row
 * after row as streaming meets them; which type goes first alternates by round so drift in the
 * machine's load falls on both. Prints one JSON line: the rounds (GenerateRound[]).
 */
import { createPaddedVolume, generatePaddedVolume, meshColumnGreedy } from '../../src/mesh';
import { DEFAULT_WORLD_PARAMS, type NoiseSource, type WorldType } from '../../src/world';
import type { GenerateRound } from './generate-stats';

const [rounds = 15, columns = 128, warmup = 64, mesh = 0, startX = 40, startZ = -20] = process.argv.slice(2).map(Number);
const NOISES: NoiseSource[] = ['perlin', 'simplex'];
const ROW = 16;
const into = createPaddedVolume();
let sink = 0;

/** This process's CPU time in ms (all threads: the garbage collector's work counts). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Columns first..first+count-1 of a row-by-row walk from (cx0, cz0). */
function generate(type: WorldType, noise: NoiseSource, cx0: number, cz0: number, first: number, count: number): void {
  const params = { ...DEFAULT_WORLD_PARAMS, type, noise };
  for (let i = first; i < first + count; i++) {
    sink += generatePaddedVolume(params, cx0 + (i % ROW), cz0 + Math.floor(i / ROW), undefined, undefined, into).maxY;
    if (mesh) sink += meshColumnGreedy(into).vertices.length;
  }
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
