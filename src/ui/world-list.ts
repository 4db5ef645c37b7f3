/**
 * What the Worlds dialog says about each saved world, as plain functions of plain data: no DOM
 * and no clock (the caller passes `now`), so Node tests pin every wording.
 */
import { MAX_WORLD_NAME, type WorldRecord } from '../storage/world-record';

/**
 * One row of the Worlds dialog: the parts of a WorldRecord it shows, and whether it is open.
 * WorldLibrary's WorldSummary is one (`kept` aside).
 */
export interface WorldListEntry {
  id: string;
  name: string;
  seed: string;
  /** A NoiseSource; the list names 'simplex' (Perlin is the default, not worth a word). */
  noise: string;
  /** A WorldType; the list names any but the default 'biomes'. Missing means biomes. */
  type?: string;
  /** Number of edited blocks. */
  edits: number;
  /** Milliseconds since 1970, as WorldRecord. */
  lastPlayed: number;
  created: number;
  /** The world the game is showing now. */
  current: boolean;
  /**
   * False for a world the game opened by itself (a typed seed, a link), which it forgets when
   * the player leaves it unedited and unnamed (WorldRecord.kept). Missing means true.
   */
  kept?: boolean;
}

/** The row for `record`; `currentId` is the id of the world being played (or null). */
export function worldListEntry(record: WorldRecord, currentId: string | null): WorldListEntry {
  return {
    id: record.id,
    name: record.name,
    seed: record.params.seed,
    noise: record.params.noise,
    type: record.params.type,
    edits: record.edits,
    lastPlayed: record.lastPlayed,
    created: record.created,
    current: record.id === currentId,
    kept: record.kept,
  };
}

/**
 * The order of the list: the world being played first, then the most recently played, then
 * the most recently created, then by name; a copy, `entries` is left as it was.
 */
export function sortWorlds<T extends WorldListEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      b.lastPlayed - a.lastPlayed ||
      b.created - a.created ||
      a.name.localeCompare(b.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Length in characters as a player counts them (code points, so an emoji is one). */
function charCount(text: string): number {
  return [...text].length;
}

/** The first `max` code points of `text` (never half of a surrogate pair). */
function cut(text: string, max: number): string {
  return [...text].slice(0, max).join('');
}

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/**
 * A world name as typed: control characters (a pasted tab) become spaces, as stored names'
 * do (validateWorldHeader), and it is trimmed; refused when empty or longer than
 * MAX_WORLD_NAME characters.
 */
export function checkWorldName(typed: string): NameCheck {
  const name = typed.replace(/\p{Cc}+/gu, ' ').trim();
  if (name === '') return { ok: false, message: 'A world needs a name.' };
  const length = charCount(name);
  if (length > MAX_WORLD_NAME) return { ok: false, message: `A name has at most ${MAX_WORLD_NAME} characters; this one has ${length}.` };
  return { ok: true, name };
}

/**
 * `base` if no name in `taken` is the same (ignoring case and surrounding white space), else
 * the first free "base 2", "base 3", …; `base` is shortened so that the result fits in `max`
 * characters.
 */
export function uniqueName(base: string, taken: Iterable<string>, max = MAX_WORLD_NAME): string {
  const key = (name: string) => name.trim().toLowerCase();
  const used = new Set<string>();
  for (const name of taken) used.add(key(name));
  const stem = base.trim();
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` ${n}`;
    const candidate = cut(stem, max - suffix.length).trimEnd() + suffix;
    if (!used.has(key(candidate))) return candidate;
  }
}

export interface DateOptions {
  /** BCP 47 locale for dates; the browser's when missing. */
  locale?: string;
  /** IANA time zone that decides what "yesterday" is; the browser's when missing. */
  timeZone?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The calendar day of `ms` in the zone of `format`: its year, and a day number to subtract. */
function calendarDay(ms: number, format: Intl.DateTimeFormat): { year: number; day: number } {
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), day: Date.UTC(part('year'), part('month') - 1, part('day')) / (24 * HOUR) };
}

/**
 * When `then` was, as seen at `now` (both milliseconds since 1970): "just now", "5 min ago",
 * "3 h ago", "yesterday", then a date ("12 Mar", with the year when it is not this year's).
 * A time in the future (another device's clock) is "just now"; a time that is not a number
 * is "never".
 */
export function formatRelativeTime(then: number, now: number, options: DateOptions = {}): string {
  if (!Number.isFinite(then) || !Number.isFinite(now)) return 'never';
  const ago = now - then;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  const days = new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  const today = calendarDay(now, days);
  const thatDay = calendarDay(then, days);
  const daysBefore = today.day - thatDay.day;
  // Hours while that is the clearer answer: earlier today, or last night not long ago.
  if (daysBefore <= 0 || ago < 6 * HOUR) return `${Math.floor(ago / HOUR)} h ago`;
  if (daysBefore === 1) return 'yesterday';
  const sameYear = thatDay.year === today.year;
  return new Intl.DateTimeFormat(options.locale, {
    timeZone: options.timeZone,
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(then);
}

/** "no edits", "1 edit", "12,345 edits". */
export function formatEdits(edits: number): string {
  if (edits === 0) return 'no edits';
  return `${edits.toLocaleString('en-US')} ${edits === 1 ? 'edit' : 'edits'}`;
}

/** The seed as the list shows it: quoted when white space or emptiness would hide it. */
export function formatSeed(seed: string): string {
  if (seed === '') return 'empty seed';
  return seed.trim() === seed ? `seed ${seed}` : `seed "${seed}"`;
}
