/**
 * The margin fill against filling every column of the margin grid, at every place fillBlocks
 * reads: the box and the ring around it, and each kept trunk site outside the box with its
 * four neighbours. Columns come from the biomes terrain's per-point heightAt and biomeAt (the
 * oracle), tints from a hash of the position, over random boxes and seeds.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD_PARAMS, terrainFor } from '../../../src/world';
import { createMarginFill, type ColumnsAt } from '../../../src/world/gen/margin-fill';
import { mayHaveTree, TREE_REACH } from '../../../src/world/gen/trees';
import { mulberry32 } from '../../support/random';

const MARGIN = TREE_REACH + 1;

function tintOf(x: number, z: number): number {
  return (Math.imul(x, 73856093) ^ Math.imul(z, 19349663)) & 0xff;
}

describe('createMarginFill', () => {
  it('gives every column fillBlocks reads the values of a fill of the whole margin', () => {
    const random = mulberry32(7);
    // Sites outside the box over all rounds: the test must reach the trunk-site branch.
    let sites = 0;
    for (let round = 0; round < 12; round++) {
      const terrain = terrainFor({ ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: `margin ${round}`, noise: round % 2 === 0 ? 'perlin' : 'simplex' });
      const columnsAt: ColumnsAt = (xs, nx, zs, nz, heights, biomes, tints) => {
        for (let j = 0; j < nz; j++) {
          for (let i = 0; i < nx; i++) {
            heights[i + nx * j] = terrain.heightAt(xs[i]!, zs[j]!);
            if (biomes) biomes[i + nx * j] = terrain.biomeAt(xs[i]!, zs[j]!);
            if (tints) tints[i + nx * j] = tintOf(xs[i]!, zs[j]!);
          }
        }
      };
      const treeSeed = Math.floor(random() * 0x7fffffff) | 0;
      const fill = createMarginFill(columnsAt, treeSeed);
      const width = 1 + Math.floor(random() * 24);
      const depth = 1 + Math.floor(random() * 24);
      const x0 = Math.floor((random() - 0.5) * 4000);
      const z0 = Math.floor((random() - 0.5) * 4000);
      const wm = width + 2 * MARGIN;
      const n = wm * (depth + 2 * MARGIN);
      const heights = new Int16Array(n).fill(-1);
      const biomes = new Int8Array(n).fill(-1);
      const tints = new Uint8Array(n);
      fill(heights, biomes, tints, x0, z0, width, depth, MARGIN);
      const check = (tx: number, tz: number, withTint: boolean): void => {
        const i = MARGIN + tx + wm * (MARGIN + tz);
        const wx = x0 + tx;
        const wz = z0 + tz;
        expect(heights[i], `height at ${wx}, ${wz}`).toBe(terrain.heightAt(wx, wz));
        expect(biomes[i], `biome at ${wx}, ${wz}`).toBe(terrain.biomeAt(wx, wz));
        if (withTint) expect(tints[i], `tint at ${wx}, ${wz}`).toBe(tintOf(wx, wz));
      };
      for (let tz = -1; tz <= depth; tz++) for (let tx = -1; tx <= width; tx++) check(tx, tz, true);
      for (let tz = -TREE_REACH; tz < depth + TREE_REACH; tz++) {
        for (let tx = -TREE_REACH; tx < width + TREE_REACH; tx++) {
          if ((tx >= 0 && tx < width && tz >= 0 && tz < depth) || !mayHaveTree(treeSeed, x0 + tx, z0 + tz)) continue;
          sites++;
          check(tx, tz, false);
          check(tx - 1, tz, false);
          check(tx + 1, tz, false);
          check(tx, tz - 1, false);
          check(tx, tz + 1, false);
        }
      }
    }
    expect(sites).toBeGreaterThan(10);
  });

  it('refuses a margin narrower than a tree reach and its cliff test', () => {
    const fill = createMarginFill(() => {}, 1);
    expect(() => fill(new Int16Array(100), new Int8Array(100), new Uint8Array(100), 0, 0, 2, 2, TREE_REACH)).toThrow(RangeError);
  });
});
