/**
 * `npm run bench:edit-frames`: how many frames an edit takes to reach the screen, a stone block
 * against a torch (issue 23's budget: a torch's light is on screen within the same number of
 * frames as any other edit's re-mesh). In headless Chromium, on a superflat world: edits
 * alternate between the two kinds at the middle of columns a few apart, each from a settled
 * world, and the frames from the edit until its own column is applied are counted, and for a
 * torch until all five columns (its own and the four its light reaches) are.
 * SwiftShader draws slowly, so frames here are long; what compares is the count.
 *
 * An edit's re-meshes are urgent (worker-pool.ts): all five of a torch go out at once, split
 * over the workers, and each worker runs them before the loads it holds (worker-inbox.ts).
 * With one worker, as on a 2-core machine, the five are built one after the other;
 * `--workers=3` shows what a 4-core machine's pool does. On a busy machine frames grow long
 * enough for everything to land in one: compare stone and torch within one run.
 *
 * `--type=biomes` edits the default world instead, whose columns cost more to build (the
 * blocks at y 65 are then in the air, in the ground or under water, as the spot has it).
 *
 *   npm run bench:edit-frames [-- --edits=12 --workers=3 --type=biomes]
 */
import { buildAndServe, launchChromium } from '../test/support/browser';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

async function main(): Promise<void> {
  const edits = Number(arg('edits', '12'));
  const workers = Number(arg('workers', '0'));
  const type = arg('type', 'flat');
  const app = await buildAndServe();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
    await page.goto(`${app.url}?type=${encodeURIComponent(type)}&seed=edit-frames&x=8.5&y=80&z=8.5&mode=fly&r=4&far=0`);
    await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
    await page.evaluate((n) => {
      if (n > 0) window.__game!.setWorkers(n);
      return window.__game!.ready();
    }, workers);
    const workerCount = await page.evaluate(() => window.__game!.workerCount());
    const rows = await page.evaluate(async (count) => {
      const game = window.__game!;
      const ids = game.blocks();
      const out: { kind: string; frames: number; framesToAll: number; columns: number; ms: number }[] = [];
      for (let i = 0; i < count; i++) {
        // Each of six column middles (two columns apart, inside the loaded disc) takes both kinds.
        const spot = i % 6;
        const kind = (i + Math.floor(i / 6)) % 2 === 0 ? 'stone' : 'torch';
        const x = 8 + 32 * (spot % 3) - 32;
        const z = 8 + 64 * Math.floor(spot / 3) - 32;
        game.editBlock(x, 65, z, 0);
        await game.ready();
        for (let f = 0; f < 5; f++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        const before = game.columnsBuilt();
        const t0 = performance.now();
        game.editBlock(x, 65, z, ids[kind]!);
        let frames = 0;
        while (game.columnsBuilt() === before && frames < 600) {
          await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          frames++;
        }
        const first = game.columnsBuilt() - before;
        const ms = performance.now() - t0;
        let framesToAll = frames;
        while (kind === 'torch' && game.columnsBuilt() - before < 5 && framesToAll < 600) {
          await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          framesToAll++;
        }
        out.push({ kind, frames, framesToAll, columns: first, ms });
      }
      return out;
    }, edits);
    const summary = (kind: string) => {
      const r = rows.filter((row) => row.kind === kind);
      const frames = r.map((row) => row.frames).sort((a, b) => a - b);
      const all = r.map((row) => row.framesToAll).sort((a, b) => a - b);
      return {
        kind, edits: r.length, medianFrames: frames[frames.length >> 1]!, maxFrames: frames[frames.length - 1]!,
        meanFrames: Math.round((frames.reduce((a, b) => a + b, 0) / frames.length) * 100) / 100,
        medianFramesToAll: all[all.length >> 1]!, columnsFirst: [...new Set(r.map((row) => row.columns))],
      };
    };
    const result = { workers: workerCount, rows, stone: summary('stone'), torch: summary('torch') };
    console.error(`${workerCount} worker(s), world type ${type}`);
    for (const s of [result.stone, result.torch]) {
      console.error(`${s.kind}: its column on screen after median ${s.medianFrames} frames (mean ${s.meanFrames}, max ${s.maxFrames}); all its columns after median ${s.medianFramesToAll}; columns in the first frame ${s.columnsFirst.join('/')}`);
    }
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
