/**
 * `npm run bench:types`: the budgets of world types (issue 10), in the real app in headless
 * Chromium, side by side in one run.
 *
 * For each variant, fresh pages at R = 8 (a new browser context each, so no saved world and
 * an empty cache of ours), alternating variants round by round so the machine's noise falls on
 * all of them alike:
 *  - load: navigation start to the first `ready()`;
 *  - per column, in the workers: generation, meshing and quads, as the HUD's running means
 *    show them once the first ready() is reached;
 *  - then, on the last round's page of each variant, the 1,500-block flight of
 *    `npm run bench:browser` (scripts/lib/flight.ts): long tasks after the first ready().
 *
 * Variants: `classic`, `biomes` and `flat` of this build, and with `--before=<dir>` a build of
 * an earlier commit (its default world, which was classic), e.g.
 *   git worktree add --detach /tmp/before <commit> && (cd /tmp/before && npx vite build --outDir /tmp/before-app)
 *   npm run bench:types -- --before=/tmp/before-app
 * `--no-build` reuses the last build in bench-results/app; `--rounds=N` (default 3).
 *
 * Prints one JSON document and writes bench-results/world-types.json. Not a test: the figures
 * are read as ratios against the baseline of the same run (docs/architecture.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { buildAndServe, launchChromium } from '../test/support/browser';
import { ensureChromium } from '../test/support/browser-install';
import { APP_DIR, OUT_DIR, SEED } from './lib/config';
import { flight } from './lib/flight';
import { log } from './lib/log';
import { firstReady, openPage } from './lib/page-probe';
import { round } from './lib/stats';

const RENDER_DISTANCE = 8;

interface Variant {
  name: string;
  url: string;
}

interface Sample {
  readyMs: number;
  columns: number;
  generateMs: number;
  meshMs: number;
  quads: number;
}

function flag(name: string): string | undefined {
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (arg === undefined) return undefined;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : '';
}

/** The HUD's "per column  gen 1.23 ms  mesh 0.45 ms  1234 quads" line, as numbers (both builds print it). */
function perColumnOf(hudText: string): { generateMs: number; meshMs: number; quads: number } | null {
  const m = /per column\s+gen ([\d.]+) ms\s+mesh ([\d.]+) ms\s+(\d+) quads/.exec(hudText);
  return m ? { generateMs: Number(m[1]), meshMs: Number(m[2]), quads: Number(m[3]) } : null;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const rounds = Math.max(1, Number(flag('rounds') ?? 3) || 3);
  const beforeDir = flag('before');
  mkdirSync(OUT_DIR, { recursive: true });
  ensureChromium();
  const app = await buildAndServe({ build: flag('no-build') === undefined, outDir: APP_DIR });
  const before = beforeDir ? await buildAndServe({ build: false, outDir: beforeDir }) : null;
  const variants: Variant[] = [
    ...(before ? [{ name: 'before (classic)', url: `${before.url}?seed=${SEED}` }] : []),
    { name: 'classic', url: `${app.url}?type=classic&seed=${SEED}` },
    { name: 'biomes', url: `${app.url}?type=biomes&seed=${SEED}` },
    { name: 'flat', url: `${app.url}?type=flat&seed=${SEED}` },
  ];
  const browser = await launchChromium();
  const samples = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
  const flights = new Map<string, unknown>();
  try {
    // A cold load first: warms the browser, the disk cache and the shader compiler for all.
    const warm = await openPage(browser, variants[0]!.url, RENDER_DISTANCE);
    await firstReady(warm, 'warm-up');
    await warm.page.context().close();
    for (let r = 0; r < rounds; r++) {
      for (const v of r % 2 === 0 ? variants : [...variants].reverse()) {
        log(`round ${r + 1}/${rounds}: ${v.name}`);
        const bp = await openPage(browser, v.url, RENDER_DISTANCE);
        const timing = await firstReady(bp, v.name);
        // The HUD refreshes a few times a second; give it one refresh after ready().
        await bp.page.waitForTimeout(600);
        const per = perColumnOf(await bp.page.locator('.hud-lines').innerText());
        if (!per) throw new Error(`${v.name}: no per-column line in the HUD`);
        samples.get(v.name)!.push({ readyMs: timing.readyMs, columns: timing.columns, ...per });
        if (r === rounds - 1 && v.name !== 'flat') {
          const { result } = await flight(bp, false);
          flights.set(v.name, { longTasksAfterFirstReady: result.longTasks.countAfterFirstReady, longTaskMs: result.longTasks.durationsMs, frameScriptMsP95: result.frameScriptMs.p95, framesPerSecond: result.framesPerSecond });
        }
        if (bp.errors.length > 0) log(`${v.name}: page errors: ${bp.errors.join(' | ')}`);
        await bp.page.context().close();
      }
    }
  } finally {
    await browser.close();
    await app.close();
    await before?.close();
  }

  const baseline = before ? 'before (classic)' : 'classic';
  const summary = Object.fromEntries(
    [...samples].map(([name, xs]) => [
      name,
      {
        readyMsMedian: Math.round(median(xs.map((s) => s.readyMs))),
        readyMs: xs.map((s) => s.readyMs),
        columns: xs[0]?.columns,
        generateMsPerColumn: round(mean(xs.map((s) => s.generateMs)), 2),
        meshMsPerColumn: round(mean(xs.map((s) => s.meshMs)), 2),
        quadsPerColumn: Math.round(mean(xs.map((s) => s.quads))),
        flight: flights.get(name) ?? null,
      },
    ]),
  );
  const base = summary[baseline]!;
  const ratios = Object.fromEntries(
    Object.entries(summary).map(([name, s]) => [
      name,
      {
        readyVsBaseline: round(s.readyMsMedian / base.readyMsMedian, 2),
        generatePlusMeshVsBaseline: round((s.generateMsPerColumn + s.meshMsPerColumn) / (base.generateMsPerColumn + base.meshMsPerColumn), 2),
        quadsVsBaseline: round(s.quadsPerColumn / base.quadsPerColumn, 2),
      },
    ]),
  );
  const report = {
    what: `world types at R = ${RENDER_DISTANCE}, seed "${SEED}", ${rounds} fresh page loads per variant, interleaved; baseline "${baseline}"`,
    budgets: 'issue 10: biomes generation + meshing per column <= 2x, quads per column <= 1.6x, load to ready() <= 1.5x, no long tasks in flight after ready()',
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((v) => round(v)) },
    summary,
    ratios,
  };
  const text = JSON.stringify(report, null, 2);
  writeFileSync(`${OUT_DIR}/world-types.json`, text + '\n');
  console.log(text);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
