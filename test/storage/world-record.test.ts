import { describe, expect, it } from 'vitest';
import { DEFAULT_HOTBAR, HOTBAR_SLOTS, MAX_WORLD_NAME, UNTITLED_WORLD_NAME, validateWorldHeader, validateWorldRecord } from '../../src/storage';
import { Block, BLOCK_COUNT, DEFAULT_WORLD_PARAMS, MAX_COORDINATE, WORLD_FORMAT_VERSION } from '../../src/world';
import { sampleRecord } from './fixtures';

/** The record as stored, with `field` replaced (or removed, for undefined). */
function withField(field: string, value: unknown): Record<string, unknown> {
  const record: Record<string, unknown> = { ...sampleRecord() };
  if (value === undefined) delete record[field];
  else record[field] = value;
  return record;
}

function expectError(input: unknown, pattern: RegExp): void {
  const result = validateWorldRecord(input);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error).toMatch(pattern);
}

function expectFallback(input: unknown, field: string, value: unknown, warning: RegExp): void {
  const result = validateWorldRecord(input);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect((result.record as unknown as Record<string, unknown>)[field]).toEqual(value);
  expect(result.warnings.join('\n')).toMatch(warning);
}

describe('validateWorldRecord', () => {
  it('passes a good record through unchanged, without warnings', () => {
    const record = sampleRecord({ edits: 42, kept: false });
    expect(validateWorldRecord(JSON.parse(JSON.stringify(record)))).toEqual({ ok: true, record, warnings: [] });
    expect(validateWorldRecord({ ...record, camera: null })).toEqual({ ok: true, record: { ...record, camera: null }, warnings: [] });
  });

  it('drops unknown fields and uses the id it is given over the record’s own', () => {
    const result = validateWorldRecord({ ...sampleRecord(), extra: 'x', id: 'old' }, 'key-id');
    expect(result.ok && result.record.id).toBe('key-id');
    expect(result.ok && 'extra' in result.record).toBe(false);
  });

  it('refuses what is not a record at all', () => {
    for (const input of [null, undefined, 3, 'world', [sampleRecord()]]) expectError(input, /not a world record/);
  });

  it('refuses a missing or empty id', () => {
    expectError(withField('id', undefined), /no id/);
    expectError(withField('id', ''), /no id/);
    expectError(withField('id', 7), /no id/);
  });

  describe('name', () => {
    it('is trimmed, with control characters turned to spaces', () => {
      expectFallback(withField('name', '  Big\tCastle\n'), 'name', 'Big Castle', /^$/);
    });

    it(`is cut to ${MAX_WORLD_NAME} characters, counting an emoji as one`, () => {
      const long = '🏰'.repeat(MAX_WORLD_NAME + 5);
      expectFallback(withField('name', long), 'name', '🏰'.repeat(MAX_WORLD_NAME), /longer than 64 characters/);
    });

    it(`falls back to "${UNTITLED_WORLD_NAME}" when blank or missing`, () => {
      expectFallback(withField('name', '   '), 'name', UNTITLED_WORLD_NAME, /blank/);
      expectFallback(withField('name', undefined), 'name', UNTITLED_WORLD_NAME, /no name/);
    });

    it('refuses a name that is not text', () => {
      expectError(withField('name', 12), /name \(12\) must be text/);
      expectError(withField('name', null), /name \(null\) must be text/);
    });
  });

  describe('params', () => {
    it('are sanitized, each fix passed on as a warning', () => {
      const result = validateWorldRecord(withField('params', { ...DEFAULT_WORLD_PARAMS, octaves: 40, noise: 'value' }));
      expect(result.ok && result.record.params).toEqual({ ...DEFAULT_WORLD_PARAMS, octaves: 16 });
      expect(result.ok && result.warnings).toEqual([expect.stringMatching(/noise must be one of/), expect.stringMatching(/octaves 40 is outside 1..16/)]);
    });

    it('that are partly missing take the defaults, with a warning for each', () => {
      const result = validateWorldRecord(withField('params', { type: 'biomes', seed: 'castle' }));
      expect(result.ok && result.record.params).toEqual({ ...DEFAULT_WORLD_PARAMS, seed: 'castle' });
      expect(result.ok && result.warnings.length).toBe(Object.keys(DEFAULT_WORLD_PARAMS).length - 2);
      expect(result.ok && result.warnings.join('\n')).toMatch(/terrain setting noise is missing; using "perlin"/);
    });

    it('without a type are from before world types: a classic world, with no warning about type or biome size', () => {
      const result = validateWorldRecord(withField('params', { seed: 'castle' }));
      expect(result.ok && result.record.params).toEqual({ ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: 'castle' });
      expect(result.ok && result.warnings.join('\n')).not.toMatch(/type|biomeScale/);
    });

    it('that are not terrain settings at all are refused', () => {
      for (const params of [undefined, null, 'voxel', [1, 2], {}, { colour: 'red' }]) expectError(withField('params', params), /terrain settings are missing or unreadable/);
    });
  });

  it('refuses a generator version that is not a whole number >= 1, and warns about another one', () => {
    for (const v of [undefined, '1', 0, 1.5, Number.NaN]) expectError(withField('generatorVersion', v), /generator version .* must be a whole number/);
    expectFallback(withField('generatorVersion', WORLD_FORMAT_VERSION + 1), 'generatorVersion', WORLD_FORMAT_VERSION + 1, /may look different/);
  });

  it('refuses times that are not finite numbers', () => {
    for (const t of [undefined, '2024', Number.POSITIVE_INFINITY, Number.NaN, null]) {
      expectError(withField('created', t), /creation time .* is not a valid time/);
      expectError(withField('lastPlayed', t), /last-played time .* is not a valid time/);
    }
    expectError(withField('created', Number.NaN), /\(NaN\)/);
  });

  describe('camera', () => {
    it('keeps a camera at the edge of the world', () => {
      const camera = { x: -MAX_COORDINATE, y: -20, z: MAX_COORDINATE, yaw: 7, pitch: -1.5 };
      expectFallback(withField('camera', camera), 'camera', camera, /^$/);
    });

    it('falls back to null (start at the spawn) when unusable', () => {
      const good = sampleRecord().camera!;
      for (const camera of [
        { ...good, x: MAX_COORDINATE + 1 },
        { ...good, z: -MAX_COORDINATE - 1 },
        { ...good, y: Number.NaN },
        { ...good, yaw: '0' },
        { x: 1, y: 2, z: 3 },
        [1, 2, 3, 4, 5],
        'here',
      ]) {
        expectFallback(withField('camera', camera), 'camera', null, /start at the spawn/);
      }
      expectFallback(withField('camera', undefined), 'camera', null, /^$/);
    });
  });

  it("falls back to 'walk' for an unknown mode", () => {
    expectFallback(withField('mode', 'swim'), 'mode', 'walk', /movement mode \("swim"\) is unknown/);
    expectFallback(withField('mode', undefined), 'mode', 'walk', /movement mode \(missing\)/);
    expectFallback(withField('mode', 'walk'), 'mode', 'walk', /^$/);
  });

  describe('hotbar', () => {
    const mine = [Block.Glass, Block.Bricks, Block.OakPlanks, Block.Cobblestone, Block.Bookshelf, Block.Ice, Block.WhiteWool, BLOCK_COUNT - 1, Block.Stone];

    it(`is ${HOTBAR_SLOTS} slots by default: the blocks the game always offered`, () => {
      expect(DEFAULT_HOTBAR).toEqual([Block.Stone, Block.Dirt, Block.Grass, Block.Sand, Block.Snow, Block.Gravel, Block.Log, Block.Leaves, Block.Water]);
      expect(DEFAULT_HOTBAR.length).toBe(HOTBAR_SLOTS);
    });

    it('keeps a good one, as a copy the caller may change', () => {
      const input = withField('hotbar', mine);
      const result = validateWorldRecord(input);
      expect(result.ok && result.record.hotbar).toEqual(mine);
      expect(result.ok && result.record.hotbar).not.toBe(input.hotbar);
      expect(result.ok && result.warnings).toEqual([]);
    });

    it('takes a missing one (a record from before worlds kept it) as the default, without a warning', () => {
      const result = validateWorldRecord(withField('hotbar', undefined));
      expect(result.ok && result.record.hotbar).toEqual(DEFAULT_HOTBAR);
      expect(result.ok && result.record.hotbar).not.toBe(DEFAULT_HOTBAR);
      expect(result.ok && result.warnings).toEqual([]);
    });

    it('falls back to the default, with a warning, for anything but known blocks in every slot', () => {
      const slot3 = (id: unknown) => mine.map((b, i) => (i === 2 ? id : b));
      for (const [hotbar, why] of [
        [null, /not a list/],
        ['1,2,3', /not a list/],
        [{ 0: 2, length: 9 }, /not a list/],
        [mine.slice(0, 8), /8 slots, not 9/],
        [[...mine, Block.Stone], /10 slots, not 9/],
        [[], /0 slots/],
        [slot3(Block.Air), /slot 3 holds 0,/],
        [slot3(-1), /slot 3 holds -1,/],
        [slot3(1.5), /slot 3 holds 1.5,/],
        [slot3(Number.NaN), /slot 3 holds NaN,/],
        [slot3(Number.POSITIVE_INFINITY), /slot 3 holds Infinity,/],
        [slot3('3'), /slot 3 holds "3",/],
        [slot3(null), /slot 3 holds null,/],
        [slot3(BLOCK_COUNT), new RegExp(`slot 3 holds ${BLOCK_COUNT},`)],
      ] as const) {
        expectFallback(withField('hotbar', hotbar), 'hotbar', DEFAULT_HOTBAR, /saved hotbar is unreadable .*; it is back to the default blocks\./);
        expectFallback(withField('hotbar', hotbar), 'hotbar', DEFAULT_HOTBAR, why);
      }
    });
  });

  it('refuses an edit count that is not a non-negative whole number', () => {
    for (const n of [undefined, -1, 2.5, '3', Number.POSITIVE_INFINITY]) expectError(withField('edits', n), /count of edited blocks .* is not a whole number/);
    expectFallback(withField('edits', 0), 'edits', 0, /^$/);
  });

  it('takes a missing kept flag as true, and refuses one that is not a boolean', () => {
    expectFallback(withField('kept', undefined), 'kept', true, /^$/);
    expectFallback(withField('kept', false), 'kept', false, /^$/);
    expectError(withField('kept', 'yes'), /"kept" flag \("yes"\) must be true or false/);
  });
});

describe('validateWorldHeader', () => {
  it('reads the fields a file carries and leaves out the browser’s own', () => {
    const { id: _id, edits: _edits, kept: _kept, ...header } = sampleRecord();
    expect(validateWorldHeader({ ...header, id: 'x', edits: 5, kept: false })).toEqual({ ok: true, header, warnings: [] });
  });
});
