/** How far the world has loaded (columns, and far regions when the far view is on); hides itself when complete. */
import { el } from './dom';

export class ProgressBar {
  readonly element: HTMLDivElement;
  private readonly fill: HTMLDivElement;
  private readonly label: HTMLSpanElement;
  private lastText = '';

  constructor(parent: HTMLElement) {
    this.element = el('div', 'progress hidden', parent);
    this.fill = el('div', 'progress-fill', this.element);
    this.label = el('span', 'progress-label', this.element);
  }

  /** Shows `fraction` (0..1) of the bar and "Loading terrain: <counts>"; hidden once `done`. */
  update(done: boolean, fraction: number, counts: string): void {
    this.element.classList.toggle('hidden', done);
    if (done) return;
    const text = `Loading terrain: ${counts}`;
    if (text === this.lastText) return;
    this.lastText = text;
    this.fill.style.width = `${(100 * fraction).toFixed(1)}%`;
    this.label.textContent = text;
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
