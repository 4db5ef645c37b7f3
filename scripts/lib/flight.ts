/**
 * The flight: spawn, fly FLIGHT.distance blocks along +x, turn, fly back, wait for ready(); with
 * long tasks, per-frame main-thread time, a Chrome trace, geometries per frame and leak snapshots.
 */
import { writeFileSync } from 'node:fs';
import type { GameStats } from '../../src/app/game';
import { FLIGHT, GOALS, OUT_DIR, SEED, TIMEOUT_MS } from './config';
import { summariseProfile, type CdpProfile } from './cpu-profile';
import { inPage } from './deadline';
import { log } from './log';
import { describeLongTask } from './long-task-names';
import type { BenchPage, LongTask } from './page-probe';
import { cpuBetween, sampleCpu } from './proc-cpu';
import { snapshot } from './snapshot';
import { percentile, round } from './stats';
import { mainThreadWork } from './trace';

export interface FlightInPage {
  startedAt: number;
  turnedAt: number;
  endedAt: number;
  frames: number;
  frameWork: number[];
  maxExcess: number;
  maxExcessAt: { x: number; loaded: number; geometries: number };
  maxGeometries: number;
  maxLoaded: number;
  framesOverBound: number;
  /** columnsBuilt() after each frame: the columns applied in it are the differences. */
  built: number[];
  /** Share of the wanted disc on screen (progress().ready / wanted): lowest, and mean over frames. */
  minCoverage: number;
  coverageSum: number;
  /** Bytes handed to WebGL since the page opened (upload-probe.ts), after each frame. */
  uploads: number[];
  /** The same split by kind (upload-probe.ts): whole buffers, buffer ranges, textures; [] for a probe without it. */
  uploadKinds: [number, number, number][];
  /** The game's own count (stats().uploadBytes) at the start and the end, where the build has one. */
  gameUploads: { start: number; end: number } | null;
}

/**
 * Runs in the page: drives the camera from requestAnimationFrame, position = start + speed *
 * elapsed along +x, looking along the flight, then back along -x; samples stats() every frame.
 */
export function flyInPage(cfg: { distance: number; speed: number; pitch: number; bound: number }): Promise<FlightInPage> {
  const g = window.__game!;
  const origin = g.stats().camera;
  const out: FlightInPage = {
    startedAt: 0,
    turnedAt: 0,
    endedAt: 0,
    frames: 0,
    frameWork: [],
    maxExcess: -Infinity,
    maxExcessAt: { x: 0, loaded: 0, geometries: 0 },
    maxGeometries: 0,
    maxLoaded: 0,
    framesOverBound: 0,
    built: [],
    minCoverage: 1,
    coverageSum: 0,
    uploads: [],
    uploadKinds: [],
    gameUploads: null,
  };
  const gameUploads = () => (g.stats() as { uploadBytes?: number }).uploadBytes;
  const gameStart = gameUploads();
  const probeStart = window.__uploads?.bytes ?? 0;
  const sample = (s: GameStats): void => {
    out.frames++;
    const excess = s.geometries - s.loaded;
    if (excess > out.maxExcess) {
      out.maxExcess = excess;
      out.maxExcessAt = { x: Math.round(s.camera.x), loaded: s.loaded, geometries: s.geometries };
    }
    if (excess > cfg.bound) out.framesOverBound++;
    out.maxGeometries = Math.max(out.maxGeometries, s.geometries);
    out.maxLoaded = Math.max(out.maxLoaded, s.loaded);
    out.built.push(g.columnsBuilt());
    out.uploads.push(window.__uploads?.bytes ?? 0);
    const u = window.__uploads;
    if (u?.wholeBuffers !== undefined) out.uploadKinds.push([u.wholeBuffers, u.bufferRanges, u.textures]);
    const p = g.progress();
    const coverage = p.wanted === 0 ? 1 : p.ready / p.wanted;
    out.minCoverage = Math.min(out.minCoverage, coverage);
    out.coverageSum += coverage;
  };
  const leg = (fromX: number, direction: 1 | -1): Promise<void> =>
    new Promise((resolve) => {
      // Yaw 0 looks toward -z; -PI/2 toward +x, +PI/2 toward -x.
      g.look((-direction * Math.PI) / 2, cfg.pitch);
      const t0 = performance.now();
      const step = (): void => {
        const flown = Math.min(cfg.distance, (cfg.speed * (performance.now() - t0)) / 1000);
        g.teleport(fromX + direction * flown, origin.y, origin.z);
        sample(g.stats());
        if (flown >= cfg.distance) resolve();
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  g.clearFrameWork();
  out.startedAt = performance.now();
  return leg(origin.x, 1)
    .then(() => {
      out.turnedAt = performance.now();
      return leg(origin.x + cfg.distance, -1);
    })
    .then(() => {
      out.endedAt = performance.now();
      out.frameWork = g.frameWork();
      const gameEnd = gameUploads();
      // Both counters over the same span: the game's must agree with the probe's.
      if (gameStart !== undefined && gameEnd !== undefined) out.gameUploads = { start: gameStart - probeStart, end: gameEnd - (window.__uploads?.bytes ?? 0) };
      return out;
    });
}

/**
 * `throttle` > 1 slows the page's CPU that many times (CDP Emulation.setCPUThrottlingRate) from
 * the start of the flight until ready() after it, as on a low-end laptop; the page loads at
 * full speed, so only the flight's frames and tasks are measured slowed.
 */
export async function flight(bp: BenchPage, profile: boolean, throttle = 1) {
  const { page } = bp;
  const before = await snapshot(page);
  log(`flight: start ${JSON.stringify(before)}${throttle > 1 ? `, CPU throttled ${throttle}x` : ''}`);
  const cdp = profile || throttle > 1 ? await page.context().newCDPSession(page) : null;
  if (cdp && throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  if (cdp && profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  await browser?.startTracing(undefined, { categories: ['toplevel', 'devtools.timeline'] });
  const cpuBefore = sampleCpu();
  const flown = await inPage(page, 'flight', TIMEOUT_MS.flight, () =>
    page.evaluate(flyInPage, { ...FLIGHT, bound: GOALS.geometriesOverLoaded }),
  );
  const cpu = cpuBetween(cpuBefore, sampleCpu());
  const trace = browser ? await browser.stopTracing() : null;
  if (trace && profile) writeFileSync(`${OUT_DIR}/flight-trace.json`, trace);
  let profileSummary: object | null = null;
  let cpuProfile: (CdpProfile & { startTime: number }) | null = null;
  if (cdp && profile) {
    ({ profile: cpuProfile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CdpProfile & { startTime: number } });
    writeFileSync(`${OUT_DIR}/flight.cpuprofile`, JSON.stringify(cpuProfile));
    profileSummary = summariseProfile(cpuProfile, (flown.endedAt - flown.startedAt) / 1000);
  }
  const traced = trace ? mainThreadWork(trace, 50, cpuProfile) : null;
  for (const t of traced?.longTasks ?? []) log(`flight: long task ${describeLongTask(t)}`);
  log(`flight: flown in ${Math.round((flown.endedAt - flown.startedAt) / 1000)} s, ${flown.frames} frames; waiting for ready()`);
  const settleStart = Date.now();
  await inPage(page, 'ready() after the return flight', TIMEOUT_MS.ready, () => page.evaluate(() => window.__game!.ready()));
  const settleMs = Date.now() - settleStart;
  if (cdp) {
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  const after = await snapshot(page);
  log(`flight: end ${JSON.stringify(after)}`);

  const probe = await page.evaluate(() => window.__bench!);
  const readyAt = probe.readyAt!;
  const inGc = (t: LongTask) => probe.gcWindows.some((w) => t.start < w.end && t.start + t.duration > w.start);
  const phase = (t: LongTask): string =>
    t.start < flown.startedAt ? 'before the flight' : t.start < flown.turnedAt ? 'outbound' : t.start < flown.endedAt ? 'return' : 'settling after return';
  const afterReady = probe.longTasks.filter((t) => t.start >= readyAt);
  const counted = afterReady.filter((t) => !inGc(t));
  const fw = flown.frameWork;
  // The game's frame callback runs before ours in each animation frame (it registered first),
  // so frameWork[k] and built[k] describe the same frame.
  const applied = flown.built.map((b, k) => (k === 0 ? 0 : b - flown.built[k - 1]!));
  const buckets = [
    { label: '0', min: 0, max: 0 },
    { label: '1-4', min: 1, max: 4 },
    { label: '5-16', min: 5, max: 16 },
    { label: '17+', min: 17, max: Infinity },
  ].map((b) => {
    const xs = fw.filter((_, k) => applied[k] !== undefined && applied[k]! >= b.min && applied[k]! <= b.max);
    return { columnsAppliedInFrame: b.label, frames: xs.length, p50: xs.length ? round(percentile(xs, 50)) : null, max: xs.length ? round(Math.max(...xs)) : null };
  });
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : round(a / b, 3));
  const flightSeconds = (flown.endedAt - flown.startedAt) / 1000;
  const uploaded = flown.uploads.slice(1).map((b, k) => b - flown.uploads[k]!);
  const kindsPerFrame = flown.uploadKinds.slice(1).map((b, k) => b.map((v, i) => v - flown.uploadKinds[k]![i]!));
  // What the frames at or above the p95 consist of: bytes by kind summed over them.
  const p95Bytes = uploaded.length ? percentile(uploaded, 95) : Infinity;
  const heavy = kindsPerFrame.filter((_, k) => uploaded[k]! >= p95Bytes);
  const kindSum = (xs: number[][], i: number) => xs.reduce((a, b) => a + b[i]!, 0);
  const byKind = (xs: number[][]) => (xs.length ? { frames: xs.length, wholeBuffers: kindSum(xs, 0), bufferRanges: kindSum(xs, 1), textures: kindSum(xs, 2) } : null);

  return {
    result: {
      path: `spawn at seed "${SEED}", R = 8, ready(); ${FLIGHT.distance} blocks along +x at ${FLIGHT.speed} blocks/s; turn; back along -x; ready()`,
      cpuThrottle: throttle,
      flightSeconds: round(flightSeconds, 1),
      frames: flown.frames,
      framesPerSecond: round(flown.frames / flightSeconds, 1),
      cpu,
      settleAfterReturnMs: settleMs,
      longTasks: {
        supported: probe.longTasksSupported,
        countAfterFirstReady: counted.length,
        durationsMs: counted.map((t) => Math.round(t.duration)),
        list: counted.map((t) => ({ phase: phase(t), atMs: Math.round(t.start - readyAt), durationMs: Math.round(t.duration) })),
        excludedForcedGc: afterReady.length - counted.length,
        beforeFirstReady: probe.longTasks.length - afterReady.length,
      },
      trace: traced,
      frameScriptMs: {
        frames: fw.length,
        p50: round(percentile(fw, 50)),
        p95: round(percentile(fw, 95)),
        p99: round(percentile(fw, 99)),
        max: round(Math.max(...fw)),
        mean: round(fw.reduce((a, b) => a + b, 0) / Math.max(1, fw.length)),
        over8: fw.filter((v) => v > 8).length,
        over16: fw.filter((v) => v > 16).length,
        /** Sum over the flight per second of it: the frame callback's share of the main thread. */
        totalPerSecond: round(fw.reduce((a, b) => a + b, 0) / flightSeconds, 1),
        byColumnsApplied: buckets,
      },
      uploadBytesPerFrame: {
        note: 'bytes handed to WebGL (bufferData, bufferSubData, texImage, texSubImage) between consecutive frames of the flight, counted by a probe wrapping the context in the page, so every build is measured alike',
        p50: uploaded.length ? percentile(uploaded, 50) : null,
        p95: uploaded.length ? percentile(uploaded, 95) : null,
        max: uploaded.length ? Math.max(...uploaded) : null,
        mean: uploaded.length ? Math.round(uploaded.reduce((a, b) => a + b, 0) / uploaded.length) : null,
        total: flown.uploads.length ? flown.uploads[flown.uploads.length - 1]! - flown.uploads[0]! : null,
        framesOver1MB: uploaded.filter((b) => b > 2 ** 20).length,
        /** Bytes by kind (whole buffers: bufferData with data; buffer ranges: bufferSubData; textures) over every frame, and over the frames at or above the p95. */
        byKind: { all: byKind(kindsPerFrame), atOrOverP95: byKind(heavy) },
        /** The game's own counter minus the probe's, at the start and the end (equal when they agree; null for builds without one). */
        gameMinusProbe: flown.gameUploads,
      },
      coverage: {
        note: 'share of the columns within R that were on screen, sampled every frame: does streaming keep up at this speed and frame rate?',
        min: round(flown.minCoverage, 3),
        mean: round(flown.coverageSum / Math.max(1, flown.frames), 3),
      },
      geometries: {
        maxOverLoaded: flown.maxExcess,
        maxOverLoadedAt: flown.maxExcessAt,
        framesOverBound: flown.framesOverBound,
        maxGeometries: flown.maxGeometries,
        maxLoaded: flown.maxLoaded,
      },
      leaks: {
        start: before,
        end: after,
        geometriesRatio: ratio(after.geometries, before.geometries),
        loadedRatio: ratio(after.loaded, before.loaded),
        heapRatio: ratio(after.heapBytes, before.heapBytes),
        heapRatioAfterWindowGc: ratio(after.heapAfterWindowGcBytes, before.heapAfterWindowGcBytes),
        note: 'heapRatio: usedJSHeapSize after the inspector\'s memory-reducing GC (HeapProfiler.collectGarbage); heapRatioAfterWindowGc: after window.gc() only, which leaves collectable caches in place. Loaded columns grow on the way back because columns within R + 2 behind the camera are kept (hysteresis), so geometries and mesh memory grow with loadedRatio.',
      },
    },
    profile: profileSummary,
  };
}
export type FlightOutcome = Awaited<ReturnType<typeof flight>>;
