/**
 * The chat lines in the corner, as data: chat, notices from the room and players coming and
 * going, each shown for a while after it arrives and then faded out, as Minecraft's chat
 * does; while the player is typing every kept line shows. Pure (times are passed in), so
 * the fading is tested without a clock.
 */

export type ChatLineKind = 'chat' | 'notice' | 'presence';

export interface ChatLine {
  id: number;
  kind: ChatLineKind;
  /** Who said it (chat lines only). */
  name?: string;
  text: string;
  at: number;
}

export interface ChatLogOptions {
  /** Lines kept (the oldest go first). */
  maxLines: number;
  /** A line shows fully this long after it arrives… */
  showMs: number;
  /** …then fades out over this long. */
  fadeMs: number;
}

export const DEFAULT_CHAT_LOG_OPTIONS: Readonly<ChatLogOptions> = Object.freeze({ maxLines: 50, showMs: 10_000, fadeMs: 1_000 });

export class ChatLog {
  private readonly options: ChatLogOptions;
  private readonly list: ChatLine[] = [];
  private nextId = 1;

  constructor(options: Partial<ChatLogOptions> = {}) {
    this.options = { ...DEFAULT_CHAT_LOG_OPTIONS, ...options };
  }

  get lines(): readonly ChatLine[] {
    return this.list;
  }

  add(line: Omit<ChatLine, 'id'>): ChatLine {
    const added = { ...line, id: this.nextId++ };
    this.list.push(added);
    if (this.list.length > this.options.maxLines) this.list.splice(0, this.list.length - this.options.maxLines);
    return added;
  }

  /** How visible a line is at `now`: 1 while fresh (or while typing), fading to 0. */
  opacity(line: ChatLine, now: number, typing: boolean): number {
    if (typing) return 1;
    const age = now - line.at - this.options.showMs;
    if (age <= 0) return 1;
    return age >= this.options.fadeMs ? 0 : 1 - age / this.options.fadeMs;
  }

  clear(): void {
    this.list.length = 0;
  }
}
