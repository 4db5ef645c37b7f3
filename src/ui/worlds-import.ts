/**
 * The Worlds dialog's Import: a button that opens the browser's file picker (a hidden file
 * input) for a world file exported by this game, and a line saying what it takes. Reading
 * and adding the world is the dialog's (`chosen`).
 */
import { el } from './dom';
import { markUnavailable } from './worlds-controls';

export interface WorldImportHooks {
  /** The button was pressed: false keeps the picker closed (the dialog is busy and said so). */
  mayChoose(): boolean;
  /** The player chose `file`. */
  chosen(file: File): void;
}

export class WorldImportPicker {
  private readonly button: HTMLButtonElement;

  constructor(parent: HTMLElement, hooks: WorldImportHooks) {
    const foot = el('div', 'worlds-foot', parent);
    this.button = el('button', 'worlds-button worlds-import', foot, 'Import…');
    this.button.type = 'button';
    this.button.dataset.hint = 'Add a world from a file exported by this game';
    el('span', 'worlds-foot-hint', foot, 'a world file (.json) exported by this game');
    const fileInput = el('input', 'worlds-file', foot);
    fileInput.type = 'file';
    fileInput.accept = '.json,application/json';
    fileInput.hidden = true;
    fileInput.tabIndex = -1;
    this.button.addEventListener('click', () => {
      if (hooks.mayChoose()) fileInput.click();
    });
    fileInput.addEventListener('change', () => {
      const file = fileInput.files?.[0];
      // Cleared, so that choosing the same file again (after fixing it) is a change too.
      fileInput.value = '';
      if (file) hooks.chosen(file);
    });
  }

  /** Import is unavailable while `reason` (a hook runs), or available with null. */
  setUnavailable(reason: string | null): void {
    markUnavailable(this.button, reason);
  }
}
