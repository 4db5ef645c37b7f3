/**
 * Ores: coal, iron and gold as small blobs in stone, placed by hashes of (seed, x, y, z)
 * alone. The world is cut into cells of ORE_CELL^3 blocks aligned to world coordinates; each
 * cell holds at most one blob, whose kind, centre and size come from the cell's hash. The
 * centre stays at least BLOB_RADIUS inside its cell, so a blob never leaves it and no block
 * needs to look at a neighbouring cell: a block is ore or not whichever box generated it.
 *
 * By depth (the cell's lowest y): coal common from the floor to high ground, iron in the
 * lower half of the world's usual ground, gold rare and deep.
 */
import { hashInts } from '../../noise';
import { Block } from '../blocks';

const ORE_CELL = 8;
const BLOB_RADIUS = 2;
/** Chances per 1000 cells, tried in this order (first hit wins). */
const GOLD_PER_1000 = 90;
const GOLD_MAX_Y = 32;
const IRON_PER_1000 = 260;
const IRON_MAX_Y = 64;
const COAL_PER_1000 = 450;
const COAL_MAX_Y = 128;

const MIN_R2 = 2;
const MAX_R2 = 5;

/**
 * Per squared radius r2 (MIN_R2..MAX_R2), the offsets of a blob's blocks as (dx, dy, dz,
 * shell) quadruples: every offset within BLOB_RADIUS whose dx² + dy² + dz² is at most r2,
 * shell 1 where it equals r2. Walking these (19 to 57 blocks) instead of the whole 5 x 5 x 5
 * cube and its distance test per block was most of what placing ores cost.
 */
const BLOBS: readonly Int8Array[] = Array.from({ length: MAX_R2 - MIN_R2 + 1 }, (_, k) => {
  const r2 = MIN_R2 + k;
  const offsets: number[] = [];
  for (let dy = -BLOB_RADIUS; dy <= BLOB_RADIUS; dy++) {
    for (let dz = -BLOB_RADIUS; dz <= BLOB_RADIUS; dz++) {
      for (let dx = -BLOB_RADIUS; dx <= BLOB_RADIUS; dx++) {
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 <= r2) offsets.push(dx, dy, dz, d2 === r2 ? 1 : 0);
      }
    }
  }
  return Int8Array.from(offsets);
});

export interface Ores {
  /** Turns some Stone blocks of the box (as Caves.carve indexes it) below `top` into ore. */
  place(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, top: number): void;
}

export function createOres(seed: number): Ores {
  const cellSeed = (seed ^ 0x3243f6a8) | 0;
  const shapeSeed = (seed ^ 0x0e6c2b44) | 0;

  function place(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, top: number): void {
    const yMax = Math.min(top, height - 1);
    if (yMax < 1) return;
    const layer = width * depth;
    const cx0 = Math.floor(x0 / ORE_CELL);
    const cx1 = Math.floor((x0 + width - 1) / ORE_CELL);
    const cz0 = Math.floor(z0 / ORE_CELL);
    const cz1 = Math.floor((z0 + depth - 1) / ORE_CELL);
    const cy1 = Math.floor(yMax / ORE_CELL);
    for (let cy = 0; cy <= cy1; cy++) {
      const y0 = cy * ORE_CELL;
      for (let cz = cz0; cz <= cz1; cz++) {
        for (let cx = cx0; cx <= cx1; cx++) {
          const hash = hashInts(cellSeed, cx, cz, cy) >>> 0;
          const roll = hash % 1000;
          let ore: number;
          if (y0 < GOLD_MAX_Y && roll < GOLD_PER_1000) ore = Block.GoldOre;
          else if (y0 < IRON_MAX_Y && roll >= 600 && roll < 600 + IRON_PER_1000) ore = Block.IronOre;
          else if (y0 < COAL_MAX_Y && roll >= 100 && roll < 100 + COAL_PER_1000) ore = Block.CoalOre;
          else continue;
          // Centre 2..5 within the cell on each axis; squared radius 2..5 (gold smaller).
          const ox = cx * ORE_CELL + BLOB_RADIUS + ((hash >>> 10) & 3);
          const oy = y0 + BLOB_RADIUS + ((hash >>> 12) & 3);
          const oz = cz * ORE_CELL + BLOB_RADIUS + ((hash >>> 14) & 3);
          const r2 = ore === Block.GoldOre ? 2 : 2 + ((hash >>> 16) % 4);
          // The blob's blocks from its table, each kept if inside the box and under yMax:
          // the blocks the full 5 x 5 x 5 walk with a bounds check per block would touch.
          const blob = BLOBS[r2 - MIN_R2]!;
          for (let q = 0; q < blob.length; q += 4) {
            const dx = blob[q]!;
            const dy = blob[q + 1]!;
            const dz = blob[q + 2]!;
            const x = ox + dx - x0;
            const y = oy + dy;
            const z = oz + dz - z0;
            if (y < 1 || y > yMax || z < 0 || z >= depth || x < 0 || x >= width) continue;
            const index = x + width * z + layer * y;
            if (out[index] !== Block.Stone) continue;
            // The outer shell is ragged: half its blocks, by hash.
            if (blob[q + 3] === 1 && (hashInts(shapeSeed, ox + dx, oz + dz, y) & 1) === 0) continue;
            out[index] = ore;
          }
        }
      }
    }
  }
  return { place };
}
