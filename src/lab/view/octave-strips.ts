/**
 * The fBm section's two rows: each octave alone, and the running sum after it. The rows grow
 * and shrink with the octave count (figures are added or removed at the end only, so the
 * ones that stay keep their place and their PNG buttons).
 */
import type { OctaveFigure } from '../compute/fbm-2d';
import { OCTAVE_FIGURE_SIZE } from '../compute/grid-area';
import { CanvasFigure } from './canvas-figure';
import type { Listeners } from './dom';
import { formatNumber } from './format';

/** Up to this many figures per row; more octaves wrap. */
const MAX_COLUMNS = 8;

export class OctaveStrips {
  private readonly octaves: CanvasFigure[] = [];
  private readonly sums: CanvasFigure[] = [];

  constructor(
    private readonly octaveRow: HTMLElement,
    private readonly sumRow: HTMLElement,
    private readonly listeners: Listeners,
  ) {}

  show(figures: readonly OctaveFigure[]): void {
    const n = figures.length;
    for (const row of [this.octaveRow, this.sumRow]) row.style.setProperty('--columns', String(Math.min(MAX_COLUMNS, n)));
    while (this.octaves.length > n) this.octaves.pop()!.remove();
    while (this.sums.length > n) this.sums.pop()!.remove();
    const size = OCTAVE_FIGURE_SIZE;
    while (this.octaves.length < n) {
      const i = this.octaves.length + 1;
      this.octaves.push(new CanvasFigure(this.octaveRow, { title: `octave ${i}`, width: size, height: size, fileName: `fbm-octave-${i}`, className: 'figure-small' }, this.listeners));
      this.sums.push(new CanvasFigure(this.sumRow, { title: `sum of 1–${i}`, width: size, height: size, fileName: `fbm-sum-${i}`, className: 'figure-small' }, this.listeners));
    }
    figures.forEach((o, i) => {
      const octave = this.octaves[i]!;
      octave.putPixels(o.rgba, size, size);
      octave.setNote(`${formatNumber(1 / o.frequency, 1)} blocks · weight ${formatNumber(o.weight, 3)}`);
      const sum = this.sums[i]!;
      sum.putPixels(o.sumRgba, size, size);
      sum.setNote(`weights so far ${formatNumber(o.weightSoFar, 3)}`);
    });
  }
}
