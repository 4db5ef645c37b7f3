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
          // Only the part of the blob inside the box and under yMax: the same blocks the
          // full 5 x 5 x 5 walk with a bounds check per block would touch, in the same order.
          const dyFrom = Math.max(-BLOB_RADIUS, 1 - oy);
          const dyTo = Math.min(BLOB_RADIUS, yMax - oy);
          const dzFrom = Math.max(-BLOB_RADIUS, z0 - oz);
          const dzTo = Math.min(BLOB_RADIUS, z0 + depth - 1 - oz);
          const dxFrom = Math.max(-BLOB_RADIUS, x0 - ox);
          const dxTo = Math.min(BLOB_RADIUS, x0 + width - 1 - ox);
          for (let dy = dyFrom; dy <= dyTo; dy++) {
            const y = oy + dy;
            for (let dz = dzFrom; dz <= dzTo; dz++) {
              const z = oz + dz - z0;
              for (let dx = dxFrom; dx <= dxTo; dx++) {
                const d2 = dx * dx + dy * dy + dz * dz;
                if (d2 > r2) continue;
                // The outer shell is ragged: half its blocks, by hash.
                if (d2 === r2 && (hashInts(shapeSeed, ox + dx, oz + dz, y) & 1) === 0) continue;
                const index = ox + dx - x0 + width * z + layer * y;
                if (out[index] === Block.Stone) out[index] = ore;
              }
            }
          }
        }
      }
    }
  }
  return { place };
}
