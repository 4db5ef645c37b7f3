import { describe, expect, it } from 'vitest';
import { cpuPercent, cpuTicks, largestPassing, latency, missingEdits, statusKb } from '../../scripts/lib/server-bench/figures';
import { DEFAULT_WALK_PLAN, editTarget, planCapacity, poseAt } from '../../scripts/lib/server-bench/plan';
import { DEFAULT_NET_LIMITS, withinReach } from '../../src/net';

describe('bench:server figures', () => {
  it('takes nearest-rank percentiles of the round trips', () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(latency(ms)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(latency([7])).toEqual({ count: 1, p50: 7, p95: 7, p99: 7, max: 7 });
    expect(latency([]).p95).toBeNaN();
  });

  it('reads utime + stime from /proc/<pid>/stat, whatever the command name holds', () => {
    // Fields 14 and 15 (utime 1234, stime 567) after a name with a space and a parenthesis.
    const stat = '4242 (node (server) x) S 1 4242 4242 0 -1 4194560 9000 0 12 0 1234 567 0 0 20 0 11 0 100 1000000 5000 18446744073709551615';
    expect(cpuTicks(stat)).toBe(1801);
  });

  it('turns clock ticks over a window into percent of one core', () => {
    expect(cpuPercent(1000, 1500, 10)).toBe(50); // 5 s of CPU in 10 s
    expect(cpuPercent(0, 400, 2)).toBe(200); // both cores of two
    expect(cpuPercent(0, 30, 1, 1000)).toBe(3);
    expect(cpuPercent(0, 10, 0)).toBeNaN();
  });

  it('reads resident memory lines of /proc/<pid>/status', () => {
    const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n';
    expect(statusKb(status, 'VmRSS')).toBe(102400);
    expect(statusKb(status, 'VmHWM')).toBe(204800);
    expect(statusKb('Name:\tnode\n', 'VmRSS')).toBeNaN();
  });

  it('finds acknowledged edits the database lacks, or holds with another block', () => {
    const stored = new Map([['w', [{ x: 1, y: 2, z: 3, block: 2 }, { x: 4, y: 5, z: 6, block: 7, state: 1 }]]]);
    const acked = [
      { worldId: 'w', x: 1, y: 2, z: 3, block: 2, state: 0 },
      { worldId: 'w', x: 4, y: 5, z: 6, block: 7, state: 2 },
      { worldId: 'w', x: 9, y: 9, z: 9, block: 2 },
      { worldId: 'other', x: 1, y: 2, z: 3, block: 2 },
    ];
    expect(missingEdits(acked, stored)).toEqual(acked.slice(1));
  });

  it('reports the largest ramp count before the first that failed', () => {
    const step = (players: number, p95Ms: number, lost = 0, clean = true) => ({ players, p95Ms, lost, clean });
    expect(largestPassing([step(100, 80), step(50, 20), step(150, 140), step(200, 90)], 100)).toBe(100);
    expect(largestPassing([step(50, 20), step(100, 30, 1)], 100)).toBe(50);
    expect(largestPassing([step(50, 20), step(100, 30, 0, false)], 100)).toBe(50);
    expect(largestPassing([step(50, NaN)], 100)).toBeNull();
  });
});

describe('bench:server walk and edit plan', () => {
  const lanes = [0, 1, 7, 99];

  it('never sets one block twice in a run, in one lane or across lanes', () => {
    const seen = new Set<string>();
    for (const lane of lanes) {
      for (let k = 0; k < planCapacity(); k++) {
        const { x, y, z } = editTarget(lane, k);
        const key = `${x},${y},${z}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBe(lanes.length * planCapacity());
    expect(() => editTarget(0, planCapacity())).toThrow(RangeError);
  });

  it('keeps every edit within reach (without the margin) of every pose of the last second before it', () => {
    // At 2 edits/s the last second is 2 edits' worth of walking: moves up to that old still reach.
    const limits = { reach: DEFAULT_NET_LIMITS.reach, reachMargin: 0 };
    const outOfReach: string[] = [];
    for (const lane of lanes) {
      for (let k = 0; k < planCapacity(); k++) {
        const block = editTarget(lane, k);
        for (let back = 0; back <= 2; back += 0.25) if (!withinReach(poseAt(lane, k - back), block, limits)) outOfReach.push(`lane ${lane} edit ${k} from ${back} back`);
      }
    }
    expect(outOfReach).toEqual([]);
  });

  it('walks without jumps: a tenth of an edit moves the player at most a tenth of a block or so', () => {
    for (let u = 0; u < planCapacity() - 1; u += 0.1) {
      const a = poseAt(3, u);
      const b = poseAt(3, u + 0.1);
      expect(Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z)).toBeLessThanOrEqual(0.1 + 1e-9);
    }
  });

  it('builds in the air inside the world', () => {
    const top = editTarget(0, planCapacity() - 1);
    expect(top.y).toBe(DEFAULT_WALK_PLAN.baseY + DEFAULT_WALK_PLAN.rows - 1);
    expect(top.y).toBeLessThan(256);
  });
});
