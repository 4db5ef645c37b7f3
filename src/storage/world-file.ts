/**
 * One self-describing file per world, for export and import: a JSON text document whose
 * header a person can read, with the edits as gzip'd, base64'd binary (see edit-payload.ts):
 *
 *   { "format": "voxel-terrain-sandbox/world", "version": 2,
 *     "world": { name, params, generatorVersion, created, lastPlayed, camera, mode, hotbar },
 *     "edits": { "count": N, "columns": C, "encoding": "columns-4plane+gzip+base64", "data": "…" } }
 *
 * Versions: 1 held no block states, its edits in encoding "columns-3byte+gzip+base64"
 * (column packing 1, 3 bytes an edit); 2 carries each edit's state byte, in
 * "columns-4plane+gzip+base64" (packing 2, 4 bytes an edit in four planes; column-edits.ts).
 * Both are read (a version-1 world's blocks get state 0); only version 2 is written. A
 * version-1 game refuses a version-2 file as "from a newer version" rather than misread it.
 *
 * Typical sizes (test/storage/realistic-world.ts): 100,000 edits, 70% houses and walls over
 * ~100 columns and 30% single blocks scattered over ~600, come to ~0.17 MB of text with
 * block states on a stair roof, doors, logs, slabs and a third of the scattered blocks, about
 * 1.8 bytes an edit (~0.14 MB without states; version 1 took ~0.32 MB).
 *
 * An imported file is input like any other: decodeWorldFile never throws, refuses what it
 * cannot trust with a sentence for the player, and never allocates more than its limits.
 */
import type { BlockEdit } from '../world';
import { base64Length, decodeBase64, encodeBase64 } from './base64';
import { COLUMN_PACKING, LEGACY_PACKING, type ColumnPacking } from './column-edits';
import { decodeEditPayload, editPayloadLength, encodeEditPayload } from './edit-payload';
import { gunzip, gzip } from './gzip';
import { validateWorldHeader, type WorldHeader, type WorldRecord } from './world-record';

export const WORLD_FILE_FORMAT = 'voxel-terrain-sandbox/world';
/** Bump when a reader of the old version could not read the new one correctly. */
export const WORLD_FILE_VERSION = 2;
/** The edit encoding this game writes: column packing 2. */
export const WORLD_FILE_EDIT_ENCODING = 'columns-4plane+gzip+base64';
/** The edit encoding of version-1 files: column packing 1, no states. */
export const WORLD_FILE_V1_EDIT_ENCODING = 'columns-3byte+gzip+base64';

/** The packing of the edits in each (version, encoding) this game reads. */
function packingOf(version: number, encoding: unknown): ColumnPacking | null {
  if (version === 1) return encoding === WORLD_FILE_V1_EDIT_ENCODING ? LEGACY_PACKING : null;
  return encoding === WORLD_FILE_EDIT_ENCODING ? COLUMN_PACKING : null;
}
export const WORLD_FILE_MIME_TYPE = 'application/json';

/** The JSON document, as written. */
export interface WorldFileDocument {
  format: typeof WORLD_FILE_FORMAT;
  version: number;
  world: WorldHeader;
  edits: { count: number; columns: number; encoding: typeof WORLD_FILE_EDIT_ENCODING; data: string };
}

/** How much an import may make the game hold; anything larger is refused before it is read. */
export interface WorldFileLimits {
  /** Most edited blocks. */
  maxEdits: number;
  /** Most bytes the edit payload may inflate to (12 per column, 4 per edit; 3 in a version-1 file). */
  maxPayloadBytes: number;
}

/**
 * 16 M edits (2^24: a cube of 256 blocks a side, far beyond any hand-built world) in at most
 * 80 MiB of payload: 64 MiB of them at 4 bytes an edit, and room for ~1.3 M columns' headers.
 * The file text is then at most ~108 MiB (see maxWorldFileChars).
 */
export const DEFAULT_WORLD_FILE_LIMITS: Readonly<WorldFileLimits> = Object.freeze({
  maxEdits: 1 << 24,
  maxPayloadBytes: 80 * 1024 * 1024,
});

export type WorldFileDecoding =
  | {
      ok: true;
      /** The world's fields; the importer gives it a new id, `edits: edits.length` and `kept: true`. */
      world: WorldHeader;
      edits: BlockEdit[];
      /** Fields repaired on the way in (see validateWorldHeader), for the player to read. */
      warnings: string[];
    }
  | { ok: false; error: string };

/*
 * Every refusal opens with what the player should understand and may act on (the file is not
 * a world, is damaged, is too large, or is from a newer game); the detail, for whoever looks
 * closer or reports it, follows after "Detail:".
 */
export const NOT_A_WORLD_FILE = 'This file is not a voxel-terrain-sandbox world. Choose a world file (.json) made with Export in this game.';
export const DAMAGED_WORLD_FILE = 'This world file is damaged or incomplete and cannot be imported.';
export const TOO_LARGE_WORLD_FILE = 'This world file is too large to import.';
export const NEWER_WORLD_FILE = 'This world was saved by a newer version of the game, which this one cannot read.';
export const UNKNOWN_BLOCK_WORLD_FILE = 'This world was probably saved by a newer version of the game: it uses a block this game does not know.';

function refused(lead: string, detail: string): { ok: false; error: string } {
  return { ok: false, error: `${lead} Detail: ${detail}.` };
}

const damaged = (detail: string) => refused(DAMAGED_WORLD_FILE, detail);

/**
 * The file text for `record` and its edits. Rejects (RangeError) what its reader would
 * refuse (an invalid record or edit, two edits of one block, more than the default limits):
 * an export that cannot be imported would lose the world.
 */
export async function encodeWorldFile(record: WorldRecord, edits: Iterable<BlockEdit>): Promise<string> {
  const header = validateWorldHeader(record);
  if (!header.ok) throw new RangeError(header.error);
  const payload = encodeEditPayload(edits);
  const limits = DEFAULT_WORLD_FILE_LIMITS;
  if (payload.count > limits.maxEdits || payload.bytes.length > limits.maxPayloadBytes) {
    throw new RangeError(`This world is too large for a world file. Detail: ${thousands(payload.count)} edited blocks in ${thousands(payload.columns)} columns; a file holds up to ${thousands(limits.maxEdits)} in ${byteSize(limits.maxPayloadBytes)}.`);
  }
  // The repaired header (a long name cut, say) is written, so the file reads back as written.
  const { name, params, generatorVersion, created, lastPlayed, camera, mode, hotbar } = header.header;
  const document: WorldFileDocument = {
    format: WORLD_FILE_FORMAT,
    version: WORLD_FILE_VERSION,
    world: { name, params, generatorVersion, created, lastPlayed, camera, mode, hotbar },
    edits: { count: payload.count, columns: payload.columns, encoding: WORLD_FILE_EDIT_ENCODING, data: encodeBase64(await gzip(payload.bytes)) },
  };
  // Indented, so the header reads well in a text editor; the data is one long line either way.
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The world in a file's text or bytes (UTF-8), or a sentence saying why it cannot be imported. Never throws. */
export async function decodeWorldFile(input: string | Uint8Array | ArrayBuffer, limits: Partial<WorldFileLimits> = {}): Promise<WorldFileDecoding> {
  const l = { ...DEFAULT_WORLD_FILE_LIMITS, ...limits };
  try {
    return await decode(input, l);
  } catch (error) {
    // Nothing above is meant to throw; if something does, the player still gets a sentence.
    return damaged(`it could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The longest file text the limits allow: the data of an incompressible payload, plus 1 MiB for the header. */
export function maxWorldFileChars(limits: WorldFileLimits = DEFAULT_WORLD_FILE_LIMITS): number {
  return base64Length(maxGzipLength(limits.maxPayloadBytes)) + 1024 * 1024;
}

/** Above zlib's deflateBound plus gzip's 18-byte frame: what gzip can make of `n` bytes at worst. */
function maxGzipLength(n: number): number {
  return n + Math.ceil(n / 1024) + 1024;
}

async function decode(input: string | Uint8Array | ArrayBuffer, limits: WorldFileLimits): Promise<WorldFileDecoding> {
  const maxChars = maxWorldFileChars(limits);
  let text: string;
  if (typeof input === 'string') text = input;
  else if (input instanceof Uint8Array || input instanceof ArrayBuffer) {
    if (input.byteLength > maxChars) return tooLarge(byteSize(input.byteLength), `files up to ${byteSize(maxChars)}`);
    // Not fatal: a bad byte in the name becomes U+FFFD; one in the data fails base64 below.
    text = new TextDecoder().decode(input);
  } else return { ok: false, error: NOT_A_WORLD_FILE };
  if (text.length > maxChars) return tooLarge(byteSize(text.length), `files up to ${byteSize(maxChars)}`);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark some editors add

  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    // Ours if it starts like ours: then it was cut short or mangled, not some other file.
    return text.slice(0, 1024).includes(`"${WORLD_FILE_FORMAT}"`) ? damaged('it is cut short or is not valid JSON') : { ok: false, error: NOT_A_WORLD_FILE };
  }
  if (!isPlainObject(document) || document.format !== WORLD_FILE_FORMAT) return { ok: false, error: NOT_A_WORLD_FILE };

  // The version first: a newer file may differ in any field after it.
  const version = document.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) return damaged(`its format version (${String(version)}) is not a whole number`);
  if (version > WORLD_FILE_VERSION) {
    return refused(NEWER_WORLD_FILE, `it is in file format ${version}; this game reads up to format ${WORLD_FILE_VERSION}`);
  }

  if (!isPlainObject(document.world)) return damaged('it has no world description');
  const header = validateWorldHeader(document.world);
  if (!header.ok) return damaged(lowerFirst(header.error.replace(/\.$/, '')));

  const section = document.edits;
  if (!isPlainObject(section)) return damaged('it has no edits section');
  const { count, columns, encoding, data } = section;
  if (!isCount(count)) return damaged(`its count of edited blocks (${String(count)}) is not a whole number`);
  if (!isCount(columns)) return damaged(`its count of columns (${String(columns)}) is not a whole number`);
  const packing = packingOf(version, encoding);
  if (packing === null) return damaged(`its edits are in an unknown encoding (${String(encoding)}) for a version ${version} file`);
  if (typeof data !== 'string') return damaged('its edit data is missing');

  // Sizes come from the header, so an absurd file is refused before anything is allocated.
  if (count > limits.maxEdits) return tooLarge(`${thousands(count)} edited blocks`, `up to ${thousands(limits.maxEdits)}`);
  if (columns > count) return damaged(`it lists ${columns} columns for only ${count} edited blocks`);
  const payloadLength = editPayloadLength(count, columns, packing);
  if (payloadLength > limits.maxPayloadBytes) return tooLarge(`${thousands(count)} edited blocks in ${thousands(columns)} columns`, `${byteSize(limits.maxPayloadBytes)} of them`);
  if (data.length > base64Length(maxGzipLength(payloadLength))) return damaged(`its edit data is longer than ${count} edited blocks can take`);

  const compressed = decodeBase64(data);
  if (typeof compressed === 'string') return damaged(`its edit data is not valid base64: ${compressed}`);
  const inflated = await gunzip(compressed, payloadLength);
  if (!inflated.ok) {
    return inflated.reason === 'too-large'
      ? damaged(`its edit data holds more than its ${count} edited blocks`)
      : damaged(`its edit data is corrupted or cut short (${inflated.detail})`);
  }
  const edits = decodeEditPayload(inflated.bytes, columns, count, packing);
  if (!Array.isArray(edits)) {
    return edits.kind === 'unknown-block'
      ? refused(UNKNOWN_BLOCK_WORLD_FILE, edits.detail)
      : damaged(edits.detail);
  }
  return { ok: true, world: header.header, edits, warnings: header.warnings };
}

function tooLarge(what: string, allowed: string): { ok: false; error: string } {
  return refused(TOO_LARGE_WORLD_FILE, `${what}; this game imports ${allowed}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** 16777216 -> "16,777,216", the same in every locale so messages are testable. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 2_500_000 -> "2.4 MB"; 50 -> "50 bytes". */
function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
