/**
 * When a room commits its queued edits: at once when it has not committed for `minGapMs`, else
 * `minGapMs` after the last commit began. A lone edit then waits for nothing but the database,
 * while under load the commits still come at most one per gap, each a batch of what queued
 * meanwhile (a fixed tick made every edit wait half a tick on average, and its p95 a whole one).
 */
export function commitDelay(now: number, lastCommitStart: number | null, minGapMs: number): number {
  return lastCommitStart === null ? 0 : Math.max(0, lastCommitStart + minGapMs - now);
}
