/**
 * The chat in the lower left corner: the lines of a ChatLog (chat-log.ts), fading ~10 s after
 * they arrive, and a one-line input opened with T (or the players list's button). Enter sends,
 * Esc cancels; a click elsewhere closes it and keeps what was typed for next time. Every line is
 * set with textContent: chat is other players' text and never becomes HTML.
 *
 * Keys typed in the input never move the player: the game ignores key presses aimed at a text
 * field (app/input/game-input.ts), and the input stops their bubbling as well. Releases still
 * reach the game, so a move key held when the input opened lets go when it is released.
 */
import { el } from './dom';
import type { ChatLine, ChatLog } from './chat-log';

export interface ChatBoxHooks {
  /** Enter with text: send it (the box closes either way). */
  send(text: string): void;
  /** The input closed (sent, cancelled, or focus went elsewhere). */
  closed(): void;
  /** The CSS colour of a player's name. */
  nameColour(name: string): string;
}

export class ChatBox {
  readonly element: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly lines: HTMLElement;
  private readonly shown = new Map<number, HTMLElement>();
  private disposed = false;

  constructor(parent: HTMLElement, private readonly log: ChatLog, maxLength: number, private readonly hooks: ChatBoxHooks) {
    this.element = el('div', 'chat hidden', parent);
    this.lines = el('div', 'chat-lines', this.element);
    this.lines.setAttribute('role', 'log');
    this.lines.setAttribute('aria-live', 'polite');
    this.input = el('input', 'chat-input', this.element);
    this.input.type = 'text';
    this.input.maxLength = maxLength;
    this.input.placeholder = 'Say something (Enter sends, Esc cancels)';
    this.input.setAttribute('aria-label', 'Chat message');
    this.input.autocomplete = 'off';
    this.input.spellcheck = false;
    this.input.hidden = true;
    this.input.addEventListener('keydown', this.onKeyDown);
    this.input.addEventListener('blur', this.onBlur);
    for (const type of ['mousedown', 'mouseup', 'click', 'wheel', 'contextmenu']) this.input.addEventListener(type, stop);
  }

  get isOpen(): boolean {
    return !this.input.hidden;
  }

  show(on: boolean): void {
    this.element.classList.toggle('hidden', !on);
    if (!on) this.close();
  }

  open(): void {
    if (this.disposed || this.isOpen) return;
    this.input.hidden = false;
    this.element.classList.add('chat-typing');
    this.input.focus();
  }

  /** Closes the input; `keep`: what was typed stays for next time. */
  close(keep = true): void {
    if (!this.isOpen) return;
    if (!keep) this.input.value = '';
    this.input.hidden = true;
    this.element.classList.remove('chat-typing');
    if (this.input.ownerDocument.activeElement === this.input) this.input.blur();
    this.hooks.closed();
  }

  /** Shows the log's lines as they are at `now`: new ones added, old ones faded or gone. */
  render(now: number): void {
    const kept = new Set<number>();
    for (const line of this.log.lines) {
      kept.add(line.id);
      let node = this.shown.get(line.id);
      if (!node) {
        node = this.lineElement(line);
        this.shown.set(line.id, node);
        this.lines.append(node);
      }
      const opacity = this.log.opacity(line, now, this.isOpen);
      const text = opacity.toFixed(2);
      if (node.style.opacity !== text) node.style.opacity = text;
      node.hidden = opacity === 0;
    }
    for (const [id, node] of this.shown) {
      if (kept.has(id)) continue;
      node.remove();
      this.shown.delete(id);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.input.removeEventListener('blur', this.onBlur);
    this.element.remove();
  }

  private lineElement(line: ChatLine): HTMLElement {
    const node = el('div', `chat-line chat-${line.kind}`);
    if (line.name !== undefined) {
      const name = el('span', 'chat-name', node, `<${line.name}> `);
      name.style.color = this.hooks.nameColour(line.name);
    }
    el('span', 'chat-text', node, line.text);
    return node;
  }

  private readonly onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      const text = this.input.value;
      this.input.value = '';
      this.close();
      if (text.trim() !== '') this.hooks.send(text);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.close(false);
    }
  };

  private readonly onBlur = () => this.close();
}

const stop = (e: Event) => e.stopPropagation();
