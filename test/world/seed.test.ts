import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD_PARAMS, generateColumn, hashChunk, seedFromText } from '../../src/world';
import { mulberry32 } from '../support/random';
import { javaHashCodeReference, surfaceHeights } from './helpers';

const isInt32 = (n: number): boolean => Number.isInteger(n) && (n | 0) === n;

describe('seedFromText', () => {
  it('numeric text in the signed 32-bit range is that number', () => {
    expect(seedFromText('12345')).toBe(12345);
    expect(seedFromText('-7')).toBe(-7);
    expect(seedFromText('0')).toBe(0);
    expect(seedFromText('2147483647')).toBe(2147483647);
    expect(seedFromText('-2147483648')).toBe(-2147483648);
  });

  it('surrounding white space is ignored, for numbers and text alike (trim, then hash)', () => {
    expect(seedFromText(' 12 ')).toBe(12);
    expect(seedFromText('voxel ')).toBe(seedFromText('voxel'));
    expect(seedFromText('\t voxel\n')).toBe(112400838);
    expect(seedFromText('   ')).toBe(seedFromText(''));
    // Inner spaces are part of the text.
    expect(seedFromText('hello world')).not.toBe(seedFromText('helloworld'));
  });

  it('the empty seed is seed 0, a valid seed', () => {
    expect(seedFromText('')).toBe(0);
  });

  it('text is Java String.hashCode: "voxel" is the same seed as in Java', () => {
    // "voxel".hashCode() in Java: h = 31 * h + c over 'v','o','x','e','l', wrapping at 32 bits.
    expect(javaHashCodeReference('voxel')).toBe(112400838);
    expect(seedFromText('voxel')).toBe(112400838);
    for (const text of ['a', 'Voxel', 'hello world', 'seed with spaces', 'ÄÖÜ', 'x'.repeat(100)]) {
      expect(seedFromText(text), text).toBe(javaHashCodeReference(text));
    }
  });

  it('out-of-range numeric text is hashed as text, not wrapped or clamped', () => {
    expect(seedFromText('99999999999')).toBe(javaHashCodeReference('99999999999'));
    expect(seedFromText('99999999999')).toBe(-613736295);
    expect(seedFromText('2147483648')).toBe(javaHashCodeReference('2147483648'));
    expect(seedFromText('-2147483649')).toBe(javaHashCodeReference('-2147483649'));
    expect(seedFromText('1e5')).toBe(javaHashCodeReference('1e5'));
    expect(seedFromText('12.5')).toBe(javaHashCodeReference('12.5'));
  });

  it('emoji and lone surrogates hash their UTF-16 code units without throwing', () => {
    for (const text of ['🌍', '🌋🏔️🌊', '👩‍👩‍👧‍👦 family', '\uD800', '\uDFFF\uD800', '\u0000']) {
      const seed = seedFromText(text);
      expect(isInt32(seed), JSON.stringify(text)).toBe(true);
      expect(seed).toBe(javaHashCodeReference(text));
      expect(seedFromText(text)).toBe(seed);
    }
    expect(seedFromText('🌍')).toBe(1773137);
  });

  it('10,000-character strings give a deterministic int32', () => {
    const random = mulberry32(99);
    const long = Array.from({ length: 10_000 }, () => String.fromCharCode(32 + Math.floor(random() * 0xd000))).join('');
    const digits = '9'.repeat(10_000);
    for (const text of [long, digits, '🌍'.repeat(5_000)]) {
      expect(text.length).toBe(10_000);
      const seed = seedFromText(text);
      expect(isInt32(seed)).toBe(true);
      expect(seedFromText(text.slice())).toBe(seed);
      expect(seed).toBe(javaHashCodeReference(text));
    }
  });

  it('always returns a signed 32-bit integer, for random text', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 500; i++) {
      const length = Math.floor(random() * 40);
      const text = Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 0x10000))).join('');
      const seed = seedFromText(text);
      expect(isInt32(seed)).toBe(true);
      expect(Object.is(seed, -0)).toBe(false);
    }
  });

  it('worlds from odd seeds generate without NaN and deterministically', () => {
    for (const seed of ['🌍🌋', 'x'.repeat(10_000), '99999999999', '\uD800']) {
      const params = { ...DEFAULT_WORLD_PARAMS, seed };
      const a = generateColumn(params, -3, 8);
      const heights = surfaceHeights(a);
      expect(heights.length).toBe(256);
      for (const h of heights) expect(h).toBeGreaterThan(0); // ground above the bedrock floor everywhere
      expect(hashChunk(generateColumn({ ...params }, -3, 8))).toBe(hashChunk(a));
    }
  });
});
