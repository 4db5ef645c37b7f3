/**
 * Small inline SVG charts for the statistics table: a histogram over [-1, 1] (with the
 * samples outside the range shown as red bars beyond the ends) and the gradient energy by
 * angle. SVG, not canvas: they scale crisply and are part of the table, not figures to save.
 */
import type { Histogram } from '../../stats';
import { svg } from './dom';

const W = 160;
const H = 44;

export function histogramChart(h: Readonly<Histogram>): SVGSVGElement {
  const root = svg('svg', { class: 'chart chart-histogram', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img' });
  const bins = h.counts.length;
  const outside = h.below > 0 || h.above > 0;
  const pad = outside ? 8 : 0;
  const barWidth = (W - 2 * pad) / bins;
  const top = Math.max(1, ...h.counts, h.below, h.above);
  const bar = (x: number, width: number, count: number, cls: string) => {
    const height = (count / top) * (H - 4);
    svg('rect', { x: x + 0.5, y: H - height, width: Math.max(0.5, width - 1), height, class: cls }, root);
  };
  h.counts.forEach((c, b) => bar(pad + b * barWidth, barWidth, c, 'bar'));
  if (outside) {
    bar(0, pad, h.below, 'bar bar-outside');
    bar(W - pad, pad, h.above, 'bar bar-outside');
  }
  svg('line', { x1: W / 2, x2: W / 2, y1: 0, y2: H, class: 'axis-mid' }, root);
  const title = svg('title', {}, root);
  const pct = (c: number) => ((100 * c) / Math.max(1, h.total)).toFixed(1);
  title.textContent = `histogram over [${h.min}, ${h.max}], ${bins} bins: ${h.counts.map(pct).join(' ')} %` + (outside ? `; ${h.below} below, ${h.above} above` : '');
  return root;
}

export function angleChart(fractions: readonly number[]): SVGSVGElement {
  const width = 90;
  const root = svg('svg', { class: 'chart chart-angles', viewBox: `0 0 ${width} ${H}`, width, height: H, role: 'img' });
  const n = fractions.length;
  const barWidth = width / n;
  const top = Math.max(1e-9, ...fractions);
  fractions.forEach((f, i) => {
    const height = (f / top) * (H - 4);
    // The bins at 0° and 90° are the lattice axes, the middle one the diagonal.
    const axisLike = i === 0 || i === n - 1;
    svg('rect', { x: i * barWidth + 0.5, y: H - height, width: barWidth - 1, height, class: axisLike ? 'bar bar-axis' : 'bar' }, root);
  });
  const title = svg('title', {}, root);
  title.textContent = `gradient energy by angle (mod 90°, ${(90 / n).toFixed(0)}° bins from the x axis): ${fractions.map((f) => (100 * f).toFixed(1)).join(' ')} %`;
  return root;
}
