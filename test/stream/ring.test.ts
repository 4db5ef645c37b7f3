/**
 * columnsInRadius: the disc of columns around the camera's column, nearest first, in an
 * order that never depends on anything but its arguments.
 */
import { describe, expect, it } from 'vitest';
import { columnDistance2, columnsInRadius, type ColumnCoord } from '../../src/stream';

const key = (c: ColumnCoord): string => `${c.cx},${c.cz}`;

describe('columnsInRadius', () => {
  it('R = 2 around (0, 0) is exactly the 13 columns with dx² + dz² <= 4', () => {
    const got = columnsInRadius(0, 0, 2);
    expect(got).toHaveLength(13);
    const expected = [
      '0,0',
      '1,0', '-1,0', '0,1', '0,-1',
      '1,1', '1,-1', '-1,1', '-1,-1',
      '2,0', '-2,0', '0,2', '0,-2',
    ];
    expect(new Set(got.map(key))).toEqual(new Set(expected));
    // No duplicates.
    expect(new Set(got.map(key)).size).toBe(got.length);
    // Corners and knight moves are outside.
    for (const outside of ['2,1', '1,2', '-2,-1', '2,2', '3,0']) expect(got.map(key)).not.toContain(outside);
  });

  it('counts follow the Gauss circle problem (OEIS A000328)', () => {
    const counts = [1, 5, 13, 29, 49, 81, 113, 149, 197];
    counts.forEach((n, r) => expect(columnsInRadius(3, -4, r)).toHaveLength(n));
  });

  it('a fractional radius includes every column within it', () => {
    // 2.5² = 6.25: the 13 of R = 2 plus the 8 at distance² 5.
    expect(columnsInRadius(0, 0, 2.5)).toHaveLength(21);
  });

  it('is nearest first, ties broken by cz then cx', () => {
    const got = columnsInRadius(7, -3, 6);
    expect(got[0]).toEqual({ cx: 7, cz: -3 });
    for (let i = 1; i < got.length; i++) {
      const a = got[i - 1]!;
      const b = got[i]!;
      const da = columnDistance2(a.cx, a.cz, 7, -3);
      const db = columnDistance2(b.cx, b.cz, 7, -3);
      expect(da).toBeLessThanOrEqual(db);
      if (da === db) expect(a.cz < b.cz || (a.cz === b.cz && a.cx < b.cx)).toBe(true);
    }
    // The first ring of four, in its fixed order.
    expect(got.slice(1, 5)).toEqual([
      { cx: 7, cz: -4 },
      { cx: 6, cz: -3 },
      { cx: 8, cz: -3 },
      { cx: 7, cz: -2 },
    ]);
  });

  it('is deterministic: the same call gives the same array', () => {
    expect(columnsInRadius(-2, 9, 8)).toEqual(columnsInRadius(-2, 9, 8));
  });

  it('negative and far centres give the same disc, shifted', () => {
    const origin = columnsInRadius(0, 0, 5);
    for (const [cx, cz] of [[-5, -7], [-1, 0], [0, -1], [-1_000_000, 999_999]] as const) {
      const got = columnsInRadius(cx, cz, 5);
      expect(got).toEqual(origin.map((c) => ({ cx: c.cx + cx, cz: c.cz + cz })));
    }
  });

  it('every member is within R and every column within R is a member', () => {
    const R = 7;
    const got = new Set(columnsInRadius(-3, -3, R).map(key));
    for (let cz = -3 - R - 2; cz <= -3 + R + 2; cz++) {
      for (let cx = -3 - R - 2; cx <= -3 + R + 2; cx++) {
        const inside = (cx + 3) ** 2 + (cz + 3) ** 2 <= R * R;
        expect(got.has(`${cx},${cz}`)).toBe(inside);
      }
    }
  });

  it('R = 0 (or less) is just the centre column', () => {
    expect(columnsInRadius(4, 4, 0)).toEqual([{ cx: 4, cz: 4 }]);
  });
});
