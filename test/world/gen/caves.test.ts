/**
 * Caves.carve (lattice fills, cells ruled out by their corners' bounds, per-column skips)
 * against the plain rule block by block: every field sampled per node with per-sample calls,
 * bilinear in x and z, linear in y, the two thresholds. Same air in every cell, for both
 * noise sources, boxes of any size and place, and random carve limits.
 */
import { describe, expect, it } from 'vitest';
import { createPerlin3D, createSimplex3D, type Noise3D } from '../../../src/noise';
import { CAVE_CELL_XZ, CAVE_CELL_Y, CAVE_MIN_Y, CHEESE_DEPTH, createCaves } from '../../../src/world/gen/caves';
import { mulberry32 } from '../../support/random';

const SEED = 1234;

/** The rule, block by block (caves.ts's constants restated). */
function referenceCarve(source: (seed: number) => Noise3D, out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, limit: Int16Array): void {
  const a = source((SEED ^ 0x0b4611a6) | 0);
  const b = source((SEED ^ 0x7c3f9d21) | 0);
  const c = source((SEED ^ 0x4f1bbcdc) | 0);
  const [FA, FAY, FC, FCY] = [1 / 72, 1 / 48, 1 / 96, 1 / 48];
  const node = (f: number, gx: number, l: number, gz: number): number => {
    const [wx, wy, wz] = [gx * CAVE_CELL_XZ, l * CAVE_CELL_Y, gz * CAVE_CELL_XZ];
    return f === 0 ? a(wx * FA, wy * FAY, wz * FA) : f === 1 ? b(wx * FA, wy * FAY, wz * FA) : c(wx * FC, wy * FCY, wz * FC);
  };
  const layer = width * depth;
  for (let z = 0; z < depth; z++) {
    for (let x = 0; x < width; x++) {
      const k = x + width * z;
      const lim = Math.min(limit[k]!, height - 1);
      const [wx, wz] = [x0 + x, z0 + z];
      const [gx, gz] = [Math.floor(wx / CAVE_CELL_XZ), Math.floor(wz / CAVE_CELL_XZ)];
      const tx = (wx - gx * CAVE_CELL_XZ) / CAVE_CELL_XZ;
      const tz = (wz - gz * CAVE_CELL_XZ) / CAVE_CELL_XZ;
      const column = (f: number, l: number): number => {
        const p = node(f, gx, l, gz) + (node(f, gx + 1, l, gz) - node(f, gx, l, gz)) * tx;
        const r = node(f, gx, l, gz + 1) + (node(f, gx + 1, l, gz + 1) - node(f, gx, l, gz + 1)) * tx;
        return p + (r - p) * tz;
      };
      for (let y = CAVE_MIN_Y; y <= lim; y++) {
        const l = Math.floor(y / CAVE_CELL_Y);
        const ty = (y - l * CAVE_CELL_Y) / CAVE_CELL_Y;
        const lerp = (f: number): number => column(f, l) + (column(f, l + 1) - column(f, l)) * ty;
        let air = Math.abs(lerp(0)) + Math.abs(lerp(1)) < 0.085;
        if (!air && y <= lim - CHEESE_DEPTH) air = lerp(2) > 0.42;
        const index = k + layer * y;
        if (air && out[index] !== 0 && out[index] !== 1) out[index] = 0;
      }
    }
  }
}

describe('Caves.carve equals the block-by-block rule', () => {
  for (const [name, source] of [['perlin', (s: number) => createPerlin3D(s)], ['simplex', createSimplex3D]] as const) {
    it(`${name}: random boxes and limits`, () => {
      const caves = createCaves(source, SEED);
      const random = mulberry32(name.length);
      let air = 0;
      for (let round = 0; round < 10; round++) {
        const width = 1 + Math.floor(random() * 20);
        const depth = 1 + Math.floor(random() * 20);
        const height = round % 5 === 4 ? 60 : 256;
        const x0 = Math.floor((random() - 0.5) * 4000);
        const z0 = Math.floor((random() - 0.5) * 4000);
        const limit = Int16Array.from({ length: width * depth }, () => Math.floor(random() * 200));
        // Stone everywhere, bedrock at the bottom: what carve may carve.
        const fast = new Uint8Array(width * depth * height).fill(2);
        fast.fill(1, 0, width * depth);
        const reference = fast.slice();
        caves.carve(fast, x0, z0, width, depth, height, limit);
        referenceCarve(source, reference, x0, z0, width, depth, height, limit);
        expect(fast.findIndex((v, i) => v !== reference[i]), `round ${round} (${x0}, ${z0}) ${width} x ${depth}`).toBe(-1);
        air += reference.filter((v) => v === 0).length;
      }
      expect(air, 'caves carved at all').toBeGreaterThan(1000);
    });
  }
});
