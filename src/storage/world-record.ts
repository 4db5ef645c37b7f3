/**
 * A saved world: what the player named it, what makes its terrain, and where they left it.
 * Plain serialisable data: it is a record in IndexedDB and the header of an exported file.
 */
import { Block, DEFAULT_WORLD_PARAMS, isValidBlockId, MAX_COORDINATE, sanitizeWorldParams, withLegacyType, worldFormatVersion, type WorldParams } from '../world';

export type PlayerMode = 'walk' | 'fly';
export const PLAYER_MODES: readonly PlayerMode[] = ['walk', 'fly'];

/** Where the player stands and looks (eye position; yaw and pitch in radians, as CameraPose). */
export interface SavedCamera {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** Slots in the player's hotbar (the number keys 1-9 pick them). */
export const HOTBAR_SLOTS = 9;

/** The hotbar of a new world, and of one saved before worlds kept their hotbar. */
export const DEFAULT_HOTBAR: readonly number[] = Object.freeze([Block.Stone, Block.Dirt, Block.Grass, Block.Sand, Block.Snow, Block.Gravel, Block.Log, Block.Leaves, Block.Water]);

/**
 * Why `value` is not a hotbar this game can hold (exactly HOTBAR_SLOTS known block ids, none
 * of them Air: a slot that places nothing is no slot), or null when it is one.
 */
export function hotbarProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'it is not a list';
  if (value.length !== HOTBAR_SLOTS) return `it has ${value.length} slots, not ${HOTBAR_SLOTS}`;
  // typeof first: isValidBlockId takes numbers, and "3" must not pass as one.
  const bad = value.findIndex((id) => typeof id !== 'number' || id === Block.Air || !isValidBlockId(id));
  return bad < 0 ? null : `slot ${bad + 1} holds ${shown(value[bad])}, which is not a block it can place`;
}

/** A copy of `value` when it is a hotbar this game can hold (see hotbarProblem), else null. */
export function readHotbar(value: unknown): number[] | null {
  return hotbarProblem(value) === null ? [...(value as number[])] : null;
}

export interface WorldRecord {
  /** Stable identity, never reused (a UUID); edits are stored under it. */
  id: string;
  name: string;
  params: WorldParams;
  /** World format version of the generator that made its terrain (worldFormatVersion of its params). */
  generatorVersion: number;
  /** Milliseconds since 1970 (Date.now() of the caller; this module reads no clock). */
  created: number;
  lastPlayed: number;
  /** Where the player was when they left it; null until they have played it. */
  camera: SavedCamera | null;
  mode: PlayerMode;
  /** The block in each hotbar slot (HOTBAR_SLOTS block ids, never Air), as the player left them. */
  hotbar: number[];
  /** Number of edited blocks, kept with every save so the world list needs no scan. */
  edits: number;
  /**
   * False for a world the game opened by itself (a seed typed in the panel, a link): such a
   * world is forgotten when the player leaves it without editing or naming it, so trying
   * seeds does not fill the list.
   */
  kept: boolean;
}

/** Longest world name, in characters. */
export const MAX_WORLD_NAME = 64;

/** The name a world gets when it has none (or only spaces). */
export const UNTITLED_WORLD_NAME = 'Untitled world';

/**
 * What a world is apart from where it is kept: the fields an exported file carries. The id,
 * the edit count and `kept` belong to this browser's copy, so an import gets fresh ones.
 */
export type WorldHeader = Omit<WorldRecord, 'id' | 'edits' | 'kept'>;

export type WorldHeaderValidation = { ok: true; header: WorldHeader; warnings: string[] } | { ok: false; error: string };
export type WorldRecordValidation = { ok: true; record: WorldRecord; warnings: string[] } | { ok: false; error: string };

/**
 * A complete, well-typed copy of a saved world record (from IndexedDB, or any other input),
 * or why it cannot be one. `id`, when given, is used instead of the record's own (the key it
 * was stored under).
 *
 * Fields that say which world this is or what it holds are errors when wrong: id, params,
 * generatorVersion, created, lastPlayed, edits. Fields the game can do without fall back,
 * with a warning (see validateWorldHeader); `kept` missing means true (records written
 * before it existed were all worlds the player kept). Unknown fields are dropped.
 */
export function validateWorldRecord(input: unknown, id?: string): WorldRecordValidation {
  if (!isPlainObject(input)) return { ok: false, error: 'The saved world is unreadable: it is not a world record.' };
  const recordId = id ?? input.id;
  if (typeof recordId !== 'string' || recordId.length === 0) return { ok: false, error: 'The saved world has no id.' };
  const header = validateWorldHeader(input);
  if (!header.ok) return header;
  const edits = input.edits;
  if (typeof edits !== 'number' || !Number.isSafeInteger(edits) || edits < 0) {
    return { ok: false, error: `The saved world's count of edited blocks (${shown(edits)}) is not a whole number.` };
  }
  const kept = input.kept === undefined ? true : input.kept;
  if (typeof kept !== 'boolean') return { ok: false, error: `The saved world's "kept" flag (${shown(kept)}) must be true or false.` };
  return { ok: true, record: { id: recordId, ...header.header, edits, kept }, warnings: header.warnings };
}

/**
 * A complete, well-typed copy of a world's header fields, or why it cannot be one.
 *
 * - name: text, control characters turned to spaces, trimmed and cut to MAX_WORLD_NAME
 *   characters (warning); missing or blank becomes UNTITLED_WORLD_NAME (warning); not text
 *   is an error.
 * - params: an object with at least one terrain setting, sanitized by sanitizeWorldParams
 *   (its warnings, and one for each setting missing, are passed on); anything else is an
 *   error, since the terrain would silently be another world's.
 * - generatorVersion: a whole number >= 1, else an error; one other than this game's
 *   WORLD_FORMAT_VERSION is a warning (unedited land may look different).
 * - created, lastPlayed: finite numbers, else an error.
 * - camera: null, or finite x, y, z, yaw, pitch with |x|, |z| <= MAX_COORDINATE; anything
 *   else becomes null (warning): the player starts at the spawn instead.
 * - mode: one of PLAYER_MODES; anything else becomes 'walk' (warning).
 * - hotbar: HOTBAR_SLOTS whole numbers, each a known block id other than Air (readHotbar);
 *   missing becomes a copy of DEFAULT_HOTBAR without a warning (records and files written
 *   before worlds kept their hotbar), anything else becomes one with a warning.
 */
export function validateWorldHeader(input: unknown): WorldHeaderValidation {
  if (!isPlainObject(input)) return { ok: false, error: 'The world description is unreadable: it is not a world record.' };
  const warnings: string[] = [];

  const name = readName(input.name, warnings);
  if (name === null) return { ok: false, error: `The world's name (${shown(input.name)}) must be text.` };

  const params = readParams(input.params, warnings);
  if (params === null) return { ok: false, error: "The world's terrain settings are missing or unreadable." };

  const generatorVersion = input.generatorVersion;
  if (typeof generatorVersion !== 'number' || !Number.isSafeInteger(generatorVersion) || generatorVersion < 1) {
    return { ok: false, error: `The world's generator version (${shown(generatorVersion)}) must be a whole number of at least 1.` };
  }
  const expectedVersion = worldFormatVersion(params);
  if (generatorVersion !== expectedVersion) {
    warnings.push(`This world's terrain was made by generator version ${generatorVersion}; this game makes ${params.type} worlds with version ${expectedVersion}, so land you have not edited may look different.`);
  }

  const created = input.created;
  if (!isFiniteNumber(created)) return { ok: false, error: `The world's creation time (${shown(created)}) is not a valid time.` };
  const lastPlayed = input.lastPlayed;
  if (!isFiniteNumber(lastPlayed)) return { ok: false, error: `The world's last-played time (${shown(lastPlayed)}) is not a valid time.` };

  const camera = readCamera(input.camera, warnings);

  let mode: PlayerMode = 'walk';
  if (PLAYER_MODES.includes(input.mode as PlayerMode)) mode = input.mode as PlayerMode;
  else warnings.push(`The saved movement mode (${shown(input.mode)}) is unknown; you will walk.`);

  let hotbar: number[] = [...DEFAULT_HOTBAR];
  if (input.hotbar !== undefined) {
    const problem = hotbarProblem(input.hotbar);
    if (problem === null) hotbar = [...(input.hotbar as number[])];
    else warnings.push(`The saved hotbar is unreadable (${problem}); it is back to the default blocks.`);
  }

  return { ok: true, header: { name, params, generatorVersion, created, lastPlayed, camera, mode, hotbar }, warnings };
}

function readName(value: unknown, warnings: string[]): string | null {
  if (value === undefined) {
    warnings.push(`The world has no name; it is called "${UNTITLED_WORLD_NAME}".`);
    return UNTITLED_WORLD_NAME;
  }
  if (typeof value !== 'string') return null;
  // A newline or tab in a name would break the one-line world list.
  let name = value.replace(/\p{Cc}+/gu, ' ').trim();
  const chars = Array.from(name); // code points, so an emoji is never cut in half
  if (chars.length > MAX_WORLD_NAME) {
    name = chars.slice(0, MAX_WORLD_NAME).join('').trim();
    warnings.push(`The world's name was longer than ${MAX_WORLD_NAME} characters and was shortened to "${name}".`);
  }
  if (name.length === 0) {
    warnings.push(`The world's name was blank; it is called "${UNTITLED_WORLD_NAME}".`);
    return UNTITLED_WORLD_NAME;
  }
  return name;
}

function readParams(value: unknown, warnings: string[]): WorldParams | null {
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(DEFAULT_WORLD_PARAMS) as (keyof WorldParams)[];
  if (!keys.some((key) => value[key] !== undefined)) return null;
  const { params, warnings: paramWarnings } = sanitizeWorldParams(withLegacyType(value));
  // A file from before world types has neither type nor biome scale: a classic world, as it was.
  const legacy = value.type === undefined;
  for (const key of keys) {
    if (value[key] !== undefined || (legacy && (key === 'type' || key === 'biomeScale'))) continue;
    warnings.push(`The terrain setting ${key} is missing; using ${JSON.stringify(params[key])}.`);
  }
  warnings.push(...paramWarnings);
  return params;
}

function readCamera(value: unknown, warnings: string[]): SavedCamera | null {
  if (value === null || value === undefined) return null;
  if (isPlainObject(value)) {
    const { x, y, z, yaw, pitch } = value;
    if (isFiniteNumber(x) && isFiniteNumber(y) && isFiniteNumber(z) && isFiniteNumber(yaw) && isFiniteNumber(pitch) && Math.abs(x) <= MAX_COORDINATE && Math.abs(z) <= MAX_COORDINATE) {
      return { x, y, z, yaw, pitch };
    }
  }
  warnings.push('The saved position is unusable; you will start at the spawn.');
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A short rendering of a bad value for a message: enough to recognise, never a page of it. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  let text: string;
  try {
    if (typeof value === 'number') text = String(value); // JSON would write NaN as null
    else if (Array.isArray(value)) text = 'a list';
    else if (typeof value === 'object' && value !== null) text = 'an object';
    else text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
