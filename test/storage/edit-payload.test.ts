import { describe, expect, it } from 'vitest';
import { COLUMN_PACKING, LEGACY_PACKING } from '../../src/storage/column-edits';
import { decodeEditPayload, editPayloadLength, encodeEditPayload } from '../../src/storage/edit-payload';
import { BLOCK_COUNT, MAX_COORDINATE, type BlockEdit } from '../../src/world';
import { craftPayload } from './payload-builder';

const key = (e: BlockEdit) => `${e.x},${e.y},${e.z}:${e.block}/${e.state ?? 0}`;
const asSet = (edits: BlockEdit[]) => new Set(edits.map(key));

const edits: BlockEdit[] = [
  { x: 5, y: 70, z: 5, block: 1, state: 6 },
  { x: -1, y: 0, z: -1, block: 2 },
  { x: 33, y: 255, z: -200, block: 0, state: 255 },
  { x: 6, y: 70, z: 5, block: 3 },
];

describe('encodeEditPayload / decodeEditPayload', () => {
  it('round-trips, states included, with 12 bytes a column and 4 an edit', () => {
    const payload = encodeEditPayload(edits);
    expect(payload).toMatchObject({ count: 4, columns: 3 });
    expect(payload.bytes.length).toBe(editPayloadLength(4, 3, COLUMN_PACKING));
    expect(payload.bytes.length).toBe(3 * 12 + 4 * 4);
    const back = decodeEditPayload(payload.bytes, 3, 4, COLUMN_PACKING);
    expect(Array.isArray(back) && asSet(back)).toEqual(asSet(edits));
  });

  it('reads a payload of packing 1 (a version-1 file: 3 bytes an edit) with state 0', () => {
    const bytes = craftPayload([{ cx: 0, cz: 0, edits: [[0x21, 70, 1], [0x22, 70, 2]] }, { cx: -1, cz: 2, edits: [[0x00, 9, 3]] }], [], 1);
    expect(bytes.length).toBe(editPayloadLength(3, 2, LEGACY_PACKING));
    expect(decodeEditPayload(bytes, 2, 3, LEGACY_PACKING)).toEqual([
      { x: 1, y: 70, z: 2, block: 1 },
      { x: 2, y: 70, z: 2, block: 2 },
      { x: -16, y: 9, z: 32, block: 3 },
    ]);
  });

  it('gives the same bytes whatever order the edits come in', () => {
    expect(encodeEditPayload([...edits].reverse()).bytes).toEqual(encodeEditPayload(edits).bytes);
  });

  it('writes little-endian column headers in (cz, cx) order', () => {
    const { bytes } = encodeEditPayload([
      { x: 16, y: 1, z: 0, block: 1 },
      { x: 0, y: 1, z: -16, block: 1 },
    ]);
    const view = new DataView(bytes.buffer);
    expect([view.getInt32(0, true), view.getInt32(4, true), view.getUint32(8, true)]).toEqual([0, -1, 4]);
    expect([view.getInt32(16, true), view.getInt32(20, true), view.getUint32(24, true)]).toEqual([1, 0, 4]);
  });

  it('is empty for no edits', () => {
    expect(encodeEditPayload([])).toEqual({ bytes: new Uint8Array(0), count: 0, columns: 0 });
    expect(decodeEditPayload(new Uint8Array(0), 0, 0, COLUMN_PACKING)).toEqual([]);
  });

  it('refuses to write what it could not read back', () => {
    expect(() => encodeEditPayload([edits[0]!, { ...edits[0]!, block: 4 }])).toThrow(/block \(5, 70, 5\) is edited twice/);
    // Found among others of the column too, whatever their order.
    expect(() => encodeEditPayload([...edits, { x: 6, y: 70, z: 5, block: 1, state: 2 }])).toThrow(/block \(6, 70, 5\) is edited twice/);
    expect(() => encodeEditPayload([{ x: 0, y: 1, z: 0, block: 1, state: 256 }])).toThrow(/state 256/);
    expect(() => encodeEditPayload([{ x: MAX_COORDINATE + 1, y: 1, z: 0, block: 1 }])).toThrow(/beyond/);
    expect(() => encodeEditPayload([{ x: 0, y: 300, z: 0, block: 1 }])).toThrow(RangeError);
  });

  describe('refuses a damaged payload', () => {
    const one = (cx = 0, cz = 0) => ({ cx, cz, edits: [[0x21, 70, 1]] as [number, number, number][] });
    const cases: [string, Uint8Array, number, number, RegExp][] = [
      ['a header cut short', craftPayload([one()]).subarray(0, 8), 1, 1, /ends inside column 1 of 1/],
      ['fewer columns than listed', craftPayload([one()]), 2, 2, /ends inside column 2 of 2/],
      ['a column overrunning the end', craftPayload([{ ...one(), byteLength: 32 }]), 1, 1, /column \(0, 0\) says it holds 32 bytes but only 4 remain/],
      ['a byteLength of part of an edit', craftPayload([{ ...one(), byteLength: 3 }]), 1, 1, /holds 3 bytes, not a whole number of edits/],
      ['an empty column', craftPayload([{ cx: 0, cz: 0, edits: [] }]), 1, 0, /holds 0 bytes/],
      ['a repeated column', craftPayload([one(), one()]), 2, 2, /column \(0, 0\) appears twice/],
      ['bytes after the last column', craftPayload([one()], [1, 2, 3]), 1, 1, /3 bytes of edit data follow the last column/],
      ['a count that does not match', craftPayload([one()]), 1, 2, /says it holds 2 edited blocks but holds 1/],
      ['one block twice', craftPayload([{ cx: 0, cz: 0, edits: [[0x21, 70, 1], [0x21, 70, 2]] }]), 1, 2, /block at \(1, 70, 2\) is edited twice/],
      ['a column beyond the world', craftPayload([one(6_250_001, 0)]), 1, 1, /column \(6250001, 0\) lies outside the world/],
      ['a column beyond the world, negative', craftPayload([one(0, -6_250_001)]), 1, 1, /column \(0, -6250001\) lies outside the world/],
      ['a block just beyond the world', craftPayload([one(6_250_000, 0)]), 1, 1, /block at \(100000001, 70, 2\) lies outside the world/],
    ];
    for (const [name, bytes, columns, count, message] of cases) {
      it(name, () => {
        expect(decodeEditPayload(bytes, columns, count, COLUMN_PACKING)).toEqual({ kind: 'damaged', detail: expect.stringMatching(message) });
      });
    }

    it('and names a block id it does not know', () => {
      const bytes = craftPayload([{ cx: -1, cz: 2, edits: [[0x00, 9, BLOCK_COUNT]] }]);
      expect(decodeEditPayload(bytes, 1, 1, COLUMN_PACKING)).toEqual({ kind: 'unknown-block', detail: `block id ${BLOCK_COUNT} at (-16, 9, 32) is out of range (0..${BLOCK_COUNT - 1})` });
    });
  });

  it('accepts blocks at the very edge of the world', () => {
    const edge = [
      { x: MAX_COORDINATE, y: 0, z: -MAX_COORDINATE, block: 1 },
      { x: -MAX_COORDINATE, y: 255, z: MAX_COORDINATE, block: 2 },
    ];
    const back = decodeEditPayload(encodeEditPayload(edge).bytes, 2, 2, COLUMN_PACKING);
    expect(Array.isArray(back) && asSet(back)).toEqual(asSet(edge));
  });
});
