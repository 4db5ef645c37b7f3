/**
 * The saved worlds and their edits, in IndexedDB (schema and its versions in world-db-schema;
 * v1 → v3 in world-db-migration). Everything read back is checked (world-db-records) and what fails is
 * skipped and counted, never thrown: one bad record must not cost the player their other
 * worlds. Edits are written through ColumnWriter, which calls mergeColumns.
 *
 * Several tabs may have the database open at once, so nothing a tab writes may be built from
 * its memory of what is stored: every change is a read-modify-write inside one readwrite
 * transaction (mergeColumns, patchWorld, deleteIfUnused), and a field or edit another tab
 * wrote survives it. See world-channel for how tabs keep their memory in step.
 */
import { COLUMN_PACKING, editCountOf, unpackColumnEdits } from '../storage/column-edits';
import type { WorldRecord } from '../storage/world-record';
import { worldFormatVersion, worldParamsKey, type BlockEdit } from '../world';
import { checkColumnChanges, mergeColumnChanges, type ColumnChanges } from './column-changes';
import { requestResult, transact } from './idb-requests';
import { randomId } from './random-id';
import { migrateV1, type MigrationReport } from './world-db-migration';
import { readColumnRecord, readWorldRecord, type ColumnRecord } from './world-db-records';
import { COLUMNS, columnsOfWorld, columnsOfWorldAfter, createSchemaV2, META, META_LAST_WORLD, V1_EDITS, WORLD_DB_NAME, WORLD_DB_VERSION, WORLDS } from './world-db-schema';
import { yieldToMain } from './yield-to-main';

export type { MigrationReport } from './world-db-migration';
export type { ColumnRecord } from './world-db-records';

/** Why the connection closed by itself (the game should say saving has stopped). */
export type WorldDbCloseReason =
  /** Another tab opened a newer schema: this one closed so that tab can start. */
  | 'versionchange'
  /** The browser closed it (storage cleared by the user, a disk error). */
  | 'terminated';

/**
 * The fields a patch of a world record may set. Never `edits` (the column writes keep it equal
 * to the stored columns), nor what makes the world (id, params, generator version, created).
 */
export type WorldPatch = Partial<Pick<WorldRecord, 'name' | 'camera' | 'mode' | 'lastPlayed' | 'kept' | 'hotbar'>>;

export interface WorldPatchOptions {
  /** Also remember this world as the one to reopen at start-up (only if it exists). */
  lastWorld: boolean;
  /**
   * Put this record, patched, when none is stored (another tab deleted the world): for a
   * change that must not be lost with it, such as the first edit making a world the player's.
   * Without it, a patch of a missing world writes nothing.
   */
  ifMissing: WorldRecord | null;
}

export interface WorldDbOptions {
  /** Database name. */
  name: string;
  /** The IndexedDB to open; null for globalThis.indexedDB (looked up when opening). */
  indexedDB: IDBFactory | null;
  /** Clock for created / lastPlayed, in milliseconds since 1970. */
  now: () => number;
  /** Ids for worlds made by the migration. */
  newId: () => string;
  /**
   * This open waits because another tab holds an older version open and does not close it
   * (an old build without a versionchange handler). The open goes on once that tab closes.
   */
  blocked: () => void;
  /** The connection has closed by itself; every read and write fails from now on. */
  closed: (reason: WorldDbCloseReason) => void;
  /** Column records fetched per IndexedDB request in loadColumns. */
  loadReadColumns: number;
  /**
   * Edits per loadColumns page. Pages hold whole columns, so a single column with more edits
   * is a page of its own (at most 65,536 edits).
   */
  loadPageEdits: number;
  /** Gives the event loop a turn between loadColumns pages. */
  yieldToMain: () => Promise<void>;
}

/**
 * The defaults. The load pages are sized so one page (read, unpacked, applied by the game to
 * its EditStore) stays far below the ~50 ms of a long task: applying 16,384 edits measured up
 * to 84 ms in headless Chromium on a shared 2-core machine (`npm run bench:worlds`), so a page
 * holds 2,048.
 */
export const DEFAULT_WORLD_DB_OPTIONS: Readonly<WorldDbOptions> = Object.freeze({
  name: WORLD_DB_NAME,
  indexedDB: null,
  now: () => Date.now(),
  newId: () => randomId(),
  blocked: () => undefined,
  closed: () => undefined,
  loadReadColumns: 32,
  loadPageEdits: 2_048,
  yieldToMain,
});

/** The WorldDbOptions of loading, which loadColumns also takes per call. */
export type LoadColumnsOptions = Pick<WorldDbOptions, 'loadReadColumns' | 'loadPageEdits' | 'yieldToMain'>;

/** One column's edits as loadColumns hands them over. */
export interface LoadedColumn {
  cx: number;
  cz: number;
  edits: BlockEdit[];
}

export interface LoadReport {
  /** Edits handed to onPage. */
  edits: number;
  /** Columns handed to onPage. */
  columns: number;
  /** Column records of the wrong shape, or whose bytes unpackColumnEdits refused. */
  skipped: number;
}

export class WorldDb {
  private isClosed = false;

  private constructor(
    private readonly db: IDBDatabase,
    private readonly options: WorldDbOptions,
    /** What migrating from schema 1 did when this open did it; null when it did not run (fresh install, or already v2 or v3). */
    readonly migration: MigrationReport | null,
  ) {
    db.onversionchange = () => {
      // Close rather than block the other tab's upgrade: otherwise its game never starts.
      this.close();
      options.closed('versionchange');
    };
    db.onclose = () => {
      this.isClosed = true;
      options.closed('terminated');
    };
  }

  /** Opens (creating or migrating as needed); rejects when there is no IndexedDB or it refuses (private mode, a newer schema, a failed migration, which leaves v1 as it was). */
  static async open(options: Partial<WorldDbOptions> = {}): Promise<WorldDb> {
    const o: WorldDbOptions = { ...DEFAULT_WORLD_DB_OPTIONS, ...options };
    const factory = o.indexedDB ?? (globalThis.indexedDB as IDBFactory | undefined);
    if (!factory) throw new Error('this browser has no IndexedDB');
    const request = factory.open(o.name, WORLD_DB_VERSION);
    let migration: MigrationReport | null = null;
    request.onupgradeneeded = (event) => {
      const db = request.result;
      const tx = request.transaction!;
      // From nothing or from v1, the stores are new; v1's data is then moved over. From v2
      // nothing changes: its column records say no packing, which reads as packing 1.
      if (event.oldVersion < 2) createSchemaV2(db);
      if (event.oldVersion === 1 && db.objectStoreNames.contains(V1_EDITS)) migration = migrateV1(db, tx, o);
    };
    request.onblocked = () => o.blocked();
    const db = await requestResult(request);
    return new WorldDb(db, o, migration);
  }

  /** True once closed, by close() or by itself (WorldDbOptions.closed). */
  get closed(): boolean {
    return this.isClosed;
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.db.close();
  }

  /** Every readable world, most recently played first; records of the wrong shape are counted in `skipped`. */
  async listWorlds(): Promise<{ worlds: WorldRecord[]; skipped: number }> {
    const values = await transact(this.db, WORLDS, 'readonly', (tx) => requestResult(tx.objectStore(WORLDS).getAll()));
    const worlds: WorldRecord[] = [];
    let skipped = 0;
    for (const value of values) {
      const record = readWorldRecord(value);
      if (record) worlds.push(record);
      else skipped++;
    }
    worlds.sort((a, b) => b.lastPlayed - a.lastPlayed);
    return { worlds, skipped };
  }

  /** The world with this id, or null (none, or its record is unreadable). */
  async getWorld(id: string): Promise<WorldRecord | null> {
    const value = await transact(this.db, WORLDS, 'readonly', (tx) => requestResult(tx.objectStore(WORLDS).get(id)));
    return readWorldRecord(value);
  }

  /**
   * Saves a world record (new or replacing the one with its id). Throws TypeError on a record
   * of the wrong shape. For a new world (create, import): a stored world is changed by
   * patchWorld, never by putting a copy held in memory, which may be stale.
   */
  async putWorld(record: WorldRecord): Promise<void> {
    if (!readWorldRecord(record)) throw new TypeError(`putWorld: not a valid world record (id ${String((record as Partial<WorldRecord> | null)?.id)})`);
    await transact(this.db, WORLDS, 'readwrite', (tx) => void tx.objectStore(WORLDS).put(record));
  }

  /** Deletes a world and all its columns in one transaction (and forgets it as the last world). */
  async deleteWorld(id: string): Promise<void> {
    await transact(this.db, [WORLDS, COLUMNS, META], 'readwrite', async (tx) => {
      tx.objectStore(WORLDS).delete(id);
      tx.objectStore(COLUMNS).delete(columnsOfWorld(id));
      const meta = tx.objectStore(META);
      if ((await requestResult(meta.get(META_LAST_WORLD))) === id) meta.delete(META_LAST_WORLD);
    });
  }

  /**
   * Sets `patch`'s fields on the stored record in one readwrite transaction that reads it first,
   * so every other field (a name another tab gave it, its edit count, fields a newer build
   * added) stays as stored. Resolves with the record as now stored, or null when there is none
   * (or it is unreadable) and `ifMissing` is not given; then nothing is written. Throws
   * TypeError when the patched record would be of the wrong shape (nothing is written).
   */
  async patchWorld(id: string, patch: WorldPatch, options: Partial<WorldPatchOptions> = {}): Promise<WorldRecord | null> {
    return transact(this.db, [WORLDS, META], 'readwrite', async (tx) => {
      const worlds = tx.objectStore(WORLDS);
      const value: unknown = await requestResult(worlds.get(id));
      if (value !== undefined && !readWorldRecord(value)) return null;
      const base = value ?? options.ifMissing ?? null;
      if (base === null) return null;
      // Spread the stored value, not the checked copy: fields a newer build added survive.
      const patched = { ...(base as WorldRecord), ...patch, id };
      const checked = readWorldRecord(patched);
      if (!checked) throw new TypeError(`patchWorld: the patch would make world ${id}'s record invalid`);
      worlds.put(patched);
      if (options.lastWorld) tx.objectStore(META).put(id, META_LAST_WORLD);
      return checked;
    });
  }

  /**
   * Deletes a world the game opened by itself and nobody used: only if, inside the transaction,
   * its record is still unkept with no edits and it has no columns. Another tab may have
   * edited or named it meanwhile; then it stays. Resolves with whether it was deleted.
   */
  async deleteIfUnused(id: string): Promise<boolean> {
    return transact(this.db, [WORLDS, COLUMNS, META], 'readwrite', async (tx) => {
      const record = readWorldRecord(await requestResult(tx.objectStore(WORLDS).get(id)));
      if (!record || record.kept || record.edits > 0) return false;
      if ((await requestResult(tx.objectStore(COLUMNS).count(columnsOfWorld(id)))) > 0) return false;
      tx.objectStore(WORLDS).delete(id);
      const meta = tx.objectStore(META);
      if ((await requestResult(meta.get(META_LAST_WORLD))) === id) meta.delete(META_LAST_WORLD);
      return true;
    });
  }

  /**
   * The most recently played world with these parameters (`paramsKey` = worldParamsKey(params)),
   * or null. Only worlds of this build's generator match, as worldParamsKey stamps the current
   * format version for its type: a world made by an older generator is not today's terrain.
   */
  async findByParams(paramsKey: string): Promise<WorldRecord | null> {
    const { worlds } = await this.listWorlds();
    return worlds.find((w) => w.generatorVersion === worldFormatVersion(w.params) && worldParamsKey(w.params) === paramsKey) ?? null;
  }

  /** The id of the world played last (it may since have been deleted by another tab), or null. */
  async lastWorldId(): Promise<string | null> {
    const value = await transact(this.db, META, 'readonly', (tx) => requestResult(tx.objectStore(META).get(META_LAST_WORLD)));
    return typeof value === 'string' ? value : null;
  }

  /** Remembers the world to reopen at start-up; null forgets it. */
  async setLastWorld(id: string | null): Promise<void> {
    await transact(this.db, META, 'readwrite', (tx) => {
      if (id === null) tx.objectStore(META).delete(META_LAST_WORLD);
      else tx.objectStore(META).put(id, META_LAST_WORLD);
    });
  }

  /**
   * Reads one world's columns (a key range: other worlds are never read) and hands them to
   * `onPage` a page at a time, giving the event loop a turn between pages (yieldToMain), so
   * loading 100,000 edits never blocks the main thread for long. Pages come in key order;
   * `onPage` may return a promise, which is awaited before the next page. Each read is its own
   * transaction, so columns written during the load may or may not be included (the game
   * loads a world before it edits it). Unreadable column records are skipped and counted.
   * `options` overrides the database's loading options for this call.
   */
  async loadColumns(worldId: string, onPage: (columns: LoadedColumn[]) => void | Promise<void>, options: Partial<LoadColumnsOptions> = {}): Promise<LoadReport> {
    const o = { ...this.options, ...options };
    // getAll's count 0 means "no limit": at least one record per read, or paging never ends.
    const loadReadColumns = Math.max(1, Math.floor(o.loadReadColumns));
    const loadPageEdits = o.loadPageEdits;
    const report: LoadReport = { edits: 0, columns: 0, skipped: 0 };
    let pagesDelivered = 0;
    const deliver = async (page: LoadedColumn[]) => {
      if (pagesDelivered++ > 0) await o.yieldToMain();
      await onPage(page);
    };
    let range = columnsOfWorld(worldId);
    for (;;) {
      const [keys, values] = await transact(this.db, COLUMNS, 'readonly', (tx) => {
        const store = tx.objectStore(COLUMNS);
        return Promise.all([requestResult(store.getAllKeys(range, loadReadColumns)), requestResult(store.getAll(range, loadReadColumns))]);
      });
      let page: LoadedColumn[] = [];
      let pageEdits = 0;
      for (const value of values) {
        const record = readColumnRecord(value, worldId);
        const edits = record ? unpackColumnEdits(record.cx, record.cz, record.edits, record.packing) : 'wrong shape';
        if (!record || typeof edits === 'string') {
          report.skipped++;
          continue;
        }
        if (edits.length === 0) continue;
        page.push({ cx: record.cx, cz: record.cz, edits });
        pageEdits += edits.length;
        report.columns++;
        report.edits += edits.length;
        if (pageEdits >= loadPageEdits) {
          await deliver(page);
          page = [];
          pageEdits = 0;
        }
      }
      if (page.length > 0) await deliver(page);
      if (values.length < loadReadColumns || keys.length === 0) break;
      range = columnsOfWorldAfter(worldId, keys[keys.length - 1]!);
    }
    return report;
  }

  /**
   * Merges each column's changes into the column as stored, all in one readwrite transaction:
   * the stored column is read, the changes applied (a change sets its position's edit, or
   * removes it), and the result put back (an emptied column is deleted). Edits another tab
   * stored at other positions are kept. Each world touched gets its `edits` count moved by the
   * difference, computed from what is stored inside the transaction, so it stays the sum of
   * its columns whichever tabs write, and `lastPlayed` set to now. A column of a world with no
   * record is still written (an edit is never dropped); deleteWorld removes such columns too.
   * Throws RangeError, writing nothing, when a change is not a valid edit of its column.
   */
  async mergeColumns(columns: readonly ColumnChanges[]): Promise<void> {
    // The same column twice: one merge of both lists, in order, so its count moves once.
    const byKey = new Map<string, ColumnChanges>();
    for (const c of columns) {
      checkColumnChanges(c);
      const key = JSON.stringify([c.world, c.cx, c.cz]);
      const earlier = byKey.get(key);
      byKey.set(key, earlier ? { ...c, changes: [...earlier.changes, ...c.changes] } : c);
    }
    if (byKey.size === 0) return;
    const now = this.options.now();
    await transact(this.db, [COLUMNS, WORLDS], 'readwrite', async (tx) => {
      const store = tx.objectStore(COLUMNS);
      const list = [...byKey.values()];
      const stored = await Promise.all(list.map((c) => requestResult(store.get([c.world, c.cx, c.cz]))));
      const delta = new Map<string, number>();
      list.forEach((c, i) => {
        const merged = mergeColumnChanges(c.cx, c.cz, readColumnRecord(stored[i], c.world), c.changes);
        delta.set(c.world, (delta.get(c.world) ?? 0) + merged.after - merged.before);
        if (merged.after === 0) store.delete([c.world, c.cx, c.cz]);
        else store.put({ world: c.world, cx: c.cx, cz: c.cz, edits: merged.bytes, packing: COLUMN_PACKING } satisfies ColumnRecord);
      });
      await moveEditCounts(tx, delta, now);
    });
  }

  /**
   * Writes whole columns in one transaction: each record replaces its column's (a record with
   * no edits deletes it), with the edit counts kept as mergeColumns keeps them. A record is
   * stored in the packing it names (a test may write packing 1, as schema 2 did). For data that
   * is entirely this tab's to write (tests, tools); the game merges (mergeColumns), since a
   * whole column from one tab's memory would erase what another tab stored there.
   */
  async writeColumns(columns: readonly ColumnRecord[]): Promise<void> {
    // The same column twice would count its old edits twice: the last one wins.
    const byKey = new Map<string, ColumnRecord>();
    for (const c of columns) {
      if (editCountOf(c.edits, c.packing) === null) throw new RangeError(`writeColumns: column (${c.cx}, ${c.cz}) has ${c.edits.length} bytes, not whole edits of packing ${c.packing}`);
      byKey.set(JSON.stringify([c.world, c.cx, c.cz]), c);
    }
    if (byKey.size === 0) return;
    const now = this.options.now();
    await transact(this.db, [COLUMNS, WORLDS], 'readwrite', async (tx) => {
      const store = tx.objectStore(COLUMNS);
      const list = [...byKey.values()];
      const before = await Promise.all(list.map((c) => requestResult(store.get([c.world, c.cx, c.cz]))));
      const delta = new Map<string, number>();
      list.forEach((c, i) => {
        const old = readColumnRecord(before[i], c.world);
        const oldCount = old ? (editCountOf(old.edits, old.packing) ?? 0) : 0;
        delta.set(c.world, (delta.get(c.world) ?? 0) + editCountOf(c.edits, c.packing)! - oldCount);
        if (c.edits.length === 0) store.delete([c.world, c.cx, c.cz]);
        else store.put({ world: c.world, cx: c.cx, cz: c.cz, edits: c.edits, packing: c.packing } satisfies ColumnRecord);
      });
      await moveEditCounts(tx, delta, now);
    });
  }
}

/** Moves each world's stored `edits` count by its delta and sets `lastPlayed`, inside `tx` (worlds store). */
async function moveEditCounts(tx: IDBTransaction, delta: ReadonlyMap<string, number>, now: number): Promise<void> {
  const worlds = tx.objectStore(WORLDS);
  const ids = [...delta.keys()];
  const records = await Promise.all(ids.map((id) => requestResult(worlds.get(id))));
  ids.forEach((id, i) => {
    const record = readWorldRecord(records[i]);
    // Spread the stored value, not the checked copy: fields a newer build added survive.
    if (record) worlds.put({ ...(records[i] as WorldRecord), edits: Math.max(0, record.edits + delta.get(id)!), lastPlayed: now });
  });
}
