/**
 * Saves this tab's block changes: durable, coalesced, in order, merged with what other tabs
 * stored, and never lost to a failed write.
 *
 * The game reports each block it changed (markChanged: set to a block, or the edit removed).
 * The write starts on the next microtask, so every change an action made (a break in compare
 * mode changes several columns) goes into the same readwrite transaction, and an edit is in
 * IndexedDB a few milliseconds after it is made: an edit made 200 ms before the tab closes
 * survives. Only the positions this tab changed are written, merged into the stored column
 * inside that transaction (WorldDb.mergeColumns), so a tab whose memory of a column is stale
 * cannot erase another tab's edits; edits received from other tabs are never marked, so never
 * written again here. Many changes of one position before a write are one change, the last.
 * One transaction is in flight at a time; changes made meanwhile go in the next, so two writes
 * of the same position can never land out of order. Once a transaction commits, `committed`
 * hands over its changes (the library then tells the other tabs: they read them from the
 * database from then on, so nothing is announced that a tab opening the world could miss).
 *
 * When a write fails (QuotaExceededError, a database closed after another tab's upgrade,
 * AbortError…), its changes stay queued (newer changes of the same positions win),
 * `hooks.failed` is called once for the streak, and the write is retried after 1 s, 2 s, 4 s …
 * at most 30 s, or at once by retryNow() or flush(). The first write that succeeds again calls
 * `hooks.recovered`.
 */
import { cleanEdit, columnOf, validateEdit } from '../world';
import { positionInColumn, type BlockChange, type ColumnChanges } from './column-changes';
import type { WorldDb } from './world-db';

export interface ColumnWriterHooks {
  /** Saving failed; `pending` columns wait for the retry. Called once per failure streak. */
  failed(error: unknown, pending: number): void;
  /** A write succeeded after a failure streak: everything marked before it is saved. */
  recovered(): void;
  /** These changes of one world are committed (called per world, before flush resolves). */
  committed(world: string, changes: BlockChange[]): void;
}

export interface ColumnWriterOptions {
  /** Delay before the first retry after a failure, in ms; it doubles with each failure. */
  firstRetryMs: number;
  /** Longest delay between retries, in ms. */
  maxRetryMs: number;
  /** Timer functions, replaced in tests. */
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const DEFAULT_COLUMN_WRITER_OPTIONS: Readonly<ColumnWriterOptions> = Object.freeze({
  firstRetryMs: 1000,
  maxRetryMs: 30_000,
  // Looked up at call time, so fake timers installed later are honoured.
  setTimeout: (run: () => void, ms: number): unknown => globalThis.setTimeout(run, ms),
  clearTimeout: (handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/** What the writer needs of WorldDb (a stand-in in tests, a reconnecting one in the library). */
export type ColumnSink = Pick<WorldDb, 'mergeColumns'>;

/** One column's changes waiting to be written, by position inside the column. */
interface DirtyColumn {
  world: string;
  cx: number;
  cz: number;
  changes: Map<number, BlockChange>;
}

interface FlushWaiter {
  /** Resolved once every mark up to this sequence number is committed. */
  upTo: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class ColumnWriter {
  private readonly options: ColumnWriterOptions;
  /** Columns with changes not yet in a transaction, by key, in marking order. */
  private readonly dirty = new Map<string, DirtyColumn>();
  /** The columns of the transaction in flight, or null. */
  private inFlight: Map<string, DirtyColumn> | null = null;
  private writeQueued = false;
  private retryTimer: unknown = null;
  private retryDelay: number;
  private failing = false;
  /** Counts markChanged calls; a committed transaction covers every mark made before it started. */
  private marks = 0;
  private waiters: FlushWaiter[] = [];
  private disposed = false;

  constructor(
    private readonly db: ColumnSink,
    private readonly hooks: ColumnWriterHooks,
    options: Partial<ColumnWriterOptions> = {},
  ) {
    this.options = { ...DEFAULT_COLUMN_WRITER_OPTIONS, ...options };
    this.retryDelay = this.options.firstRetryMs;
  }

  /** Columns with changes not yet committed (waiting, or in the transaction in flight). */
  get pending(): number {
    let n = this.dirty.size;
    if (this.inFlight) for (const key of this.inFlight.keys()) if (!this.dirty.has(key)) n++;
    return n;
  }

  /**
   * Queues one block this tab changed in a world, to be merged into its stored column; written
   * on the next microtask (after the retry delay while writes are failing). Throws RangeError
   * on a change that is not a valid edit, queueing nothing: it would fail every retry.
   */
  markChanged(worldId: string, change: BlockChange): void {
    const problem = validateEdit(change);
    if (problem) throw new RangeError(`markChanged (${change.x}, ${change.y}, ${change.z}): ${problem}`);
    if (this.disposed) return;
    const cx = columnOf(change.x);
    const cz = columnOf(change.z);
    const key = JSON.stringify([worldId, cx, cz]);
    const column = this.dirty.get(key) ?? { world: worldId, cx, cz, changes: new Map<number, BlockChange>() };
    // Delete first so the column moves to the end: marking order is writing order.
    this.dirty.delete(key);
    this.dirty.set(key, column);
    const at = positionInColumn(change.x, change.y, change.z);
    column.changes.delete(at);
    column.changes.set(at, { ...cleanEdit(change), removed: change.removed });
    this.marks++;
    // While failing, hammering a full disk on every edit helps nobody: the retry takes it.
    if (!this.failing) this.queueWrite();
  }

  /**
   * Resolves when every column marked so far is committed; rejects with the error if a write
   * fails first (the columns stay queued for the retry). Starts a write at once if none is in
   * flight, even during a failure streak (before leaving a world, on pagehide).
   */
  flush(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    if (this.disposed) return Promise.reject(new Error('ColumnWriter is disposed; unsaved columns remain'));
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ upTo: this.marks, resolve, reject }));
    if (!this.inFlight) this.write();
    return done;
  }

  /** Retries a failed write now (a "retry" button), instead of at the end of the backoff delay. */
  retryNow(): void {
    if (this.disposed || this.inFlight) return;
    this.write();
  }

  /** Stops: no further writes or retries (one in flight still completes); hooks are not called again. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.cancelRetry();
    if (!this.inFlight) this.rejectWaiters(new Error('ColumnWriter was disposed before these columns were saved'));
  }

  private queueWrite(): void {
    if (this.writeQueued || this.inFlight) return;
    this.writeQueued = true;
    queueMicrotask(() => {
      this.writeQueued = false;
      this.write();
    });
  }

  private cancelRetry(): void {
    if (this.retryTimer === null) return;
    this.options.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Starts one transaction with every dirty column, unless one is in flight or nothing is dirty. */
  private write(): void {
    if (this.disposed || this.inFlight || this.dirty.size === 0) return;
    this.cancelRetry();
    const batch = new Map(this.dirty);
    this.dirty.clear();
    this.inFlight = batch;
    const upTo = this.marks;
    let written: Promise<void>;
    try {
      written = this.db.mergeColumns([...batch.values()].map((c): ColumnChanges => ({ world: c.world, cx: c.cx, cz: c.cz, changes: [...c.changes.values()] })));
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(
      () => this.settle(batch, upTo, null),
      (error: unknown) => this.settle(batch, upTo, error ?? new Error('write failed')),
    );
  }

  private settle(batch: Map<string, DirtyColumn>, upTo: number, error: unknown): void {
    this.inFlight = null;
    if (error === null) {
      if (!this.disposed) this.announceCommitted(batch);
      this.resolveWaiters(upTo);
      if (this.failing) {
        this.failing = false;
        this.retryDelay = this.options.firstRetryMs;
        if (!this.disposed) this.hooks.recovered();
      }
      if (this.disposed) this.rejectWaiters(new Error('ColumnWriter was disposed before these columns were saved'));
      else this.write();
      return;
    }
    // Back into the queue, under any change of the same position made meanwhile (newer).
    for (const [key, column] of batch) {
      const newer = this.dirty.get(key);
      if (!newer) this.dirty.set(key, column);
      else for (const [at, change] of column.changes) if (!newer.changes.has(at)) newer.changes.set(at, change);
    }
    this.rejectWaiters(error);
    if (this.disposed) return;
    if (!this.failing) {
      this.failing = true;
      this.hooks.failed(error, this.pending);
    }
    this.cancelRetry();
    this.retryTimer = this.options.setTimeout(() => {
      this.retryTimer = null;
      this.write();
    }, this.retryDelay);
    this.retryDelay = Math.min(this.options.maxRetryMs, this.retryDelay * 2);
  }

  private announceCommitted(batch: Map<string, DirtyColumn>): void {
    const byWorld = new Map<string, BlockChange[]>();
    for (const column of batch.values()) {
      const list = byWorld.get(column.world) ?? [];
      list.push(...column.changes.values());
      byWorld.set(column.world, list);
    }
    for (const [world, changes] of byWorld) this.hooks.committed(world, changes);
  }

  private resolveWaiters(upTo: number): void {
    const still: FlushWaiter[] = [];
    for (const w of this.waiters) {
      if (w.upTo <= upTo) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }

  private rejectWaiters(error: unknown): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(error);
  }
}

