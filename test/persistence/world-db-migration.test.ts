/**
 * Schema 1 → 2: a database written by hand the way the old build wrote it (one record per
 * edited block under the world's parameter key) is opened by WorldDb; every valid edit must
 * arrive in its world exactly once, the rest be counted, and the old store be gone.
 */
import { describe, expect, it } from 'vitest';
import { parseV1WorldKey } from '../../src/persistence/world-db-migration';
import { DEFAULT_HOTBAR } from '../../src/storage/world-record';
import { DEFAULT_WORLD_PARAMS, worldParamsKey, type BlockEdit, type WorldParams } from '../../src/world';
import { editSet, freshIndexedDB, loadAll, openTestDb, rawGetAll, rawOpen, writeV1Database } from './world-db-fixtures';

const NAME = 'voxel-terrain-sandbox';

// Version 1 databases predate world types: their worlds are all classic.
const PERLIN: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'classic' };
const SIMPLEX: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: 'hills', noise: 'simplex', style: 'ridged', octaves: 4, persistence: 0.55, scale: 300 };

/** Edits spread over several columns, negative coordinates included. */
const PERLIN_EDITS: BlockEdit[] = [
  { x: 0, y: 64, z: 0, block: 2 },
  { x: 15, y: 64, z: 15, block: 3 },
  { x: 16, y: 1, z: 0, block: 5 },
  { x: -1, y: 70, z: -1, block: 9 },
  { x: -16, y: 255, z: -17, block: 10 },
  { x: -17, y: 0, z: 33, block: 0 },
  { x: -1000, y: 80, z: 999, block: 6 },
  { x: 5, y: 100, z: -300, block: 4 },
];
const SIMPLEX_EDITS: BlockEdit[] = [
  { x: 1, y: 60, z: 1, block: 7 },
  { x: -33, y: 61, z: -2, block: 8 },
  { x: 40, y: 62, z: -40, block: 0 },
];

function v1Records(key: string, edits: readonly BlockEdit[]) {
  return edits.map((e) => ({ world: key, ...e }));
}

const MALFORMED = [
  { world: worldParamsKey(PERLIN), x: 1, y: 256, z: 1, block: 2 }, // above the world
  { world: worldParamsKey(PERLIN), x: 1, y: -1, z: 1, block: 2 }, // below the world
  { world: worldParamsKey(PERLIN), x: 1.5, y: 10, z: 1, block: 2 }, // not a whole number
  { world: worldParamsKey(PERLIN), x: 2, y: 10, z: 1, block: 99 }, // unknown block
  { world: worldParamsKey(PERLIN), x: 3, y: 10, z: 1 }, // no block
  { world: 'not json', x: 1, y: 10, z: 1, block: 2 },
  { world: 'not json', x: 2, y: 10, z: 1, block: 2 },
  { world: JSON.stringify([1, 'seed', 'perlin', 'fbm', 99, 0.5, 2, 256, 104, 62]), x: 1, y: 10, z: 1, block: 2 }, // octaves out of range
  { world: JSON.stringify([1, 'seed', 'perlin', 'fbm', 6]), x: 1, y: 10, z: 1, block: 2 }, // too short
];

async function v1Database() {
  const factory = freshIndexedDB();
  await writeV1Database(factory, [...v1Records(worldParamsKey(PERLIN), PERLIN_EDITS), ...v1Records(worldParamsKey(SIMPLEX), SIMPLEX_EDITS), ...MALFORMED]);
  return factory;
}

describe('WorldDb migration from schema 1', () => {
  it('makes a world per v1 world key, with every valid edit in its packed columns, and drops the old store', async () => {
    const factory = await v1Database();
    const db = await openTestDb(factory, { now: () => 123_456 });
    expect(db.migration).toEqual({ worlds: 2, edits: PERLIN_EDITS.length + SIMPLEX_EDITS.length, skipped: MALFORMED.length });

    const { worlds, skipped } = await db.listWorlds();
    expect(skipped).toBe(0);
    const perlin = worlds.find((w) => w.params.noise === 'perlin')!;
    const simplex = worlds.find((w) => w.params.noise === 'simplex')!;
    expect(perlin).toEqual({
      id: perlin.id,
      name: 'Seed voxel',
      params: PERLIN,
      generatorVersion: 1,
      created: 123_456,
      lastPlayed: 123_456,
      camera: null,
      mode: 'fly',
      hotbar: DEFAULT_HOTBAR,
      edits: PERLIN_EDITS.length,
      kept: true,
    });
    expect(simplex).toMatchObject({ name: 'Seed hills (simplex)', params: SIMPLEX, edits: SIMPLEX_EDITS.length, kept: true });
    expect(new Set([perlin.id, simplex.id]).size).toBe(2);

    expect(editSet((await loadAll(db, perlin.id)).edits)).toEqual(editSet(PERLIN_EDITS));
    expect(editSet((await loadAll(db, simplex.id)).edits)).toEqual(editSet(SIMPLEX_EDITS));
    // The most edited world is the one to reopen; each is found by its old key.
    expect(await db.lastWorldId()).toBe(perlin.id);
    expect((await db.findByParams(worldParamsKey(PERLIN)))?.id).toBe(perlin.id);
    expect((await db.findByParams(worldParamsKey(SIMPLEX)))?.id).toBe(simplex.id);
    db.close();

    const raw = await rawOpen(factory, NAME);
    expect([...raw.objectStoreNames].sort()).toEqual(['columns', 'meta', 'worlds']);
    // One record per edited column: 7 columns for the Perlin edits, 3 for the simplex ones,
    // straight into schema 3's packing (saying so).
    const columns = (await rawGetAll(raw, 'columns')) as { packing: unknown }[];
    expect(columns).toHaveLength(7 + 3);
    expect(columns.every((c) => c.packing === 2)).toBe(true);
    expect(raw.version).toBe(3);
    raw.close();
  });

  it('migrates once: reopening finds the same worlds and reports no migration', async () => {
    const factory = await v1Database();
    const first = await openTestDb(factory);
    const ids = (await first.listWorlds()).worlds.map((w) => w.id).sort();
    first.close();
    const second = await openTestDb(factory);
    expect(second.migration).toBeNull();
    expect((await second.listWorlds()).worlds.map((w) => w.id).sort()).toEqual(ids);
    second.close();
  });

  it('a migration that fails half-way leaves version 1 exactly as it was, to try again next time', async () => {
    const factory = await v1Database();
    let calls = 0;
    const failing = () => {
      if (++calls === 2) throw new Error('no more ids');
      return `id-${calls}`;
    };
    await expect(openTestDb(factory, { newId: failing })).rejects.toBeTruthy();

    const raw = await rawOpen(factory, NAME);
    expect(raw.version).toBe(1);
    expect([...raw.objectStoreNames]).toEqual(['edits']);
    expect(await rawGetAll(raw, 'edits')).toHaveLength(PERLIN_EDITS.length + SIMPLEX_EDITS.length + MALFORMED.length);
    raw.close();

    const db = await openTestDb(factory);
    expect(db.migration).toMatchObject({ worlds: 2 });
    db.close();
  });

  it('a v1 database without edits becomes an empty v3 one with no last world', async () => {
    const factory = freshIndexedDB();
    await writeV1Database(factory, []);
    const db = await openTestDb(factory);
    expect(db.migration).toEqual({ worlds: 0, edits: 0, skipped: 0 });
    expect(await db.listWorlds()).toEqual({ worlds: [], skipped: 0 });
    expect(await db.lastWorldId()).toBeNull();
    db.close();
  });

  it('parseV1WorldKey reads back only keys the game could have made', () => {
    expect(parseV1WorldKey(worldParamsKey(SIMPLEX))).toEqual({ params: SIMPLEX, generatorVersion: 1 });
    expect(parseV1WorldKey(JSON.stringify([3, 'a', 'perlin', 'fbm', 6, 0.5, 2, 256, 104, 62]))?.generatorVersion).toBe(3);
    for (const bad of [
      'not json',
      '{}',
      JSON.stringify([0, 'a', 'perlin', 'fbm', 6, 0.5, 2, 256, 104, 62]), // version 0
      JSON.stringify([1.5, 'a', 'perlin', 'fbm', 6, 0.5, 2, 256, 104, 62]),
      JSON.stringify([1, 7, 'perlin', 'fbm', 6, 0.5, 2, 256, 104, 62]), // seed not text
      JSON.stringify([1, 'a', 'value', 'fbm', 6, 0.5, 2, 256, 104, 62]), // unknown noise
      JSON.stringify([1, 'a', 'perlin', 'fbm', 6.5, 0.5, 2, 256, 104, 62]), // octaves not whole
      JSON.stringify([1, 'a', 'perlin', 'fbm', 6, 0.5, 2, 256, 104, null]),
      JSON.stringify([1, 'a', 'perlin', 'fbm', 6, 0.5, 2, 256, 104, 62, 'extra']),
    ]) {
      expect(parseV1WorldKey(bad), bad).toBeNull();
    }
  });
});
