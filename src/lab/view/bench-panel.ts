/**
 * The speed table: ns per sample measured live in the bench worker, ours against
 * simplex-noise (and batch against per sample), with ratios, and a "measure again" button.
 */
import type { BenchReport } from '../../bench/report';
import { el, type Listeners } from './dom';
import { formatNumber } from './format';

export class BenchPanel {
  readonly element: HTMLElement;
  readonly button: HTMLButtonElement;
  private readonly status: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private readonly workloads: HTMLElement;

  constructor(parent: Element, listeners: Listeners, onMeasure: () => void) {
    this.element = el('div', 'bench', parent);
    const bar = el('div', 'bench-bar', this.element);
    this.button = el('button', 'button', bar, 'Measure again');
    this.button.type = 'button';
    this.button.disabled = true;
    listeners.on(this.button, 'click', onMeasure);
    this.status = el('span', 'bench-status', bar, 'waits for the figures to be drawn…');
    const wrap = el('div', 'table-wrap', this.element);
    const table = el('table', 'bench-table', wrap);
    const head = el('tr', '', el('thead', '', table));
    for (const c of ['comparison', 'ours', 'simplex-noise / reference', 'ours is', 'goal']) el('th', '', head, c);
    this.body = el('tbody', '', table);
    this.workloads = el('p', 'bench-workloads', this.element);
  }

  /** Manual mode: the first measurement waits for the button. */
  waiting(): void {
    this.button.textContent = 'Measure';
    this.button.disabled = false;
    this.status.textContent = 'press Measure to time the noises in this browser (about five seconds)';
  }

  running(round: number, rounds: number): void {
    this.button.disabled = true;
    this.status.textContent = round === 0 ? 'warming up…' : `measuring: round ${round} of ${rounds}`;
  }

  show(report: BenchReport, seconds: number): void {
    this.button.textContent = 'Measure again';
    this.button.disabled = false;
    this.status.textContent = `${report.rounds} rounds, medians; took ${seconds.toFixed(1)} s`;
    this.body.replaceChildren();
    for (const c of report.comparisons) {
      const row = el('tr', '', this.body);
      el('th', '', row, c.label);
      el('td', 'num', row, `${formatNumber(c.oursNs, 1)} ns/${c.unit}`);
      el('td', 'num', row, `${formatNumber(c.theirsNs, 1)} ns/${c.unit}`);
      // Below 1 the ratio reads better turned round: "1.22× slower", not "0.82× faster".
      const ratio = el('td', 'num ratio', row, c.ratio >= 1 ? `${formatNumber(c.ratio, 2)}× faster` : `${formatNumber(1 / c.ratio, 2)}× slower`);
      ratio.classList.toggle('slower', c.ratio < 1);
      const goal = c.goal === undefined ? '' : `≥ ${c.goal}×: ${c.ratio >= c.goal ? 'met' : 'not met'}`;
      el('td', c.goal !== undefined && c.ratio < c.goal ? 'goal missed' : 'goal', row, goal);
    }
    this.workloads.textContent =
      'Per workload, median / fastest round: ' + report.workloads.map((w) => `${w.name} ${formatNumber(w.medianNs, 1)} / ${formatNumber(w.bestNs, 1)} ns`).join('; ') + '.';
  }

  failed(message: string): void {
    this.button.disabled = false;
    this.status.textContent = `measurement failed: ${message}`;
  }
}
