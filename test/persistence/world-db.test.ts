/**
 * The world database on a fresh in-memory IndexedDB per test: schema 3, world records, one
 * world's columns read in pages and nothing of another's, unreadable records skipped and
 * counted, and the connection giving way to another tab's upgrade.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMN_PACKING, packColumnEdits } from '../../src/storage/column-edits';
import { WORLD_FORMAT_VERSION, worldParamsKey } from '../../src/world';
import { WorldDb, type ColumnRecord } from '../../src/persistence/world-db';
import { columnEdits, editSet, freshIndexedDB, loadAll, openTestDb, rawGetAll, rawOpen, rawPut, worldRecord } from './world-db-fixtures';

const NAME = 'voxel-terrain-sandbox';

function column(world: string, cx: number, cz: number, count: number): ColumnRecord {
  return { world, cx, cz, edits: packColumnEdits(cx, cz, columnEdits(cx, cz, count)), packing: COLUMN_PACKING };
}

/** Columns for a world whose record says it has no edits (a count out of step, as a crash could leave). */
async function rawPutColumns(db: WorldDb, world: string): Promise<void> {
  const record = await db.getWorld(world);
  await db.writeColumns([column(world, 0, 0, 1)]);
  // writeColumns raised the count; put the record back as it was, count 0.
  await db.putWorld(record!);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WorldDb', () => {
  it('creates schema 3 on a fresh install: worlds (lastPlayed index), columns, meta; nothing migrated', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    expect(db.migration).toBeNull();
    expect(await db.listWorlds()).toEqual({ worlds: [], skipped: 0 });
    db.close();

    const raw = await rawOpen(factory, NAME);
    expect(raw.version).toBe(3);
    expect([...raw.objectStoreNames].sort()).toEqual(['columns', 'meta', 'worlds']);
    const tx = raw.transaction(['worlds', 'columns'], 'readonly');
    expect(tx.objectStore('worlds').keyPath).toBe('id');
    expect([...tx.objectStore('worlds').indexNames]).toEqual(['lastPlayed']);
    expect(tx.objectStore('columns').keyPath).toEqual(['world', 'cx', 'cz']);
    raw.close();
  });

  it('puts, gets and lists worlds, most recently played first, and replaces a record with the same id', async () => {
    const db = await openTestDb(freshIndexedDB());
    await db.putWorld(worldRecord('a', { lastPlayed: 10 }));
    await db.putWorld(worldRecord('b', { lastPlayed: 30, camera: { x: 1, y: 70, z: -2, yaw: 0.5, pitch: -0.1 } }));
    await db.putWorld(worldRecord('c', { lastPlayed: 20 }));
    expect((await db.listWorlds()).worlds.map((w) => w.id)).toEqual(['b', 'c', 'a']);
    expect(await db.getWorld('b')).toEqual(worldRecord('b', { lastPlayed: 30, camera: { x: 1, y: 70, z: -2, yaw: 0.5, pitch: -0.1 } }));
    expect(await db.getWorld('nope')).toBeNull();

    await db.putWorld(worldRecord('a', { lastPlayed: 40, name: 'Renamed' }));
    const { worlds, skipped } = await db.listWorlds();
    expect(worlds.map((w) => [w.id, w.name])).toEqual([
      ['a', 'Renamed'],
      ['b', 'World b'],
      ['c', 'World c'],
    ]);
    expect(skipped).toBe(0);
    db.close();
  });

  it('putWorld refuses a record of the wrong shape rather than storing it', async () => {
    const db = await openTestDb(freshIndexedDB());
    await expect(db.putWorld({ ...worldRecord('a'), mode: 'swim' } as never)).rejects.toThrow(TypeError);
    await expect(db.putWorld({ ...worldRecord('b'), params: { ...worldRecord('b').params, octaves: 99 } })).rejects.toThrow(TypeError);
    expect((await db.listWorlds()).worlds).toEqual([]);
    db.close();
  });

  it('deleteWorld removes the record and all its columns in one go, and nothing of other worlds', async () => {
    const db = await openTestDb(freshIndexedDB());
    // "w" is a prefix of "wx": the key range of one must not reach into the other.
    for (const id of ['w', 'wx', 'v']) await db.putWorld(worldRecord(id));
    await db.writeColumns([column('w', 0, 0, 5), column('w', -1, -3, 7), column('wx', 0, 0, 4), column('v', 2, 2, 3), column('wx', -5, 9, 2)]);
    await db.setLastWorld('w');

    await db.deleteWorld('w');
    expect((await db.listWorlds()).worlds.map((w) => w.id).sort()).toEqual(['v', 'wx']);
    expect((await loadAll(db, 'w')).report).toEqual({ edits: 0, columns: 0, skipped: 0 });
    expect((await loadAll(db, 'wx')).report).toEqual({ edits: 6, columns: 2, skipped: 0 });
    expect((await loadAll(db, 'v')).report).toEqual({ edits: 3, columns: 1, skipped: 0 });
    expect(await db.lastWorldId()).toBeNull();

    // Deleting a world that is not the last one leaves the last one alone.
    await db.setLastWorld('v');
    await db.deleteWorld('wx');
    expect(await db.lastWorldId()).toBe('v');
    db.close();
  });

  it('findByParams: the most recently played world with those parameters, made by this generator', async () => {
    const db = await openTestDb(freshIndexedDB());
    await db.putWorld(worldRecord('old', { lastPlayed: 10 }, { seed: 'hills' }));
    await db.putWorld(worldRecord('new', { lastPlayed: 50 }, { seed: 'hills' }));
    await db.putWorld(worldRecord('other', { lastPlayed: 99 }, { seed: 'plains' }));
    await db.putWorld(worldRecord('older-generator', { lastPlayed: 500, generatorVersion: WORLD_FORMAT_VERSION + 1 }, { seed: 'hills' }));
    const key = worldParamsKey(worldRecord('x', {}, { seed: 'hills' }).params);
    expect((await db.findByParams(key))?.id).toBe('new');
    expect(await db.findByParams(worldParamsKey(worldRecord('x', {}, { seed: 'nowhere' }).params))).toBeNull();
    db.close();
  });

  it('remembers the last world, and forgets it on request', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    expect(await db.lastWorldId()).toBeNull();
    await db.setLastWorld('abc');
    db.close();
    const again = await openTestDb(factory);
    expect(await again.lastWorldId()).toBe('abc');
    await again.setLastWorld(null);
    expect(await again.lastWorldId()).toBeNull();
    again.close();
  });

  it('writeColumns keeps the world edit count equal to its stored columns and deletes emptied columns', async () => {
    const db = await openTestDb(freshIndexedDB(), { now: () => 777 });
    await db.putWorld(worldRecord('w', { edits: 0, lastPlayed: 1 }));
    await db.writeColumns([column('w', 0, 0, 10), column('w', 1, 0, 5)]);
    expect(await db.getWorld('w')).toMatchObject({ edits: 15, lastPlayed: 777 });
    await db.writeColumns([column('w', 0, 0, 3), { world: 'w', cx: 1, cz: 0, edits: new Uint8Array(0), packing: COLUMN_PACKING }]);
    expect((await db.getWorld('w'))!.edits).toBe(3);
    const { columns } = await loadAll(db, 'w');
    expect(columns.map((c) => [c.cx, c.cz, c.edits.length])).toEqual([[0, 0, 3]]);
    db.close();
  });

  it('mergeColumns applies changes to the stored column, keeps the other positions, and moves the edit count by the difference', async () => {
    const db = await openTestDb(freshIndexedDB(), { now: () => 777 });
    await db.putWorld(worldRecord('w', { edits: 0, lastPlayed: 1 }));
    await db.writeColumns([column('w', 0, 0, 10)]);
    const stored = columnEdits(0, 0, 10);
    await db.mergeColumns([
      {
        world: 'w',
        cx: 0,
        cz: 0,
        changes: [
          { ...stored[0]!, block: 9, removed: false }, // replaces an edit: count unchanged
          { ...stored[1]!, removed: true }, // removes one
          { x: 5, y: 200, z: 5, block: 4, removed: false }, // adds one
          { x: 6, y: 200, z: 6, block: 4, removed: true }, // removes what is not there: nothing
        ],
      },
      // Into a column with nothing stored, and a later change of the same position winning.
      { world: 'w', cx: -1, cz: 3, changes: [{ x: -1, y: 9, z: 60, block: 2, removed: false }] },
      { world: 'w', cx: -1, cz: 3, changes: [{ x: -1, y: 9, z: 60, block: 3, removed: false }] },
    ]);
    const expected = [{ ...stored[0]!, block: 9 }, ...stored.slice(2), { x: 5, y: 200, z: 5, block: 4 }, { x: -1, y: 9, z: 60, block: 3 }];
    expect(editSet((await loadAll(db, 'w')).edits)).toEqual(editSet(expected));
    expect(await db.getWorld('w')).toMatchObject({ edits: expected.length, lastPlayed: 777 });

    // Removing every edit of a column deletes its record.
    await db.mergeColumns([{ world: 'w', cx: -1, cz: 3, changes: [{ x: -1, y: 9, z: 60, block: 0, removed: true }] }]);
    expect((await loadAll(db, 'w')).columns.map((c) => [c.cx, c.cz])).toEqual([[0, 0]]);
    expect((await db.getWorld('w'))!.edits).toBe(expected.length - 1);
    db.close();
  });

  it('mergeColumns refuses a change outside its column or not a valid edit, writing nothing', async () => {
    const db = await openTestDb(freshIndexedDB());
    await db.putWorld(worldRecord('w'));
    const good = { world: 'w', cx: 0, cz: 0, changes: [{ x: 1, y: 1, z: 1, block: 2, removed: false }] };
    await expect(db.mergeColumns([good, { world: 'w', cx: 0, cz: 0, changes: [{ x: 16, y: 1, z: 1, block: 2, removed: false }] }])).rejects.toThrow(/not in column \(0, 0\)/);
    await expect(db.mergeColumns([good, { world: 'w', cx: 0, cz: 0, changes: [{ x: 1, y: 1, z: 1, block: 300, removed: false }] }])).rejects.toThrow(/unknown block id/);
    expect((await loadAll(db, 'w')).edits).toEqual([]);
    expect((await db.getWorld('w'))!.edits).toBe(0);
    db.close();
  });

  it('patchWorld sets only the given fields on the stored record (fields it does not name, even unknown ones, stay)', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    await db.putWorld(worldRecord('w', { name: 'Castle', edits: 12, lastPlayed: 5 }));
    const raw = await rawOpen(factory, NAME);
    const [stored] = (await rawGetAll(raw, 'worlds')) as Record<string, unknown>[];
    await rawPut(raw, 'worlds', [{ ...stored, fromANewerBuild: 'kept' }]);
    raw.close();

    const camera = { x: 1, y: 70, z: 2, yaw: 0.5, pitch: -0.2 };
    const patched = await db.patchWorld('w', { camera, mode: 'fly', lastPlayed: 99 }, { lastWorld: true });
    expect(patched).toEqual(worldRecord('w', { name: 'Castle', edits: 12, camera, mode: 'fly', lastPlayed: 99 }));
    expect(await db.lastWorldId()).toBe('w');
    const again = await rawOpen(factory, NAME);
    expect(((await rawGetAll(again, 'worlds')) as Record<string, unknown>[])[0]).toMatchObject({ fromANewerBuild: 'kept', name: 'Castle', edits: 12 });
    again.close();

    // A missing world is not brought back by a patch, unless the caller gives the record to put.
    expect(await db.patchWorld('gone', { lastPlayed: 1 }, { lastWorld: true })).toBeNull();
    expect(await db.getWorld('gone')).toBeNull();
    expect(await db.lastWorldId()).toBe('w');
    expect(await db.patchWorld('gone', { kept: true }, { ifMissing: worldRecord('gone', { kept: false }) })).toMatchObject({ id: 'gone', kept: true });
    // A patch that would make the record invalid throws, and nothing changes.
    await expect(db.patchWorld('w', { mode: 'swim' as never })).rejects.toThrow(TypeError);
    expect((await db.getWorld('w'))!.mode).toBe('fly');
    db.close();
  });

  it('deleteIfUnused deletes an unkept world without edits, and nothing another tab kept or edited', async () => {
    const db = await openTestDb(freshIndexedDB());
    await db.putWorld(worldRecord('tried', { kept: false }));
    await db.putWorld(worldRecord('named', { kept: true }));
    await db.putWorld(worldRecord('edited', { kept: false }));
    await db.writeColumns([column('edited', 0, 0, 2)]);
    await db.putWorld(worldRecord('orphaned-columns', { kept: false }));
    await rawPutColumns(db, 'orphaned-columns');
    await db.setLastWorld('tried');
    expect(await db.deleteIfUnused('tried')).toBe(true);
    expect(await db.getWorld('tried')).toBeNull();
    expect(await db.lastWorldId()).toBeNull();
    for (const id of ['named', 'edited', 'orphaned-columns', 'missing']) expect(await db.deleteIfUnused(id), id).toBe(false);
    expect((await db.listWorlds()).worlds.map((w) => w.id).sort()).toEqual(['edited', 'named', 'orphaned-columns']);
    db.close();
  });

  it('loadColumns reads only the requested world, in pages, with a yield between pages', async () => {
    let yields = 0;
    const db = await openTestDb(freshIndexedDB(), {
      loadReadColumns: 4,
      loadPageEdits: 10,
      yieldToMain: async () => void yields++,
    });
    const mine: ColumnRecord[] = [];
    for (let cx = -3; cx <= 3; cx++) for (let cz = -2; cz <= 1; cz++) mine.push(column('w', cx, cz, 6 + ((cx + cz) & 3)));
    await db.writeColumns([...mine, column('wx', 0, 0, 9), column('v', -3, -2, 9), column('w\u0000', 0, 0, 9)]);

    const { edits, columns, pages, report } = await loadAll(db, 'w');
    const expected = mine.flatMap((c) => columnEdits(c.cx, c.cz, c.edits.length / 4));
    expect(editSet(edits)).toEqual(editSet(expected));
    expect(report).toEqual({ edits: expected.length, columns: mine.length, skipped: 0 });
    expect(columns).toHaveLength(mine.length);
    // 28 columns of 6..9 edits, at most 10 edits a page: a page per column or two.
    expect(pages).toBeGreaterThan(10);
    expect(yields).toBe(pages - 1);

    // Per-call options override the database's: one page for everything, no yield.
    const whole = await loadAll(db, 'w', { loadReadColumns: 1000, loadPageEdits: 1_000_000 });
    expect(whole.pages).toBe(1);
    expect(whole.report).toEqual(report);
    expect(yields).toBe(pages - 1);
    // A read size of 0 would be getAll's "no limit": still one record per read, and it ends.
    expect((await loadAll(db, 'w', { loadReadColumns: 0 })).report).toEqual(report);
    db.close();
  });

  it('skips and counts column and world records of the wrong shape; the rest loads', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    await db.putWorld(worldRecord('w', { lastPlayed: 5 }));
    await db.writeColumns([column('w', 0, 0, 4), column('w', -2, 7, 3)]);
    db.close();

    const raw = await rawOpen(factory, NAME);
    await rawPut(raw, 'columns', [
      { world: 'w', cx: 1, cz: 1, edits: new Uint8Array(4) }, // not whole edits (no packing: 3-byte, as schema 2 wrote)
      { world: 'w', cx: 2, cz: 2, edits: Uint8Array.of(0, 5, 200) }, // block id out of range
      { world: 'w', cx: 6, cz: 6, edits: new Uint8Array(6), packing: 2 }, // not whole 4-byte edits
      { world: 'w', cx: 7, cz: 7, edits: Uint8Array.of(0, 5, 200, 0), packing: 2 }, // block id out of range
      { world: 'w', cx: 8, cz: 8, edits: Uint8Array.of(0, 5, 2, 0), packing: 3 }, // a packing this build does not know
      { world: 'w', cx: 9, cz: 9, edits: Uint8Array.of(0, 5, 2, 0), packing: '2' },
      { world: 'w', cx: 3, cz: 3, edits: [0, 5, 2] }, // not bytes
      { world: 'w', cx: 'x', cz: 4, edits: Uint8Array.of(0, 5, 2) }, // cx is not a number
      { world: 'w', cx: 5.5, cz: 4, edits: Uint8Array.of(0, 5, 2) }, // cx is not whole
    ]);
    await rawPut(raw, 'worlds', [
      { ...worldRecord('no-name'), name: 42 },
      { ...worldRecord('bad-camera'), camera: { x: 1 } },
      { ...worldRecord('bad-params'), params: { seed: 'x' } },
      { ...worldRecord('bad-edits'), edits: -1 },
      { id: 'bare' },
    ]);
    raw.close();

    const again = await openTestDb(factory);
    const { edits, report } = await loadAll(again, 'w');
    expect(report).toEqual({ edits: 7, columns: 2, skipped: 9 });
    expect(editSet(edits)).toEqual(editSet([...columnEdits(0, 0, 4), ...columnEdits(-2, 7, 3)]));
    const listed = await again.listWorlds();
    expect(listed.worlds.map((w) => w.id)).toEqual(['w']);
    expect(listed.skipped).toBe(5);
    expect(await again.getWorld('bad-camera')).toBeNull();
    again.close();
  });

  it("closes itself and says so when another tab upgrades the schema; later writes fail", async () => {
    const factory = freshIndexedDB();
    const closed = vi.fn();
    const db = await openTestDb(factory, { closed });
    await db.putWorld(worldRecord('w'));
    // A newer build opening version 4 is not blocked: this connection gives way.
    const newer = await rawOpen(factory, NAME, 4);
    expect(closed).toHaveBeenCalledExactlyOnceWith('versionchange');
    expect(db.closed).toBe(true);
    await expect(db.writeColumns([column('w', 0, 0, 1)])).rejects.toMatchObject({ name: 'InvalidStateError' });
    newer.close();
  });

  it('waits, saying so, while an old tab that does not close holds version 1 open; then migrates', async () => {
    const factory = freshIndexedDB();
    const old = await rawOpen(factory, NAME, 1, (d) => d.createObjectStore('edits', { keyPath: ['world', 'x', 'y', 'z'] }).createIndex('world', 'world'));
    const blocked = vi.fn();
    const opening = openTestDb(factory, { blocked });
    await vi.waitFor(() => expect(blocked).toHaveBeenCalled());
    old.close();
    const db = await opening;
    expect(db.migration).toEqual({ worlds: 0, edits: 0, skipped: 0 });
    db.close();
  });

  it('rejects with a reason when the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(WorldDb.open()).rejects.toThrow(/no IndexedDB/);
  });

  it('stores column bytes as given: a fresh connection reads back exactly what was written', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    await db.writeColumns([column('w', -1, -1, 300)]);
    db.close();
    const raw = await rawOpen(factory, NAME);
    const [record] = (await rawGetAll(raw, 'columns')) as ColumnRecord[];
    expect(record!.edits).toEqual(packColumnEdits(-1, -1, columnEdits(-1, -1, 300)));
    expect(record!.packing).toBe(COLUMN_PACKING);
    raw.close();
  });
});
