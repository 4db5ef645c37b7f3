/**
 * The arithmetic of `npm run bench:server`'s figures, pure so unit tests check it: latency
 * percentiles, a process's CPU from two /proc/<pid>/stat readings, and the check of
 * acknowledged edits against what the database holds.
 */
import type { BlockEdit } from '../../../src/world';
import { percentile } from '../stats';

/** USER_HZ: /proc/<pid>/stat counts CPU time in these ticks; 100 on every mainstream Linux. */
export const CLOCK_TICKS = 100;

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of round trips in milliseconds (NaN for none). */
export function latency(ms: readonly number[]): Latency {
  return { count: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: ms.length ? Math.max(...ms) : NaN };
}

/** A process's CPU time so far in clock ticks: utime + stime, fields 14 and 15 of /proc/<pid>/stat. */
export function cpuTicks(statText: string): number {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return Number(fields[11]) + Number(fields[12]);
}

/** Percent of one core used between two readings `seconds` apart (200 = both cores of two, all the time). */
export function cpuPercent(ticksBefore: number, ticksAfter: number, seconds: number, clockTicks = CLOCK_TICKS): number {
  return seconds > 0 ? ((ticksAfter - ticksBefore) / clockTicks / seconds) * 100 : NaN;
}

/** Kilobytes of a "VmHWM:  1234 kB"-style line of /proc/<pid>/status, or NaN when it is absent. */
export function statusKb(statusText: string, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(statusText);
  return match ? Number(match[1]) : NaN;
}

/** An acknowledged edit as a client knows it: the world and the block it set. */
export interface AckedEdit extends BlockEdit {
  worldId: string;
}

/**
 * The acknowledged edits the database does not hold, given every stored edit per world. The
 * plan (plan.ts) never sets one block twice in a run, so each must be there exactly as sent.
 */
export function missingEdits(acked: readonly AckedEdit[], stored: ReadonlyMap<string, readonly BlockEdit[]>): AckedEdit[] {
  const index = new Map<string, Map<string, BlockEdit>>();
  for (const [worldId, edits] of stored) index.set(worldId, new Map(edits.map((e) => [`${e.x},${e.y},${e.z}`, e])));
  return acked.filter((a) => {
    const found = index.get(a.worldId)?.get(`${a.x},${a.y},${a.z}`);
    return !found || found.block !== a.block || (found.state ?? 0) !== (a.state ?? 0);
  });
}

/** One run of the ramp: players in one world, their p95, acknowledged edits lost, no one disconnected. */
export interface RampStep {
  players: number;
  p95Ms: number;
  lost: number;
  clean: boolean;
}

/**
 * The largest player count of a ramp (run in increasing counts) whose p95 met the goal with
 * nothing lost and no one disconnected, counting only up to the first count that failed: a
 * lucky larger run after a failure says nothing about holding the goal. Null when the first failed.
 */
export function largestPassing(steps: readonly RampStep[], p95GoalMs: number): number | null {
  let largest: number | null = null;
  for (const s of [...steps].sort((a, b) => a.players - b.players)) {
    if (!(s.p95Ms <= p95GoalMs) || s.lost > 0 || !s.clean) break;
    largest = s.players;
  }
  return largest;
}
