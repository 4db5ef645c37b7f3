/** Messages between the lab page and its bench worker (bench.worker.ts). */
import type { BenchOptions } from '../bench/harness';
import type { BenchReport } from '../bench/report';

export type BenchRequest = { type: 'run'; id: number; options: BenchOptions };

export type BenchReply =
  | { type: 'progress'; id: number; round: number; rounds: number }
  | { type: 'done'; id: number; report: BenchReport }
  | { type: 'error'; id: number; message: string };

/**
 * The lab's measurement: the harness's method with 30 rounds instead of the table script's
 * 60, so "measure again" answers in about five seconds on two cores.
 */
export const LAB_BENCH_OPTIONS: Readonly<BenchOptions> = Object.freeze({ warmupMs: 200, rounds: 30, roundMs: 5 });
