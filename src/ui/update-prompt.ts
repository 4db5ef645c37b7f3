/**
 * The bar that says a new version of the game is installed and waiting. It never blocks
 * play (the game goes on under it) and never reloads by itself: "Reload now" saves and
 * reloads, "Later" hides it for the rest of this visit.
 */
import { el } from './dom';

export interface UpdatePromptHooks {
  reload(): void;
  later(): void;
}

const READY = 'A new version of the game is ready.';
const OUTDATED = 'Another tab switched to a new version of the game; this one still runs the old one and should reload.';

export class UpdatePrompt {
  readonly element: HTMLDivElement;
  private readonly text: HTMLSpanElement;
  private readonly buttons: HTMLButtonElement[];

  constructor(parent: HTMLElement, hooks: UpdatePromptHooks) {
    this.element = el('div', 'update-prompt hidden', parent);
    this.element.setAttribute('role', 'status');
    this.text = el('span', 'update-prompt-text', this.element, READY);
    const reload = el('button', 'update-prompt-reload', this.element, 'Reload now');
    reload.type = 'button';
    reload.addEventListener('click', () => hooks.reload());
    const later = el('button', 'update-prompt-later', this.element, 'Later');
    later.type = 'button';
    later.addEventListener('click', () => hooks.later());
    this.buttons = [reload, later];
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  show(): void {
    this.setState(READY, false);
    this.element.classList.remove('hidden');
  }

  hide(): void {
    this.element.classList.add('hidden');
  }

  /** The new version took over from another tab: this page's old files may be gone from the cache. */
  outdated(): void {
    this.setState(OUTDATED, false);
    this.element.classList.remove('hidden');
  }

  /** Between "Reload now" and the reload: edits are being saved; a second click does nothing. */
  reloading(): void {
    this.setState('Saving your edits, then reloading…', true);
  }

  /** The reload did not happen (edits could not be saved): why, and the choice again. */
  failed(reason: string): void {
    this.setState(`The game did not reload: ${reason}`, false);
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }

  private setState(text: string, busy: boolean): void {
    this.text.textContent = text;
    for (const button of this.buttons) button.disabled = busy;
    this.element.setAttribute('aria-busy', String(busy));
  }
}
