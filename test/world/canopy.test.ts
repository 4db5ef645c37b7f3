/**
 * Terrain.fillCanopy must be exactly what fillBlocks generates over each sample column: the
 * highest block that is neither air nor water above the ground (a tree's leaves, log or
 * cactus) and its y, or -1 and Air where no tree stands over the column. Plants on the ground
 * count as air, as far terrain reads them (BLOCK_FULL_FORM).
 */
import { describe, expect, it } from 'vitest';
import { Block, BLOCK_FULL_FORM, DEFAULT_WORLD_PARAMS, terrainFor, WORLD_HEIGHT, type Terrain, type WorldParams } from '../../src/world';

const CLASSIC: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: 'lod' };
const CLASSIC_SIMPLEX: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: '12345', noise: 'simplex', style: 'ridged' };
const BIOMES: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };
const BIOMES_SIMPLEX: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: '12345', noise: 'simplex' };

const BOX = 40;

/**
 * [name, world, corners of 40 x 40 boxes]: forests, a desert and spots at negative
 * coordinates (biomes.test.ts's forest, taiga and deserts among them).
 */
const CASES: readonly [string, WorldParams, readonly [number, number][]][] = [
  ['classic perlin', CLASSIC, [[200, 0], [-1000, 0], [200, -800]]],
  ['classic simplex ridged', CLASSIC_SIMPLEX, [[0, 1200], [-1000, 600], [-600, -600]]],
  ['biomes perlin', BIOMES, [[32, 16], [-544, -544], [-1200, 300]]],
  ['biomes simplex', BIOMES_SIMPLEX, [[64, -32], [-128, -112], [-2000, -900]]],
];

/** The expected canopy of every column of a box, from one fillBlocks call: [y, block] per column. */
function canopyFromBlocks(terrain: Terrain, x0: number, z0: number): { y: Int16Array; block: Uint8Array } {
  const blocks = new Uint8Array(BOX * BOX * WORLD_HEIGHT);
  const ground = new Int16Array(BOX * BOX);
  terrain.fillBlocks(blocks, x0, z0, BOX, BOX, WORLD_HEIGHT, ground);
  const y = new Int16Array(BOX * BOX).fill(-1);
  const block = new Uint8Array(BOX * BOX);
  for (let c = 0; c < BOX * BOX; c++) {
    for (let h = WORLD_HEIGHT - 1; h > ground[c]!; h--) {
      const b = BLOCK_FULL_FORM[blocks[c + BOX * BOX * h]!]!;
      if (b === Block.Air || b === Block.Water) continue;
      y[c] = h;
      block[c] = b;
      break;
    }
  }
  return { y, block };
}

describe('Terrain.fillCanopy', () => {
  for (const [name, params, corners] of CASES) {
    it(`${name}: the highest tree block over each sample equals fillBlocks', at steps 1, 2, 3 and 7`, () => {
      const terrain = terrainFor(params);
      const kinds = new Set<number>();
      let trees = 0;
      let open = 0;
      for (const [x0, z0] of corners) {
        const expected = canopyFromBlocks(terrain, x0, z0);
        for (const [step, offset] of [[1, 0], [2, 1], [3, 2], [7, 3]] as const) {
          const n = Math.floor((BOX - 1 - offset) / step) + 1;
          const heights = new Int16Array(n * n);
          const tops = new Uint8Array(n * n);
          terrain.fillCanopy(heights, tops, x0 + offset, z0 + offset, n, n, step);
          for (let j = 0; j < n; j++) {
            for (let i = 0; i < n; i++) {
              const c = offset + i * step + BOX * (offset + j * step);
              const where = `(${x0 + offset + i * step}, ${z0 + offset + j * step}) step ${step}`;
              expect(heights[i + n * j], where).toBe(expected.y[c]);
              expect(tops[i + n * j], where).toBe(expected.y[c]! >= 0 ? expected.block[c] : Block.Air);
              if (step !== 1) continue;
              if (expected.y[c]! >= 0) {
                trees++;
                kinds.add(expected.block[c]!);
              } else {
                open++;
              }
            }
          }
        }
      }
      // The check had teeth: many tree columns, some open ones.
      expect(trees).toBeGreaterThan(200);
      expect(open).toBeGreaterThan(200);
      if (params.type === 'biomes') expect(kinds.size).toBeGreaterThan(1);
    });
  }

  it('flat worlds have no canopy; bad steps and short outputs throw', () => {
    const flat = terrainFor({ ...DEFAULT_WORLD_PARAMS, type: 'flat' });
    const heights = new Int16Array(9).fill(7);
    const tops = new Uint8Array(9).fill(Block.Stone);
    flat.fillCanopy(heights, tops, -5, 3, 3, 3, 2);
    expect(Array.from(heights)).toEqual(new Array(9).fill(-1));
    expect(Array.from(tops)).toEqual(new Array(9).fill(Block.Air));
    for (const params of [CLASSIC, BIOMES, { ...DEFAULT_WORLD_PARAMS, type: 'flat' as const }]) {
      const terrain = terrainFor(params);
      expect(() => terrain.fillCanopy(heights, tops, 0, 0, 3, 3, 0)).toThrow(/fillCanopy: step/);
      expect(() => terrain.fillCanopy(heights, tops, 0, 0, 4, 4, 1)).toThrow(/fillCanopy: outputs/);
    }
  });
});
