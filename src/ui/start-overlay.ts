/**
 * The overlay shown while the mouse is free: what the game is, the controls, and a button
 * to start flying. Clicking it asks for pointer lock; Esc (handled by the browser) frees it.
 */
import { el } from './dom';

export class StartOverlay {
  readonly element: HTMLDivElement;
  private readonly button: HTMLButtonElement;
  private readonly status: HTMLParagraphElement;

  constructor(parent: HTMLElement, onStart: () => void) {
    this.element = el('div', 'overlay', parent);
    const card = el('div', 'overlay-card', this.element);
    el('h1', '', card, 'Voxel Terrain Sandbox');
    el('p', 'overlay-lead', card, 'An endless, seeded voxel world. Walk or fly anywhere; the same seed always gives the same world, and your worlds and edits are saved in this browser (panel: worlds…).');
    const table = el('table', 'controls', card);
    const rows: [string, string][] = [
      ['Mouse', 'look around'],
      ['W A S D', 'move forward, left, back, right'],
      ['F, or Space twice', 'walk ⇄ fly'],
      ['Space / Shift', 'jump (swim up) when walking · up / down when flying'],
      ['Ctrl or Q (hold)', 'sprint (×4 when flying)'],
      ['1 – 9, wheel, or click the bar', 'choose the block to place'],
      ['Alt + wheel', 'flying speed'],
      ['Left / right click', 'break / place a block (reach 48)'],
      ['Ctrl+Z / Ctrl+Shift+Z', 'undo / redo an edit (last 200)'],
      ['Esc', 'release the mouse (this screen)'],
      ['Panel on the right', 'worlds, seed, noise, terrain shape, walk or fly, compare'],
      ['Compare divider', 'drag it while the mouse is free (or focus it, then ← →)'],
    ];
    for (const [key, action] of rows) {
      // The divider's row is for compare mode only (the stylesheet shows it there).
      const tr = el('tr', key === 'Compare divider' ? 'compare-only' : '', table);
      el('td', 'key', tr, key);
      el('td', '', tr, action);
    }
    this.button = el('button', 'start-button', card, 'Click to play');
    this.button.addEventListener('click', onStart);
    this.status = el('p', 'overlay-status', card);
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  show(): void {
    this.element.classList.remove('hidden');
  }

  hide(): void {
    this.element.classList.add('hidden');
  }

  /** A line under the button (loading progress, pointer-lock refusal, errors). */
  setStatus(text: string): void {
    this.status.textContent = text;
  }

  /** Takes the element off the page. Safe to call twice. */
  dispose(): void {
    this.element.remove();
  }
}
