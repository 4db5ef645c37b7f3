/**
 * Opening the saved worlds at start-up, and what the player is told about it: edits moved
 * over from an older schema, another tab blocking the upgrade (a notice at once; the start
 * goes on when that tab closes, or after the wait runs out without saving), or no storage at
 * all (worlds in memory for this tab's life).
 */
import type { WorldLibraryHooks, WorldLibraryOptions } from './world-library-options';
import { blockedNotice, describeStorageError, GAVE_UP_WAITING, OPENED_LATE } from './storage-messages';
import { DEFAULT_WORLD_CONNECTION_OPTIONS, WorldConnection, type WorldConnectionHooks } from './world-connection';

/** The connection, or null when the worlds must live in memory (the player has been told why). */
export async function openWorldStorage(hooks: WorldLibraryHooks, options: WorldLibraryOptions, connectionHooks: Pick<WorldConnectionHooks, 'lost'>): Promise<WorldConnection | null> {
  const connectionOptions = { ...DEFAULT_WORLD_CONNECTION_OPTIONS, ...options.connection };
  let noticeShown = false;
  const takeNoticeDown = () => {
    if (noticeShown) hooks.startupNotice?.(null);
    noticeShown = false;
  };
  try {
    if (!(options.indexedDB ?? globalThis.indexedDB)) throw new Error('this browser has no IndexedDB');
    const opened = await WorldConnection.open(
      { now: options.now, newId: options.newId, indexedDB: options.indexedDB },
      {
        ...connectionHooks,
        blocked: () => {
          noticeShown = true;
          hooks.startupNotice?.(blockedNotice(connectionOptions.giveUpMs));
        },
        openedLate: () => hooks.message(OPENED_LATE, 'info'),
      },
      connectionOptions,
    );
    takeNoticeDown();
    if (opened === 'gave-up') {
      hooks.message(GAVE_UP_WAITING, 'warning');
      return null;
    }
    const m = opened.migration;
    if (m && m.edits > 0) hooks.message(`Moved ${m.edits} saved edit${m.edits === 1 ? '' : 's'} into ${m.worlds} world${m.worlds === 1 ? '' : 's'} (open them from Worlds…)`, 'info');
    if (m && m.skipped > 0) hooks.message(`${m.skipped} old saved edit${m.skipped === 1 ? ' was' : 's were'} unreadable and skipped`, 'warning');
    return opened;
  } catch (err) {
    takeNoticeDown();
    hooks.message(`Worlds and edits will not be saved in this browser (${describeStorageError(err)}); export a world to keep it.`, 'warning');
    return null;
  }
}
