/**
 * Schema 1 → 3, run inside the upgrade (versionchange) transaction. Version 1 kept one record
 * per edited block under the world's parameter key (and no block states); versions 2 and 3
 * keep named worlds and packed columns, version 3's in COLUMN_PACKING. Every v1 world key becomes a WorldRecord (a fresh id, named after its seed), its
 * edits become column records, the most edited world becomes the one to reopen, and the old
 * store is deleted.
 *
 * Only IndexedDB requests and their callbacks run here, never another await: the upgrade
 * transaction commits as soon as it has no pending request, and IndexedDB makes it atomic, so
 * a tab closed or crashed half-way leaves version 1 intact, to be migrated on the next start.
 * Anything that throws in a callback aborts the transaction too, with the same result.
 */
import { COLUMN_PACKING, packColumnEdits, groupByColumn } from '../storage/column-edits';
import { DEFAULT_HOTBAR, MAX_WORLD_NAME, type WorldRecord } from '../storage/world-record';
import { validateEdit, type BlockEdit, type WorldParams } from '../world';
import { readStoredParams, type ColumnRecord } from './world-db-records';
import { COLUMNS, META, META_LAST_WORLD, V1_EDITS, WORLDS } from './world-db-schema';

/** What the migration did, for the game to tell the player. */
export interface MigrationReport {
  /** Worlds made from version 1's world keys. */
  worlds: number;
  /** Edits carried over. */
  edits: number;
  /** Version 1 records left behind: a wrong shape, an invalid edit, or a world key that is not one the game makes. */
  skipped: number;
}

export interface MigrationContext {
  newId: () => string;
  now: () => number;
}

/**
 * Queues the migration on the upgrade transaction. The returned report is filled in by the
 * transaction's callbacks: it is complete once the database has opened (and meaningless if
 * the open failed, in which case nothing was migrated).
 */
export function migrateV1(db: IDBDatabase, tx: IDBTransaction, context: MigrationContext): MigrationReport {
  const report: MigrationReport = { worlds: 0, edits: 0, skipped: 0 };
  const read = tx.objectStore(V1_EDITS).getAll();
  read.onsuccess = () => {
    const worlds = groupV1Records(read.result, report);
    let mostEdited: { id: string; edits: number } | null = null;
    const now = context.now();
    for (const world of worlds.values()) {
      const id = context.newId();
      for (const { cx, cz, edits } of groupByColumn(world.edits).values()) {
        const column: ColumnRecord = { world: id, cx, cz, edits: packColumnEdits(cx, cz, edits), packing: COLUMN_PACKING };
        tx.objectStore(COLUMNS).put(column);
      }
      const record: WorldRecord = {
        id,
        name: nameFor(world.params),
        params: world.params,
        generatorVersion: world.generatorVersion,
        created: now,
        lastPlayed: now,
        camera: null,
        mode: 'fly',
        hotbar: [...DEFAULT_HOTBAR],
        edits: world.edits.length,
        kept: true,
      };
      tx.objectStore(WORLDS).put(record);
      report.worlds++;
      report.edits += world.edits.length;
      if (!mostEdited || world.edits.length > mostEdited.edits) mostEdited = { id, edits: world.edits.length };
    }
    if (mostEdited) tx.objectStore(META).put(mostEdited.id, META_LAST_WORLD);
    db.deleteObjectStore(V1_EDITS);
  };
  return report;
}

interface V1World {
  params: WorldParams;
  generatorVersion: number;
  edits: BlockEdit[];
}

/** Valid v1 records grouped by world key (in first-seen order); the rest counted in `report.skipped`. */
function groupV1Records(records: readonly unknown[], report: MigrationReport): Map<string, V1World> {
  const worlds = new Map<string, V1World>();
  /** World keys already found unreadable, so each is parsed once. */
  const badKeys = new Set<string>();
  for (const r of records) {
    const record = typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : null;
    const key = record?.world;
    const edit = record && { x: record.x, y: record.y, z: record.z, block: record.block };
    if (typeof key !== 'string' || !edit || badKeys.has(key) || validateEdit(edit as BlockEdit) !== null) {
      report.skipped++;
      continue;
    }
    let world = worlds.get(key);
    if (!world) {
      const parsed = parseV1WorldKey(key);
      if (!parsed) {
        badKeys.add(key);
        report.skipped++;
        continue;
      }
      worlds.set(key, (world = { ...parsed, edits: [] }));
    }
    world.edits.push(edit as BlockEdit);
  }
  return worlds;
}

/**
 * A v1 world key, JSON.stringify([1, seed, noise, style, octaves,
 * persistence, lacunarity, scale, amplitude, seaLevel]) (worldParamsKey), read back; null
 * unless every value is one the game could have used, because edits moved onto other
 * parameters would stand on different terrain.
 */
export function parseV1WorldKey(key: string): { params: WorldParams; generatorVersion: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 10) return null;
  const [version, seed, noise, style, octaves, persistence, lacunarity, scale, amplitude, seaLevel] = parsed as unknown[];
  if (!Number.isInteger(version) || (version as number) < 1) return null;
  // Version 1 keys predate world types: every one of them is a classic world.
  const params = readStoredParams({ type: 'classic', biomeScale: 1, seed, noise, style, octaves, persistence, lacunarity, scale, amplitude, seaLevel });
  return params && { params, generatorVersion: version as number };
}

/** "Seed voxel", or "Seed voxel (simplex)": v1 worlds had no names, and the seed is how the player knew them. */
function nameFor(params: WorldParams): string {
  const name = `Seed ${params.seed}${params.noise === 'simplex' ? ' (simplex)' : ''}`;
  // By code point, so a long emoji seed is not cut inside a character.
  const chars = [...name];
  return chars.length > MAX_WORLD_NAME ? chars.slice(0, MAX_WORLD_NAME).join('') : name;
}
