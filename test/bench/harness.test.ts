/** The timing harness and its report, on a fake clock: the method, not the machine, is under test. */
import { describe, expect, it } from 'vitest';
import { calibrate, median, nsPerSample, timeWorkloads } from '../../src/bench/harness';
import { noiseComparisons } from '../../src/bench/noise-comparisons';
import { BENCH_SEED, POINTS, type Workload } from '../../src/bench/noise-workloads';
import { benchReport } from '../../src/bench/report';

/** A clock that only moves when a fake workload "runs": each call costs `ms` of virtual time. */
function fakeMachine() {
  let time = 0;
  const log: string[] = [];
  const workload = (name: string, msPerCall: number, samples: number): Workload => ({
    name,
    samples,
    run: () => {
      time += msPerCall;
      log.push(name);
      return 1;
    },
  });
  return { now: () => time, workload, log };
}

describe('bench harness', () => {
  it('median of odd and even counts; NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('calibrates slices to about the asked duration', () => {
    const m = fakeMachine();
    expect(calibrate(m.workload('w', 0.01, 100), 5, m.now)).toBe(500);
    expect(calibrate(m.workload('slow', 20, 100), 5, m.now)).toBe(1);
  });

  it('times every workload once per round in rotating order and reports ns per sample', () => {
    const m = fakeMachine();
    const a = m.workload('a', 0.004096, 4096); // 1 ns per sample
    const b = m.workload('b', 0.008192, 4096); // 2 ns per sample
    const c = m.workload('c', 0.000768, 256); // 3 ns per cell
    const times = timeWorkloads([a, b, c], m.now, { warmupMs: 10, rounds: 4, roundMs: 1 });
    expect(times).toHaveLength(3);
    for (const [i, ns] of [1, 2, 3].entries()) {
      expect(times[i]).toHaveLength(4);
      for (const t of times[i]!) expect(t).toBeCloseTo(ns, 9);
    }
    // The round order rotates: each round starts with the next workload (runs of one name
    // collapsed; the last 12 runs are the 4 timed rounds).
    const starts: string[] = [];
    let last = '';
    for (const name of m.log) {
      if (name !== last) starts.push(name);
      last = name;
    }
    expect(starts.slice(-12)).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b', 'a', 'b', 'c']);
  });

  it('the report pairs the comparisons’ medians into ratios', () => {
    const { workloads, comparisons } = noiseComparisons();
    // Every comparison names workloads from the list, each listed once.
    expect(new Set(workloads).size).toBe(workloads.length);
    for (const c of comparisons) expect(workloads).toContain(c.ours);
    const times = workloads.map((_, i) => [i + 1, i + 3, i + 2]);
    const report = benchReport(workloads, comparisons, times);
    expect(report.rounds).toBe(3);
    report.workloads.forEach((w, i) => expect(w).toMatchObject({ medianNs: i + 2, bestNs: i + 1, samples: workloads[i]!.samples }));
    for (const [k, c] of report.comparisons.entries()) {
      const ours = workloads.indexOf(comparisons[k]!.ours) + 2;
      const theirs = workloads.indexOf(comparisons[k]!.theirs) + 2;
      expect(c).toMatchObject({ oursNs: ours, theirsNs: theirs, ratio: theirs / ours, unit: comparisons[k]!.unit });
    }
    expect(() => benchReport(workloads.slice(1), comparisons, times)).toThrow(/not timed/);
  });

  it('the workloads are npm run bench’s: seed 20240601, 4096 samples, 16 x 16 columns', () => {
    expect(BENCH_SEED).toBe(20240601);
    expect(POINTS).toBe(4096);
    const { workloads } = noiseComparisons();
    expect(workloads.map((w) => w.samples).sort((x, y) => x - y)).toEqual([256, 256, 256, 256, 4096, 4096, 4096, 4096, 4096, 4096, 4096, 4096]);
    for (const w of workloads) expect(Number.isFinite(w.run())).toBe(true);
  });
});

describe('nsPerSample on a coarse clock', () => {
  it('never reads 0: a batch inside one clock tick runs on until the clock moves', () => {
    // A clock that ticks by 1 ms only every 5th read, as a clamped browser clock would.
    let reads = 0;
    const coarse = () => Math.floor(reads++ / 5);
    const w: Workload = { name: 'tiny', samples: 1, run: () => 1 };
    const ns = nsPerSample(w, 1, coarse);
    expect(ns).toBeGreaterThan(0);
    expect(Number.isFinite(ns)).toBe(true);
  });
});
