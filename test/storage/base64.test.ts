import { describe, expect, it } from 'vitest';
import { base64Length, decodeBase64, encodeBase64 } from '../../src/storage/base64';
import { mulberry32 } from '../support/random';

function randomBytes(n: number, seed: number): Uint8Array {
  const rand = mulberry32(seed);
  return Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
}

describe('base64', () => {
  it('matches Node’s encoder for every length remainder and all byte values', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 255, 256, 257, 10_000]) {
      const bytes = randomBytes(n, n + 1);
      const text = encodeBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(text.length).toBe(base64Length(n));
      expect(decodeBase64(text)).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeBase64(encodeBase64(all))).toEqual(all);
  });

  it('decodes what Node encodes', () => {
    const bytes = randomBytes(1001, 7);
    expect(decodeBase64(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
  });

  it('refuses a length that is not a multiple of 4', () => {
    expect(decodeBase64('QUJD' + 'QQ')).toMatch(/length \(6\) is not a multiple of 4/);
  });

  it('refuses characters outside the alphabet, naming the first', () => {
    expect(decodeBase64('QUJD*UJD')).toBe('character "*" at position 4 is not base64');
    expect(decodeBase64('QU=DQUJD')).toMatch(/"=" at position 2/);
    expect(decodeBase64('QUJDQUJ\u00e9')).toMatch(/"é" at position 7/);
    expect(decodeBase64('QUJDQ===')).toMatch(/"=" at position 5/);
    expect(decodeBase64('QUJD QUJ')).toMatch(/" " at position 4/);
  });
});
