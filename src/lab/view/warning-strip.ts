/**
 * Warnings: bad URL values and refused or clamped control values, stacked at the bottom
 * right of the window (fixed, so one about a control is seen next to the typing, wherever
 * the page is scrolled), each with a close button. Also logged with console.warn. A warning
 * about one control's value is tagged with it, and goes once that control takes a good
 * value: a fixed mistake leaves nothing to read.
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

  /** Shows `message`; `about` names the control whose value it is about, if any. */
  add(message: string, about?: string): void {
    console.warn(`Noise lab: ${message}`);
    this.history.push(message);
    const item = el('div', 'warning', this.element);
    if (about !== undefined) item.dataset.about = about;
    el('span', 'warning-text', item, message);
    const close = el('button', 'warning-close', item, '×');
    close.type = 'button';
    close.setAttribute('aria-label', 'Dismiss');
    this.listeners.on(close, 'click', () => item.remove());
    while (this.element.children.length > MAX_SHOWN) this.element.firstElementChild?.remove();
  }

  /** Takes away every shown warning about control `about` (its value is good again). */
  clear(about: string): void {
    for (const item of [...this.element.children]) if (item instanceof HTMLElement && item.dataset.about === about) item.remove();
  }
}
