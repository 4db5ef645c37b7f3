/**
 * The records of the world database and the checks they pass when read back. Stored data is
 * input like any other (another build, another tab, a browser bug, a hand-edited profile may
 * have written it), so a record of the wrong shape is skipped by the caller, never trusted.
 * These checks are deliberately small and private to the database: the full validation of a
 * world record for import lives in src/storage.
 */
import { isColumnPacking, LEGACY_PACKING, type ColumnPacking } from '../storage/column-edits';
import { DEFAULT_HOTBAR, PLAYER_MODES, readHotbar, type SavedCamera, type WorldRecord } from '../storage/world-record';
import { DEFAULT_WORLD_PARAMS, sanitizeWorldParams, withLegacyType, type WorldParams } from '../world';

/** One column's edits: packed bytes, keyed by [world, cx, cz]. */
export interface ColumnRecord {
  /** The WorldRecord id. */
  world: string;
  cx: number;
  cz: number;
  /** The edits in `packing` (src/storage/column-edits.ts); a column with no edits has no record. */
  edits: Uint8Array;
  /**
   * How `edits` is packed. Schema 3 writes COLUMN_PACKING (2, with block states) and says so;
   * a record without the field was written under schema 2, in packing 1 (3 bytes an edit,
   * no states), and is read as such until a change to its column rewrites it.
   */
  packing: ColumnPacking;
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * World parameters exactly as the game keeps them: every field present and already in range.
 * A value sanitizeWorldParams would change is not what the game stored, so the record is not
 * one it wrote; it is refused rather than repaired into a different world.
 */
export function readStoredParams(value: unknown): WorldParams | null {
  if (!isObject(value)) return null;
  // sanitizeWorldParams quietly fills in a missing field; a stored one must be there, except
  // type and biome scale in a record from before world types: a classic world.
  const legacy = value.type === undefined;
  for (const key of Object.keys(DEFAULT_WORLD_PARAMS)) {
    if (value[key] === undefined && !(legacy && (key === 'type' || key === 'biomeScale'))) return null;
  }
  if (typeof value.seed !== 'string') return null;
  const { params, warnings } = sanitizeWorldParams(withLegacyType(value));
  return warnings.length === 0 ? params : null;
}

function readCamera(value: unknown): SavedCamera | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const { x, y, z, yaw, pitch } = value;
  if (!isFiniteNumber(x) || !isFiniteNumber(y) || !isFiniteNumber(z) || !isFiniteNumber(yaw) || !isFiniteNumber(pitch)) return undefined;
  return { x, y, z, yaw, pitch };
}

/**
 * A clean copy of a stored world record (unknown fields dropped), or null when its shape is wrong.
 *
 * The hotbar alone is not a reason to refuse: a missing one (a record from before worlds kept
 * their hotbar) or an unreadable one (say, a newer build's block this one does not know)
 * reads as a copy of DEFAULT_HOTBAR, since losing a world from the list over the blocks in
 * its hotbar would be far worse than getting the default ones back. The stored value is left
 * as it is until the hotbar is next saved.
 */
export function readWorldRecord(value: unknown): WorldRecord | null {
  if (!isObject(value)) return null;
  const { id, name, generatorVersion, created, lastPlayed, mode, edits, kept } = value;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return null;
  if (!Number.isInteger(generatorVersion) || (generatorVersion as number) < 0) return null;
  if (!isFiniteNumber(created) || !isFiniteNumber(lastPlayed)) return null;
  if (!PLAYER_MODES.includes(mode as WorldRecord['mode'])) return null;
  if (!Number.isInteger(edits) || (edits as number) < 0) return null;
  if (typeof kept !== 'boolean') return null;
  const params = readStoredParams(value.params);
  const camera = readCamera(value.camera);
  if (!params || camera === undefined) return null;
  return {
    id,
    name,
    params,
    generatorVersion: generatorVersion as number,
    created,
    lastPlayed,
    camera,
    mode: mode as WorldRecord['mode'],
    hotbar: readHotbar(value.hotbar) ?? [...DEFAULT_HOTBAR],
    edits: edits as number,
    kept,
  };
}

/**
 * A stored column record of world `world`, or null when its shape is wrong (its bytes are
 * checked by unpackColumnEdits). No `packing` means packing 1 (a schema-2 record); a packing
 * this build does not know is a wrong shape.
 */
export function readColumnRecord(value: unknown, world: string): ColumnRecord | null {
  if (!isObject(value)) return null;
  const { cx, cz, edits } = value;
  if (value.world !== world || !Number.isSafeInteger(cx) || !Number.isSafeInteger(cz)) return null;
  if (!(edits instanceof Uint8Array)) return null;
  const packing = value.packing === undefined ? LEGACY_PACKING : value.packing;
  if (!isColumnPacking(packing)) return null;
  return { world, cx: cx as number, cz: cz as number, edits, packing };
}
