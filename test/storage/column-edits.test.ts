import { describe, expect, it } from 'vitest';
import { BYTES_PER_EDIT, COLUMN_PACKING, groupByColumn, LEGACY_PACKING, packColumnEdits, unpackColumnEdits } from '../../src/storage';
import { BLOCK_COUNT, type BlockEdit } from '../../src/world';

const byPosition = (a: BlockEdit, b: BlockEdit) => a.x - b.x || a.y - b.y || a.z - b.z;

/** Packing 1 as the build before block states wrote it: 3 bytes an edit, one edit after another, sorted by (y, z, x). */
function packLegacy(edits: readonly BlockEdit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.y - b.y || a.z - b.z || a.x - b.x);
  return Uint8Array.from(sorted.flatMap((e) => [(e.x & 15) | ((e.z & 15) << 4), e.y, e.block]));
}

describe('packColumnEdits / unpackColumnEdits', () => {
  it('round-trips a column at negative coordinates, with block states, 4 bytes per edit', () => {
    // Column (-3, -1) covers x -48..-33 and z -16..-1.
    const edits: BlockEdit[] = [
      { x: -48, y: 0, z: -16, block: 1, state: 255 },
      { x: -33, y: 255, z: -1, block: BLOCK_COUNT - 1 },
      { x: -40, y: 70, z: -9, block: 0, state: 1 },
      { x: -41, y: 70, z: -9, block: 3, state: 0x5a },
    ];
    const bytes = packColumnEdits(-3, -1, edits);
    expect(BYTES_PER_EDIT).toBe(4);
    expect(bytes.length).toBe(edits.length * BYTES_PER_EDIT);
    const back = unpackColumnEdits(-3, -1, bytes, COLUMN_PACKING);
    expect(Array.isArray(back) && [...back].sort(byPosition)).toEqual([...edits].sort(byPosition));
  });

  it('lays the bytes out in four planes: every xz, every y, every block, every state', () => {
    const edits: BlockEdit[] = [
      { x: 1, y: 5, z: 2, block: 7, state: 3 },
      { x: 9, y: 4, z: 9, block: 6 },
    ];
    expect([...packColumnEdits(0, 0, edits)]).toEqual([0x99, 0x21, 4, 5, 6, 7, 0, 3]);
  });

  it('reads a state of 0 as no state, and a packed state 0 as the same bytes as none', () => {
    const none = { x: 3, y: 9, z: 4, block: 2 };
    expect(packColumnEdits(0, 0, [{ ...none, state: 0 }])).toEqual(packColumnEdits(0, 0, [none]));
    expect(unpackColumnEdits(0, 0, packColumnEdits(0, 0, [{ ...none, state: 0 }]), COLUMN_PACKING)).toEqual([none]);
  });

  it('sorts by (y, z, x), so the bytes do not depend on the order edits were made', () => {
    const a = { x: 1, y: 5, z: 2, block: 1, state: 9 };
    const b = { x: 0, y: 5, z: 2, block: 2 };
    const c = { x: 9, y: 4, z: 9, block: 3, state: 200 };
    expect(packColumnEdits(0, 0, [a, b, c])).toEqual(packColumnEdits(0, 0, [c, a, b]));
    expect(unpackColumnEdits(0, 0, packColumnEdits(0, 0, [a, b, c]), COLUMN_PACKING)).toEqual([c, b, a]);
  });

  it('reads packing 1 (3 bytes an edit, written before block states) with every state 0', () => {
    const edits: BlockEdit[] = [
      { x: -48, y: 0, z: -16, block: 1 },
      { x: -33, y: 255, z: -1, block: BLOCK_COUNT - 1 },
      { x: -40, y: 70, z: -9, block: 0 },
    ];
    const back = unpackColumnEdits(-3, -1, packLegacy(edits), LEGACY_PACKING);
    expect(Array.isArray(back) && [...back].sort(byPosition)).toEqual([...edits].sort(byPosition));
    expect(Array.isArray(back) && back.every((e) => e.state === undefined)).toBe(true);
  });

  it('refuses a state that is not a byte', () => {
    for (const state of [256, -1, 1.5, Number.NaN]) expect(() => packColumnEdits(0, 0, [{ x: 1, y: 3, z: 0, block: 1, state }])).toThrow(/state/);
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
    expect(unpackColumnEdits(2, 3, new Uint8Array(6), COLUMN_PACKING)).toMatch(/6 bytes is not a whole number of 4-byte edits/);
    expect(unpackColumnEdits(2, 3, new Uint8Array(4), LEGACY_PACKING)).toMatch(/4 bytes is not a whole number of 3-byte edits/);
    expect(unpackColumnEdits(2, 3, new Uint8Array(0), COLUMN_PACKING)).toEqual([]);
  });

  it('reports a block id out of range, with where it is, in either packing', () => {
    const bytes = packColumnEdits(1, -2, [{ x: 17, y: 9, z: -30, block: 1 }, { x: 18, y: 9, z: -30, block: 1 }]);
    bytes[2 * 2 + 1] = BLOCK_COUNT; // the second edit's block, in the third plane
    expect(unpackColumnEdits(1, -2, bytes, COLUMN_PACKING)).toBe(`block id ${BLOCK_COUNT} at (18, 9, -30) is out of range (0..${BLOCK_COUNT - 1})`);
    const legacy = packLegacy([{ x: 17, y: 9, z: -30, block: 1 }]);
    legacy[2] = BLOCK_COUNT;
    expect(unpackColumnEdits(1, -2, legacy, LEGACY_PACKING)).toBe(`block id ${BLOCK_COUNT} at (17, 9, -30) is out of range (0..${BLOCK_COUNT - 1})`);
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
