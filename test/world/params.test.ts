import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORLD_PARAMS,
  generateColumn,
  hashChunk,
  NOISE_SOURCES,
  sanitizeWorldParams,
  WORLD_PARAM_RANGES,
  type NumericWorldParam,
  type WorldParams,
} from '../../src/world';
import { surfaceHeights } from './helpers';

const NUMERIC_KEYS = Object.keys(WORLD_PARAM_RANGES) as NumericWorldParam[];
const INTEGER_KEYS: readonly NumericWorldParam[] = ['octaves', 'seaLevel', 'amplitude'];

/** Every field present, of the right type, finite and inside its range. */
function expectSane(params: WorldParams): void {
  expect(Object.keys(params).sort()).toEqual(Object.keys(DEFAULT_WORLD_PARAMS).sort());
  expect(typeof params.seed).toBe('string');
  expect(NOISE_SOURCES).toContain(params.noise);
  for (const key of NUMERIC_KEYS) {
    const v = params[key];
    const range = WORLD_PARAM_RANGES[key];
    expect(typeof v, key).toBe('number');
    expect(Number.isFinite(v), `${key} = ${v}`).toBe(true);
    expect(v, key).toBeGreaterThanOrEqual(range.min);
    expect(v, key).toBeLessThanOrEqual(range.max);
    if (INTEGER_KEYS.includes(key)) expect(Number.isInteger(v), `${key} = ${v}`).toBe(true);
  }
}

describe('DEFAULT_WORLD_PARAMS', () => {
  it('is itself sane, frozen, and passes sanitizing untouched', () => {
    expectSane({ ...DEFAULT_WORLD_PARAMS });
    expect(Object.isFrozen(DEFAULT_WORLD_PARAMS)).toBe(true);
    const { params, warnings } = sanitizeWorldParams(DEFAULT_WORLD_PARAMS);
    expect(params).toEqual(DEFAULT_WORLD_PARAMS);
    expect(warnings).toEqual([]);
  });
});

describe('terrain style', () => {
  it('accepts each style and refuses others with a warning', () => {
    for (const style of ['fbm', 'ridged', 'warped'] as const) {
      expect(sanitizeWorldParams({ style })).toEqual({ params: { ...DEFAULT_WORLD_PARAMS, style }, warnings: [] });
    }
    const { params, warnings } = sanitizeWorldParams({ style: 'volcanic' });
    expect(params.style).toBe('fbm');
    expect(warnings).toEqual(['style must be one of fbm, ridged, warped; kept "fbm"']);
  });

  it('each style makes a different, valid world, and the same one every time', () => {
    const hashes = new Set<string>();
    for (const style of ['fbm', 'ridged', 'warped'] as const) {
      const p = { ...DEFAULT_WORLD_PARAMS, type: 'classic' as const, seed: 'styles', style }; // style shapes classic terrain only
      const a = generateColumn(p, 3, -2);
      const b = generateColumn({ ...p }, 3, -2);
      expect(hashChunk(a)).toBe(hashChunk(b));
      const heights = surfaceHeights(a);
      expect(heights).toHaveLength(256);
      for (const h of heights) {
        expect(h).toBeGreaterThanOrEqual(1);
        expect(h).toBeLessThanOrEqual(254);
      }
      hashes.add(hashChunk(a));
    }
    expect(hashes.size).toBe(3);
  });
});

describe('sanitizeWorldParams', () => {
  it('keeps valid in-range values exactly, without warnings', () => {
    const input: WorldParams = {
      type: 'biomes',
      biomeScale: 1.5,
      seed: 'hello 🌍',
      noise: 'simplex',
      style: 'ridged',
      octaves: 3,
      persistence: 0.37,
      lacunarity: 2.25,
      scale: 200,
      amplitude: 40,
      seaLevel: 70,
    };
    const { params, warnings } = sanitizeWorldParams(input);
    expect(params).toEqual(input);
    expect(warnings).toEqual([]);
  });

  it('accepts the ends of every range', () => {
    for (const end of ['min', 'max'] as const) {
      const input = { ...DEFAULT_WORLD_PARAMS } as WorldParams;
      for (const key of NUMERIC_KEYS) input[key] = WORLD_PARAM_RANGES[key][end];
      const { params, warnings } = sanitizeWorldParams(input);
      expect(params).toEqual(input);
      expect(warnings).toEqual([]);
    }
  });

  it('returns a new object and does not touch its input', () => {
    const input = { seed: 's', octaves: 99 };
    const copy = { ...input };
    const { params } = sanitizeWorldParams(input);
    expect(input).toEqual(copy);
    expect(params).not.toBe(DEFAULT_WORLD_PARAMS);
    params.octaves = 2;
    expect(DEFAULT_WORLD_PARAMS.octaves).toBe(6);
  });

  it('non-objects and empty objects give the defaults', () => {
    for (const input of [undefined, null, 42, 'seed=5', true, [], {}]) {
      const { params } = sanitizeWorldParams(input);
      expect(params, JSON.stringify(input)).toEqual(DEFAULT_WORLD_PARAMS);
    }
  });

  it('drops unknown keys', () => {
    const { params } = sanitizeWorldParams({ ...DEFAULT_WORLD_PARAMS, evil: 1 });
    expect(params).toEqual(DEFAULT_WORLD_PARAMS);
    expect('evil' in params).toBe(false);
    // Saved data goes through JSON.parse, where "__proto__" is an ordinary own key.
    const parsed: unknown = JSON.parse('{"__proto__": {"octaves": 1}, "constructor": 5}');
    const fromJson = sanitizeWorldParams(parsed).params;
    expect(fromJson).toEqual(DEFAULT_WORLD_PARAMS);
    expect(Object.getPrototypeOf(fromJson)).toBe(Object.prototype);
  });

  for (const key of NUMERIC_KEYS) {
    describe(key, () => {
      const range = WORLD_PARAM_RANGES[key];
      const fallback = DEFAULT_WORLD_PARAMS[key];

      it.each([
        ['NaN', NaN],
        ['Infinity', Infinity],
        ['-Infinity', -Infinity],
        ['numeric string', '5'],
        ['text', 'lots'],
        ['null', null],
        ['boolean', true],
        ['object', { value: 3 }],
      ])('%s is replaced by the default, with a warning naming the key', (_label, bad) => {
        const { params, warnings } = sanitizeWorldParams({ [key]: bad });
        expect(params[key]).toBe(fallback);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain(key);
        expectSane(params);
      });

      it('out-of-range values are clamped to the nearest end, with a warning', () => {
        const low = sanitizeWorldParams({ [key]: range.min - 1000.5 });
        expect(low.params[key]).toBe(range.min);
        expect(low.warnings).toHaveLength(1);
        expect(low.warnings[0]).toContain(key);
        const high = sanitizeWorldParams({ [key]: range.max + 1e9 });
        expect(high.params[key]).toBe(range.max);
        expect(high.warnings).toHaveLength(1);
        expect(high.warnings[0]).toContain(key);
        expect(sanitizeWorldParams({ [key]: Number.MAX_VALUE }).params[key]).toBe(range.max);
        expect(sanitizeWorldParams({ [key]: -Number.MAX_VALUE }).params[key]).toBe(range.min);
      });
    });
  }

  it('rounds the integer parameters (octaves, seaLevel, amplitude), warning when it changed them', () => {
    const { params, warnings } = sanitizeWorldParams({ octaves: 3.6, seaLevel: 62.4, amplitude: 10.5 });
    expect(params.octaves).toBe(4);
    expect(params.seaLevel).toBe(62);
    expect(params.amplitude).toBe(11);
    expect(warnings).toHaveLength(3);
    // In range, so the warning says what happened (rounding), not that the value was out of range.
    for (const w of warnings) {
      expect(w).not.toContain('outside');
      expect(w).toContain('whole number');
    }
    expect(warnings[0]).toBe('octaves must be a whole number; rounded 3.6 to 4');
  });

  it('a numeric seed becomes its text; a non-text seed falls back with a warning', () => {
    expect(sanitizeWorldParams({ seed: 12345 }).params.seed).toBe('12345');
    expect(sanitizeWorldParams({ seed: '' }).params.seed).toBe('');
    for (const bad of [NaN, Infinity, null, {}, ['a'], true]) {
      const { params, warnings } = sanitizeWorldParams({ seed: bad });
      expect(params.seed).toBe(DEFAULT_WORLD_PARAMS.seed);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('seed');
    }
  });

  it('an unknown noise source falls back to the default with a warning', () => {
    for (const bad of ['Perlin', 'value', '', 1, null]) {
      const { params, warnings } = sanitizeWorldParams({ noise: bad });
      expect(params.noise).toBe(DEFAULT_WORLD_PARAMS.noise);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('noise');
    }
  });

  it('collects one warning per bad field', () => {
    const { warnings } = sanitizeWorldParams({ seed: {}, noise: 'x', octaves: NaN, persistence: 5, lacunarity: 'two', scale: -1, amplitude: Infinity, seaLevel: 1000 });
    expect(warnings).toHaveLength(8);
  });

  it('is idempotent: sanitizing its own output changes nothing and warns about nothing', () => {
    const { params } = sanitizeWorldParams({ octaves: 40.2, persistence: -1, lacunarity: NaN, scale: 1e12, amplitude: 126.6, seaLevel: 0 });
    const again = sanitizeWorldParams(params);
    expect(again.params).toEqual(params);
    expect(again.warnings).toEqual([]);
  });

  it('never outputs NaN or out-of-range numbers, whatever the input (fuzz)', () => {
    const weird: unknown[] = [NaN, Infinity, -Infinity, -0, 0, 1e308, -1e308, 5e-324, 0.5, 1.5, 255, 256, 4097, '7', '', null, undefined, {}, [], true];
    let i = 0;
    for (let round = 0; round < 60; round++) {
      const input: Record<string, unknown> = {};
      for (const key of NUMERIC_KEYS) input[key] = weird[i++ % weird.length];
      const { params } = sanitizeWorldParams(input);
      expectSane(params);
      if (round % 10 === 0) {
        const column = generateColumn(params, round - 30, 30 - round);
        const heights = surfaceHeights(column);
        expect(heights).toHaveLength(256);
        for (const h of heights) expect(Number.isNaN(h)).toBe(false);
      }
    }
  });
});
