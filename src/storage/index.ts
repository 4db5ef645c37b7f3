/** The storage layer's public API: saved-world records, packed edits, the export file and undo history. */
export { BYTES_PER_EDIT, groupByColumn, packColumnEdits, unpackColumnEdits } from './column-edits';
export { MAX_WORLD_NAME, PLAYER_MODES, UNTITLED_WORLD_NAME, validateWorldHeader, validateWorldRecord } from './world-record';
export type { PlayerMode, SavedCamera, WorldHeader, WorldHeaderValidation, WorldRecord, WorldRecordValidation } from './world-record';
