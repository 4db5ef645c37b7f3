/**
 * What the player is told about saved worlds that cannot be used: short reasons that fit in
 * "Edits are not being saved (…)" of the save warning, and the longer notices of start-up.
 */
import type { WorldDbCloseReason } from './world-db';

/** Shown while start-up waits for another tab that holds an older version of the database. */
export function blockedNotice(giveUpMs: number): string {
  return `Another tab of the game is open with an older version; close it to finish loading your worlds. If it stays open, the game starts in ${Math.round(giveUpMs / 1000)} s without saving.`;
}

export const GAVE_UP_WAITING =
  'Another tab of the game with an older version is still open, so this tab cannot use your saved worlds: it started with worlds kept in memory only, and nothing made here is saved. Close the other tab and reload this one (export a world first to keep it).';

export const OPENED_LATE = 'The other tab has closed: reload this tab to play your saved worlds (export anything you made here first, it is not saved).';

/** Why saving stopped when the connection closed by itself. */
export function lostReason(reason: WorldDbCloseReason): string {
  return reason === 'versionchange' ? 'another tab opened a newer version of the game and took over the saved worlds' : 'the browser closed the saved worlds database';
}

/** Retry found the database at a newer version than this build's. */
export const NEWER_VERSION_OWNS_STORAGE = 'a newer version of the game, opened in another tab, now keeps the saved worlds: reload this tab to save again (export the world first to keep what you changed since)';

/** A reason for a failed read or write, in the player's words where there are some. */
export function describeStorageError(err: unknown): string {
  if (err instanceof DOMException && err.name === 'QuotaExceededError') return 'the browser storage is full';
  return err instanceof Error ? err.message : String(err);
}
