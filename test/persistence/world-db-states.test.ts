/**
 * Block states in the world database (schema 3): a column's states survive every write and a
 * reload, and a schema-2 database (column records in packing 1, 3 bytes an edit, no
 * `packing` field) opens without a rewrite, loads with every state 0, and each of its
 * columns moves to packing 2 the first time it changes, losing none of its edits.
 */
import { describe, expect, it } from 'vitest';
import { COLUMN_PACKING, packColumnEdits } from '../../src/storage/column-edits';
import { createSchemaV2, META_LAST_WORLD } from '../../src/persistence/world-db-schema';
import type { BlockEdit } from '../../src/world';
import { editSet, freshIndexedDB, loadAll, openTestDb, rawGetAll, rawOpen, rawPut, worldRecord } from './world-db-fixtures';

const NAME = 'voxel-terrain-sandbox';

/** Packing 1 as schema 2 stored it: 3 bytes an edit (xz, y, block), sorted by (y, z, x). */
function packV2Record(edits: readonly BlockEdit[]): Uint8Array {
  const sorted = [...edits].sort((a, b) => a.y - b.y || a.z - b.z || a.x - b.x);
  return Uint8Array.from(sorted.flatMap((e) => [(e.x & 15) | ((e.z & 15) << 4), e.y, e.block]));
}

const OLD_EDITS: BlockEdit[] = [
  { x: 1, y: 70, z: 1, block: 2 },
  { x: 2, y: 70, z: 1, block: 3 },
  { x: 15, y: 200, z: 15, block: 4 },
];
const OLD_FAR_EDITS: BlockEdit[] = [
  { x: -17, y: 9, z: 40, block: 5 },
  { x: -32, y: 0, z: 47, block: 6 },
];

/** A database as the build before block states left it: schema 2, one world with two columns. */
async function schema2Database() {
  const factory = freshIndexedDB();
  const raw = await rawOpen(factory, NAME, 2, (db) => createSchemaV2(db));
  await rawPut(raw, 'worlds', [worldRecord('old', { edits: OLD_EDITS.length + OLD_FAR_EDITS.length })]);
  await rawPut(raw, 'columns', [
    { world: 'old', cx: 0, cz: 0, edits: packV2Record(OLD_EDITS) },
    { world: 'old', cx: -2, cz: 2, edits: packV2Record(OLD_FAR_EDITS) },
  ]);
  await rawPut(raw, 'meta', ['old'], [META_LAST_WORLD]);
  raw.close();
  return factory;
}

describe('WorldDb and block states', () => {
  it('keeps each edit’s state through mergeColumns and writeColumns, across a reload', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    await db.putWorld(worldRecord('w'));
    await db.mergeColumns([
      {
        world: 'w',
        cx: 0,
        cz: 0,
        changes: [
          { x: 1, y: 64, z: 1, block: 2, state: 3, removed: false },
          { x: 2, y: 64, z: 1, block: 2, state: 255, removed: false },
          { x: 3, y: 64, z: 1, block: 2, state: 0, removed: false },
          { x: 4, y: 64, z: 1, block: 2, removed: false },
        ],
      },
    ]);
    // Only a state changes (a door opened): the same position, the count unchanged.
    await db.mergeColumns([{ world: 'w', cx: 0, cz: 0, changes: [{ x: 1, y: 64, z: 1, block: 2, state: 7, removed: false }] }]);
    const far = [{ x: -100, y: 5, z: 100, block: 1, state: 128 }];
    await db.writeColumns([{ world: 'w', cx: -7, cz: 6, edits: packColumnEdits(-7, 6, far), packing: COLUMN_PACKING }]);
    db.close();

    const again = await openTestDb(factory);
    const expected = [
      { x: 1, y: 64, z: 1, block: 2, state: 7 },
      { x: 2, y: 64, z: 1, block: 2, state: 255 },
      { x: 3, y: 64, z: 1, block: 2 },
      { x: 4, y: 64, z: 1, block: 2 },
      ...far,
    ];
    const { edits } = await loadAll(again, 'w');
    expect(editSet(edits)).toEqual(editSet(expected));
    // A state of 0 is no state field, as EditStore keeps it.
    expect(edits.find((e) => e.x === 3)).toEqual({ x: 3, y: 64, z: 1, block: 2 });
    expect((await again.getWorld('w'))!.edits).toBe(5);
    again.close();
  });

  it('refuses a change whose state is not a byte, writing nothing', async () => {
    const db = await openTestDb(freshIndexedDB());
    await db.putWorld(worldRecord('w'));
    await expect(db.mergeColumns([{ world: 'w', cx: 0, cz: 0, changes: [{ x: 1, y: 1, z: 1, block: 2, state: 256, removed: false }] }])).rejects.toThrow(/block state must be a whole number 0\.\.255/);
    expect((await loadAll(db, 'w')).edits).toEqual([]);
    db.close();
  });

  it('opens a schema-2 database as schema 3 without rewriting it, and loads its edits with state 0', async () => {
    const factory = await schema2Database();
    const db = await openTestDb(factory);
    expect(db.migration).toBeNull();
    expect(await db.lastWorldId()).toBe('old');
    expect(await db.getWorld('old')).toMatchObject({ edits: 5 });
    const { edits, report } = await loadAll(db, 'old');
    expect(report).toEqual({ edits: 5, columns: 2, skipped: 0 });
    expect(edits.every((e) => e.state === undefined)).toBe(true);
    expect(editSet(edits)).toEqual(editSet([...OLD_EDITS, ...OLD_FAR_EDITS]));
    db.close();

    const raw = await rawOpen(factory, NAME);
    expect(raw.version).toBe(3);
    const columns = (await rawGetAll(raw, 'columns')) as Record<string, unknown>[];
    expect(columns.map((c) => c.packing)).toEqual([undefined, undefined]);
    raw.close();
  });

  it('moves an old column to packing 2 the first time it changes, keeping its edits and count', async () => {
    const factory = await schema2Database();
    const db = await openTestDb(factory);
    await db.mergeColumns([
      {
        world: 'old',
        cx: 0,
        cz: 0,
        changes: [
          { x: 2, y: 70, z: 1, block: 3, state: 5, removed: false }, // an old edit gets a state
          { x: 9, y: 71, z: 9, block: 7, state: 1, removed: false }, // a new one
        ],
      },
    ]);
    db.close();

    const again = await openTestDb(factory);
    const expected = [{ x: 1, y: 70, z: 1, block: 2 }, { x: 2, y: 70, z: 1, block: 3, state: 5 }, OLD_EDITS[2]!, { x: 9, y: 71, z: 9, block: 7, state: 1 }, ...OLD_FAR_EDITS];
    expect(editSet((await loadAll(again, 'old')).edits)).toEqual(editSet(expected));
    expect((await again.getWorld('old'))!.edits).toBe(6);
    again.close();

    const raw = await rawOpen(factory, NAME);
    const columns = (await rawGetAll(raw, 'columns')) as { cx: number; packing?: number; edits: Uint8Array }[];
    // Keys sort [world, cx, cz]: (-2, 2) first, untouched; then (0, 0), rewritten.
    expect(columns.map((c) => [c.cx, c.packing, c.edits.length])).toEqual([
      [-2, undefined, 6],
      [0, 2, 16],
    ]);
    raw.close();
  });

  it('keeps a build from before block states out once upgraded: it cannot open schema 3', async () => {
    const factory = await schema2Database();
    (await openTestDb(factory)).close();
    await expect(rawOpen(factory, NAME, 2)).rejects.toMatchObject({ name: 'VersionError' });
  });
});
