import { describe, expect, it } from 'vitest';
import { BYTES_PER_EDIT, groupByColumn, packColumnEdits, unpackColumnEdits } from '../../src/storage';
import { BLOCK_COUNT, type BlockEdit } from '../../src/world';

const byPosition = (a: BlockEdit, b: BlockEdit) => a.x - b.x || a.y - b.y || a.z - b.z;

describe('packColumnEdits / unpackColumnEdits', () => {
  it('round-trips a column at negative coordinates, 3 bytes per edit', () => {
    // Column (-3, -1) covers x -48..-33 and z -16..-1.
    const edits: BlockEdit[] = [
      { x: -48, y: 0, z: -16, block: 1 },
      { x: -33, y: 255, z: -1, block: BLOCK_COUNT - 1 },
      { x: -40, y: 70, z: -9, block: 0 },
      { x: -41, y: 70, z: -9, block: 3 },
    ];
    const bytes = packColumnEdits(-3, -1, edits);
    expect(bytes.length).toBe(edits.length * BYTES_PER_EDIT);
    const back = unpackColumnEdits(-3, -1, bytes);
    expect(Array.isArray(back) && [...back].sort(byPosition)).toEqual([...edits].sort(byPosition));
  });

  it('sorts by (y, z, x), so the bytes do not depend on the order edits were made', () => {
    const a = { x: 1, y: 5, z: 2, block: 1 };
    const b = { x: 0, y: 5, z: 2, block: 2 };
    const c = { x: 9, y: 4, z: 9, block: 3 };
    expect(packColumnEdits(0, 0, [a, b, c])).toEqual(packColumnEdits(0, 0, [c, a, b]));
    expect(unpackColumnEdits(0, 0, packColumnEdits(0, 0, [a, b, c]))).toEqual([c, b, a]);
  });

  it('refuses an edit outside the column it is packed for', () => {
    expect(() => packColumnEdits(0, 0, [{ x: 16, y: 1, z: 0, block: 1 }])).toThrow(/not in column \(0, 0\)/);
    expect(() => packColumnEdits(-1, 0, [{ x: 0, y: 1, z: 0, block: 1 }])).toThrow(RangeError);
  });

  it('refuses fractional x and z, which would land on another block', () => {
    expect(() => packColumnEdits(0, 0, [{ x: 1.5, y: 1, z: 0, block: 1 }])).toThrow(/whole coordinates/);
    expect(() => packColumnEdits(0, 0, [{ x: 1, y: 1, z: Number.NaN, block: 1 }])).toThrow(RangeError);
  });

  it('refuses a y outside 0..255 and an unknown block id', () => {
    expect(() => packColumnEdits(0, 0, [{ x: 1, y: 256, z: 0, block: 1 }])).toThrow(/y 256/);
    expect(() => packColumnEdits(0, 0, [{ x: 1, y: -1, z: 0, block: 1 }])).toThrow(/y -1/);
    expect(() => packColumnEdits(0, 0, [{ x: 1, y: 3, z: 0, block: BLOCK_COUNT }])).toThrow(/block id/);
    expect(() => packColumnEdits(0, 0, [{ x: 1, y: 3, z: 0, block: 1.5 }])).toThrow(/block id/);
  });

  it('reports bytes that are not a whole number of edits', () => {
    expect(unpackColumnEdits(2, 3, new Uint8Array(4))).toMatch(/4 bytes is not a whole number of 3-byte edits/);
    expect(unpackColumnEdits(2, 3, new Uint8Array(0))).toEqual([]);
  });

  it('reports a block id out of range, with where it is', () => {
    const bytes = packColumnEdits(1, -2, [{ x: 17, y: 9, z: -30, block: 1 }]);
    bytes[2] = BLOCK_COUNT;
    expect(unpackColumnEdits(1, -2, bytes)).toBe(`block id ${BLOCK_COUNT} at (17, 9, -30) is out of range (0..${BLOCK_COUNT - 1})`);
  });
});

describe('groupByColumn', () => {
  it('groups edits by floor-divided column, negatives included', () => {
    const groups = groupByColumn([
      { x: -1, y: 1, z: -1, block: 1 },
      { x: -16, y: 2, z: -16, block: 1 },
      { x: 0, y: 3, z: 0, block: 1 },
    ]);
    expect([...groups.keys()].sort()).toEqual(['-1,-1', '0,0']);
    expect(groups.get('-1,-1')).toMatchObject({ cx: -1, cz: -1 });
    expect(groups.get('-1,-1')!.edits.length).toBe(2);
  });
});
