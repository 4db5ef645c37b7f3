/**
 * Ores.place, which walks only the part of each blob inside the box, against the full
 * 5 x 5 x 5 walk with a bounds check per block (the rule as first written), on boxes of any
 * size and place, cut at any height.
 */
import { describe, expect, it } from 'vitest';
import { hashInts } from '../../../src/noise';
import { Block } from '../../../src/world';
import { createOres } from '../../../src/world/gen/ores';
import { mulberry32 } from '../../support/random';

const SEED = 77;

/** ores.ts's rule restated, block by block over each blob's whole cube. */
function referencePlace(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, top: number): void {
  const cellSeed = (SEED ^ 0x3243f6a8) | 0;
  const shapeSeed = (SEED ^ 0x0e6c2b44) | 0;
  const yMax = Math.min(top, height - 1);
  if (yMax < 1) return;
  const layer = width * depth;
  for (let cy = 0; cy <= Math.floor(yMax / 8); cy++) {
    for (let cz = Math.floor(z0 / 8); cz <= Math.floor((z0 + depth - 1) / 8); cz++) {
      for (let cx = Math.floor(x0 / 8); cx <= Math.floor((x0 + width - 1) / 8); cx++) {
        const hash = hashInts(cellSeed, cx, cz, cy) >>> 0;
        const roll = hash % 1000;
        const y0 = cy * 8;
        let ore: number;
        if (y0 < 32 && roll < 90) ore = Block.GoldOre;
        else if (y0 < 64 && roll >= 600 && roll < 860) ore = Block.IronOre;
        else if (y0 < 128 && roll >= 100 && roll < 550) ore = Block.CoalOre;
        else continue;
        const [ox, oy, oz] = [cx * 8 + 2 + ((hash >>> 10) & 3), y0 + 2 + ((hash >>> 12) & 3), cz * 8 + 2 + ((hash >>> 14) & 3)];
        const r2 = ore === Block.GoldOre ? 2 : 2 + ((hash >>> 16) % 4);
        for (let dy = -2; dy <= 2; dy++) {
          for (let dz = -2; dz <= 2; dz++) {
            for (let dx = -2; dx <= 2; dx++) {
              const [x, y, z] = [ox + dx - x0, oy + dy, oz + dz - z0];
              if (y < 1 || y > yMax || z < 0 || z >= depth || x < 0 || x >= width) continue;
              const d2 = dx * dx + dy * dy + dz * dz;
              if (d2 > r2 || (d2 === r2 && (hashInts(shapeSeed, ox + dx, oz + dz, y) & 1) === 0)) continue;
              const index = x + width * z + layer * y;
              if (out[index] === Block.Stone) out[index] = ore;
            }
          }
        }
      }
    }
  }
}

describe('Ores.place equals the full walk', () => {
  it('random boxes, tops and heights', () => {
    const ores = createOres(SEED);
    const random = mulberry32(3);
    let placed = 0;
    for (let round = 0; round < 40; round++) {
      const width = 1 + Math.floor(random() * 30);
      const depth = 1 + Math.floor(random() * 30);
      const height = [256, 100, 3, 1][round % 4]!;
      const x0 = Math.floor((random() - 0.5) * 100_000);
      const z0 = Math.floor((random() - 0.5) * 100_000);
      const top = Math.floor(random() * 160);
      const fast = new Uint8Array(width * depth * height).fill(Block.Stone);
      const reference = fast.slice();
      ores.place(fast, x0, z0, width, depth, height, top);
      referencePlace(reference, x0, z0, width, depth, height, top);
      expect(fast.findIndex((v, i) => v !== reference[i]), `round ${round}`).toBe(-1);
      placed += reference.filter((v) => v !== Block.Stone).length;
    }
    expect(placed).toBeGreaterThan(500);
  });
});
