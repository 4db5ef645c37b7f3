import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzip, gzip } from '../../src/storage/gzip';

const sample = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 251);

describe('gzip / gunzip', () => {
  it('round-trips, and reads what Node’s zlib writes', async () => {
    const packed = await gzip(sample);
    expect(packed.length).toBeLessThan(sample.length);
    expect(await gunzip(packed, sample.length)).toEqual({ ok: true, bytes: sample });
    expect(await gunzip(gzipSync(sample), sample.length)).toEqual({ ok: true, bytes: sample });
    expect(await gunzip(await gzip(new Uint8Array(0)), 0)).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });

  it('reports truncated, corrupted and non-gzip data', async () => {
    const packed = await gzip(sample);
    expect(await gunzip(packed.subarray(0, packed.length >> 1), sample.length)).toMatchObject({ ok: false, reason: 'corrupt' });
    const flipped = packed.slice();
    flipped[flipped.length - 6]! ^= 1; // inside the CRC-32 trailer
    expect(await gunzip(flipped, sample.length)).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(await gunzip(new TextEncoder().encode('hello'), sample.length)).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(await gunzip(new Uint8Array(0), sample.length)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('stops at the byte budget instead of inflating a bomb', async () => {
    const bomb = gzipSync(new Uint8Array(50_000_000)); // ~50 KB that inflates to 50 MB
    expect(bomb.length).toBeLessThan(100_000);
    expect(await gunzip(bomb, 1_000_000)).toEqual({ ok: false, reason: 'too-large' });
    expect(await gunzip(await gzip(sample), sample.length - 1)).toEqual({ ok: false, reason: 'too-large' });
  }, 30_000); // compressing the 50 MB bomb takes a moment; headroom, not a speed check
});
