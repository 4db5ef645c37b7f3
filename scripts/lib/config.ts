/** The fixed path of `npm run bench:browser`, its goals, deadlines and command-line flags. */
import type { GpuBackend } from './gl-renderer';

/** Every load uses this world, so the spawn point and the flight's terrain are always the same. */
export const SEED = 'bench';
export const VIEWPORT = { width: 1024, height: 640 };
export const FLIGHT = {
  /** Blocks flown each way. */
  distance: 1500,
  /** Blocks per second. */
  speed: 40,
  /** Looking slightly down at the terrain ahead, as a flying player does. */
  pitch: -0.2,
};
export const THROUGHPUT = {
  renderDistance: 12,
  /**
   * ABBA order over two seeds: each pool size sees both worlds, every run starts a new
   * generation, and a linear drift in machine load falls on both sizes equally.
   */
  plan: [
    { workers: 1, seed: 'throughput-a' },
    { workers: 2, seed: 'throughput-b' },
    { workers: 2, seed: 'throughput-a' },
    { workers: 1, seed: 'throughput-b' },
  ],
  method:
    'fresh world per run (setSeed), time from setSeed to ready(), columns = progress().wanted; one warm-up load, then ABBA order over two seeds; best of the two runs per pool size',
  viewports: [VIEWPORT, { width: 160, height: 100 }],
};
/** The swipe view against the normal view: one page, one camera, alternating rounds. */
export const COMPARE = {
  renderDistance: 12,
  view: 'x=8&z=8',
  look: { yaw: -0.8, pitch: -0.3 },
  frames: 40,
  /** Swipe measurements, each between two normal views (Perlin, then simplex, alternately). */
  rounds: 2,
};
/** Issue 11's horizon: full detail at R = 32 against R = 12 with levels of detail, one biomes world. */
export const HORIZON = {
  view: 'type=biomes&seed=bench',
  /** The 1,500-block flight after each load (long tasks, per-frame time); off with --no-horizon-flight. */
  flight: !process.argv.includes('--no-horizon-flight'),
  /** `--horizon=r32`: only the full-detail R = 32 runs (this build, and the --before and --baseline builds). */
  onlyR32: process.argv.includes('--horizon=r32'),
};
export const GOALS = {
  longTasksAfterReady: 0,
  frameScriptP95Ms: 8,
  geometriesOverLoaded: 8,
  returnRatio: 0.2,
  poolSpeedup: 1.6,
  /** The swipe view may cost about twice the normal view, no more. */
  compareCostRatio: 2.2,
  /** Issue 11, R = 12 with levels of detail. */
  horizonDrawCalls: 150,
  horizonTriangles: 1.2e6,
  horizonFrameP95Ms: 4,
  horizonHeapMB: 300,
  /** Full detail at R = 32 before batched drawing, as the issue measured it. */
  fullDetailR32DrawCallsToday: 1418,
  /** Issue 21, the default still view against the build before it. */
  discTrianglesRatio: 0.7,
  discFramesRatio: 1.3,
  /** Share of pixels that may differ by more than 32 in a channel from the build before. */
  discPictureOver32: 0.001,
  /** Issue 21: bytes handed to WebGL per frame, p95, in the default flight (R = 8, far 64). */
  uploadBytesP95: 2 ** 20,
  /** Issue 21: batched R = 32 flight, main-thread p95 per frame. */
  batchedR32FrameP95Ms: 100,
};
export const TIMEOUT_MS = {
  goto: 60_000,
  ready: 300_000,
  flight: 2 * (FLIGHT.distance / FLIGHT.speed) * 1000 + 120_000,
  // A guard against hangs: looking around at R = 32 on a loaded machine took over a minute.
  evaluate: 240_000,
};
/** The workers-alone measurement builds a square of this many columns a side per run. */
export const RAW_WORKERS_SIDE = 50;
export const OUT_DIR = 'bench-results';
/**
 * Our own build directory, not dist/: the e2e tests rebuild dist/ (emptying it first), and on
 * a shared machine one may run while this serves pages for minutes.
 */
export const APP_DIR = `${OUT_DIR}/app`;

export type Part = 'load' | 'flight' | 'throughput' | 'compare' | 'horizon' | 'disc' | 'caves';
export const PARTS: readonly Part[] = ['load', 'flight', 'throughput', 'compare', 'horizon', 'disc', 'caves'];

export function partsToRun(): Set<Part> {
  const arg = process.argv.find((a) => a.startsWith('--only='));
  if (!arg) return new Set(PARTS);
  const wanted = arg.slice('--only='.length).split(',');
  for (const w of wanted) if (!PARTS.includes(w as Part)) throw new Error(`--only: unknown part "${w}" (expected ${PARTS.join(', ')})`);
  return new Set(wanted as Part[]);
}

export interface BenchOptions {
  /** Unminified build and a CPU profile of the flight; timings taken meanwhile are inflated. */
  profile: boolean;
  /** Rebuild the app into APP_DIR (false: reuse the last build). */
  rebuild: boolean;
  parts: Set<Part>;
  /** A build of an earlier commit (`--before=<dir>`): the horizon and disc parts' baseline. */
  beforeDir: string | null;
  /**
   * A build of this branch's starting point (`--baseline=<dir>`): its R = 8 load and flight,
   * and its R = 32 horizon run, are measured in the same run beside this build's.
   */
  baselineDir: string | null;
  /**
   * Hardware GL instead of SwiftShader: `--gpu` (ANGLE on OpenGL) or `--gpu=gl-egl|vulkan`;
   * null for SwiftShader. The renderer really got is reported either way.
   */
  gpu: GpuBackend | null;
  /** `--throttle=N`: the flight runs with the page's CPU slowed N times (1: not throttled). */
  throttle: number;
}

const GPU_BACKENDS: readonly GpuBackend[] = ['gl', 'gl-egl', 'vulkan'];

function gpuOption(): GpuBackend | null {
  const arg = process.argv.find((a) => a === '--gpu' || a.startsWith('--gpu='));
  if (!arg) return null;
  const backend = (arg === '--gpu' ? 'gl' : arg.slice('--gpu='.length)) as GpuBackend;
  if (!GPU_BACKENDS.includes(backend)) throw new Error(`--gpu=${backend}: expected one of ${GPU_BACKENDS.join(', ')}`);
  return backend;
}

function throttleOption(): number {
  const arg = process.argv.find((a) => a.startsWith('--throttle='));
  if (!arg) return 1;
  const rate = Number(arg.slice('--throttle='.length));
  if (!(rate >= 1)) throw new Error(`${arg}: expected a CPU slow-down factor of 1 or more`);
  return rate;
}

export function benchOptions(): BenchOptions {
  const dir = (flag: string) => process.argv.find((a) => a.startsWith(flag))?.slice(flag.length) ?? null;
  return {
    profile: process.argv.includes('--profile'),
    rebuild: !process.argv.includes('--no-build'),
    parts: partsToRun(),
    beforeDir: dir('--before='),
    baselineDir: dir('--baseline='),
    gpu: gpuOption(),
    throttle: throttleOption(),
  };
}
