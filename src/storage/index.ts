/** The storage layer's public API: saved-world records, packed edits, the export file and undo history. */
export { BYTES_PER_EDIT, bytesPerEdit, COLUMN_PACKING, editCountOf, groupByColumn, isColumnPacking, LEGACY_PACKING, packColumnEdits, unpackColumnEdits } from './column-edits';
export type { ColumnPacking } from './column-edits';
export { DEFAULT_HOTBAR, HOTBAR_SLOTS, hotbarProblem, MAX_WORLD_NAME, PLAYER_MODES, readHotbar, UNTITLED_WORLD_NAME, validateWorldHeader, validateWorldRecord } from './world-record';
export type { PlayerMode, SavedCamera, WorldHeader, WorldHeaderValidation, WorldRecord, WorldRecordValidation } from './world-record';
export {
  decodeWorldFile,
  DEFAULT_WORLD_FILE_LIMITS,
  encodeWorldFile,
  DAMAGED_WORLD_FILE,
  maxWorldFileChars,
  NEWER_WORLD_FILE,
  NOT_A_WORLD_FILE,
  TOO_LARGE_WORLD_FILE,
  UNKNOWN_BLOCK_WORLD_FILE,
  WORLD_FILE_EDIT_ENCODING,
  WORLD_FILE_V1_EDIT_ENCODING,
  WORLD_FILE_FORMAT,
  WORLD_FILE_MIME_TYPE,
  WORLD_FILE_VERSION,
} from './world-file';
export type { WorldFileDecoding, WorldFileDocument, WorldFileLimits } from './world-file';
export { WORLD_FILE_EXTENSION, worldFileName } from './world-file-name';
export { DEFAULT_EDIT_HISTORY_OPTIONS, EditHistory } from './edit-history';
export type { EditChange, EditHistoryOptions } from './edit-history';
