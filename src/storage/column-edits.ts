/**
 * One column's edits packed into bytes: 3 bytes per edited block (local x and z in one byte,
 * y, block id), sorted by (y, z, x) so runs of a build compress well. The same packing is the
 * value of a per-column record in IndexedDB and the body of an exported world file, so a
 * column's edits cost 3 bytes wherever they are kept, whatever the world's size.
 */
import { BLOCK_COUNT, COLUMN_MASK, COLUMN_SIZE, columnOf, WORLD_HEIGHT, type BlockEdit } from '../world';

export const BYTES_PER_EDIT = 3;

/** Packs edits that all lie in column (cx, cz); throws on one that does not or is not a valid edit. */
export function packColumnEdits(cx: number, cz: number, edits: readonly BlockEdit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.y - b.y || a.z - b.z || a.x - b.x);
  const out = new Uint8Array(sorted.length * BYTES_PER_EDIT);
  let o = 0;
  for (const e of sorted) {
    // The low 4 bits of a fraction would be written as some other block's position.
    if (!Number.isInteger(e.x) || !Number.isInteger(e.z)) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is not at whole coordinates`);
    if (columnOf(e.x) !== cx || columnOf(e.z) !== cz) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is not in column (${cx}, ${cz})`);
    if (!Number.isInteger(e.y) || e.y < 0 || e.y >= WORLD_HEIGHT) throw new RangeError(`edit y ${e.y} is outside 0..${WORLD_HEIGHT - 1}`);
    if (!Number.isInteger(e.block) || e.block < 0 || e.block >= BLOCK_COUNT) throw new RangeError(`edit block id ${e.block} is unknown`);
    out[o++] = (e.x & COLUMN_MASK) | ((e.z & COLUMN_MASK) << 4);
    out[o++] = e.y;
    out[o++] = e.block;
  }
  return out;
}

/**
 * The edits of column (cx, cz) from packed bytes, or the reason they cannot be read: a
 * length that is not a whole number of edits, or a block id out of range. Saved and
 * imported bytes are input like any other.
 */
export function unpackColumnEdits(cx: number, cz: number, bytes: Uint8Array): BlockEdit[] | string {
  if (bytes.length % BYTES_PER_EDIT !== 0) return `column (${cx}, ${cz}): ${bytes.length} bytes is not a whole number of ${BYTES_PER_EDIT}-byte edits`;
  const out: BlockEdit[] = [];
  const x0 = cx * COLUMN_SIZE;
  const z0 = cz * COLUMN_SIZE;
  for (let i = 0; i < bytes.length; i += BYTES_PER_EDIT) {
    const xz = bytes[i]!;
    const edit = { x: x0 + (xz & COLUMN_MASK), y: bytes[i + 1]!, z: z0 + (xz >> 4), block: bytes[i + 2]! };
    // Where the bad block is, so a player or a bug report can find it.
    if (edit.block >= BLOCK_COUNT) return `block id ${edit.block} at (${edit.x}, ${edit.y}, ${edit.z}) is out of range (0..${BLOCK_COUNT - 1})`;
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
