/**
 * The statistics table: one row per source, plain and as fBm, from the very samples the
 * figures above show: histogram, range, mean, standard deviation and directional bias.
 */
import type { NoiseStats } from '../../stats';
import { SOURCE_LABELS, STATS_KEYS, type SourceName, type StatsKey } from '../compute/sources';
import { angleChart, histogramChart } from './charts';
import { el } from './dom';
import { formatNumber } from './format';

const COLUMNS = ['source', 'histogram over [−1, 1]', 'min', 'max', 'mean', 'std dev', 'axes / diagonals', 'energy by angle, 0°…90°'];

function label(key: StatsKey): string {
  const fbm = key.endsWith('-fbm');
  const source = (fbm ? key.slice(0, -4) : key) as SourceName;
  return fbm ? `${SOURCE_LABELS[source]} fBm` : SOURCE_LABELS[source];
}

export class StatsTable {
  readonly element: HTMLTableElement;
  private readonly rows = new Map<StatsKey, HTMLTableRowElement>();

  constructor(parent: Element) {
    const wrap = el('div', 'table-wrap', parent);
    this.element = el('table', 'stats-table', wrap);
    const head = el('tr', '', el('thead', '', this.element));
    for (const c of COLUMNS) el('th', '', head, c);
    const body = el('tbody', '', this.element);
    for (const key of STATS_KEYS) {
      const row = el('tr', key.endsWith('-fbm') ? 'row-fbm' : '', body);
      row.dataset.source = key;
      el('th', 'source', row, label(key));
      for (let i = 1; i < COLUMNS.length; i++) el('td', i === 1 || i === COLUMNS.length - 1 ? 'chart-cell' : 'num', row, '…');
      this.rows.set(key, row);
    }
  }

  update(key: StatsKey, s: NoiseStats): void {
    const row = this.rows.get(key)!;
    const cells = row.querySelectorAll('td');
    cells[0]!.replaceChildren(histogramChart(s.histogram));
    cells[1]!.textContent = formatNumber(s.min, 3);
    cells[2]!.textContent = formatNumber(s.max, 3);
    cells[3]!.textContent = formatNumber(s.mean, 3);
    cells[4]!.textContent = formatNumber(s.std, 3);
    cells[5]!.textContent = formatNumber(s.isotropy, 2);
    cells[5]!.classList.toggle('biased', !(s.isotropy > 0.8 && s.isotropy < 1.25));
    cells[6]!.replaceChildren(angleChart(s.angleEnergy));
  }
}
