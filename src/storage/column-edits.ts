/**
 * One column's edits packed into bytes, sorted by (y, z, x) so runs of a build compress well.
 * The same packing is the value of a per-column record in IndexedDB and the body of a column
 * in an exported world file, so a column's edits cost the same wherever they are kept. Two
 * packings exist, and whoever stores the bytes also stores which one they are in (a record's
 * `packing` field, a world file's edit encoding): the bytes alone cannot tell them apart.
 *
 * - Packing 1 (before block states; IndexedDB schema 2 records, world files of version 1):
 *   3 bytes per edit, one edit after another: local x | local z << 4, y, block id.
 * - Packing 2 (now; records of schema 3, world files of version 2): 4 bytes per edit, in
 *   four planes of N bytes each: every edit's local x | local z << 4, then every y, every
 *   block id, every block state. A plane holds one kind of byte, which gzip finds far more
 *   runs in than in interleaved edits: a realistic 100,000-edit world with states packs to
 *   ~135 KB gzip'd, where packing 1 took ~240 KB without them (test/storage/world-file.test.ts).
 *
 * Only packing 2 is written; packing 1 is read so old saves and files still load (state 0).
 */
import { BLOCK_COUNT, COLUMN_MASK, COLUMN_SIZE, columnOf, isBlockState, WORLD_HEIGHT, type BlockEdit } from '../world';

/** How a column's bytes are laid out (see the top of this file). */
export type ColumnPacking = 1 | 2;

/** 3 bytes per edit, no states: data written before block states. */
export const LEGACY_PACKING: ColumnPacking = 1;
/** 4 bytes per edit in four planes: what this build writes. */
export const COLUMN_PACKING: ColumnPacking = 2;

/** Bytes per edit in this build's packing. */
export const BYTES_PER_EDIT = 4;

export function bytesPerEdit(packing: ColumnPacking): number {
  return packing === LEGACY_PACKING ? 3 : 4;
}

/** Whether `value` names a packing this build reads. */
export function isColumnPacking(value: unknown): value is ColumnPacking {
  return value === 1 || value === 2;
}

/**
 * Packs edits that all lie in column (cx, cz), in COLUMN_PACKING; throws on one that does not
 * or is not a valid edit.
 */
export function packColumnEdits(cx: number, cz: number, edits: readonly BlockEdit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.y - b.y || a.z - b.z || a.x - b.x);
  const n = sorted.length;
  const out = new Uint8Array(n * BYTES_PER_EDIT);
  sorted.forEach((e, i) => {
    // The low 4 bits of a fraction would be written as some other block's position.
    if (!Number.isInteger(e.x) || !Number.isInteger(e.z)) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is not at whole coordinates`);
    if (columnOf(e.x) !== cx || columnOf(e.z) !== cz) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is not in column (${cx}, ${cz})`);
    if (!Number.isInteger(e.y) || e.y < 0 || e.y >= WORLD_HEIGHT) throw new RangeError(`edit y ${e.y} is outside 0..${WORLD_HEIGHT - 1}`);
    if (!Number.isInteger(e.block) || e.block < 0 || e.block >= BLOCK_COUNT) throw new RangeError(`edit block id ${e.block} is unknown`);
    if (e.state !== undefined && !isBlockState(e.state)) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) has state ${e.state}, not a whole number 0..255`);
    out[i] = (e.x & COLUMN_MASK) | ((e.z & COLUMN_MASK) << 4);
    out[n + i] = e.y;
    out[2 * n + i] = e.block;
    out[3 * n + i] = e.state ?? 0;
  });
  return out;
}

/** Edits held by `bytes` in `packing`, or null when the length is not a whole number of them. */
export function editCountOf(bytes: Uint8Array, packing: ColumnPacking): number | null {
  const size = bytesPerEdit(packing);
  return bytes.length % size === 0 ? bytes.length / size : null;
}

/**
 * The edits of column (cx, cz) from bytes in `packing`, in the packed (y, z, x) order, each
 * with a `state` only when it is not 0; or the reason they cannot be read: a length that is
 * not a whole number of edits, or a block id out of range. Saved and imported bytes are input
 * like any other.
 */
export function unpackColumnEdits(cx: number, cz: number, bytes: Uint8Array, packing: ColumnPacking): BlockEdit[] | string {
  const size = bytesPerEdit(packing);
  const n = editCountOf(bytes, packing);
  if (n === null) return `column (${cx}, ${cz}): ${bytes.length} bytes is not a whole number of ${size}-byte edits`;
  // Offsets of each edit's y, block and state bytes from its xz byte.
  const [dy, dBlock, dState] = packing === LEGACY_PACKING ? [1, 2, -1] : [n, 2 * n, 3 * n];
  const step = packing === LEGACY_PACKING ? 3 : 1;
  const out: BlockEdit[] = [];
  const x0 = cx * COLUMN_SIZE;
  const z0 = cz * COLUMN_SIZE;
  for (let i = 0, o = 0; i < n; i++, o += step) {
    const xz = bytes[o]!;
    const edit: BlockEdit = { x: x0 + (xz & COLUMN_MASK), y: bytes[o + dy]!, z: z0 + (xz >> 4), block: bytes[o + dBlock]! };
    // Where the bad block is, so a player or a bug report can find it.
    if (edit.block >= BLOCK_COUNT) return `block id ${edit.block} at (${edit.x}, ${edit.y}, ${edit.z}) is out of range (0..${BLOCK_COUNT - 1})`;
    const state = dState < 0 ? 0 : bytes[o + dState]!;
    if (state !== 0) edit.state = state;
    out.push(edit);
  }
  return out;
}

/** Groups edits by column, as [cx, cz, edits] entries. */
export function groupByColumn(edits: Iterable<BlockEdit>): Map<string, { cx: number; cz: number; edits: BlockEdit[] }> {
  const out = new Map<string, { cx: number; cz: number; edits: BlockEdit[] }>();
  for (const e of edits) {
    const cx = columnOf(e.x);
    const cz = columnOf(e.z);
    const key = `${cx},${cz}`;
    let group = out.get(key);
    if (!group) out.set(key, (group = { cx, cz, edits: [] }));
    group.edits.push(e);
  }
  return out;
}
