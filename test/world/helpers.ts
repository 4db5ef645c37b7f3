/** Shared helpers for the world tests: a seeded shuffle and reference code (PRNG: test/support/random.ts). */
import { Block, blockIndex, COLUMN_SIZE, WORLD_HEIGHT, type ChunkColumn } from '../../src/world';

/** Fisher-Yates shuffle of a copy, driven by `random`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK64 = (1n << 64n) - 1n;

/** 64-bit FNV-1a, straight from the definition, in BigInt: the reference for hashBytes. */
export function fnv1a64Reference(bytes: Uint8Array): string {
  let h = FNV64_OFFSET;
  for (const b of bytes) {
    h ^= BigInt(b);
    h = (h * FNV64_PRIME) & MASK64;
  }
  return h.toString(16).padStart(16, '0');
}

/** Java's String.hashCode, in BigInt with an explicit 32-bit wrap: the reference for seedFromText. */
export function javaHashCodeReference(text: string): number {
  let h = 0n;
  for (let i = 0; i < text.length; i++) h = (h * 31n + BigInt(text.charCodeAt(i))) & 0xffffffffn;
  return Number(BigInt.asIntN(32, h));
}

export function blockAt(column: ChunkColumn, lx: number, y: number, lz: number): number {
  return column.blocks[blockIndex(lx, y, lz)]!;
}

/**
 * The ground height at (lx, lz), read from the blocks: the highest y holding a block that is
 * neither air, water, nor part of a tree. For a generated, unedited column this is the
 * terrain's heightAt (asserted in continuity.test.ts); -1 if there is no ground.
 */
export function surfaceHeight(column: ChunkColumn, lx: number, lz: number): number {
  for (let y = WORLD_HEIGHT - 1; y >= 0; y--) {
    const b = blockAt(column, lx, y, lz);
    if (b !== Block.Air && b !== Block.Water && b !== Block.Log && b !== Block.Leaves) return y;
  }
  return -1;
}

/** surfaceHeight of all 256 cells, index lx + 16 lz. */
export function surfaceHeights(column: ChunkColumn): number[] {
  const out: number[] = [];
  for (let lz = 0; lz < COLUMN_SIZE; lz++) for (let lx = 0; lx < COLUMN_SIZE; lx++) out.push(surfaceHeight(column, lx, lz));
  return out;
}

/** Highest y whose block is not air, or -1 for an empty column. */
export function highestNonAir(column: ChunkColumn): number {
  for (let y = WORLD_HEIGHT - 1; y >= 0; y--) {
    for (let lz = 0; lz < COLUMN_SIZE; lz++) {
      for (let lx = 0; lx < COLUMN_SIZE; lx++) if (blockAt(column, lx, y, lz) !== 0) return y;
    }
  }
  return -1;
}
