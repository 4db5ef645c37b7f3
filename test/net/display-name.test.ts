import { describe, expect, it } from 'vitest';
import { checkDisplayName, defaultDisplayName, DISPLAY_NAME_STORAGE_KEY, readDisplayName, writeDisplayName, type NameStorage } from '../../src/net/display-name';
import { cleanText, DEFAULT_NET_LIMITS } from '../../src/net';

const memory = (entries: Record<string, string> = {}): NameStorage & { entries: Record<string, string> } => ({
  entries,
  getItem: (key) => entries[key] ?? null,
  setItem: (key, value) => void (entries[key] = value),
});

describe('checkDisplayName', () => {
  it('keeps a plain name, trimmed, with single spaces', () => {
    expect(checkDisplayName('  Ann   Lee ')).toEqual({ ok: true, name: 'Ann Lee' });
  });

  it('refuses empty, too long and control characters, saying why', () => {
    expect(checkDisplayName('   ')).toMatchObject({ ok: false, reason: expect.stringMatching(/at least one/) });
    expect(checkDisplayName('x'.repeat(DEFAULT_NET_LIMITS.maxNameLength + 1))).toMatchObject({ ok: false, reason: expect.stringMatching(/at most 24/) });
    expect(checkDisplayName('Ann\nLee')).toMatchObject({ ok: false, reason: expect.stringMatching(/control/) });
    expect(checkDisplayName('Ann\u202eeeL')).toMatchObject({ ok: false });
    expect(checkDisplayName(42)).toMatchObject({ ok: false });
  });

  it('counts characters, not UTF-16 units, as the room does', () => {
    const name = '😀'.repeat(DEFAULT_NET_LIMITS.maxNameLength);
    expect(checkDisplayName(name)).toEqual({ ok: true, name });
  });

  it('what it keeps, the room keeps unchanged', () => {
    for (const raw of ['Ann', ' a  b ', '<b>x</b>', 'Zoë 😀']) {
      const check = checkDisplayName(raw);
      if (check.ok) expect(cleanText(check.name, DEFAULT_NET_LIMITS.maxNameLength)).toBe(check.name);
    }
  });
});

describe('the kept name', () => {
  it('is "Player-" and four characters from the seed, the same each time', () => {
    expect(defaultDisplayName('key-1')).toMatch(/^Player-[0-9A-Z]{4}$/);
    expect(defaultDisplayName('key-1')).toBe(defaultDisplayName('key-1'));
    expect(defaultDisplayName('key-1')).not.toBe(defaultDisplayName('key-2'));
  });

  it('reads the kept name, and keeps a default when there is none or it is bad', () => {
    expect(readDisplayName(memory({ [DISPLAY_NAME_STORAGE_KEY]: 'Ann' }), () => 'seed')).toBe('Ann');
    const empty = memory();
    const name = readDisplayName(empty, () => 'seed');
    expect(name).toBe(defaultDisplayName('seed'));
    expect(empty.entries[DISPLAY_NAME_STORAGE_KEY]).toBe(name);
    expect(readDisplayName(memory({ [DISPLAY_NAME_STORAGE_KEY]: 'a\u0007b' }), () => 'seed')).toBe(defaultDisplayName('seed'));
  });

  it('survives storage that throws or is missing', () => {
    const broken: NameStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(readDisplayName(broken, () => 'seed')).toBe(defaultDisplayName('seed'));
    expect(readDisplayName(null, () => 'seed')).toBe(defaultDisplayName('seed'));
    expect(writeDisplayName(broken, 'Ann')).toBe('full');
    expect(writeDisplayName(memory(), 'Ann')).toBeNull();
  });
});
