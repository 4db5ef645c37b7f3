/**
 * The warning that stays while edits cannot be saved (storage full, switched off, or a newer
 * version of the game upgrading the database in another tab). A toast would fade while the
 * danger lasts, so this stays, says how many edits wait, and offers the two ways out: export
 * the world to a file, or try saving again now. The game retries by itself too.
 */
import { el } from './dom';

export interface SaveWarningHooks {
  exportWorld(): void;
  retry(): void;
}

export class SaveWarning {
  readonly element: HTMLDivElement;
  private readonly text: HTMLSpanElement;

  constructor(parent: HTMLElement, hooks: SaveWarningHooks) {
    this.element = el('div', 'save-warning hidden', parent);
    this.element.setAttribute('role', 'alert');
    this.text = el('span', 'save-warning-text', this.element);
    const exportButton = el('button', '', this.element, 'Export world…');
    exportButton.addEventListener('click', () => hooks.exportWorld());
    const retryButton = el('button', '', this.element, 'Retry now');
    retryButton.addEventListener('click', () => hooks.retry());
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  show(reason: string, pending: number): void {
    this.text.textContent = `Edits are not being saved (${reason}). ${pending > 0 ? `${pending} changed column${pending === 1 ? '' : 's'} wait in memory` : 'They are kept in memory'} and saving is retried; export the world to be safe.`;
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
