import { describe, expect, it } from 'vitest';
import { COLUMN_VOLUME, createEmptyColumn, hashBytes, hashChunk } from '../../src/world';
import { mulberry32 } from '../support/random';
import { fnv1a64Reference } from './helpers';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

function randomBytes(length: number, seed: number): Uint8Array {
  const random = mulberry32(seed);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

describe('hashBytes (64-bit FNV-1a)', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(hashBytes(ascii(''))).toBe('cbf29ce484222325');
    expect(hashBytes(ascii('a'))).toBe('af63dc4c8601ec8c');
    expect(hashBytes(ascii('foobar'))).toBe('85944171f73967e8');
  });

  it('the BigInt reference agrees with the same vectors (so it is a fair judge)', () => {
    expect(fnv1a64Reference(ascii(''))).toBe('cbf29ce484222325');
    expect(fnv1a64Reference(ascii('a'))).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Reference(ascii('foobar'))).toBe('85944171f73967e8');
  });

  it('equals the BigInt reference on random byte arrays of many lengths', () => {
    const lengths = [1, 2, 3, 7, 8, 15, 16, 31, 64, 255, 256, 1000, 4096];
    for (let k = 0; k < lengths.length; k++) {
      const bytes = randomBytes(lengths[k]!, 1000 + k);
      expect(hashBytes(bytes), `length ${lengths[k]}`).toBe(fnv1a64Reference(bytes));
    }
  });

  it('equals the reference on high bytes, where the carry into the high word matters most', () => {
    for (const fill of [0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff]) {
      const bytes = new Uint8Array(777).fill(fill);
      expect(hashBytes(bytes), `fill ${fill}`).toBe(fnv1a64Reference(bytes));
    }
  });

  it('equals the reference on a full column-sized random buffer', () => {
    const bytes = randomBytes(COLUMN_VOLUME, 42);
    expect(hashBytes(bytes)).toBe(fnv1a64Reference(bytes));
  });

  it('always returns 16 lowercase hex digits', () => {
    for (let seed = 0; seed < 50; seed++) expect(hashBytes(randomBytes(seed, seed))).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes when any single byte of a column changes, and when bytes swap places', () => {
    const bytes = randomBytes(COLUMN_VOLUME, 7);
    const base = hashBytes(bytes);
    for (const i of [0, 1, 255, 256, 30000, COLUMN_VOLUME - 1]) {
      const copy = bytes.slice();
      copy[i] = (copy[i]! + 1) & 255;
      expect(hashBytes(copy), `byte ${i}`).not.toBe(base);
    }
    const swapped = bytes.slice();
    swapped[10] = bytes[11]!;
    swapped[11] = bytes[10]!;
    // A swap of equal bytes would change nothing to detect.
    expect(bytes[10]).not.toBe(bytes[11]);
    expect(hashBytes(swapped)).not.toBe(base);
  });
});

describe('hashChunk', () => {
  it('is hashBytes of the column blocks', () => {
    const column = createEmptyColumn(3, -4);
    column.blocks.set(randomBytes(COLUMN_VOLUME, 9).map((b) => b % 9));
    expect(hashChunk(column)).toBe(fnv1a64Reference(column.blocks));
  });

  it('depends only on the blocks, not on the coordinates or bookkeeping fields', () => {
    const a = createEmptyColumn(0, 0);
    const b = createEmptyColumn(-5, 1_000_000);
    b.maxY = 200;
    expect(hashChunk(a)).toBe(hashChunk(b));
    expect(hashChunk(a)).toBe(fnv1a64Reference(new Uint8Array(COLUMN_VOLUME)));
  });
});

describe('hashBytes over a zero tail (one multiplication by a power of the prime)', () => {
  it('equals the reference for every length of zero tail after random bytes, up to a column', () => {
    for (const [head, tail] of [[0, 1], [0, 5], [1, 1], [3, 2], [100, 1], [100, 255], [777, 4096], [1, COLUMN_VOLUME - 1], [20_000, COLUMN_VOLUME - 20_000]] as const) {
      const bytes = new Uint8Array(head + tail);
      bytes.set(randomBytes(head, head + tail).map((b) => b | 1));
      expect(hashBytes(bytes), `${head} + ${tail} zeros`).toBe(fnv1a64Reference(bytes));
    }
  });

  it('equals the reference with zeros inside and at the end, high bytes before them', () => {
    const bytes = new Uint8Array(3000);
    bytes.fill(0xff, 0, 500);
    bytes.fill(0x80, 900, 1000);
    expect(hashBytes(bytes)).toBe(fnv1a64Reference(bytes));
  });
});
