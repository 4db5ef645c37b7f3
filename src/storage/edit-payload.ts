/**
 * A world's edits as one binary payload, the body of an export file before gzip: for each
 * column, int32 cx, int32 cz, uint32 byteLength (little-endian), then that column's bytes in
 * one packing (column-edits.ts) for the whole payload: packColumnEdits' when written, either
 * when read (the file says which). Columns come in (cz, cx) order and edits in
 * packColumnEdits' order, so the same edits always give the same bytes.
 */
import { COLUMN_SIZE, MAX_COORDINATE, WORLD_HEIGHT, type BlockEdit } from '../world';
import { bytesPerEdit, COLUMN_PACKING, groupByColumn, packColumnEdits, unpackColumnEdits, type ColumnPacking } from './column-edits';

/** cx, cz, byteLength: three 32-bit numbers before each column's edits. */
export const COLUMN_HEADER_BYTES = 12;

export interface EditPayload {
  bytes: Uint8Array;
  /** Edited blocks. */
  count: number;
  /** Columns holding at least one of them. */
  columns: number;
}

/** Why a payload cannot be read; `detail` is what is damaged, or names the unknown block (world-file.ts leads with what it means). */
export type EditPayloadProblem = { kind: 'damaged' | 'unknown-block'; detail: string };

/** The exact payload size for `count` edits in `columns` columns (every column holds at least one) in `packing`. */
export function editPayloadLength(count: number, columns: number, packing: ColumnPacking): number {
  return columns * COLUMN_HEADER_BYTES + count * bytesPerEdit(packing);
}

/**
 * Packs `edits`. Throws a RangeError for what a reader would refuse: an invalid edit, one
 * beyond MAX_COORDINATE, or two edits of the same block (a caller's bug; an EditStore
 * never holds them), since writing a file that cannot be read back loses the world.
 */
export function encodeEditPayload(edits: Iterable<BlockEdit>): EditPayload {
  const groups = [...groupByColumn(edits).values()].sort((a, b) => a.cz - b.cz || a.cx - b.cx);
  const packed: { cx: number; cz: number; bytes: Uint8Array }[] = [];
  let count = 0;
  for (const { cx, cz, edits: columnEdits } of groups) {
    for (const e of columnEdits) {
      if (Math.abs(e.x) > MAX_COORDINATE || Math.abs(e.z) > MAX_COORDINATE) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is beyond ±${MAX_COORDINATE}`);
    }
    const bytes = packColumnEdits(cx, cz, columnEdits);
    // Sorted by (y, z, x), so two edits of one block are neighbours with equal xz and y bytes
    // (the first two planes of N bytes).
    const n = columnEdits.length;
    for (let i = 1; i < n; i++) {
      if (bytes[i] === bytes[i - 1] && bytes[n + i] === bytes[n + i - 1]) {
        const e = (unpackColumnEdits(cx, cz, bytes, COLUMN_PACKING) as BlockEdit[])[i]!;
        throw new RangeError(`block (${e.x}, ${e.y}, ${e.z}) is edited twice`);
      }
    }
    packed.push({ cx, cz, bytes });
    count += columnEdits.length;
  }
  const out = new Uint8Array(editPayloadLength(count, packed.length, COLUMN_PACKING));
  const view = new DataView(out.buffer);
  let o = 0;
  for (const { cx, cz, bytes } of packed) {
    view.setInt32(o, cx, true);
    view.setInt32(o + 4, cz, true);
    view.setUint32(o + 8, bytes.length, true);
    out.set(bytes, o + COLUMN_HEADER_BYTES);
    o += COLUMN_HEADER_BYTES + bytes.length;
  }
  return { bytes: out, count, columns: packed.length };
}

/**
 * The edits in `bytes`, which its file says hold `count` edits in `columns` columns in
 * `packing`, or why they cannot be trusted: a column header or body running past the end,
 * bytes left over, an empty or repeated column, a count that does not match, a block outside
 * the world or edited twice (damaged), or a block id this game does not know. Any state byte
 * is a state (0..255), so states are never damaged.
 */
export function decodeEditPayload(bytes: Uint8Array, columns: number, count: number, packing: ColumnPacking): BlockEdit[] | EditPayloadProblem {
  const damaged = (detail: string): EditPayloadProblem => ({ kind: 'damaged', detail });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seenColumns = new Set<string>();
  // Per local (x, z, y) position, the 1-based ordinal of the last column that set it: finds a
  // repeated block without clearing a table for every column.
  const seenInColumn = new Uint32Array(COLUMN_SIZE * COLUMN_SIZE * WORLD_HEIGHT);
  const out: BlockEdit[] = [];
  let o = 0;
  for (let c = 1; c <= columns; c++) {
    if (bytes.length - o < COLUMN_HEADER_BYTES) return damaged(`its edit data ends inside column ${c} of ${columns}`);
    const cx = view.getInt32(o, true);
    const cz = view.getInt32(o + 4, true);
    const length = view.getUint32(o + 8, true);
    o += COLUMN_HEADER_BYTES;
    const where = `column (${cx}, ${cz})`;
    if (seenColumns.has(`${cx},${cz}`)) return damaged(`${where} appears twice`);
    seenColumns.add(`${cx},${cz}`);
    if (length === 0 || length % bytesPerEdit(packing) !== 0) return damaged(`${where} holds ${length} bytes, not a whole number of edits`);
    if (length > bytes.length - o) return damaged(`${where} says it holds ${length} bytes but only ${bytes.length - o} remain`);
    if (!columnOverlapsWorld(cx) || !columnOverlapsWorld(cz)) return damaged(`${where} lies outside the world (|x| and |z| at most ${MAX_COORDINATE})`);
    const edits = unpackColumnEdits(cx, cz, bytes.subarray(o, o + length), packing);
    // The length was checked above, so the only thing unpacking can refuse is a block id.
    if (typeof edits === 'string') return { kind: 'unknown-block', detail: edits };
    const x0 = cx * COLUMN_SIZE;
    const z0 = cz * COLUMN_SIZE;
    for (const e of edits) {
      const at = `(${e.x}, ${e.y}, ${e.z})`;
      if (Math.abs(e.x) > MAX_COORDINATE || Math.abs(e.z) > MAX_COORDINATE) return damaged(`the block at ${at} lies outside the world (|x| and |z| at most ${MAX_COORDINATE})`);
      const local = (e.x - x0) | ((e.z - z0) << 4) | (e.y << 8);
      if (seenInColumn[local] === c) return damaged(`the block at ${at} is edited twice`);
      seenInColumn[local] = c;
      out.push(e);
    }
    o += length;
  }
  if (o !== bytes.length) return damaged(`${bytes.length - o} bytes of edit data follow the last column`);
  if (out.length !== count) return damaged(`it says it holds ${count} edited blocks but holds ${out.length}`);
  return out;
}

/** Whether any block of column `c` (on one axis) lies within ±MAX_COORDINATE. */
function columnOverlapsWorld(c: number): boolean {
  return c * COLUMN_SIZE <= MAX_COORDINATE && c * COLUMN_SIZE + COLUMN_SIZE - 1 >= -MAX_COORDINATE;
}
