/**
 * This tab's connection to the world database, which another tab can take away and which can
 * be opened again (docs/architecture.md §8).
 *
 * Opening. When another tab holds an older version of the database open and does not let go
 * (an old build without a versionchange handler), the upgrade waits: `hooks.blocked` says so
 * at once, so the player can be told to close that tab, and the start goes on as soon as it is
 * closed. After `giveUpMs` of waiting, the open gives up (the game then starts with its worlds
 * in memory); if the other tab closes later, the connection that finally opens is closed at
 * once and `hooks.openedLate` says a reload would bring the saved worlds back.
 *
 * Losing it. A newer build opening the database (`versionchange`) or the browser closing it
 * (`terminated`) closes this connection: `hooks.lost` says why, and database() fails at once
 * from then on (a StorageUnavailableError), so no read or write waits on it. reconnect() (the
 * save warning's Retry) opens it again: that works when the database is still at this build's
 * version (the newer build's upgrade failed, the database was deleted and is created anew, the
 * browser closed it), and fails saying this tab must be reloaded when a newer version now owns
 * it. Reopening is never automatic: while a newer tab's upgrade is itself blocked, an open
 * waits behind it, and every write and world switch would wait with it.
 */
import { lostReason, NEWER_VERSION_OWNS_STORAGE } from './storage-messages';
import { WorldDb, type WorldDbCloseReason, type WorldDbOptions } from './world-db';

export interface WorldConnectionHooks {
  /** The open waits for another tab that holds an older version open. */
  blocked(): void;
  /** The connection closed by itself; database() will try to open it again. */
  lost(reason: WorldDbCloseReason): void;
  /** The open had given up waiting, then went through after all (that connection is closed at once). */
  openedLate(): void;
}

export interface WorldConnectionOptions {
  /** How long to wait for a blocked upgrade before starting without the database, in ms. */
  giveUpMs: number;
  /** Timer functions, replaced in tests. */
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * Twenty seconds: time to read the message, find the other tab and close it. Waiting longer
 * leaves the player in front of a page that does nothing.
 */
export const DEFAULT_WORLD_CONNECTION_OPTIONS: Readonly<WorldConnectionOptions> = Object.freeze({
  giveUpMs: 20_000,
  // Looked up at call time, so fake timers installed later are honoured.
  setTimeout: (run: () => void, ms: number): unknown => globalThis.setTimeout(run, ms),
  clearTimeout: (handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/** The database cannot be used from this tab now; the message says why, in the player's words. */
export class StorageUnavailableError extends Error {
  /** True when a newer version of the game owns the database: only a reload helps. */
  readonly needsReload: boolean;

  constructor(message: string, needsReload: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
    this.needsReload = needsReload;
  }
}

export class WorldConnection {
  private db: WorldDb;
  private lostBecause: WorldDbCloseReason | null = null;
  private reopening: Promise<WorldDb> | null = null;
  private disposed = false;

  private constructor(
    db: WorldDb,
    private readonly dbOptions: Partial<WorldDbOptions>,
    private readonly hooks: WorldConnectionHooks,
  ) {
    this.db = db;
  }

  /**
   * Opens the database; resolves 'gave-up' when a blocked upgrade outlasted `giveUpMs`.
   * Rejects as WorldDb.open does (no IndexedDB, private mode, a newer version, a failed
   * migration).
   */
  static async open(dbOptions: Partial<WorldDbOptions>, hooks: WorldConnectionHooks, options: Partial<WorldConnectionOptions> = {}): Promise<WorldConnection | 'gave-up'> {
    const o = { ...DEFAULT_WORLD_CONNECTION_OPTIONS, ...options };
    let connection: WorldConnection | null = null;
    let timer: unknown = null;
    let gaveUp = false;
    let giveUp!: () => void;
    const givenUp = new Promise<'gave-up'>((resolve) => (giveUp = () => resolve('gave-up')));
    const opening = WorldDb.open({
      ...dbOptions,
      blocked: () => {
        if (timer !== null || gaveUp) return;
        hooks.blocked();
        timer = o.setTimeout(() => {
          gaveUp = true;
          giveUp();
        }, o.giveUpMs);
      },
      // Set before any close can happen: the connection exists once the open resolves.
      closed: (reason) => connection?.onClosed(reason),
    });
    const first = await Promise.race([opening, givenUp]);
    if (first === 'gave-up') {
      opening.then(
        (late) => {
          late.close();
          hooks.openedLate();
        },
        () => undefined,
      );
      return 'gave-up';
    }
    if (timer !== null) o.clearTimeout(timer);
    connection = new WorldConnection(first, dbOptions, hooks);
    return connection;
  }

  /** What the first open did to data of schema 1 (see WorldDb.migration). */
  get migration(): WorldDb['migration'] {
    return this.db.migration;
  }

  /** The open database; rejects at once with a StorageUnavailableError while it is lost or after dispose. */
  database(): Promise<WorldDb> {
    if (this.disposed) return Promise.reject(new StorageUnavailableError('the saved worlds were closed', false));
    if (this.db.closed) return Promise.reject(new StorageUnavailableError(`${lostReason(this.lostBecause ?? 'terminated')}; press Retry to reconnect`, false));
    return Promise.resolve(this.db);
  }

  /**
   * The open database, opened again first if it was lost (one attempt, shared by concurrent
   * callers); rejects with a StorageUnavailableError when it cannot be.
   */
  reconnect(): Promise<WorldDb> {
    if (this.disposed || !this.db.closed) return this.database();
    this.reopening ??= this.reopen().finally(() => (this.reopening = null));
    return this.reopening;
  }

  /** Closes the connection for good. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.db.close();
  }

  private async reopen(): Promise<WorldDb> {
    let db: WorldDb;
    try {
      db = await WorldDb.open({ ...this.dbOptions, closed: (reason) => this.onClosed(reason) });
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'VersionError') throw new StorageUnavailableError(NEWER_VERSION_OWNS_STORAGE, true, { cause: error });
      throw new StorageUnavailableError(`the saved worlds could not be opened again (${error instanceof Error ? error.message : String(error)})`, false, { cause: error });
    }
    if (this.disposed) {
      db.close();
      throw new StorageUnavailableError('the saved worlds were closed', false);
    }
    this.db = db;
    this.lostBecause = null;
    return db;
  }

  private onClosed(reason: WorldDbCloseReason): void {
    if (this.disposed) return;
    this.lostBecause = reason;
    this.hooks.lost(reason);
  }
}
