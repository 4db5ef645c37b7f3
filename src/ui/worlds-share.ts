/**
 * The Worlds dialog's Play together: a button that shares the open world (the dialog runs
 * the game's `share` hook as its one action, so nothing else starts meanwhile), then the
 * invite link in a read-only field with Copy. Copy uses the clipboard where the page may, and
 * otherwise selects the link for the player to copy.
 */
import { el } from './dom';
import { markUnavailable } from './worlds-controls';

export interface WorldShareHooks {
  /** The button was pressed (the dialog checks it is free, then runs the share). */
  share(): void;
}

const LABEL = 'Play together';

export class WorldSharePanel {
  private readonly button: HTMLButtonElement;
  private readonly linkRow: HTMLElement;
  private readonly link: HTMLInputElement;
  private readonly copied: HTMLElement;

  constructor(parent: HTMLElement, hooks: WorldShareHooks) {
    const foot = el('div', 'worlds-foot worlds-share', parent);
    this.button = el('button', 'worlds-button worlds-share-button', foot, LABEL);
    this.button.type = 'button';
    this.button.dataset.hint = 'Put the open world on the game server and get a link that lets friends join it';
    el('span', 'worlds-foot-hint', foot, 'share the open world and invite friends with a link');
    this.button.addEventListener('click', () => {
      if (this.button.getAttribute('aria-disabled') !== 'true') hooks.share();
    });
    this.linkRow = el('div', 'worlds-foot worlds-share-link-row', parent);
    this.linkRow.hidden = true;
    this.link = el('input', 'worlds-share-link', this.linkRow);
    this.link.readOnly = true;
    this.link.setAttribute('aria-label', 'Invite link');
    this.link.addEventListener('focus', () => this.link.select());
    const copy = el('button', 'worlds-button worlds-share-copy', this.linkRow, 'Copy');
    copy.type = 'button';
    copy.addEventListener('click', () => void this.copy());
    this.copied = el('span', 'worlds-foot-hint worlds-share-copied', this.linkRow);
    this.copied.setAttribute('role', 'status');
  }

  /** While sharing the button says so and takes no click; otherwise unavailable for `reason` (another action runs), or free. */
  setState(sharing: boolean, reason: string | null): void {
    this.button.textContent = sharing ? 'Sharing…' : LABEL;
    this.button.disabled = sharing;
    markUnavailable(this.button, sharing ? null : reason);
  }

  /** Shows the invite link; `say` puts a line in the dialog's messages. */
  showLink(link: string, say: (text: string) => void): void {
    say('Shared: send the link below to your friends. Anyone with it can join.');
    this.link.value = link;
    this.copied.textContent = '';
    this.linkRow.hidden = false;
  }

  get linkText(): string {
    return this.linkRow.hidden ? '' : this.link.value;
  }

  private async copy(): Promise<void> {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(this.link.value);
      this.copied.textContent = 'Copied';
    } catch {
      // Not a secure page, or the permission was refused: the player copies it themselves.
      this.link.focus();
      this.link.select();
      this.copied.textContent = 'Press Ctrl+C (⌘C) to copy';
    }
  }
}
