import type { ChunkColumn } from './column';

/**
 * 64-bit FNV-1a over a column's block bytes, as 16 hex digits: the identity of a column.
 * Two 32-bit halves stand in for the 64-bit state. The FNV prime is 2^40 + 0x1b3, so
 * multiplying (hi:lo) by it is lo * 0x1b3 (exact in a double: under 2^41), plus
 * hi * 0x1b3 and lo << 8 into the high word.
 */
export function hashBytes(bytes: Uint8Array): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < bytes.length; i++) {
    lo ^= bytes[i]!;
    const t = (lo >>> 0) * 0x1b3;
    const carry = Math.floor(t / 4294967296);
    hi = (Math.imul(hi, 0x1b3) + (lo << 8) + carry) >>> 0;
    lo = t >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

export function hashChunk(column: ChunkColumn): string {
  return hashBytes(column.blocks);
}
