/**
 * `npm run bench:edit-frames`: how many frames an edit takes to reach the screen, a stone block
 * against a torch (issue 23's budget: a torch's light is on screen within the same number of
 * frames as any other edit's re-mesh). In headless Chromium, on a superflat world: edits
 * alternate between the two kinds at the middle of columns a few apart, each from a settled
 * world, and the frames from the edit until its columns are applied are counted (the
 * torch's five columns, its own and the four its light reaches, go on screen together).
 * SwiftShader draws slowly, so frames here are long; what compares is the count.
 *
 *   npm run bench:edit-frames [-- --edits=12]
 */
import { buildAndServe, launchChromium } from '../test/support/browser';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

async function main(): Promise<void> {
  const edits = Number(arg('edits', '12'));
  const app = await buildAndServe();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
    await page.goto(`${app.url}?type=flat&seed=edit-frames&x=8.5&y=80&z=8.5&mode=fly&r=4&far=0`);
    await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 60_000 });
    await page.evaluate(() => window.__game!.ready());
    const rows = await page.evaluate(async (count) => {
      const game = window.__game!;
      const ids = game.blocks();
      const out: { kind: string; frames: number; columns: number; ms: number }[] = [];
      for (let i = 0; i < count; i++) {
        const kind = i % 2 === 0 ? 'stone' : 'torch';
        // Column middles, two columns apart, so no edit's light reaches another's column.
        const x = 8 + 32 * (i % 3) - 32;
        const z = 8 + 32 * Math.floor(i / 3) - 32;
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
        out.push({ kind, frames, columns: game.columnsBuilt() - before, ms: performance.now() - t0 });
      }
      return out;
    }, edits);
    const summary = (kind: string) => {
      const r = rows.filter((row) => row.kind === kind);
      const frames = r.map((row) => row.frames).sort((a, b) => a - b);
      return { kind, edits: r.length, medianFrames: frames[frames.length >> 1]!, maxFrames: frames[frames.length - 1]!, columnsTogether: [...new Set(r.map((row) => row.columns))] };
    };
    const result = { rows, stone: summary('stone'), torch: summary('torch') };
    console.error(`stone: median ${result.stone.medianFrames} frames (max ${result.stone.maxFrames}), columns per edit ${result.stone.columnsTogether.join('/')}`);
    console.error(`torch: median ${result.torch.medianFrames} frames (max ${result.torch.maxFrames}), columns per edit ${result.torch.columnsTogether.join('/')}`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
