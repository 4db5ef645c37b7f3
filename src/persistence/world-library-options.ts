/**
 * What WorldLibrary tells the game (its hooks), what it is built with (its options), and what
 * the worlds list shows of a world.
 */
import type { BlockEdit } from '../world';
import { randomId } from './random-id';
import { DEFAULT_WORLD_CONNECTION_OPTIONS, type WorldConnectionOptions } from './world-connection';

export interface WorldLibraryHooks {
  message(text: string, kind: 'info' | 'warning' | 'error'): void;
  /**
   * Saving keeps failing (quota, storage switched off, another tab's newer version took the
   * database): edits wait in memory. Called again when the reason changes (a Retry that found
   * this tab must be reloaded).
   */
  saveFailing(reason: string, pending: number): void;
  /** Saving works again after a failure. */
  saveRecovered(): void;
  /** Another tab saved edits to a world (by id). */
  remoteEdits(worldId: string, edits: BlockEdit[]): void;
  /** Another tab changed the list of worlds (created, renamed, deleted). */
  worldsChanged?(): void;
  /**
   * A notice to show at once, before the game exists (null takes it away): start-up waits for
   * another tab that holds an older version of the database open.
   */
  startupNotice?(text: string | null): void;
}

export interface WorldLibraryOptions {
  /** Clock for created / lastPlayed, in milliseconds since 1970. */
  now: () => number;
  /** Ids of new worlds. */
  newId: () => string;
  /** The IndexedDB to use; null for globalThis.indexedDB. */
  indexedDB: IDBFactory | null;
  /** The BroadcastChannel the game's tabs share. */
  channelName: string;
  /** Waiting for a blocked upgrade, and the timers it uses (see world-connection.ts). */
  connection: Partial<WorldConnectionOptions>;
}

export const DEFAULT_WORLD_LIBRARY_OPTIONS: Readonly<WorldLibraryOptions> = Object.freeze({
  now: () => Date.now(),
  newId: () => randomId(),
  indexedDB: null,
  channelName: 'voxel-terrain-sandbox-worlds',
  connection: DEFAULT_WORLD_CONNECTION_OPTIONS,
});

/** What the worlds list shows of a world. */
export interface WorldSummary {
  id: string;
  name: string;
  seed: string;
  noise: string;
  type: string;
  edits: number;
  created: number;
  lastPlayed: number;
  current: boolean;
}

