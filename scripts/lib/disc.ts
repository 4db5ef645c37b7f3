/**
 * The disc part of `npm run bench:browser` (issue 21: no far-terrain drawing under the
 * full-detail disc). Two still views, each loaded in this build and, with `--before=<dir>`, in
 * a build of the commit before, in alternating rounds (before, this, before, this) so a drift
 * in the machine's load falls on both alike:
 * - `default`: the game as it opens (`?seed=bench`, default render and far distance);
 * - `horizon`: the biomes world from high up, looking at the horizon.
 * Per view and build: draw calls and triangles (renderer.info, as the HUD shows them), frames
 * per second with the camera still and the CPU time per frame of SwiftShader's GPU process (on
 * a shared machine the steadier figure: frames per second also count the wait for a core),
 * and a screenshot of the canvas alone (HUD hidden), which
 * is compared pixel by pixel with the other build's (a diff image goes beside it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { buildAndServe } from '../../test/support/browser';
import { decodePng } from '../../test/e2e/screenshot-stats';
import { encodePng } from '../png';
import { OUT_DIR } from './config';
import { inPage } from './deadline';
import { log } from './log';
import { firstReady, openPage } from './page-probe';
import { cpuBetween, sampleCpu } from './proc-cpu';
import { round } from './stats';

export const DISC = {
  views: [
    { name: 'default', query: 'seed=bench', look: null },
    { name: 'horizon', query: 'seed=bench&type=biomes&x=0&y=200&z=0', look: { yaw: -Math.PI / 2, pitch: -0.2 } },
  ],
  /** Frames timed for the frame rate (SwiftShader draws a few a second), after the settle frames. */
  frames: 12,
  settleFrames: 3,
  rounds: 2,
} as const;

type View = (typeof DISC.views)[number];

export interface DiscRun {
  view: string;
  build: 'this' | 'before';
  round: number;
  drawCalls: number;
  triangles: number;
  framesPerSecond: number;
  /** CPU milliseconds per frame of SwiftShader's GPU process and of the page's main thread (null without /proc). */
  gpuProcessMsPerFrame: number | null;
  mainThreadMsPerFrame: number | null;
  lodRegions: number | null;
  loaded: number;
  screenshot: string;
}

/** Hides every element but the canvas, so the picture is the rendering alone. */
const HIDE_DOM = `body * { visibility: hidden !important; } canvas, canvas * { visibility: visible !important; }`;

/** After ready() and the settle frames: what the still view submits, then DISC.frames frames timed, with the CPU they took. */
async function measure(page: Page, view: View) {
  const stats = await inPage(page, `disc ${view.name}`, 240_000, () =>
    page.evaluate(
      async ({ look, settleFrames }) => {
        const g = window.__game!;
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        if (look) g.look(look.yaw, look.pitch);
        await g.ready();
        for (let i = 0; i < settleFrames; i++) await frame();
        const s = g.stats();
        return { drawCalls: s.drawCalls, triangles: s.triangles, lodRegions: s.lodRegions, loaded: s.loaded };
      },
      { look: view.look, settleFrames: DISC.settleFrames },
    ),
  );
  const before = sampleCpu();
  const seconds = await inPage(page, `disc ${view.name} frames`, 240_000, () =>
    page.evaluate(async (frames) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      // A still view is drawn once and then skipped (rendering on demand): time real draws.
      // Builds from before on-demand drawing have no such switch and draw every frame anyway.
      window.__game!.setDrawEveryFrame?.(true);
      const start = performance.now();
      for (let i = 0; i < frames; i++) await frame();
      const seconds = (performance.now() - start) / 1000;
      window.__game!.setDrawEveryFrame?.(false);
      return seconds;
    }, DISC.frames),
  );
  const cpu = cpuBetween(before, sampleCpu());
  // CPU per frame is what a frame costs whatever else the machine runs; frames per second
  // also counts the waiting for a core (on a loaded 2-core machine, most of it).
  const perFrame = (cores: number | undefined) => (cpu && cores !== undefined ? round((cores * cpu.wallSeconds * 1000) / DISC.frames, 1) : null);
  return {
    ...stats,
    framesPerSecond: DISC.frames / seconds,
    gpuProcessMsPerFrame: perFrame(cpu?.cores.gpuProcess),
    mainThreadMsPerFrame: perFrame(cpu?.cores.pageMainThread),
  };
}

async function runOne(browser: Browser, baseUrl: string, view: View, build: 'this' | 'before', roundNo: number): Promise<DiscRun> {
  const bp = await openPage(browser, `${baseUrl}?${view.query}`, null);
  try {
    await firstReady(bp, `disc ${view.name} (${build})`);
    const m = await measure(bp.page, view);
    await bp.page.addStyleTag({ content: HIDE_DOM });
    await bp.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const screenshot = `${OUT_DIR}/disc-${view.name}-${build}.png`;
    if (roundNo === 1) await bp.page.screenshot({ path: screenshot });
    if (bp.errors.length > 0) throw new Error(`console errors (${view.name}, ${build}): ${bp.errors.join('\n')}`);
    log(`disc ${view.name} (${build}, round ${roundNo}): ${m.drawCalls} draw calls, ${m.triangles} triangles, ${round(m.framesPerSecond, 2)} frames/s, GPU process ${m.gpuProcessMsPerFrame} ms and main thread ${m.mainThreadMsPerFrame} ms of CPU a frame`);
    return { view: view.name, build, round: roundNo, ...m, framesPerSecond: round(m.framesPerSecond, 2), screenshot };
  } finally {
    await bp.page.close();
  }
}

/** Pixels of two same-size screenshots that differ: by more than 8 and 32 in any channel, and the mean difference. */
export function pictureDifference(a: Buffer, b: Buffer, diffPath: string | null) {
  const pa = decodePng(a);
  const pb = decodePng(b);
  if (pa.width !== pb.width || pa.height !== pb.height) throw new Error('screenshots of different sizes');
  const n = pa.width * pa.height;
  const diff = new Uint8Array(n * 4);
  let over8 = 0;
  let over32 = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(pa.pixels[i * pa.channels + c]! - pb.pixels[i * pb.channels + c]!));
    sum += d;
    if (d > 8) over8++;
    if (d > 32) over32++;
    // Grey copy of the picture, differing pixels in red (brighter: larger).
    const grey = pa.pixels[i * pa.channels]! >> 2;
    diff.set(d > 8 ? [128 + Math.min(127, d), 0, 0, 255] : [grey, grey, grey, 255], i * 4);
  }
  if (diffPath) writeFileSync(diffPath, encodePng(pa.width, pa.height, diff));
  return { pixels: n, over8: round(over8 / n, 5), over32: round(over32 / n, 5), meanDifference: round(sum / n, 3) };
}

export async function discPart(browser: Browser, appUrl: string, beforeDir: string | null) {
  const before = beforeDir ? await buildAndServe({ build: false, outDir: beforeDir }) : null;
  const runs: DiscRun[] = [];
  try {
    for (let r = 1; r <= DISC.rounds; r++) {
      for (const view of DISC.views) {
        if (before) runs.push(await runOne(browser, before.url, view, 'before', r));
        runs.push(await runOne(browser, appUrl, view, 'this', r));
      }
    }
  } finally {
    await before?.close();
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const views = DISC.views.map((view) => {
    const of = (build: 'this' | 'before') => runs.filter((r) => r.view === view.name && r.build === build);
    const summary = (build: 'this' | 'before') => {
      const rs = of(build);
      const cpu = (pick: (r: DiscRun) => number | null) => (rs.every((r) => pick(r) !== null) ? round(mean(rs.map((r) => pick(r)!)), 1) : null);
      return rs.length === 0
        ? null
        : {
            drawCalls: mean(rs.map((r) => r.drawCalls)),
            triangles: mean(rs.map((r) => r.triangles)),
            framesPerSecond: round(mean(rs.map((r) => r.framesPerSecond)), 2),
            gpuProcessMsPerFrame: cpu((r) => r.gpuProcessMsPerFrame),
            mainThreadMsPerFrame: cpu((r) => r.mainThreadMsPerFrame),
          };
    };
    const now = summary('this')!;
    const then = summary('before');
    const ratio = (a: number, b: number | undefined) => (b ? round(a / b, 3) : null);
    let picture = null;
    if (then) {
      picture = pictureDifference(readFileSync(of('before')[0]!.screenshot), readFileSync(of('this')[0]!.screenshot), `${OUT_DIR}/disc-${view.name}-diff.png`);
    }
    return {
      view: view.name,
      this: now,
      before: then,
      ratios: {
        triangles: ratio(now.triangles, then?.triangles),
        drawCalls: ratio(now.drawCalls, then?.drawCalls),
        framesPerSecond: ratio(now.framesPerSecond, then?.framesPerSecond),
        gpuProcessMsPerFrame: now.gpuProcessMsPerFrame === null ? null : ratio(now.gpuProcessMsPerFrame, then?.gpuProcessMsPerFrame ?? undefined),
        mainThreadMsPerFrame: now.mainThreadMsPerFrame === null ? null : ratio(now.mainThreadMsPerFrame, then?.mainThreadMsPerFrame ?? undefined),
      },
      picture,
    };
  });
  return {
    method: `per view, ${DISC.rounds} rounds of a fresh page per build (before, then this), viewport 1024 x 640; after ready() and ${DISC.settleFrames} frames, renderer.info's draw calls and triangles, then ${DISC.frames} frames timed with the camera still, with the CPU time SwiftShader's GPU process and the page's main thread took for them (/proc); screenshots (round 1) with every element but the canvas hidden`,
    views,
    runs,
  };
}

export type DiscResult = Awaited<ReturnType<typeof discPart>>;
