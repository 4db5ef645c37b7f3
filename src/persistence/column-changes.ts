/**
 * What one tab changed in a column, and how that is merged into the column as stored.
 *
 * A tab never writes its whole copy of a column: its copy may lack another tab's edits (it
 * left the world and came back, or a message is still on its way), and putting it would erase
 * them. It writes the positions it changed, each set to a block or restored to the generated
 * block (the edit removed), merged into whatever is stored now (docs/architecture.md §8).
 */
import { bytesPerEdit, packColumnEdits, unpackColumnEdits, type ColumnPacking } from '../storage/column-edits';
import { cleanEdit, COLUMN_MASK, columnOf, validateEdit, type BlockEdit } from '../world';

/**
 * One block this tab changed: `block` (and `state`) is the block there now; `removed` says it is the block
 * the world generates there, so the stored edit goes (rather than storing a copy of the
 * generated block). Other tabs are told `block` either way and decide for themselves.
 */
export interface BlockChange extends BlockEdit {
  removed: boolean;
}

/** The changes of one column of one world. */
export interface ColumnChanges {
  world: string;
  cx: number;
  cz: number;
  changes: readonly BlockChange[];
}

/** Where a change sits inside its column: one number per (local x, y, local z). */
export function positionInColumn(x: number, y: number, z: number): number {
  return (x & COLUMN_MASK) | ((z & COLUMN_MASK) << 4) | (y << 8);
}

/** Throws a RangeError naming the problem when a change is not a valid edit inside column (cx, cz). */
export function checkColumnChanges(column: ColumnChanges): void {
  for (const c of column.changes) {
    const problem = validateEdit(c);
    if (problem) throw new RangeError(`column (${column.cx}, ${column.cz}): change at (${c.x}, ${c.y}, ${c.z}) refused: ${problem}`);
    if (columnOf(c.x) !== column.cx || columnOf(c.z) !== column.cz) throw new RangeError(`change at (${c.x}, ${c.y}, ${c.z}) is not in column (${column.cx}, ${column.cz})`);
  }
}

export interface MergedColumn {
  /** The column's bytes after the merge, in COLUMN_PACKING; empty when no edit is left (the record goes). */
  bytes: Uint8Array;
  /** Edits stored before and after, for the world's edit count. */
  before: number;
  after: number;
}

/**
 * Applies `changes` (in order; a later change of a position wins) to the stored bytes of column
 * (cx, cz), in whichever packing they were stored; the result is in COLUMN_PACKING, so a
 * column written before block states moves to the new packing the first time it changes.
 * Stored bytes that cannot be read are replaced by the changes alone: loading skips such a
 * column anyway, so nothing readable is lost.
 */
export function mergeColumnChanges(cx: number, cz: number, stored: { edits: Uint8Array; packing: ColumnPacking } | null, changes: readonly BlockChange[]): MergedColumn {
  const unpacked = stored ? unpackColumnEdits(cx, cz, stored.edits, stored.packing) : [];
  const before = stored ? Math.floor(stored.edits.length / bytesPerEdit(stored.packing)) : 0;
  const edits = new Map<number, BlockEdit>();
  if (typeof unpacked !== 'string') for (const e of unpacked) edits.set(positionInColumn(e.x, e.y, e.z), e);
  for (const c of changes) {
    const at = positionInColumn(c.x, c.y, c.z);
    if (c.removed) edits.delete(at);
    else edits.set(at, cleanEdit(c));
  }
  const bytes = edits.size === 0 ? new Uint8Array(0) : packColumnEdits(cx, cz, [...edits.values()]);
  return { bytes, before, after: edits.size };
}
