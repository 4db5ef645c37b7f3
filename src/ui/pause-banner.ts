/**
 * The message shown while the game is paused for a reason the player did not choose: the
 * browser took the graphics context away (a GPU reset, a driver update, too many tabs
 * with WebGL). It stays until the context is back, so nobody mistakes a frozen picture for
 * a hang.
 */
import { el } from './dom';

export class PauseBanner {
  readonly element: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.element = el('div', 'pause-banner hidden', parent);
    this.element.setAttribute('role', 'status');
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  show(text: string): void {
    this.element.textContent = text;
    this.element.classList.remove('hidden');
  }

  hide(): void {
    this.element.classList.add('hidden');
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
