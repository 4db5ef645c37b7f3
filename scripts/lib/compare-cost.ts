/**
 * What the swipe view costs next to the normal view, on one page and one camera: draw calls,
 * triangles, main-thread time per frame, SwiftShader's CPU (the GPU process) per frame, GPU
 * geometries and JS heap, and the time for the second world to stream in. The two worlds are
 * not equally heavy (simplex-noise terrain is rougher, so it has more faces), so each swipe
 * measurement is set against the mean of the two normal views around it, one of each world:
 * normal Perlin, swipe, normal simplex, swipe, normal Perlin. That order also spreads a drift
 * in machine load over both sides of every ratio. Leaving compare mode must give the memory
 * back: the last snapshot is taken after it.
 */
import type { Browser } from 'playwright-core';
import type { NoiseSource } from '../../src/world';
import { COMPARE } from './config';
import { log } from './log';
import { firstReady, openPage } from './page-probe';
import { cpuBetween, sampleCpu } from './proc-cpu';
import { snapshot, type Snapshot } from './snapshot';
import { percentile, round } from './stats';

interface ViewCost {
  drawCalls: number;
  triangles: number;
  frameWorkMs: { p50: number; p95: number };
  /** SwiftShader's CPU per frame, ms (the GPU process's CPU time over the frames drawn). */
  gpuProcessMsPerFrame: number | null;
  framesPerSecond: number;
}

type RatioKey = 'drawCalls' | 'triangles' | 'frameWorkP50' | 'frameWorkP95' | 'gpuProcessMsPerFrame';

export interface CompareCostResult {
  renderDistance: number;
  /** Normal views in the order measured: Perlin, simplex, Perlin, … */
  normal: (ViewCost & { noise: NoiseSource })[];
  swipe: ViewCost[];
  /** Each swipe measurement over the mean of the normal views before and after it. */
  ratios: Record<RatioKey, number | null>[];
  /** Median over the swipe measurements of those ratios. */
  medianRatio: Record<RatioKey, number | null>;
  memory: {
    normal: Snapshot;
    swipe: Snapshot;
    afterLeaving: Snapshot;
    /** The swipe view's over the normal view's. */
    geometriesRatio: number;
    heapRatio: number | null;
    /** After leaving compare mode, geometries over loaded columns (1 + the selection box: all freed). */
    geometriesOverLoadedAfterLeaving: number;
    heapAfterLeavingRatio: number | null;
  };
  /** setCompare(true) to ready(): the second world streamed in beside the first, ms. */
  secondWorldReadyMs: number;
  /** Columns each side built in compare mode, against the columns each side has loaded. */
  builtPerSide: { noise: string; loaded: number; columnsBuilt: number }[];
}

const median = (values: number[]): number => percentile(values, 50);

export async function compareCostPart(browser: Browser, url: string, errors: Record<string, string[]>): Promise<CompareCostResult> {
  const bp = await openPage(browser, `${url}&${COMPARE.view}`, COMPARE.renderDistance);
  const { page } = bp;
  try {
    await firstReady(bp, 'compare: first ready()');
    await page.evaluate((look) => window.__game!.look(look.yaw, look.pitch), COMPARE.look);

    /** Per-frame figures over COMPARE.frames frames of the current view, camera still. */
    const measure = async (): Promise<ViewCost> => {
      const before = sampleCpu();
      const inPageResult = await page.evaluate(async ({ frames, look }) => {
        const g = window.__game!;
        g.look(look.yaw, look.pitch);
        await g.ready();
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let i = 0; i < 5; i++) await frame(); // settle after the switch
        // A still view is drawn once and then skipped (rendering on demand): time real draws
        // (builds from before on-demand drawing draw every frame anyway).
        g.setDrawEveryFrame?.(true);
        g.clearFrameWork();
        const start = performance.now();
        let drawCalls = 0;
        let triangles = 0;
        for (let i = 0; i < frames; i++) {
          await frame();
          const s = g.stats();
          drawCalls += s.drawCalls;
          triangles += s.triangles;
        }
        g.setDrawEveryFrame?.(false);
        return { frameWork: g.frameWork(), drawCalls: drawCalls / frames, triangles: triangles / frames, seconds: (performance.now() - start) / 1000 };
      }, { frames: COMPARE.frames, look: COMPARE.look });
      const cpu = cpuBetween(before, sampleCpu());
      const frames = inPageResult.frameWork.length || COMPARE.frames;
      return {
        drawCalls: round(inPageResult.drawCalls, 1),
        triangles: Math.round(inPageResult.triangles),
        frameWorkMs: { p50: round(percentile(inPageResult.frameWork, 50)), p95: round(percentile(inPageResult.frameWork, 95)) },
        gpuProcessMsPerFrame: cpu ? round((cpu.cores.gpuProcess * cpu.wallSeconds * 1000) / frames) : null,
        framesPerSecond: round(COMPARE.frames / inPageResult.seconds, 2),
      };
    };
    /** Compare mode on (ready), and the time it took; or off, keeping the world of `keep`. */
    const compareOn = () =>
      page.evaluate(async () => {
        const t0 = performance.now();
        window.__game!.setCompare(true);
        await window.__game!.ready();
        return performance.now() - t0;
      });
    const compareOffKeeping = (keep: NoiseSource) =>
      page.evaluate(async (noise) => {
        window.__game!.setNoise(noise); // in compare mode this only picks the side that stays
        window.__game!.setCompare(false);
        await window.__game!.ready();
      }, keep);

    const normalSnapshot = await snapshot(page);
    const normal: CompareCostResult['normal'] = [{ ...(await measure()), noise: 'perlin' }];
    const swipe: ViewCost[] = [];
    let swipeSnapshot: Snapshot | null = null;
    let secondWorldReadyMs = 0;
    let builtPerSide: CompareCostResult['builtPerSide'] = [];
    for (let r = 0; r < COMPARE.rounds; r++) {
      log(`compare cost ${r + 1}/${COMPARE.rounds}: swipe view…`);
      const readyMs = await compareOn();
      swipe.push(await measure());
      if (r === 0) {
        secondWorldReadyMs = Math.round(readyMs);
        builtPerSide = (await page.evaluate(() => window.__game!.compare().sides)).map((s) => ({ noise: s.noise, loaded: s.loaded, columnsBuilt: s.columnsBuilt }));
        swipeSnapshot = await snapshot(page);
      }
      const keep: NoiseSource = r % 2 === 0 ? 'simplex' : 'perlin';
      log(`… normal view (${keep})`);
      await compareOffKeeping(keep);
      normal.push({ ...(await measure()), noise: keep });
    }
    const afterLeaving = await snapshot(page);

    const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? round(a / b) : null);
    const meanOf = (a: number | null, b: number | null) => (a !== null && b !== null ? (a + b) / 2 : null);
    const ratios = swipe.map((sw, k) => {
      const [a, b] = [normal[k]!, normal[k + 1]!];
      return {
        drawCalls: ratio(sw.drawCalls, meanOf(a.drawCalls, b.drawCalls)),
        triangles: ratio(sw.triangles, meanOf(a.triangles, b.triangles)),
        frameWorkP50: ratio(sw.frameWorkMs.p50, meanOf(a.frameWorkMs.p50, b.frameWorkMs.p50)),
        frameWorkP95: ratio(sw.frameWorkMs.p95, meanOf(a.frameWorkMs.p95, b.frameWorkMs.p95)),
        gpuProcessMsPerFrame: ratio(sw.gpuProcessMsPerFrame, meanOf(a.gpuProcessMsPerFrame, b.gpuProcessMsPerFrame)),
      };
    });
    const medianRatio = {} as Record<RatioKey, number | null>;
    for (const key of Object.keys(ratios[0]!) as RatioKey[]) {
      const values = ratios.map((r) => r[key]).filter((v): v is number => v !== null);
      medianRatio[key] = values.length > 0 ? round(median(values)) : null;
    }
    const heap = (a: Snapshot, b: Snapshot) => (a.heapBytes !== null && b.heapBytes !== null ? round(a.heapBytes / b.heapBytes) : null);
    const swiped = swipeSnapshot!;
    return {
      renderDistance: COMPARE.renderDistance,
      normal,
      swipe,
      ratios,
      medianRatio,
      memory: {
        normal: normalSnapshot,
        swipe: swiped,
        afterLeaving,
        geometriesRatio: round(swiped.geometries / normalSnapshot.geometries),
        heapRatio: heap(swiped, normalSnapshot),
        geometriesOverLoadedAfterLeaving: afterLeaving.geometries - afterLeaving.loaded,
        heapAfterLeavingRatio: heap(afterLeaving, normalSnapshot),
      },
      secondWorldReadyMs,
      builtPerSide,
    };
  } finally {
    errors.compare = bp.errors;
    await page.close();
  }
}
