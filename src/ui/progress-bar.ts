/** "Columns ready / columns wanted" while the world (re)loads; hides itself when complete. */
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

  update(ready: number, wanted: number): void {
    const done = wanted === 0 || ready >= wanted;
    this.element.classList.toggle('hidden', done);
    if (done) return;
    const text = `Loading terrain: ${ready} / ${wanted} columns`;
    if (text === this.lastText) return;
    this.lastText = text;
    this.fill.style.width = `${((100 * ready) / wanted).toFixed(1)}%`;
    this.label.textContent = text;
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
