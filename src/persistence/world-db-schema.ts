/**
 * The layout of the world database: one record per saved world, one record per edited column
 * (its edits packed), and a few loose settings. Versions:
 * - 1: one record per edited block, keyed by a world's parameters; migrated by
 *   world-db-migration into version 3's stores.
 * - 2: the stores below, column records in packing 1 (3 bytes an edit, no block states).
 * - 3: the same stores; column records carry block states, in packing 2, and say so
 *   (ColumnRecord.packing). Upgrading from 2 changes no record: one without `packing` is read
 *   as packing 1 and rewritten in packing 2 the next time its column changes. The version
 *   moved only so that a build from before block states can no longer open the database
 *   (nor keep it open: it gets a versionchange and closes), since it would read a packing-2
 *   record as 3-byte edits, or rewrite it without its states.
 */
export const WORLD_DB_NAME = 'voxel-terrain-sandbox';
export const WORLD_DB_VERSION = 3;

/** WorldRecord values keyed by `id`, with an index on `lastPlayed` for "most recent first". */
export const WORLDS = 'worlds';
/** ColumnRecord values keyed by [world, cx, cz]: one world's columns are one key range. */
export const COLUMNS = 'columns';
/** Loose values under out-of-line keys (META_LAST_WORLD). */
export const META = 'meta';
/** Version 1's store: { world: worldParamsKey, x, y, z, block } keyed by [world, x, y, z]. */
export const V1_EDITS = 'edits';

/** Meta key of the id of the world played last, to reopen at start-up. */
export const META_LAST_WORLD = 'lastWorld';

/** Creates the stores of versions 2 and 3 (inside the upgrade transaction). */
export function createSchemaV2(db: IDBDatabase): void {
  const worlds = db.createObjectStore(WORLDS, { keyPath: 'id' });
  worlds.createIndex('lastPlayed', 'lastPlayed');
  // No 'world' index: a world's columns are already the key range columnsOfWorld gives,
  // and an index would be one more write per column saved.
  db.createObjectStore(COLUMNS, { keyPath: ['world', 'cx', 'cz'] });
  db.createObjectStore(META);
}

/**
 * Every key [world, …] of one world and nothing else: keys are ordered element by element
 * and a shorter array sorts first, so [id] is below all of them; `id + '\0'` is the very next
 * string after `id`, so [id + '\0'] (excluded) is above all of them and below every other
 * world's. Whatever a corrupt record has for cx and cz, it is inside the range.
 */
export function columnsOfWorld(worldId: string): IDBKeyRange {
  return IDBKeyRange.bound([worldId], [`${worldId}\0`], false, true);
}

/** The rest of a world's key range after `lastKey`, for paging. */
export function columnsOfWorldAfter(worldId: string, lastKey: IDBValidKey): IDBKeyRange {
  return IDBKeyRange.bound(lastKey, [`${worldId}\0`], true, true);
}

