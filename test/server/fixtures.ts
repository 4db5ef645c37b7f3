/** Worlds and edit comparisons the storage tests share (no vitest here: a child process imports it too). */
import { cleanEdit, DEFAULT_WORLD_PARAMS, type BlockEdit } from '../../src/world';
import type { SharedWorld } from '../../server/storage/world-repository';

export function world(id: string, overrides: Partial<SharedWorld> = {}): SharedWorld {
  return { id, name: `world ${id}`, params: { ...DEFAULT_WORLD_PARAMS, seed: `seed ${id}` }, ownerKey: `owner of ${id}`, policy: 'visitors', builders: [], ...overrides };
}

/** Edits in a canonical order, to compare sets of edits. */
export function sorted(edits: readonly BlockEdit[]): BlockEdit[] {
  return edits.map(cleanEdit).sort((a, b) => a.x - b.x || a.z - b.z || a.y - b.y);
}

/**
 * Starting PGlite takes a second on an idle machine but tens of seconds on a busy one (more in
 * an empty directory, where it runs initdb first): the timeout of a test or hook that starts
 * one, there to catch a hang, not to time anything.
 */
export const PGLITE_START_TIMEOUT = 180_000;
