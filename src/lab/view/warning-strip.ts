/**
 * Warnings: bad URL values and refused or clamped control values, stacked at the bottom
 * right of the window (fixed, so one about a control is seen next to the typing, wherever
 * the page is scrolled), each with a close button. Also logged with console.warn.
 */
import { el, type Listeners } from './dom';

/** A bad link can carry a warning for each of its ten parameters; older ones scroll away. */
const MAX_SHOWN = 10;

export class WarningStrip {
  readonly element: HTMLElement;
  /** Every warning shown since the page opened, oldest first. */
  readonly history: string[] = [];

  constructor(parent: Element, private readonly listeners: Listeners) {
    this.element = el('div', 'warnings', parent);
    this.element.setAttribute('role', 'alert');
    this.element.setAttribute('aria-live', 'polite');
  }

  add(message: string): void {
    console.warn(`Noise lab: ${message}`);
    this.history.push(message);
    const item = el('div', 'warning', this.element);
    el('span', 'warning-text', item, message);
    const close = el('button', 'warning-close', item, '×');
    close.type = 'button';
    close.setAttribute('aria-label', 'Dismiss');
    this.listeners.on(close, 'click', () => item.remove());
    while (this.element.children.length > MAX_SHOWN) this.element.firstElementChild?.remove();
  }
}
