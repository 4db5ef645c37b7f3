/**
 * The Worlds dialog's two message lines under its list: an alert (what failed, announced to
 * screen readers at once) and a status (what is happening, or just happened). Each hides when
 * empty.
 */
import { el } from './dom';

export class WorldsMessages {
  private readonly alert: HTMLParagraphElement;
  private readonly status: HTMLParagraphElement;

  constructor(parent: HTMLElement) {
    const messages = el('div', 'worlds-messages', parent);
    this.alert = el('p', 'worlds-alert', messages);
    this.alert.setAttribute('role', 'alert');
    this.status = el('p', 'worlds-status', messages);
    this.status.setAttribute('role', 'status');
  }

  /** The error shown now ('' when none). */
  get error(): string {
    return this.alert.textContent ?? '';
  }

  showError(text: string): void {
    this.alert.textContent = text;
    this.alert.hidden = text === '';
  }

  showStatus(text: string): void {
    this.status.textContent = text;
    this.status.hidden = text === '';
  }

  clear(): void {
    this.showError('');
    this.showStatus('');
  }
}
