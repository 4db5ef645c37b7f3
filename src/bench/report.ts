/**
 * Figures from timed rounds (harness.ts): per workload the median and the fastest slice, per
 * comparison the two medians and their ratio. What the noise lab's speed table prints.
 */
import { median } from './harness';
import type { NoiseComparison } from './noise-comparisons';
import type { Workload } from './noise-workloads';

export interface WorkloadFigure {
  name: string;
  /** Samples (or heightfield cells) per call. */
  samples: number;
  /** ns per sample: median over rounds, and the fastest round. */
  medianNs: number;
  bestNs: number;
}

export interface ComparisonFigure {
  label: string;
  unit: 'sample' | 'cell';
  ours: string;
  theirs: string;
  oursNs: number;
  theirsNs: number;
  /** theirsNs / oursNs: how many times faster ours is (below 1: slower). */
  ratio: number;
  goal?: number;
}

export interface BenchReport {
  rounds: number;
  workloads: WorkloadFigure[];
  comparisons: ComparisonFigure[];
}

/** times[i][r]: ns per sample of workloads[i] in round r. */
export function benchReport(workloads: readonly Workload[], comparisons: readonly NoiseComparison[], times: readonly (readonly number[])[]): BenchReport {
  const figures = workloads.map((w, i) => {
    const t = times[i] ?? [];
    return { name: w.name, samples: w.samples, medianNs: median(t), bestNs: t.length > 0 ? Math.min(...t) : NaN };
  });
  const byWorkload = new Map(workloads.map((w, i) => [w, figures[i]!]));
  return {
    rounds: times[0]?.length ?? 0,
    workloads: figures,
    comparisons: comparisons.map((c) => {
      const ours = byWorkload.get(c.ours);
      const theirs = byWorkload.get(c.theirs);
      if (!ours || !theirs) throw new Error(`comparison "${c.label}" names a workload that was not timed`);
      const figure: ComparisonFigure = {
        label: c.label,
        unit: c.unit,
        ours: ours.name,
        theirs: theirs.name,
        oursNs: ours.medianNs,
        theirsNs: theirs.medianNs,
        ratio: theirs.medianNs / ours.medianNs,
      };
      if (c.goal !== undefined) figure.goal = c.goal;
      return figure;
    }),
  };
}
