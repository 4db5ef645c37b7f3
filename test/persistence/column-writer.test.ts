/**
 * ColumnWriter against a real (in-memory) IndexedDB: coalesced, ordered, durable writes of the
 * blocks this tab changed, merged with what is stored; failures that keep the changes, report
 * once, back off on injected timers and recover; committed changes handed over for announcing.
 */
import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockChange, ColumnChanges } from '../../src/persistence/column-changes';
import { ColumnWriter, type ColumnWriterOptions } from '../../src/persistence/column-writer';
import type { WorldDb } from '../../src/persistence/world-db';
import { COLUMN_PACKING, packColumnEdits } from '../../src/storage/column-edits';
import { EditStore, type BlockEdit } from '../../src/world';
import { columnEdits, editSet, freshIndexedDB, loadAll, openTestDb, rawOpen, worldRecord } from './world-db-fixtures';
import { manualTimers } from '../support/manual-timers';


const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

async function setup(worlds: string[] = ['w'], options: Partial<ColumnWriterOptions> = {}) {
  const factory = freshIndexedDB();
  const closed = vi.fn();
  const db = await openTestDb(factory, { now: () => 9000, closed });
  for (const id of worlds) await db.putWorld(worldRecord(id, { lastPlayed: 1 }));
  const stores = new Map(worlds.map((id) => [id, new EditStore()]));
  const calls: ColumnChanges[][] = [];
  /** The database as the writer sees it, recording each transaction it asks for. */
  const sink: Pick<WorldDb, 'mergeColumns'> = {
    mergeColumns: (columns) => {
      calls.push([...columns]);
      return db.mergeColumns(columns);
    },
  };
  const committed: { world: string; changes: BlockChange[] }[] = [];
  const hooks = { failed: vi.fn(), recovered: vi.fn(), committed: vi.fn((world: string, changes: BlockChange[]) => void committed.push({ world, changes })) };
  const timers = manualTimers();
  const writer = new ColumnWriter(sink, hooks, { setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, ...options });
  // As the game does: the store first, then the change (the store says whether it is an edit).
  const edit = (world: string, e: BlockEdit) => {
    stores.get(world)!.set(e);
    writer.markChanged(world, { ...e, removed: false });
  };
  /** The block at (x, y, z) back to the generated one (air, say): the edit goes. */
  const unedit = (world: string, x: number, y: number, z: number) => {
    stores.get(world)!.delete(x, y, z);
    writer.markChanged(world, { x, y, z, block: 0, removed: true });
  };
  /** A second connection, as a reload of the page would open. */
  const reopen = () => openTestDb(factory);
  return { factory, db, closed, stores, calls, sink, hooks, committed, timers, writer, edit, unedit, reopen };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ColumnWriter', () => {
  it('starts writing on the next microtask, with every column marked in that task in one transaction', async () => {
    const { calls, writer, edit } = await setup();
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    edit('w', { x: 17, y: 70, z: 1, block: 3 });
    expect(calls).toHaveLength(0);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.map((c) => [c.cx, c.cz])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    await writer.flush();
  });

  it('coalesces: many edits of one column are one put, with the last change of each position', async () => {
    const { calls, writer, edit, reopen, stores } = await setup();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    // Border edits (x = 15 and x = 16) too: each must be saved in its own column only.
    for (const e of columnEdits(0, 0, 50)) edit('w', e);
    for (let i = 0; i < 20; i++) edit('w', { x: 15, y: 90, z: 3, block: 2 + (i % 9) });
    edit('w', { x: 16, y: 90, z: 3, block: 4 });
    edit('w', { x: -1, y: 90, z: -1, block: 4 });
    await writer.flush();

    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(3);
    const columnPuts = put.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'columns');
    expect(columnPuts).toHaveLength(3);

    const fresh = await reopen();
    expect(editSet((await loadAll(fresh, 'w')).edits)).toEqual(editSet(stores.get('w')!.all()));
    expect(await fresh.getWorld('w')).toMatchObject({ edits: stores.get('w')!.size, lastPlayed: 9000 });
    fresh.close();
  });

  it('flush resolves at once with nothing to write, and otherwise only once a fresh connection can read the data', async () => {
    const { writer, edit, reopen } = await setup();
    await writer.flush();
    const e = { x: -5, y: 3, z: 40, block: 9 };
    edit('w', e);
    expect(writer.pending).toBe(1);
    await writer.flush();
    expect(writer.pending).toBe(0);
    const fresh = await reopen();
    expect((await loadAll(fresh, 'w')).edits).toEqual([e]);
    fresh.close();
  });

  it('edits made while a write is in flight go in the next one, and the last change of a position wins', async () => {
    const { db, calls, writer, edit, reopen, stores, sink } = await setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const write = sink.mergeColumns;
    sink.mergeColumns = async (columns) => {
      const first = calls.length === 0;
      const done = write(columns);
      if (first) await gate;
      return done;
    };
    edit('w', { x: 1, y: 10, z: 1, block: 2 });
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    // In flight: these wait for the next transaction.
    edit('w', { x: 1, y: 10, z: 1, block: 5 });
    edit('w', { x: 40, y: 10, z: 1, block: 7 });
    expect(writer.pending).toBe(2);
    const flushed = writer.flush();
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    release();
    await flushed;
    expect(calls).toHaveLength(2);
    expect(calls[1]!.map((c) => [c.cx, c.cz])).toEqual([
      [0, 0],
      [2, 0],
    ]);
    const fresh = await reopen();
    expect(editSet((await loadAll(fresh, 'w')).edits)).toEqual(editSet(stores.get('w')!.all()));
    expect(fresh).not.toBe(db);
    fresh.close();
  });

  it("deletes a column whose edits are all gone, and lowers the world's edit count", async () => {
    const { writer, edit, unedit, reopen } = await setup();
    const edits = columnEdits(3, -4, 3);
    for (const e of edits) edit('w', e);
    edit('w', { x: 0, y: 50, z: 0, block: 2 });
    await writer.flush();
    const before = await reopen();
    expect((await before.getWorld('w'))!.edits).toBe(4);
    before.close();

    for (const e of edits) unedit('w', e.x, e.y, e.z);
    await writer.flush();
    const after = await reopen();
    const { columns } = await loadAll(after, 'w');
    expect(columns.map((c) => [c.cx, c.cz])).toEqual([[0, 0]]);
    expect((await after.getWorld('w'))!.edits).toBe(1);
    after.close();
  });

  it('keeps columns of several worlds apart in one transaction', async () => {
    const { calls, writer, edit, reopen } = await setup(['a', 'b']);
    edit('a', { x: 2, y: 60, z: 2, block: 3 });
    edit('b', { x: 2, y: 60, z: 2, block: 5 });
    edit('b', { x: 2, y: 61, z: 2, block: 5 });
    await writer.flush();
    expect(calls).toHaveLength(1);
    const fresh = await reopen();
    expect((await loadAll(fresh, 'a')).edits).toEqual([{ x: 2, y: 60, z: 2, block: 3 }]);
    expect((await loadAll(fresh, 'b')).edits).toHaveLength(2);
    expect((await fresh.getWorld('a'))!.edits).toBe(1);
    expect((await fresh.getWorld('b'))!.edits).toBe(2);
    fresh.close();
  });

  it('on QuotaExceededError keeps the columns, reports once, retries with backoff, then recovers with everything saved', async () => {
    const { writer, edit, hooks, timers, calls, reopen, stores } = await setup();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    edit('w', { x: 33, y: 70, z: 1, block: 3 });
    await expect(writer.flush()).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(hooks.failed).toHaveBeenCalledTimes(1);
    expect(hooks.failed.mock.calls[0]![0]).toMatchObject({ name: 'QuotaExceededError' });
    expect(hooks.failed.mock.calls[0]![1]).toBe(2);
    expect(writer.pending).toBe(2);
    expect(timers.delays()).toEqual([1000]);

    // While failing, a new edit waits for the retry instead of hitting the full disk again.
    edit('w', { x: 1, y: 71, z: 1, block: 4 });
    await Promise.resolve();
    expect(calls).toHaveLength(1);

    timers.fire();
    await expect(writer.flush()).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(calls).toHaveLength(2);
    expect(hooks.failed).toHaveBeenCalledTimes(1);
    expect(timers.delays()).toEqual([2000]);

    put.mockRestore();
    timers.fire();
    await writer.flush();
    expect(hooks.recovered).toHaveBeenCalledTimes(1);
    expect(writer.pending).toBe(0);
    expect(timers.delays()).toEqual([]);

    const fresh = await reopen();
    expect(editSet((await loadAll(fresh, 'w')).edits)).toEqual(editSet(stores.get('w')!.all()));
    expect((await fresh.getWorld('w'))!.edits).toBe(3);
    fresh.close();
  });

  it('backs off 1 s, 2 s, 4 s … up to the maximum, and starts again from the first delay after recovering', async () => {
    const { writer, edit, timers } = await setup(['w'], { firstRetryMs: 1000, maxRetryMs: 4000 });
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    const seen: number[] = [];
    await writer.flush().catch(() => undefined);
    for (let i = 0; i < 4; i++) {
      seen.push(...timers.delays());
      timers.fire();
      await writer.flush().catch(() => undefined);
    }
    expect(seen).toEqual([1000, 2000, 4000, 4000]);
    put.mockRestore();
    timers.fire();
    await writer.flush();

    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('w', { x: 2, y: 70, z: 1, block: 2 });
    await writer.flush().catch(() => undefined);
    expect(timers.delays()).toEqual([1000]);
  });

  it('retryNow retries at once and cancels the pending retry', async () => {
    const { writer, edit, hooks, timers, reopen } = await setup();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    await writer.flush().catch(() => undefined);
    expect(timers.delays()).toEqual([1000]);
    put.mockRestore();
    writer.retryNow();
    expect(timers.delays()).toEqual([]);
    await writer.flush();
    expect(hooks.recovered).toHaveBeenCalledTimes(1);
    const fresh = await reopen();
    expect((await loadAll(fresh, 'w')).edits).toHaveLength(1);
    fresh.close();
  });

  it("reports a database closed by another tab's upgrade once (InvalidStateError), keeping the columns", async () => {
    const { factory, writer, edit, hooks, timers, closed } = await setup();
    const newer = await rawOpen(factory, 'voxel-terrain-sandbox', 4);
    expect(closed).toHaveBeenCalledWith('versionchange');
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    await expect(writer.flush()).rejects.toMatchObject({ name: 'InvalidStateError' });
    timers.fire();
    await expect(writer.flush()).rejects.toMatchObject({ name: 'InvalidStateError' });
    expect(hooks.failed).toHaveBeenCalledTimes(1);
    expect(hooks.failed.mock.calls[0]![0]).toMatchObject({ name: 'InvalidStateError' });
    expect(writer.pending).toBe(1);
    writer.dispose();
    newer.close();
  });

  it('dispose stops retries and writes, rejects flush, calls no hook, and is safe twice', async () => {
    const { writer, edit, hooks, timers, calls, sink } = await setup();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    await writer.flush().catch(() => undefined);
    expect(timers.delays()).toEqual([1000]);
    writer.dispose();
    expect(timers.delays()).toEqual([]);
    await expect(writer.flush()).rejects.toThrow(/disposed/);
    edit('w', { x: 2, y: 70, z: 1, block: 2 });
    writer.retryNow();
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    writer.dispose();

    // A write in flight at dispose still settles, silently.
    vi.restoreAllMocks();
    const second = new ColumnWriter(sink, hooks, { setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    second.markChanged('w', { x: 0, y: 1, z: 0, block: 2, removed: false });
    await Promise.resolve();
    const flushed = second.flush();
    second.dispose();
    await expect(flushed).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(hooks.failed).toHaveBeenCalledTimes(1);
    expect(timers.delays()).toEqual([]);
  });

  it("writes only the positions it changed, merged into the stored column: another tab's edits there survive", async () => {
    const { db, writer, edit, unedit, reopen, stores } = await setup();
    // Another tab stored two edits in column (0, 0); this tab's memory has neither.
    const theirs = [
      { x: 1, y: 80, z: 1, block: 3 },
      { x: 2, y: 80, z: 2, block: 4 },
    ];
    await db.writeColumns([{ world: 'w', cx: 0, cz: 0, edits: packColumnEdits(0, 0, theirs), packing: COLUMN_PACKING }]);
    edit('w', { x: 3, y: 80, z: 3, block: 5 });
    await writer.flush();
    let fresh = await reopen();
    expect(editSet((await loadAll(fresh, 'w')).edits)).toEqual(editSet([...theirs, { x: 3, y: 80, z: 3, block: 5 }]));
    expect((await fresh.getWorld('w'))!.edits).toBe(3);
    fresh.close();

    // Taking back its own edit, and breaking one of theirs back to the generated block, touch those positions only.
    unedit('w', 3, 80, 3);
    unedit('w', 1, 80, 1);
    await writer.flush();
    fresh = await reopen();
    expect((await loadAll(fresh, 'w')).edits).toEqual([theirs[1]]);
    expect((await fresh.getWorld('w'))!.edits).toBe(1);
    fresh.close();
    expect(stores.get('w')!.size).toBe(0);
  });

  it('writes and hands over each change with its block state; the last state of a position wins', async () => {
    const { writer, edit, committed, reopen } = await setup();
    edit('w', { x: 1, y: 80, z: 1, block: 3, state: 4 });
    edit('w', { x: 2, y: 80, z: 1, block: 3, state: 1 });
    edit('w', { x: 2, y: 80, z: 1, block: 3, state: 200 });
    edit('w', { x: 3, y: 80, z: 1, block: 3, state: 0 });
    await writer.flush();
    const expected = [
      { x: 1, y: 80, z: 1, block: 3, state: 4 },
      { x: 2, y: 80, z: 1, block: 3, state: 200 },
      { x: 3, y: 80, z: 1, block: 3 },
    ];
    expect(committed).toEqual([{ world: 'w', changes: expected.map((e) => ({ ...e, removed: false })) }]);
    const fresh = await reopen();
    expect(editSet((await loadAll(fresh, 'w')).edits)).toEqual(editSet(expected));
    fresh.close();
  });

  it('refuses to queue a change whose state is not a byte', async () => {
    const { writer } = await setup();
    expect(() => writer.markChanged('w', { x: 1, y: 80, z: 1, block: 3, state: 300, removed: false })).toThrow(/block state/);
    expect(writer.pending).toBe(0);
  });

  it('hands each committed transaction\'s changes to `committed`, per world, before flush resolves; none for a failed write', async () => {
    const { writer, edit, unedit, committed, hooks } = await setup(['a', 'b']);
    edit('a', { x: 1, y: 70, z: 1, block: 2 });
    edit('a', { x: 1, y: 70, z: 1, block: 5 });
    edit('b', { x: -20, y: 70, z: 1, block: 3 });
    unedit('a', 40, 9, 40);
    await writer.flush();
    expect(committed).toEqual([
      { world: 'a', changes: [{ x: 1, y: 70, z: 1, block: 5, removed: false }, { x: 40, y: 9, z: 40, block: 0, removed: true }] },
      { world: 'b', changes: [{ x: -20, y: 70, z: 1, block: 3, removed: false }] },
    ]);

    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('a', { x: 2, y: 70, z: 2, block: 6 });
    await expect(writer.flush()).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(hooks.committed).toHaveBeenCalledTimes(2);
    put.mockRestore();
    writer.retryNow();
    await writer.flush();
    expect(committed.at(-1)).toEqual({ world: 'a', changes: [{ x: 2, y: 70, z: 2, block: 6, removed: false }] });
  });

  it('a failed write goes back under the changes made since: the newer change of a position wins', async () => {
    const { writer, edit, timers, reopen } = await setup();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quotaExceeded();
    });
    edit('w', { x: 1, y: 70, z: 1, block: 2 });
    edit('w', { x: 2, y: 70, z: 1, block: 2 });
    await writer.flush().catch(() => undefined);
    edit('w', { x: 1, y: 70, z: 1, block: 7 });
    put.mockRestore();
    timers.fire();
    await writer.flush();
    const fresh = await reopen();
    expect(editSet((await loadAll(fresh, 'w')).edits)).toEqual(editSet([{ x: 1, y: 70, z: 1, block: 7 }, { x: 2, y: 70, z: 1, block: 2 }]));
    fresh.close();
  });

  it('refuses a change that is not a valid edit, queueing nothing (it would fail every retry)', async () => {
    const { writer, calls } = await setup();
    expect(() => writer.markChanged('w', { x: 0.5, y: 70, z: 0, block: 2, removed: false })).toThrow(/whole numbers/);
    expect(() => writer.markChanged('w', { x: 0, y: 256, z: 0, block: 2, removed: false })).toThrow(RangeError);
    expect(() => writer.markChanged('w', { x: 0, y: 10, z: 0, block: 999, removed: false })).toThrow(/unknown block/);
    expect(writer.pending).toBe(0);
    await Promise.resolve();
    expect(calls).toHaveLength(0);
  });

  it('round-trips 100,000 edits in 400 columns: one write, then a new connection loads them in pages', async () => {
    const { writer, edit, calls, reopen, stores } = await setup();
    for (let cx = -10; cx < 10; cx++) for (let cz = -10; cz < 10; cz++) for (const e of columnEdits(cx, cz, 250, cx * 7 + cz)) edit('w', e);
    expect(stores.get('w')!.size).toBe(100_000);
    await writer.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(400);

    const fresh = await reopen();
    const { edits, pages, report } = await loadAll(fresh, 'w');
    expect(report).toEqual({ edits: 100_000, columns: 400, skipped: 0 });
    expect(pages).toBeGreaterThan(1);
    expect(editSet(edits)).toEqual(editSet(stores.get('w')!.all()));
    expect((await fresh.getWorld('w'))!.edits).toBe(100_000);
    fresh.close();
  });
});
