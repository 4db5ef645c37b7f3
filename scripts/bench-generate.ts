/**
 * `npm run bench:generate`: world generation per fresh column, biomes against classic, as the
 * app runs it (issue 21's goal: biomes at most 1.5x classic's).
 *
 * The vitest bench (test/bench/generate.bench.ts) runs the sources through vitest's module
 * runner, where every read of an imported binding is a getter call V8 does not inline: its
 * ratio grows with how many imported names a loop reads, which a bundled build never pays.
 * Here Vite's own build (SSR library mode, everything bundled, not minified so profiles keep
 * their names) bundles scripts/lib/generate-entry.ts into a temp dir, and a fresh Node process
 * runs it: warm-up, then rounds alternating classic and biomes over the same fresh columns,
 * CPU time per round (process.cpuUsage). Prints a table (stderr) and JSON (stdout).
 *
 *   npm run bench:generate [-- --rounds=15 --columns=128 --warmup=64 --mesh --at=40,-20 --profile=<dir> --out=<dir>]
 *
 * `--mesh` times generation plus greedy meshing per column (issue 22's budget for plants);
 * `--at=x,z` starts the measured columns elsewhere (88,24 is perlin plains, full of plants);
 * `--torches=1` puts that many torches per column on average on the surface (issue 23's budget).
 *
 * `--profile=<dir>` runs the bundle under `node --cpu-prof` into <dir> and prints the top
 * self-time functions; `--out=<dir>` keeps the bundle there (to read a profile's line numbers). Only ratios mean anything on a shared machine.
 */
import { topSelf } from './lib/cpu-profile';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { generateFigures, type GenerateRound } from './lib/generate-stats';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

async function main(): Promise<void> {
  const keep = arg('out', '');
  const out = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'bench-generate-'));
  try {
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: {
        ssr: path.join(ROOT, 'scripts/lib/generate-entry.ts'),
        outDir: out,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: 'generate.mjs', format: 'es' } },
      },
    });
    const profile = arg('profile', '');
    const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
    const run = spawnSync(process.execPath, [...nodeArgs, path.join(out, 'generate.mjs'), arg('rounds', '15'), arg('columns', '128'), arg('warmup', '64'), process.argv.includes('--mesh') ? '1' : '0', ...arg('at', '40,-20').split(','), arg('torches', '0')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) throw new Error(`the bundled run failed (status ${run.status})`);
    const { rounds } = JSON.parse(run.stdout) as { rounds: GenerateRound[] };
    const figures = generateFigures(rounds);
    const f2 = (v: number) => v.toFixed(2);
    console.error('noise    rounds  classic ms/col  biomes ms/col  biomes/classic  (pairs min..max)');
    for (const f of figures) {
      console.error(`${f.noise.padEnd(8)} ${String(f.rounds).padStart(6)}  ${f2(f.classicMsPerColumn).padStart(14)}  ${f2(f.biomesMsPerColumn).padStart(13)}  ${f2(f.ratio).padStart(15)}  (${f2(f.pairRatioMin)}..${f2(f.pairRatioMax)})`);
    }
    const result: Record<string, unknown> = { node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), figures };
    if (profile) {
      const files = readdirSync(profile).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(profile, f));
      const newest = files.sort().pop();
      if (newest) {
        result.profile = newest;
        result.topSelf = topSelf(newest);
        for (const t of result.topSelf as ReturnType<typeof topSelf>) console.error(`${String(t.pct).padStart(5)}%  ${t.fn}`);
      }
    }
    console.log(JSON.stringify(result, null, 2));
  } finally {
    if (!keep) rmSync(out, { recursive: true, force: true });
  }
}

await main();
