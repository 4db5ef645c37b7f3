/**
 * The Worlds dialog's list: its rows, or a line saying why there are none (loading, failed,
 * empty). Every render rebuilds the rows, so focus is carried across by focus key
 * (worlds-controls.ts): it stays on the control it was on, with the text selection of a field
 * being typed in, or moves where the dialog asks.
 */
import { el } from './dom';
import type { WorldListEntry } from './world-list';

export class WorldsListView {
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLParagraphElement;

  constructor(parent: HTMLElement) {
    this.list = el('ul', 'worlds-list', parent);
    this.list.setAttribute('aria-label', 'Saved worlds');
    this.empty = el('p', 'worlds-empty', parent);
  }

  /**
   * Shows a row per entry (`row` builds it), or `emptyText` when there are none; then focuses
   * the control named `moveFocusTo`, else the one focused before (selecting a field's text
   * when focus moved into it).
   */
  show(entries: readonly WorldListEntry[], emptyText: string, row: (entry: WorldListEntry) => HTMLLIElement, moveFocusTo: string | null): void {
    const active = this.list.ownerDocument.activeElement;
    const keepFocus = active instanceof HTMLElement && this.list.contains(active) ? active.dataset.focus : undefined;
    const selection = active instanceof HTMLInputElement && keepFocus ? { start: active.selectionStart, end: active.selectionEnd } : null;

    this.list.replaceChildren(...entries.map(row));
    this.list.hidden = entries.length === 0;
    this.empty.hidden = entries.length > 0;
    this.empty.textContent = emptyText;

    const key = moveFocusTo ?? keepFocus;
    if (!key) return;
    const target = this.control(key);
    if (!target) return;
    target.focus();
    if (target instanceof HTMLInputElement) {
      if (selection && key === keepFocus) target.setSelectionRange(selection.start, selection.end);
      else if (key !== keepFocus) target.select();
    }
  }

  /** Brings the row holding control `key` into view. */
  scrollToRowOf(key: string): void {
    this.control(key)?.closest('li')?.scrollIntoView({ block: 'nearest' });
  }

  private control(key: string): HTMLElement | null {
    return this.list.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
  }
}
