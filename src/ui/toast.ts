/** Short messages for the player (bad input that was corrected, copied links, errors). */
import { el } from './dom';

const SHOW_MS = 5000;

export class Toasts {
  readonly element: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.element = el('div', 'toasts', parent);
    this.element.setAttribute('role', 'status');
    this.element.setAttribute('aria-live', 'polite');
  }

  show(message: string, kind: 'info' | 'warning' | 'error' = 'info'): void {
    const toast = el('div', `toast toast-${kind}`, this.element, message);
    setTimeout(() => toast.remove(), kind === 'error' ? SHOW_MS * 2 : SHOW_MS);
    while (this.element.children.length > 4) this.element.firstElementChild?.remove();
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
