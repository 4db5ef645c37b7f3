/**
 * lodLayout: the far regions around the camera. Every property is checked by brute force
 * over columns and pairs of regions, independently of the quadtree walk that built them.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOD_LAYOUT_OPTIONS,
  lodLayout,
  lodRegionKey,
  regionColumnBounds,
  regionsOverlap,
  type ColumnBounds,
  type LodLayoutOptions,
  type LodRegionCoord,
} from '../../src/stream';

function options(renderDistance: number, farDistance: number, more: Partial<LodLayoutOptions> = {}): LodLayoutOptions {
  return { ...DEFAULT_LOD_LAYOUT_OPTIONS, renderDistance, farDistance, ...more };
}

/** Squared distance from the camera column to the nearest column of r. */
function nearest2(r: LodRegionCoord, cx: number, cz: number): number {
  const b = regionColumnBounds(r);
  const dx = Math.min(Math.max(cx, b.cx0), b.cx1 - 1) - cx;
  const dz = Math.min(Math.max(cz, b.cz0), b.cz1 - 1) - cz;
  return dx * dx + dz * dz;
}

/** How many regions cover each column, by walking every column of every region. */
function coverCounts(regions: readonly LodRegionCoord[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of regions) {
    const b = regionColumnBounds(r);
    for (let z = b.cz0; z < b.cz1; z++) {
      for (let x = b.cx0; x < b.cx1; x++) counts.set(`${x},${z}`, (counts.get(`${x},${z}`) ?? 0) + 1);
    }
  }
  return counts;
}

/** Pairs of edge-adjacent regions more than one level apart (checks every pair). */
function unbalancedPairs(regions: readonly LodRegionCoord[]): string[] {
  const bad: string[] = [];
  const bounds = regions.map(regionColumnBounds);
  for (let i = 0; i < regions.length; i++) {
    for (let j = i + 1; j < regions.length; j++) {
      if (Math.abs(regions[i]!.level - regions[j]!.level) > 1 && edgeNeighbours(bounds[i]!, bounds[j]!)) {
        bad.push(`${lodRegionKey(regions[i]!)} | ${lodRegionKey(regions[j]!)}`);
      }
    }
  }
  return bad;
}

/** Columns covered more than once (the layout's regions overlap there). */
function doublyCovered(counts: Map<string, number>): string[] {
  return [...counts].filter(([, n]) => n > 1).map(([k]) => k);
}

/** Regions sharing a stretch of edge (not just a corner). */
function edgeNeighbours(p: ColumnBounds, q: ColumnBounds): boolean {
  const xTouch = p.cx1 === q.cx0 || q.cx1 === p.cx0;
  const zTouch = p.cz1 === q.cz0 || q.cz1 === p.cz0;
  const xOverlap = p.cx0 < q.cx1 && q.cx0 < p.cx1;
  const zOverlap = p.cz0 < q.cz1 && q.cz0 < p.cz1;
  return (xTouch && zOverlap) || (zTouch && xOverlap);
}

const CAMERAS: readonly (readonly [number, number])[] = [[0, 0], [-37, -1000], [1_000_000, -700_000], [5, 3]];
const RANGES: readonly (readonly [number, number])[] = [[12, 64], [12, 128], [32, 128], [2, 10], [8, 40]];

describe('lodLayout: covering the band from R - innerMargin to F', () => {
  for (const [R, F] of RANGES) {
    for (const [cx, cz] of CAMERAS) {
      it(`R=${R} F=${F} around (${cx}, ${cz}): no gaps, no overlaps, nothing kept for nothing`, () => {
        const o = options(R, F);
        const regions = lodLayout(cx, cz, o);
        const counts = coverCounts(regions);
        const inner = R - o.innerMargin; // may be negative: then no inner disc
        const inner2 = inner >= 0 ? inner * inner : -1;
        const gaps: string[] = [];
        for (let dz = -F - 1; dz <= F + 1; dz++) {
          for (let dx = -F - 1; dx <= F + 1; dx++) {
            const d2 = dx * dx + dz * dz;
            if (d2 <= F * F && d2 > inner2 && !counts.has(`${cx + dx},${cz + dz}`)) gaps.push(`${dx},${dz}`);
          }
        }
        expect(gaps, 'uncovered columns, relative to the camera').toEqual([]);
        expect(doublyCovered(counts)).toEqual([]);
        // Each region reaches within F and sticks out of the inner disc.
        for (const r of regions) {
          expect(nearest2(r, cx, cz)).toBeLessThanOrEqual(F * F);
          const b = regionColumnBounds(r);
          const corners = [[b.cx0, b.cz0], [b.cx1 - 1, b.cz0], [b.cx0, b.cz1 - 1], [b.cx1 - 1, b.cz1 - 1]];
          expect(corners.some(([x, z]) => (x! - cx) ** 2 + (z! - cz) ** 2 > inner2)).toBe(true);
        }
        expect(new Set(regions.map(lodRegionKey)).size).toBe(regions.length);
      });
    }
  }

  it('no two regions overlap (pairwise)', () => {
    for (const [R, F] of [[12, 64], [2, 10]] as const) {
      const regions = lodLayout(-37, -1000, options(R, F));
      let overlaps = 0;
      for (let i = 0; i < regions.length; i++) {
        for (let j = i + 1; j < regions.length; j++) if (regionsOverlap(regions[i]!, regions[j]!)) overlaps++;
      }
      expect(overlaps).toBe(0);
    }
  });

  it('with innerMargin > R there is no inner disc: the camera column itself is covered', () => {
    const regions = lodLayout(0, 0, options(2, 10, { innerMargin: 4 }));
    expect(coverCounts(regions).get('0,0')).toBe(1);
  });

  it('F <= R, or F <= 0, gives no regions', () => {
    expect(lodLayout(0, 0, options(12, 12))).toEqual([]);
    expect(lodLayout(0, 0, options(12, 8))).toEqual([]);
    expect(lodLayout(0, 0, options(0, 0))).toEqual([]);
    expect(lodLayout(0, 0, options(-5, -1))).toEqual([]);
  });
});

describe('lodLayout: levels', () => {
  for (const [R, F] of RANGES) {
    it(`R=${R} F=${F}: edge neighbours differ by at most one level`, () => {
      for (const [cx, cz] of CAMERAS) expect(unbalancedPairs(lodLayout(cx, cz, options(R, F)))).toEqual([]);
    });
  }

  it('balance is enforced even where the distance rule breaks it (split = 0)', () => {
    // With split 0 a node splits only when it reaches inside R, so level 1 at the edge
    // would sit right beside level-7 nodes; balancing must step down 2:1 at a time.
    for (const [cx, cz] of CAMERAS) {
      const o = options(12, 128, { split: 0 });
      const regions = lodLayout(cx, cz, o);
      const levels = new Set(regions.map((r) => r.level));
      expect(levels.size).toBeGreaterThan(3);
      expect(unbalancedPairs(regions)).toEqual([]);
      expect(doublyCovered(coverCounts(regions))).toEqual([]);
    }
  });

  it('level 1 at the full-detail edge; a level-k region (k >= 2) lies beyond R + split * 2^k', () => {
    for (const [R, F] of RANGES) {
      const o = options(R, F);
      for (const [cx, cz] of CAMERAS) {
        for (const r of lodLayout(cx, cz, o)) {
          const d2 = nearest2(r, cx, cz);
          if (d2 <= R * R) expect(r.level).toBe(1);
          if (r.level >= 2) expect(d2).toBeGreaterThanOrEqual((R + o.split * 2 ** r.level) ** 2);
        }
      }
    }
  });

  it('coarse far away: R=12 reaches level 5 by F=64 and level 6 by F=128', () => {
    // Level k starts at R + split * 2^k (split 1): level 6 at 76 columns, level 7 would start
    // at 140, beyond F = 128, so the coarsest level used is 6 (cells of 64 blocks).
    const maxLevel = (R: number, F: number): number => Math.max(...lodLayout(0, 0, options(R, F)).map((r) => r.level));
    expect(maxLevel(12, 64)).toBe(5);
    expect(maxLevel(12, 128)).toBe(6);
    expect(maxLevel(32, 128)).toBe(6);
    expect(maxLevel(2, 10)).toBe(2);
    // A larger split stays fine longer.
    expect(Math.max(...lodLayout(0, 0, options(12, 128, { split: 2 })).map((r) => r.level))).toBe(5);
  });

  it('maxLevel caps the roots', () => {
    const regions = lodLayout(3, -9, options(12, 128, { maxLevel: 3 }));
    expect(Math.max(...regions.map((r) => r.level))).toBe(3);
    expect(doublyCovered(coverCounts(regions))).toEqual([]);
  });
});

describe('lodLayout: order and determinism', () => {
  it('nearest first, and the same call gives the same list', () => {
    for (const [cx, cz] of CAMERAS) {
      const regions = lodLayout(cx, cz, options(12, 64));
      for (let i = 1; i < regions.length; i++) {
        expect(nearest2(regions[i]!, cx, cz)).toBeGreaterThanOrEqual(nearest2(regions[i - 1]!, cx, cz));
      }
      expect(lodLayout(cx, cz, options(12, 64))).toEqual(regions);
    }
  });

  it('translation by multiples of 2^maxLevel columns shifts the layout and changes nothing else', () => {
    const size = 2 ** DEFAULT_LOD_LAYOUT_OPTIONS.maxLevel;
    for (const [R, F] of RANGES) {
      const o = options(R, F);
      const home = lodLayout(0, 0, o);
      for (const [mx, mz] of [[1, 0], [-3, 7], [7813, -5469], [-1, -8]]) {
        const shifted = lodLayout(mx! * size, mz! * size, o);
        const back = shifted.map((r) => {
          const ratio = size / 2 ** r.level;
          return { level: r.level, rx: r.rx - mx! * ratio, rz: r.rz - mz! * ratio };
        });
        expect(back).toEqual(home);
      }
    }
  });

  // Measured: R=12 F=64 -> 537 regions (311 of level 1), R=12 F=128 -> 633, R=32 F=128 ->
  // 1166 (763 of level 1). Level 1 dominates: its band runs from R - 4 to about R + 8.
  it('region counts are modest: R=12 F=64 gives 309, R=12 F=128 gives 345, R=32 F=128 gives 641', () => {
    expect(lodLayout(0, 0, options(12, 64))).toHaveLength(309);
    expect(lodLayout(0, 0, options(12, 128))).toHaveLength(345);
    expect(lodLayout(0, 0, options(32, 128))).toHaveLength(641);
  });
});
