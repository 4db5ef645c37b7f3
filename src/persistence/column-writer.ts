/**
 * Saves edited columns: durable, coalesced, in order, and never lost to a failed write.
 *
 * The game marks a column dirty after each edit. The write starts on the next microtask, so
 * every column an action touched (a break in compare mode marks several) goes into the same
 * readwrite transaction, and an edit is in IndexedDB a few milliseconds after it is made: an
 * edit made 200 ms before the tab closes survives. A column's bytes are read from `source`
 * when the write starts, not when it was marked, so many edits of one column are one put of
 * its latest state. One transaction is in flight at a time; columns marked meanwhile go in the
 * next, so two writes of the same column can never land out of order.
 *
 * When a write fails (QuotaExceededError, InvalidStateError after another tab's upgrade
 * closed the database, AbortError…), its columns stay dirty (their edits are still in the
 * game's EditStore), `hooks.failed` is called once for the streak, and the write is retried
 * after 1 s, 2 s, 4 s … at most 30 s, or at once by retryNow() or flush(). The first write
 * that succeeds again calls `hooks.recovered`.
 */
import { packColumnEdits } from '../storage/column-edits';
import { columnOf, type BlockEdit } from '../world';
import type { ColumnRecord, WorldDb } from './world-db';

/**
 * The edits of column (cx, cz) of a world, as they are now. It may also return edits of
 * other columns (EditStore.forPaddedColumn includes the LIGHT_MARGIN around it): only those inside
 * the column are saved.
 */
export type ColumnEditsSource = (worldId: string, cx: number, cz: number) => readonly BlockEdit[];

export interface ColumnWriterHooks {
  /** Saving failed; `pending` columns wait for the retry. Called once per failure streak. */
  failed(error: unknown, pending: number): void;
  /** A write succeeded after a failure streak: everything marked before it is saved. */
  recovered(): void;
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

/** What the writer needs of WorldDb (a stand-in in tests). */
export type ColumnSink = Pick<WorldDb, 'writeColumns'>;

interface DirtyColumn {
  world: string;
  cx: number;
  cz: number;
}

interface FlushWaiter {
  /** Resolved once every mark up to this sequence number is committed. */
  upTo: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class ColumnWriter {
  private readonly options: ColumnWriterOptions;
  /** Columns marked and not yet in a transaction, by key, in marking order. */
  private readonly dirty = new Map<string, DirtyColumn>();
  /** The columns of the transaction in flight, or null. */
  private inFlight: Map<string, DirtyColumn> | null = null;
  private writeQueued = false;
  private retryTimer: unknown = null;
  private retryDelay: number;
  private failing = false;
  /** Counts markDirty calls; a committed transaction covers every mark made before it started. */
  private marks = 0;
  private waiters: FlushWaiter[] = [];
  private disposed = false;

  constructor(
    private readonly db: ColumnSink,
    private readonly source: ColumnEditsSource,
    private readonly hooks: ColumnWriterHooks,
    options: Partial<ColumnWriterOptions> = {},
  ) {
    this.options = { ...DEFAULT_COLUMN_WRITER_OPTIONS, ...options };
    this.retryDelay = this.options.firstRetryMs;
  }

  /** Columns marked and not yet committed (dirty or in the transaction in flight). */
  get pending(): number {
    let n = this.dirty.size;
    if (this.inFlight) for (const key of this.inFlight.keys()) if (!this.dirty.has(key)) n++;
    return n;
  }

  /** Queues column (cx, cz) of a world for saving; written on the next microtask (after the retry delay while writes are failing). */
  markDirty(worldId: string, cx: number, cz: number): void {
    if (this.disposed) return;
    const key = JSON.stringify([worldId, cx, cz]);
    // Delete first so the column moves to the end: marking order is writing order.
    this.dirty.delete(key);
    this.dirty.set(key, { world: worldId, cx, cz });
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
      written = this.db.writeColumns([...batch.values()].map((c) => this.recordOf(c)));
    } catch (error) {
      written = Promise.reject(error);
    }
    written.then(
      () => this.settle(batch, upTo, null),
      (error: unknown) => this.settle(batch, upTo, error ?? new Error('write failed')),
    );
  }

  private recordOf(c: DirtyColumn): ColumnRecord {
    const own = this.source(c.world, c.cx, c.cz).filter((e) => columnOf(e.x) === c.cx && columnOf(e.z) === c.cz);
    return { world: c.world, cx: c.cx, cz: c.cz, edits: own.length === 0 ? new Uint8Array(0) : packColumnEdits(c.cx, c.cz, own) };
  }

  private settle(batch: Map<string, DirtyColumn>, upTo: number, error: unknown): void {
    this.inFlight = null;
    if (error === null) {
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
    // Back into the queue, unless marked again meanwhile (then it is there already, newer).
    for (const [key, column] of batch) if (!this.dirty.has(key)) this.dirty.set(key, column);
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

