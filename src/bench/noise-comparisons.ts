/**
 * The comparisons the README's noise table, the noise lab and `npm run bench` line up: ours
 * against simplex-noise (or the per-sample reference) on the same workload definitions.
 */
import { heightfield, perSample2D, perSample3D, type Workload } from './noise-workloads';

type Pair = { perlin: Workload; simplex: Workload };

export interface NoiseComparison {
  label: string;
  /** What one sample is: a noise sample or a heightfield cell. */
  unit: 'sample' | 'cell';
  ours: Workload;
  theirs: Workload;
  /** The speed-up the issue asked for, theirs / ours, where it set one. */
  goal?: number;
}

/** Fresh workloads and the comparisons over them (`workloads` lists each one once). */
export function noiseComparisons(): {
  workloads: Workload[];
  comparisons: NoiseComparison[];
  groups: { heightfield: ReturnType<typeof heightfield>; scan2: Pair; scatter2: Pair; scan3: Pair; scatter3: Pair };
} {
  const h = heightfield();
  const scan2 = perSample2D('scan');
  const scatter2 = perSample2D('scatter');
  const scan3 = perSample3D('scan');
  const scatter3 = perSample3D('scatter');
  const comparisons: NoiseComparison[] = [
    { label: 'Perlin 2D vs noise2D, per sample (scan)', unit: 'sample', ours: scan2.perlin, theirs: scan2.simplex, goal: 1.5 },
    { label: 'Perlin 2D vs noise2D, per sample (scatter)', unit: 'sample', ours: scatter2.perlin, theirs: scatter2.simplex, goal: 1.5 },
    { label: 'Perlin 3D vs noise3D, per sample (scan)', unit: 'sample', ours: scan3.perlin, theirs: scan3.simplex, goal: 1.0 },
    { label: 'Perlin 3D vs noise3D, per sample (scatter)', unit: 'sample', ours: scatter3.perlin, theirs: scatter3.simplex, goal: 1.0 },
    { label: '16x16 6-octave fBm: batch Perlin vs per-sample noise2D', unit: 'cell', ours: h.perlinBatch, theirs: h.simplexPerSample, goal: 4 },
    { label: '16x16 6-octave fBm: batch vs per-sample, both Perlin', unit: 'cell', ours: h.perlinBatch, theirs: h.perlinPerSample },
    { label: '16x16 6-octave fBm: per sample, Perlin vs noise2D', unit: 'cell', ours: h.perlinPerSample, theirs: h.simplexPerSample },
    { label: '16x16 6-octave fBm: fillGrid2D, Perlin vs simplex-noise', unit: 'cell', ours: h.perlinBatch, theirs: h.simplexBatch },
  ];
  const workloads = [...new Set(comparisons.flatMap((c) => [c.ours, c.theirs]))];
  return { workloads, comparisons, groups: { heightfield: h, scan2, scatter2, scan3, scatter3 } };
}
