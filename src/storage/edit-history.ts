/**
 * Undo and redo of the player's block edits. One player action is one entry, even when it
 * changes several blocks or several worlds at once (compare mode edits both sides with one
 * click), so one undo takes back exactly what one click did.
 *
 * The history only remembers; applying the changes it hands back (to the edit store, the
 * meshes, the saved world) is the caller's job, as is keeping one history per open world
 * or per compare session.
 */

/** One block changing in one world: block ids (and block states) before and after. */
export interface EditChange {
  /** Which world: an opaque key the caller chooses (a world id, a compare side). */
  world: string;
  x: number;
  y: number;
  z: number;
  before: number;
  after: number;
  /** The block state before and after (BlockEdit.state); missing means 0. */
  beforeState?: number;
  afterState?: number;
}

/** Whether a change changes anything: the block, or only its state (a door opened). */
function changesSomething(c: EditChange): boolean {
  return c.before !== c.after || (c.beforeState ?? 0) !== (c.afterState ?? 0);
}

/** The change that takes `c` back: after -> before, state included. */
function reversed(c: EditChange): EditChange {
  const back: EditChange = { world: c.world, x: c.x, y: c.y, z: c.z, before: c.after, after: c.before };
  if (c.afterState !== undefined) back.beforeState = c.afterState;
  if (c.beforeState !== undefined) back.afterState = c.beforeState;
  return back;
}

export interface EditHistoryOptions {
  /** Most entries kept (undoable plus redoable); recording past it drops the oldest. */
  limit: number;
}

/** 200 actions: several minutes of building, a few hundred KB at most. */
export const DEFAULT_EDIT_HISTORY_OPTIONS: Readonly<EditHistoryOptions> = Object.freeze({ limit: 200 });

export class EditHistory {
  readonly limit: number;
  /** Oldest first; each entry as recorded (before -> after, in the order made). */
  private readonly undoStack: EditChange[][] = [];
  /** Most recently undone last. */
  private readonly redoStack: EditChange[][] = [];

  constructor(options: Partial<EditHistoryOptions> = {}) {
    const { limit } = { ...DEFAULT_EDIT_HISTORY_OPTIONS, ...options };
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`history limit ${limit} must be a whole number >= 0`);
    this.limit = limit;
  }

  /** Entries that can be undone. */
  get size(): number {
    return this.undoStack.length;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /**
   * Records one action's changes as one entry. Changes that change nothing (the same block
   * and state before and after) are dropped, and a group left empty is no entry at all (a click that placed
   * nothing must not become an undo step that does nothing). Any new entry clears redo, as
   * in every editor. Returns whether an entry was recorded.
   */
  record(changes: readonly EditChange[]): boolean {
    const entry = changes.filter(changesSomething).map((c) => ({ ...c }));
    if (entry.length === 0 || this.limit === 0) return false;
    this.redoStack.length = 0;
    this.undoStack.push(entry);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    return true;
  }

  /**
   * The changes that take the latest entry back (after -> before, last change first, so a
   * block changed twice in one action ends as it began), or null when there is nothing to
   * undo. The entry moves to the redo stack.
   */
  undo(): EditChange[] | null {
    const entry = this.undoStack.pop();
    if (!entry) return null;
    this.redoStack.push(entry);
    return entry.map(reversed).reverse();
  }

  /** What undo() would return now, without moving anything (so a caller can refuse it). */
  peekUndo(): EditChange[] | null {
    const entry = this.undoStack[this.undoStack.length - 1];
    return entry ? entry.map(reversed).reverse() : null;
  }

  /** What redo() would return now, without moving anything. */
  peekRedo(): EditChange[] | null {
    const entry = this.redoStack[this.redoStack.length - 1];
    return entry ? entry.map((c) => ({ ...c })) : null;
  }

  /** The changes that make the last undone entry again, as first recorded, or null. */
  redo(): EditChange[] | null {
    const entry = this.redoStack.pop();
    if (!entry) return null;
    this.undoStack.push(entry);
    return entry.map((c) => ({ ...c }));
  }

  /**
   * Forgets every change to `world` (it was closed or deleted: its blocks are no longer the
   * caller's to change), keeping the other worlds' changes of the same actions. Entries left
   * empty are dropped.
   */
  forgetWorld(world: string): void {
    for (const stack of [this.undoStack, this.redoStack]) {
      const kept = stack.map((entry) => entry.filter((c) => c.world !== world)).filter((entry) => entry.length > 0);
      stack.length = 0;
      stack.push(...kept);
    }
  }

  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
  }
}
