/**
 * A stored column's edits with newer ones laid over them: the merge a commit does for each
 * column it touches, kept apart from the SQL so it can be checked on its own.
 */
import { cleanEdit, COLUMN_MASK, columnOf, MAX_COORDINATE, validateEdit, type BlockEdit } from '../../src/world';
import { isColumnPacking, packColumnEdits, unpackColumnEdits } from '../../src/storage/column-edits';

export interface PackedColumn {
  packing: number;
  bytes: Uint8Array;
}

/** The edits of column (cx, cz) stored in `column`; throws when its bytes cannot be read (never overwrite what we cannot read). */
export function unpackStoredColumn(cx: number, cz: number, column: PackedColumn): BlockEdit[] {
  if (!isColumnPacking(column.packing)) throw new Error(`column (${cx}, ${cz}) is stored in packing ${column.packing}, which this server does not know`);
  const edits = unpackColumnEdits(cx, cz, column.bytes, column.packing);
  if (typeof edits === 'string') throw new Error(`column (${cx}, ${cz}) is damaged: ${edits}`);
  return edits;
}

/**
 * `stored` (one column's edits, or null for a column with none yet) with `later` applied in
 * order, one edit per block: a later edit of a block replaces the earlier one. Packed in
 * COLUMN_PACKING. Throws a RangeError for an invalid edit or one outside the column, checked
 * before merging so that no later edit of the same block can hide it.
 */
export function mergeColumn(cx: number, cz: number, stored: PackedColumn | null, later: readonly BlockEdit[]): { bytes: Uint8Array; count: number } {
  const byBlock = new Map<number, BlockEdit>();
  // Local x, z and y make one number: the edits all lie in one column.
  const key = (e: BlockEdit) => (e.x & COLUMN_MASK) | ((e.z & COLUMN_MASK) << 4) | (e.y << 8);
  if (stored) for (const e of unpackStoredColumn(cx, cz, stored)) byBlock.set(key(e), e);
  for (const e of later) {
    const problem = validateEdit(e);
    if (problem) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}): ${problem}`);
    // The export file refuses such edits, and a world that cannot be exported is a world lost.
    if (Math.abs(e.x) > MAX_COORDINATE || Math.abs(e.z) > MAX_COORDINATE) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is beyond ±${MAX_COORDINATE}`);
    if (columnOf(e.x) !== cx || columnOf(e.z) !== cz) throw new RangeError(`edit (${e.x}, ${e.y}, ${e.z}) is not in column (${cx}, ${cz})`);
    byBlock.set(key(e), cleanEdit(e));
  }
  const edits = [...byBlock.values()];
  return { bytes: packColumnEdits(cx, cz, edits), count: edits.length };
}
