/**
 * Shared pieces of the world database tests: a fresh in-memory IndexedDB per test
 * (fake-indexeddb), raw IndexedDB helpers to write what an old build or a corrupt profile
 * would have left, and deterministic worlds and edits.
 */
// The IDB classes as globals (WorldDb builds key ranges with the global IDBKeyRange, as in a
// browser). Each test still opens its own `new IDBFactory()`, so no test sees another's data.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { WorldDb, type LoadColumnsOptions, type LoadedColumn, type WorldDbOptions } from '../../src/persistence/world-db';
import { DEFAULT_HOTBAR, type WorldRecord } from '../../src/storage/world-record';
import { DEFAULT_WORLD_PARAMS, worldFormatVersion, type BlockEdit, type WorldParams } from '../../src/world';

export function freshIndexedDB(): IDBFactory {
  return new IDBFactory();
}

/** Ids "world-1", "world-2", … */
export function sequentialIds(prefix = 'world'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/** A WorldDb on `factory` with a fixed clock and predictable ids, unless `options` says otherwise. */
export function openTestDb(factory: IDBFactory, options: Partial<WorldDbOptions> = {}): Promise<WorldDb> {
  return WorldDb.open({ indexedDB: factory, now: () => 5000, newId: sequentialIds(), ...options });
}

export function worldRecord(id: string, overrides: Partial<WorldRecord> = {}, params: Partial<WorldParams> = {}): WorldRecord {
  const worldParams = { ...DEFAULT_WORLD_PARAMS, ...params };
  return {
    id,
    name: `World ${id}`,
    params: worldParams,
    generatorVersion: worldFormatVersion(worldParams),
    created: 100,
    lastPlayed: 200,
    camera: null,
    mode: 'walk',
    hotbar: [...DEFAULT_HOTBAR],
    edits: 0,
    kept: true,
    ...overrides,
  };
}

/**
 * `count` distinct edits inside column (cx, cz), deterministic: positions fill the column
 * layer by layer from y = 1, block ids cycle through stone..leaves.
 */
export function columnEdits(cx: number, cz: number, count: number, salt = 0): BlockEdit[] {
  const out: BlockEdit[] = [];
  for (let i = 0; i < count; i++) {
    out.push({ x: cx * 16 + (i % 16), y: 1 + Math.floor(i / 256), z: cz * 16 + (Math.floor(i / 16) % 16), block: 2 + ((((i + salt) % 9) + 9) % 9) });
  }
  return out;
}

/** Edits as sortable strings (a state only when not 0), to compare sets of edits whatever their order. */
export function editSet(edits: Iterable<BlockEdit>): string[] {
  return [...edits].map((e) => `${e.x},${e.y},${e.z}=${e.block}${e.state ? `/${e.state}` : ''}`).sort();
}

/** Every edit loadColumns hands over for a world, with the number of pages. */
export async function loadAll(db: WorldDb, worldId: string, options: Partial<LoadColumnsOptions> = {}): Promise<{ edits: BlockEdit[]; columns: LoadedColumn[]; pages: number; report: Awaited<ReturnType<WorldDb['loadColumns']>> }> {
  const columns: LoadedColumn[] = [];
  let pages = 0;
  const report = await db.loadColumns(worldId, (page) => {
    pages++;
    columns.push(...page);
  }, options);
  return { edits: columns.flatMap((c) => c.edits), columns, pages, report };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens `name` with the raw API, running `upgrade` if the version is new. */
export function rawOpen(factory: IDBFactory, name: string, version?: number, upgrade?: (db: IDBDatabase, tx: IDBTransaction) => void): Promise<IDBDatabase> {
  const req = version === undefined ? factory.open(name) : factory.open(name, version);
  if (upgrade) req.onupgradeneeded = () => upgrade(req.result, req.transaction!);
  return request(req);
}

/** Puts raw values into a store (with out-of-line keys when given), in one transaction. */
export function rawPut(db: IDBDatabase, store: string, values: readonly unknown[], keys?: readonly IDBValidKey[]): Promise<void> {
  const tx = db.transaction(store, 'readwrite');
  values.forEach((v, i) => (keys ? tx.objectStore(store).put(v, keys[i]) : tx.objectStore(store).put(v)));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
  });
}

export function rawGetAll(db: IDBDatabase, store: string): Promise<unknown[]> {
  return request(db.transaction(store, 'readonly').objectStore(store).getAll());
}

/** Writes a schema-1 database as the old build did: store 'edits' keyed by [world, x, y, z], index 'world'. */
export async function writeV1Database(factory: IDBFactory, records: readonly unknown[], name = 'voxel-terrain-sandbox'): Promise<void> {
  const db = await rawOpen(factory, name, 1, (d) => {
    const store = d.createObjectStore('edits', { keyPath: ['world', 'x', 'y', 'z'] });
    store.createIndex('world', 'world');
  });
  await rawPut(db, 'edits', records);
  db.close();
}
