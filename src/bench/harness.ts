/**
 * Timing workloads the way scripts/noise-bench-table.ts does, for any clock: Node's
 * performance.now in the script, the bench worker's in the noise lab. The clock is passed
 * in, so this module reads no global time and runs anywhere.
 *
 * Method: warm every workload up (the JIT must have optimised all of them before any is
 * timed), size each one's slice to about `roundMs`, then time rounds in which every
 * workload runs one slice back to back, in an order that rotates between rounds, so each
 * side of a comparison sees the same load. A shared machine cuts slices short at random;
 * the median over rounds (and the fastest slice) shrug that off, a mean would not.
 */
import type { Workload } from './noise-workloads';

/** Milliseconds from an arbitrary origin (performance.now). */
export type Clock = () => number;

export interface BenchOptions {
  /** Warm-up per workload, in slices of `warmupMs / 10`. */
  warmupMs: number;
  /** Timed rounds; each runs every workload once for about `roundMs`. */
  rounds: number;
  roundMs: number;
}

export const DEFAULT_BENCH_OPTIONS: Readonly<BenchOptions> = Object.freeze({ warmupMs: 200, rounds: 60, roundMs: 5 });

/** Keeps every result: the engine cannot skip work whose result is read. */
let sink = 0;

/** Calls of `w.run` that take about `ms` milliseconds. */
export function calibrate(w: Workload, ms: number, now: Clock): number {
  let calls = 1;
  for (;;) {
    const t0 = now();
    for (let i = 0; i < calls; i++) sink += w.run();
    const dt = now() - t0;
    if (dt >= ms / 4) return Math.max(1, Math.round((calls * ms) / dt));
    calls *= 2;
  }
}

/** Nanoseconds per sample over `calls` calls of `w.run`. */
export function nsPerSample(w: Workload, calls: number, now: Clock): number {
  const t0 = now();
  let done = 0;
  let dt: number;
  // A browser's clock is coarse (clamped to 0.1 ms or more): a batch calibrated on a slow pass
  // can finish inside one tick and read 0, and a median of such rounds reported 0 ns. The batch
  // goes on until the clock has moved.
  do {
    for (let i = 0; i < calls; i++) sink += w.run();
    done += calls;
    dt = now() - t0;
  } while (dt <= 0);
  return (dt * 1e6) / (done * w.samples);
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * ns per sample of each workload in each round: times[i][r] for workloads[i].
 * `onRound(r)` is called after each round (progress for a UI).
 */
export function timeWorkloads(workloads: readonly Workload[], now: Clock, options: Partial<BenchOptions> = {}, onRound?: (round: number) => void): number[][] {
  const o = { ...DEFAULT_BENCH_OPTIONS, ...options };
  for (const w of workloads) {
    const calls = calibrate(w, o.warmupMs / 10, now);
    for (let i = 0; i < 10; i++) nsPerSample(w, calls, now);
  }
  const calls = workloads.map((w) => calibrate(w, o.roundMs, now));
  const times: number[][] = workloads.map(() => []);
  for (let r = 0; r < o.rounds; r++) {
    for (let k = 0; k < workloads.length; k++) {
      const i = (k + r) % workloads.length;
      times[i]!.push(nsPerSample(workloads[i]!, calls[i]!, now));
    }
    onRound?.(r);
  }
  if (!Number.isFinite(sink)) throw new Error('benchmark sink lost: a workload returned a non-finite sum');
  return times;
}
