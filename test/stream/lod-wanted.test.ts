/**
 * WantedRegions.overlapping against brute force: every region of the layout compared with
 * regionsOverlap, for probes of every level, inside and outside the layout.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOD_LAYOUT_OPTIONS, lodLayout, lodRegionKey, regionAt, regionsOverlap, WantedRegions } from '../../src/stream';

describe('WantedRegions', () => {
  it('finds the wanted regions overlapping any region, as a brute-force scan does', () => {
    const o = { ...DEFAULT_LOD_LAYOUT_OPTIONS, renderDistance: 8, farDistance: 48 };
    const layout = lodLayout(-37, 21, o);
    const wanted = new WantedRegions(layout, o.maxLevel);
    expect(wanted.size).toBe(layout.length);
    expect(wanted.list.map((w) => w.at)).toEqual(layout);
    const wrong: string[] = [];
    for (let level = 1; level <= o.maxLevel; level++) {
      for (let cz = 21 - 60; cz <= 21 + 60; cz += 3) {
        for (let cx = -37 - 60; cx <= -37 + 60; cx += 3) {
          const probe = regionAt(level, cx, cz);
          const got = wanted.overlapping(probe).map(lodRegionKey).sort().join();
          const expected = layout.filter((w) => regionsOverlap(w, probe)).map(lodRegionKey).sort().join();
          if (got !== expected) wrong.push(`${lodRegionKey(probe)}: ${got} instead of ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(wanted.has(lodRegionKey(layout[0]!))).toBe(true);
    expect(wanted.has('1:100000,0')).toBe(false);
  });
});
