/** Short messages for the player (bad input that was corrected, copied links, errors). */
import { el } from './dom';

const SHOW_MS = 5000;

export class Toasts {
  readonly element: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.element = el('div', 'toasts', parent);
  }

  show(message: string, kind: 'info' | 'warning' | 'error' = 'info'): void {
    const toast = el('div', `toast toast-${kind}`, this.element, message);
    setTimeout(() => toast.remove(), kind === 'error' ? SHOW_MS * 2 : SHOW_MS);
    while (this.element.children.length > 4) this.element.firstElementChild?.remove();
  }
}
