/**
 * LOD region coordinates: quadtree nodes over columns, with floor division so negative
 * coordinates behave like positive ones.
 */
import { describe, expect, it } from 'vitest';
import {
  ancestorAt,
  cellSampleBlock,
  lodRegionKey,
  regionAt,
  regionChildren,
  regionColumnBounds,
  regionSampledAt,
  regionsOverlap,
  type LodRegionCoord,
} from '../../src/stream';

describe('LOD region coordinates', () => {
  it('keys, bounds and the region holding a column, negatives included', () => {
    expect(lodRegionKey({ level: 3, rx: -2, rz: 5 })).toBe('3:-2,5');
    expect(regionColumnBounds({ level: 2, rx: -1, rz: 3 })).toEqual({ cx0: -4, cz0: 12, cx1: 0, cz1: 16 });
    expect(regionAt(1, -1, 0)).toEqual({ level: 1, rx: -1, rz: 0 });
    expect(regionAt(3, -8, -9)).toEqual({ level: 3, rx: -1, rz: -2 });
    expect(regionAt(7, 1_000_000, -700_000)).toEqual({ level: 7, rx: 7812, rz: -5469 });
    // Every column of a region maps back to it.
    const r: LodRegionCoord = { level: 3, rx: -3, rz: 2 };
    const b = regionColumnBounds(r);
    for (let z = b.cz0; z < b.cz1; z++) for (let x = b.cx0; x < b.cx1; x++) expect(regionAt(3, x, z)).toEqual(r);
  });

  it('children tile the parent; ancestors contain; overlap means containment', () => {
    const parent: LodRegionCoord = { level: 4, rx: -1, rz: 2 };
    const children = regionChildren(parent);
    expect(children).toHaveLength(4);
    for (const c of children) {
      expect(ancestorAt(c, 4)).toEqual(parent);
      expect(regionsOverlap(c, parent)).toBe(true);
      expect(regionsOverlap(parent, c)).toBe(true);
    }
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) expect(regionsOverlap(children[i]!, children[j]!)).toBe(false);
    expect(regionsOverlap(parent, parent)).toBe(true);
    expect(regionsOverlap({ level: 1, rx: -1, rz: 16 }, parent)).toBe(true); // columns -2..-1 x 32..33
    expect(regionsOverlap({ level: 1, rx: 0, rz: 16 }, parent)).toBe(false); // column 0 is east of the parent
    expect(regionsOverlap({ level: 5, rx: -1, rz: 1 }, parent)).toBe(true);
    expect(regionsOverlap({ level: 5, rx: 0, rz: 1 }, parent)).toBe(false);
  });

  it('cell sample points: the block nearest each cell centre, and back again', () => {
    expect(cellSampleBlock({ level: 1, rx: 0, rz: 0 }, 0, 0)).toEqual({ x: 1, z: 1 });
    expect(cellSampleBlock({ level: 3, rx: -1, rz: 2 }, 15, 1)).toEqual({ x: -128 + 120 + 4, z: 256 + 8 + 4 });
    for (const r of [{ level: 1, rx: -3, rz: 7 }, { level: 4, rx: -1, rz: -1 }, { level: 7, rx: 2, rz: -5 }]) {
      for (const [i, j] of [[0, 0], [15, 15], [3, 11]]) {
        const { x, z } = cellSampleBlock(r, i!, j!);
        expect(regionSampledAt(x, z, 7)).toEqual(r);
      }
    }
  });

  it('a block is a sample point of at most one level, and most are of none', () => {
    expect(regionSampledAt(-1, -1, 7)).toEqual({ level: 1, rx: -1, rz: -1 }); // odd: level 1
    expect(regionSampledAt(-2, 6, 7)).toEqual({ level: 2, rx: -1, rz: 0 }); // 2 mod 4: level 2
    expect(regionSampledAt(0, 0, 7)).toBeNull();
    expect(regionSampledAt(1, 2, 7)).toBeNull(); // lowest set bits differ
    expect(regionSampledAt(64, 64, 7)).toEqual({ level: 7, rx: 0, rz: 0 });
    expect(regionSampledAt(64, 64, 6)).toBeNull(); // level 7 is beyond maxLevel
    let sampled = 0;
    for (let z = -64; z < 64; z++) for (let x = -64; x < 64; x++) if (regionSampledAt(x, z, 7)) sampled++;
    // One block in 4 is odd in both; 1 in 16 is 2 mod 4 in both; ... about a third in all.
    expect(sampled).toBe(4096 + 1024 + 256 + 64 + 16 + 4 + 1);
  });
});
