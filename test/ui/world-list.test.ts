import { describe, expect, it } from 'vitest';
import type { WorldSummary } from '../../src/persistence/world-library';
import { DEFAULT_HOTBAR, MAX_WORLD_NAME, type WorldRecord } from '../../src/storage/world-record';
import { checkWorldName, formatEdits, formatRelativeTime, formatSeed, sortWorlds, uniqueName, worldListEntry, type WorldListEntry } from '../../src/ui/world-list';
import { DEFAULT_WORLD_PARAMS } from '../../src/world';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const UTC = { locale: 'en-GB', timeZone: 'UTC' };
/** Wednesday 12 June 2024, 15:30 UTC. */
const NOW = Date.UTC(2024, 5, 12, 15, 30);

describe('formatRelativeTime', () => {
  it('says "just now" for under a minute, and for a time in the future (another clock)', () => {
    expect(formatRelativeTime(NOW, NOW, UTC)).toBe('just now');
    expect(formatRelativeTime(NOW - 59_999, NOW, UTC)).toBe('just now');
    expect(formatRelativeTime(NOW + 5 * MIN, NOW, UTC)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(NOW - MIN, NOW, UTC)).toBe('1 min ago');
    expect(formatRelativeTime(NOW - 2 * MIN - 30_000, NOW, UTC)).toBe('2 min ago');
    expect(formatRelativeTime(NOW - 59 * MIN, NOW, UTC)).toBe('59 min ago');
  });

  it('counts whole hours earlier the same day', () => {
    expect(formatRelativeTime(NOW - HOUR, NOW, UTC)).toBe('1 h ago');
    expect(formatRelativeTime(Date.UTC(2024, 5, 12, 0, 5), NOW, UTC)).toBe('15 h ago');
  });

  it('says "yesterday" for the day before, but hours when that was only a few hours ago', () => {
    expect(formatRelativeTime(Date.UTC(2024, 5, 11, 23, 59), NOW, UTC)).toBe('yesterday');
    expect(formatRelativeTime(Date.UTC(2024, 5, 11, 0, 0), NOW, UTC)).toBe('yesterday');
    const justAfterMidnight = Date.UTC(2024, 5, 12, 1, 0);
    expect(formatRelativeTime(Date.UTC(2024, 5, 11, 22, 0), justAfterMidnight, UTC)).toBe('3 h ago');
    expect(formatRelativeTime(Date.UTC(2024, 5, 11, 18, 0), justAfterMidnight, UTC)).toBe('yesterday');
  });

  it('gives a date for older times, with the year only when it is not this year', () => {
    expect(formatRelativeTime(Date.UTC(2024, 5, 10, 12), NOW, UTC)).toBe('10 Jun');
    expect(formatRelativeTime(Date.UTC(2024, 0, 1), NOW, UTC)).toBe('1 Jan');
    expect(formatRelativeTime(Date.UTC(2023, 11, 31), NOW, UTC)).toBe('31 Dec 2023');
    expect(formatRelativeTime(Date.UTC(2024, 5, 10, 12), NOW, { locale: 'en-US', timeZone: 'UTC' })).toBe('Jun 10');
  });

  it('decides what "yesterday" is in the given time zone', () => {
    // 15:30 UTC on the 12th is 01:30 on the 13th in Sydney (UTC+10); 02:00 UTC on the 12th is
    // 12:00 on the 12th there: yesterday in Sydney, 13 h earlier the same day in UTC.
    const then = Date.UTC(2024, 5, 12, 2, 0);
    expect(formatRelativeTime(then, NOW, UTC)).toBe('13 h ago');
    expect(formatRelativeTime(then, NOW, { locale: 'en-GB', timeZone: 'Australia/Sydney' })).toBe('yesterday');
  });

  it('says "never" for a time that is not a number', () => {
    expect(formatRelativeTime(Number.NaN, NOW, UTC)).toBe('never');
    expect(formatRelativeTime(0, Number.POSITIVE_INFINITY, UTC)).toBe('never');
  });

  it('is a date, not "-3 days", across many days', () => {
    for (let d = 2; d < 400; d += 7) expect(formatRelativeTime(NOW - d * DAY, NOW, UTC)).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}( \d{4})?$/);
  });
});

describe('uniqueName', () => {
  it('keeps a free name, and numbers a taken one from 2', () => {
    expect(uniqueName('New world', [])).toBe('New world');
    expect(uniqueName('New world', ['Other'])).toBe('New world');
    expect(uniqueName('New world', ['New world'])).toBe('New world 2');
    expect(uniqueName('New world', ['New world', 'New world 2', 'New world 4'])).toBe('New world 3');
  });

  it('ignores case and surrounding white space when comparing', () => {
    expect(uniqueName('New world', ['  new WORLD '])).toBe('New world 2');
    expect(uniqueName(' Base ', [])).toBe('Base');
  });

  it('shortens the base so that the numbered name still fits', () => {
    const long = 'x'.repeat(MAX_WORLD_NAME);
    expect(uniqueName(long, [])).toBe(long);
    const second = uniqueName(long, [long]);
    expect(second).toBe(`${'x'.repeat(MAX_WORLD_NAME - 2)} 2`);
    expect(second).toHaveLength(MAX_WORLD_NAME);
    expect(uniqueName('abcdef', ['abcdef'], 6)).toBe('abcd 2');
    expect(uniqueName('abcdef', ['abcdef', 'abcd 2'], 6)).toBe('abcd 3');
  });

  it('never cuts an emoji in half', () => {
    expect(uniqueName('🌍🌍🌍', ['🌍🌍🌍'], 4)).toBe('🌍🌍 2');
    expect(uniqueName('🌍🌍🌍', ['🌍🌍🌍'], 3)).toBe('🌍 2');
  });
});

describe('checkWorldName', () => {
  it('trims, and refuses empty and white-space-only names', () => {
    expect(checkWorldName('  My world ')).toEqual({ ok: true, name: 'My world' });
    expect(checkWorldName('')).toEqual({ ok: false, message: 'A world needs a name.' });
    expect(checkWorldName(' \t\n ')).toEqual({ ok: false, message: 'A world needs a name.' });
  });

  it('turns control characters into spaces, as stored names are', () => {
    expect(checkWorldName('Big\tcastle\n')).toEqual({ ok: true, name: 'Big castle' });
    expect(checkWorldName('a\u0000\u0007b')).toEqual({ ok: true, name: 'a b' });
  });

  it(`allows ${MAX_WORLD_NAME} characters, counting an emoji as one`, () => {
    expect(checkWorldName('a'.repeat(MAX_WORLD_NAME)).ok).toBe(true);
    expect(checkWorldName('🌲'.repeat(MAX_WORLD_NAME)).ok).toBe(true);
    expect(checkWorldName('a'.repeat(MAX_WORLD_NAME + 1))).toEqual({ ok: false, message: `A name has at most ${MAX_WORLD_NAME} characters; this one has ${MAX_WORLD_NAME + 1}.` });
  });
});

describe('list wording', () => {
  it('formatEdits', () => {
    expect(formatEdits(0)).toBe('no edits');
    expect(formatEdits(1)).toBe('1 edit');
    expect(formatEdits(12345)).toBe('12,345 edits');
  });

  it('formatSeed shows empty and space-padded seeds', () => {
    expect(formatSeed('12345')).toBe('seed 12345');
    expect(formatSeed('voxel')).toBe('seed voxel');
    expect(formatSeed('')).toBe('empty seed');
    expect(formatSeed(' a ')).toBe('seed " a "');
  });
});

function entry(id: string, over: Partial<WorldListEntry> = {}): WorldListEntry {
  return { id, name: id, seed: '1', noise: 'perlin', edits: 0, lastPlayed: 0, created: 0, current: false, ...over };
}

describe('sortWorlds', () => {
  it('puts the world being played first, then the most recently played', () => {
    const list = [entry('a', { lastPlayed: 10 }), entry('b', { lastPlayed: 30 }), entry('c', { lastPlayed: 5, current: true }), entry('d', { lastPlayed: 20 })];
    expect(sortWorlds(list).map((e) => e.id)).toEqual(['c', 'b', 'd', 'a']);
    expect(list.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('breaks ties by creation (newest first), then name, then id', () => {
    const list = [entry('x', { name: 'B' }), entry('y', { name: 'A' }), entry('z', { created: 1 }), entry('w', { name: 'A' })];
    expect(sortWorlds(list).map((e) => e.id)).toEqual(['z', 'w', 'y', 'x']);
  });
});

describe('worldListEntry', () => {
  it('takes what the list shows from a record, and marks the current one', () => {
    const record: WorldRecord = {
      id: 'id-1',
      name: 'Hills',
      params: { ...DEFAULT_WORLD_PARAMS, seed: 'voxel', noise: 'simplex' },
      generatorVersion: 1,
      created: 100,
      lastPlayed: 200,
      camera: null,
      mode: 'fly',
      hotbar: [...DEFAULT_HOTBAR],
      edits: 7,
      kept: false,
    };
    expect(worldListEntry(record, 'id-1')).toEqual({ id: 'id-1', name: 'Hills', seed: 'voxel', noise: 'simplex', type: 'biomes', edits: 7, lastPlayed: 200, created: 100, current: true, kept: false });
    expect(worldListEntry(record, 'other').current).toBe(false);
    expect(worldListEntry(record, null).current).toBe(false);
  });
});

describe('WorldLibrary compatibility', () => {
  it("a WorldSummary is a WorldListEntry, so list() can answer the library's summaries", () => {
    const summary: WorldSummary = { id: 'a', name: 'A', seed: '1', noise: 'simplex', type: 'flat', edits: 0, created: 0, lastPlayed: 0, current: true };
    const entry: WorldListEntry = summary;
    expect(sortWorlds([entry])).toEqual([summary]);
  });
});
