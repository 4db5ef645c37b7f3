import type { ChunkColumn } from './column';

/**
 * 64-bit FNV-1a over a column's block bytes, as 16 hex digits: the identity of a column.
 * Two 32-bit halves stand in for the 64-bit state. The FNV prime is 2^40 + 0x1b3, so
 * multiplying (hi:lo) by it is lo * 0x1b3 (exact in a double: under 2^41), plus
 * hi * 0x1b3 and lo << 8 into the high word.
 *
 * A column is mostly air above its top, and a zero byte only multiplies the state by the
 * prime (the xor changes nothing), so a run of n zeros at the end is one multiplication by
 * prime^n mod 2^64: the same hash, without a step per byte. Every column a worker builds is
 * hashed, and the byte loop over 64 KB cost as much as generating a torch-lit column.
 */
export function hashBytes(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const fnv = new Fnv64();
  fnv.update(bytes, 0, end);
  fnv.zeros(bytes.length - end);
  return fnv.digest();
}

/**
 * The same hash fed in pieces (a column's rows straight out of a padded volume, without
 * copying them into a column first): update() the bytes in order, zeros() for a run of zero
 * bytes, then digest().
 */
export class Fnv64 {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  /** Feeds bytes[from..to). */
  update(bytes: Uint8Array, from: number, to: number): void {
    let hi = this.hi;
    let lo = this.lo;
    for (let i = from; i < to; i++) {
      lo ^= bytes[i]!;
      const t = (lo >>> 0) * 0x1b3;
      const carry = Math.floor(t / 4294967296);
      hi = (Math.imul(hi, 0x1b3) + (lo << 8) + carry) >>> 0;
      lo = t >>> 0;
    }
    this.hi = hi;
    this.lo = lo >>> 0;
  }

  /** Feeds n zero bytes: one multiplication by prime^n. */
  zeros(n: number): void {
    if (n <= 0) return;
    const state = [this.hi >>> 0, this.lo >>> 0];
    mulInto(state, primePower(n));
    this.hi = state[0]!;
    this.lo = state[1]!;
  }

  digest(): string {
    return (this.hi >>> 0).toString(16).padStart(8, '0') + (this.lo >>> 0).toString(16).padStart(8, '0');
  }
}

export function hashChunk(column: ChunkColumn): string {
  return hashBytes(column.blocks);
}

/** The FNV prime as (hi, lo) 32-bit words. */
const PRIME: readonly number[] = [0x100, 0x1b3];

/** prime^n mod 2^64, as (hi, lo), by squaring. */
function primePower(n: number): number[] {
  const out = [0, 1];
  const base = [PRIME[0]!, PRIME[1]!];
  for (let e = n; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) mulInto(out, base);
    mulInto(base, base);
  }
  return out;
}

/** a = a * b mod 2^64, both (hi, lo) unsigned 32-bit words, in 16-bit limbs so every product is exact. */
function mulInto(a: number[], b: readonly number[]): void {
  const x = [a[1]! & 0xffff, a[1]! >>> 16, a[0]! & 0xffff, a[0]! >>> 16];
  const y = [b[1]! & 0xffff, b[1]! >>> 16, b[0]! & 0xffff, b[0]! >>> 16];
  const r = [0, 0, 0, 0];
  let carry = 0;
  for (let k = 0; k < 4; k++) {
    let sum = carry;
    for (let i = 0; i <= k; i++) sum += x[i]! * y[k - i]!;
    r[k] = sum % 65536;
    carry = Math.floor(sum / 65536);
  }
  a[0] = (r[2]! + r[3]! * 65536) >>> 0;
  a[1] = (r[0]! + r[1]! * 65536) >>> 0;
}
