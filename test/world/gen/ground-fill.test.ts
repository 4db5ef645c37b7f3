/**
 * fillGround's bulk layers against the block-by-block reference, and fillCaveLimits' two-pass
 * 3 x 3 minimum against the plain loop, on random height fields (flat, rough, out of the box's
 * height, under the sea).
 */
import { describe, expect, it } from 'vitest';
import { fillCaveLimits, fillGround, fillGroundReference } from '../../../src/world/gen/ground-fill';
import { mulberry32 } from '../../support/random';

const MARGIN = 3;

function randomField(random: () => number, n: number, base: number, spread: number): Int16Array {
  return Int16Array.from({ length: n }, () => Math.max(1, Math.min(254, base + Math.floor((random() - 0.5) * spread))));
}

describe('fillGround', () => {
  it('puts the same block in every cell as the block-by-block rules, and finds the same tops', () => {
    const random = mulberry32(42);
    for (let round = 0; round < 60; round++) {
      const width = 1 + Math.floor(random() * 24);
      const depth = 1 + Math.floor(random() * 24);
      const height = [256, 256, 40, 1, 0, 70][round % 6]!;
      const stride = width + 2 * MARGIN;
      const heights = randomField(random, stride * (depth + 2 * MARGIN), Math.floor(random() * 200), [0, 4, 40, 300][round % 4]!);
      const surf = Int32Array.from({ length: width * depth }, () => (1 + Math.floor(random() * 12)) | ((1 + Math.floor(random() * 12)) << 8) | ((1 + Math.floor(random() * 12)) << 16));
      const at = MARGIN + stride * MARGIN;
      const fast = new Uint8Array(width * depth * Math.max(height, 0));
      const reference = new Uint8Array(fast.length);
      const tops = fillGround(fast, width, depth, height, heights, at, stride, surf, 62);
      const referenceTops = fillGroundReference(reference, width, depth, height, heights, at, stride, surf, 62);
      expect(tops).toEqual(referenceTops);
      const i = fast.findIndex((b, k) => b !== reference[k]);
      expect(i, `round ${round}: first differing cell`).toBe(-1);
    }
  });
});

describe('fillCaveLimits', () => {
  it('equals the plain 3 x 3 loop', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 40; round++) {
      const width = 1 + Math.floor(random() * 24);
      const depth = 1 + Math.floor(random() * 24);
      const stride = width + 2 * MARGIN;
      const heights = randomField(random, stride * (depth + 2 * MARGIN), 64, [2, 10, 60][round % 3]!);
      const at = MARGIN + stride * MARGIN;
      const limit = new Int16Array(width * depth);
      fillCaveLimits(limit, width, depth, heights, at, stride, 64, 4, new Int16Array((width + 2) * depth));
      for (let z = 0; z < depth; z++) {
        for (let x = 0; x < width; x++) {
          const i = at + x + stride * z;
          let low = heights[i]!;
          let wet = false;
          for (let dz = -1; dz <= 1; dz++) {
            for (let dx = -1; dx <= 1; dx++) {
              const hn = heights[i + dx + stride * dz]!;
              if (hn < low) low = hn;
              if (hn <= 64) wet = true;
            }
          }
          expect(limit[x + width * z]).toBe(wet ? low - 4 : heights[i]! - 1);
        }
      }
    }
  });
});
