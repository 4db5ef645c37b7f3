/** The JSON document of a run: the goals checked against the figures, the machine, the figures. */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { FLIGHT, GOALS, OUT_DIR, PARTS, SEED, VIEWPORT, type BenchOptions } from './config';
import type { CaveCullingResult } from './cave-culling';
import type { CompareCostResult } from './compare-cost';
import type { DiscResult } from './disc';
import type { FlightOutcome } from './flight';
import type { GlRenderer } from './gl-renderer';
import type { HorizonResult } from './horizon';
import type { LoadTiming } from './page-probe';
import { round } from './stats';
import type { ThroughputResult } from './throughput';

export interface BenchFindings {
  options: BenchOptions;
  /** Date.now() and os.loadavg() when the run started. */
  started: number;
  loadAverageStart: number[];
  chromium: string;
  /** The GL renderer the browser really drew with (SwiftShader unless `--gpu` found a GPU). */
  gl: GlRenderer;
  coldLoad: LoadTiming | null;
  r8Load: LoadTiming | null;
  r16Load: LoadTiming | null;
  flown: FlightOutcome | null;
  /** The R = 8 load and flight on the `--baseline` build, when given. */
  baselineFlight: { load: LoadTiming; flown: FlightOutcome } | null;
  throughput: ThroughputResult | null;
  compare: CompareCostResult | null;
  horizon: HorizonResult | null;
  disc: DiscResult | null;
  caves: CaveCullingResult | null;
  /** Console and page errors, by page. */
  errors: Record<string, string[]>;
}

export function benchReport(findings: BenchFindings) {
  const { options, flown, coldLoad, r8Load, r16Load, throughput: throughputResult, compare } = findings;
  const f = flown?.result ?? null;
  const near = (ratio: number | null) => ratio !== null && Math.abs(ratio - 1) <= GOALS.returnRatio;
  const goals = {
    noLongTasksAfterReady: {
      goal: 'no main-thread task > 50 ms after the first ready()',
      value: f?.longTasks.countAfterFirstReady ?? null,
      met: f ? f.longTasks.supported && f.longTasks.countAfterFirstReady <= GOALS.longTasksAfterReady : null,
    },
    frameScriptP95: {
      goal: `p95 of per-frame main-thread time <= ${GOALS.frameScriptP95Ms} ms during the flight (wall clock, __game.frameWork())`,
      value: f?.frameScriptMs.p95 ?? null,
      met: f ? f.frameScriptMs.p95 <= GOALS.frameScriptP95Ms : null,
      /** The same frames' CPU time from the trace: what the code cost, without the waiting. */
      cpuTimeP95: f?.trace?.animationFrames?.cpuMs.p95 ?? null,
    },
    geometriesBounded: {
      goal: `geometries <= loaded + ${GOALS.geometriesOverLoaded} on every frame of the flight`,
      value: f?.geometries.maxOverLoaded ?? null,
      met: f ? f.geometries.maxOverLoaded <= GOALS.geometriesOverLoaded : null,
    },
    geometriesAfterReturn: {
      goal: 'geometries after the return flight within 20% of the start',
      value: f?.leaks.geometriesRatio ?? null,
      met: f ? near(f.leaks.geometriesRatio) : null,
    },
    heapAfterReturn: {
      goal: 'JS heap (after GC) after the return flight within 20% of the start',
      value: f?.leaks.heapRatio ?? null,
      met: f ? near(f.leaks.heapRatio) : null,
    },
    poolSpeedup: {
      goal: `2 workers >= ${GOALS.poolSpeedup}x the columns/s of 1 worker (the game at ${VIEWPORT.width}x${VIEWPORT.height}, setWorkers)`,
      value: throughputResult?.ratio ?? null,
      met: throughputResult ? throughputResult.ratio >= GOALS.poolSpeedup : null,
      workersAloneRatio: throughputResult?.workersAlone.ratio ?? null,
    },
    compareCost: {
      goal: `the swipe view costs at most ${GOALS.compareCostRatio}x the normal view (median of draw calls, triangles, frame work p50 and SwiftShader CPU per frame, each over the mean of the two worlds' normal views), and leaving it gives every geometry back`,
      value: compare?.medianRatio ?? null,
      met: compare
        ? (['drawCalls', 'triangles', 'frameWorkP50', 'gpuProcessMsPerFrame'] as const).every((k) => (compare.medianRatio[k] ?? Infinity) <= GOALS.compareCostRatio) &&
          compare.memory.geometriesOverLoadedAfterLeaving <= 1
        : null,
    },
    uploadBytesP95: {
      goal: `p95 of the bytes handed to WebGL per frame <= ${GOALS.uploadBytesP95 / 2 ** 20} MB during the flight (R = 8, default far distance)`,
      value: f?.uploadBytesPerFrame.p95 ?? null,
      met: f && f.uploadBytesPerFrame.p95 !== null ? f.uploadBytesPerFrame.p95 <= GOALS.uploadBytesP95 : null,
    },
    ...horizonGoals(findings.horizon),
    ...discGoals(findings.disc),
  };
  const b = findings.baselineFlight;
  const vsBaseline = (mine: number | null | undefined, theirs: number | null | undefined) => (mine == null || theirs == null || theirs === 0 ? null : round(mine / theirs, 3));
  const baseline = b && {
    note: 'the same R = 8 load and flight on the --baseline build, in this run; ratios are this build over the baseline',
    load: b.load,
    flight: b.flown.result,
    ratios: {
      readyMs: vsBaseline(r8Load?.readyMs, b.load.readyMs),
      frameScriptP95: vsBaseline(f?.frameScriptMs.p95, b.flown.result.frameScriptMs.p95),
      uploadBytesPerFrameP95: vsBaseline(f?.uploadBytesPerFrame.p95, b.flown.result.uploadBytesPerFrame.p95),
      uploadBytesPerFrameMax: vsBaseline(f?.uploadBytesPerFrame.max, b.flown.result.uploadBytesPerFrame.max),
      uploadBytesTotal: vsBaseline(f?.uploadBytesPerFrame.total, b.flown.result.uploadBytesPerFrame.total),
    },
  };

  const cpus = os.cpus();
  return {
    benchmark: 'bench:browser',
    date: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - findings.started) / 1000),
    profiled: options.profile,
    cpuThrottle: options.throttle,
    parts: [...options.parts],
    machine: {
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
      chromium: findings.chromium,
      renderer: findings.gl.summary,
      gl: findings.gl,
      loadAverageStart: findings.loadAverageStart,
      loadAverageEnd: os.loadavg().map((v) => round(v)),
    },
    setup: { seed: SEED, viewport: VIEWPORT, flight: FLIGHT },
    load: {
      note: 'navigation start to the first ready(); each a fresh page. R = 16 is set by an init script the moment the app assigns window.__game, before its first frame, so no R = 8 work precedes it. The cold load is the first page of the browser (it also warms caches); the others follow it.',
      coldR8: coldLoad && { ...coldLoad, renderDistance: 8 },
      r8: r8Load && { ...r8Load, renderDistance: 8 },
      r16: r16Load && { ...r16Load, renderDistance: 16 },
    },
    flight: f,
    baseline,
    throughput: throughputResult,
    compare,
    horizon: findings.horizon,
    disc: findings.disc,
    caves: findings.caves,
    goals,
    allGoalsMet: Object.values(goals).every((g) => g.met === true),
    pageErrors: findings.errors,
    ...(flown?.profile ? { flightProfile: flown.profile } : {}),
  };
}

/** Writes the document to bench-results/ (named after the parts run) and prints it on stdout. */
export function writeReport(result: ReturnType<typeof benchReport>, options: BenchOptions): void {
  const { parts, profile, throttle } = options;
  const json = JSON.stringify(result, null, 2);
  const suffix = `${profile ? '-profile' : ''}${throttle > 1 ? `-throttle${throttle}` : ''}`;
  const name = parts.size === PARTS.length && !suffix ? 'browser' : `browser-${[...parts].join('-')}${suffix}`;
  writeFileSync(`${OUT_DIR}/${name}.json`, json + '\n');
  process.stdout.write(json + '\n');
}

/** Issue 11's goals on this machine, one entry per figure, for R = 12 at F = 64 and 128 and for R = 32 batched. */
function horizonGoals(horizon: HorizonResult | null) {
  const run = (label: string) => horizon?.runs.find((r) => r.build === 'this' && r.label === label) ?? null;
  const goals: Record<string, { goal: string; value: number | null; met: boolean | null }> = {};
  const add = (key: string, goal: string, value: number | null | undefined, ok: (v: number) => boolean) => {
    goals[key] = { goal, value: value ?? null, met: horizon === null || value == null ? null : ok(value) };
  };
  for (const [label, far, readyMs] of [['R = 12, F = 64', 64, 6000], ['R = 12, F = 128', 128, 10000]] as const) {
    const r = run(label);
    add(`horizon${far}DrawCalls`, `${label}: at most ${GOALS.horizonDrawCalls} draw calls`, r?.drawCalls, (v) => v <= GOALS.horizonDrawCalls);
    add(`horizon${far}Triangles`, `${label}: at most ${GOALS.horizonTriangles / 1e6} M triangles`, r?.triangles, (v) => v <= GOALS.horizonTriangles);
    add(`horizon${far}Ready`, `${label}: the whole horizon ready within ${readyMs / 1000} s of page load`, r?.readyMs, (v) => v <= readyMs);
    add(`horizon${far}FrameP95`, `${label}: main-thread p95 per frame at most ${GOALS.horizonFrameP95Ms} ms during the flight`, r?.flight?.frameScriptP95Ms, (v) => v <= GOALS.horizonFrameP95Ms);
    add(`horizon${far}LongTasks`, `${label}: no task over 50 ms after the first ready()`, r?.flight?.longTasksAfterReady, (v) => v === 0);
    add(`horizon${far}Heap`, `${label}: JS heap under ${GOALS.horizonHeapMB} MB`, r?.heapMB, (v) => v < GOALS.horizonHeapMB);
  }
  const before = horizon?.runs.find((r) => r.build === 'before') ?? null;
  const batched = run('R = 32, F = 0');
  const todayDrawCalls = before?.drawCalls ?? GOALS.fullDetailR32DrawCallsToday;
  add('batchedR32DrawCalls', `R = 32, F = 0: at most a tenth of today's draw calls (${todayDrawCalls}${before ? ', measured in this run' : ', measured in issue 11'})`, batched?.drawCalls, (v) => v <= todayDrawCalls / 10);
  // Issue 21: batching must not cost the load or the flight what one mesh per column did not.
  if (before) add('batchedR32Ready', `R = 32, F = 0: ready no later than one mesh per column (${before.readyMs} ms in this run)`, batched?.readyMs, (v) => v <= before.readyMs);
  add('batchedR32FrameP95', `R = 32, F = 0: main-thread p95 per frame at most ${GOALS.batchedR32FrameP95Ms} ms during the flight`, batched?.flight?.frameScriptP95Ms, (v) => v <= GOALS.batchedR32FrameP95Ms);
  return goals;
}

/** Issue 21's goals, against the build before it (`--before`): fewer triangles, more frames, the same picture. */
function discGoals(disc: DiscResult | null) {
  const view = disc?.views.find((v) => v.view === 'default') ?? null;
  const horizon = disc?.views.find((v) => v.view === 'horizon') ?? null;
  const met = (value: number | null | undefined, ok: (v: number) => boolean) => (value == null ? null : ok(value));
  return {
    discTriangles: {
      goal: `default still view: triangles at most ${GOALS.discTrianglesRatio}x the build before (--before)`,
      value: view?.ratios.triangles ?? null,
      met: met(view?.ratios.triangles, (v) => v <= GOALS.discTrianglesRatio),
    },
    discFramesPerSecond: {
      goal: `default still view: frames per second at least ${GOALS.discFramesRatio}x the build before (--before)`,
      value: view?.ratios.framesPerSecond ?? null,
      met: met(view?.ratios.framesPerSecond, (v) => v >= GOALS.discFramesRatio),
    },
    discPicture: {
      goal: `the same pictures as the build before: at most ${GOALS.discPictureOver32 * 100}% of either view's pixels differ by more than 32 in a channel (antialiasing along the disc's edge may change: its pixels are no longer cut per fragment)`,
      value: view?.picture && horizon?.picture ? Math.max(view.picture.over32, horizon.picture.over32) : null,
      met: view?.picture && horizon?.picture ? Math.max(view.picture.over32, horizon.picture.over32) <= GOALS.discPictureOver32 : null,
    },
  };
}
