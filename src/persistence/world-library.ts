/**
 * The player's worlds: which exist, which is open, and their edits, in IndexedDB when the
 * browser allows it and in memory (for this tab's life, with a warning) when it does not.
 *
 * A world is a record (name, parameters, where the player left it) plus its edits, stored per
 * column. Only the worlds on screen have their edits in memory (docs/architecture.md §8):
 * opening a world reads its record and columns from the database, and a world left is dropped
 * from memory as soon as its edits are saved, so it is read afresh, with every other tab's
 * edits, when it is opened again. A world in memory but not on screen (being read, or left
 * while saving fails) holds the edits other tabs announce for it, and hands them over when it
 * is put on screen. Everything that changes which worlds are in memory (load, setOnScreen,
 * remove, import) runs through one queue, one at a time.
 *
 * Nothing here writes a stored world from its copy in memory: an edit is merged into its
 * column (ColumnWriter), and a record is patched field by field inside a transaction that
 * reads it (WorldDb.patchWorld), so another tab's edits, renames and counts survive.
 *
 * Worlds the game opens by itself (a seed typed in the panel, a link) are created unkept: they
 * are forgotten when the player leaves them without an edit or a name, so trying seeds does not
 * fill the list. Another tab's edits arrive over a BroadcastChannel (see world-channel.ts).
 */
import { decodeWorldFile, DEFAULT_HOTBAR, encodeWorldFile, hotbarProblem, type PlayerMode, type SavedCamera, type WorldRecord } from '../storage';
import { cleanEdit, DEFAULT_WORLD_PARAMS, EditStore, worldFormatVersion, worldParamsKey, type BlockEdit, type WorldParams } from '../world';
import { ColumnWriter } from './column-writer';
import { LoadedWorlds, type LoadedWorld } from './loaded-worlds';
import { SaveStatus } from './save-status';
import { SerialQueue } from './serial-queue';
import { openWorldStorage } from './open-world-storage';
import { describeStorageError, lostReason } from './storage-messages';
import { WorldChannel } from './world-channel';
import { StorageUnavailableError, type WorldConnection } from './world-connection';
import type { WorldDb, WorldPatch, WorldPatchOptions } from './world-db';
import { DEFAULT_WORLD_LIBRARY_OPTIONS, type WorldLibraryHooks, type WorldLibraryOptions, type WorldSummary } from './world-library-options';
import { cleanName, nameForParams } from './world-names';
import { PendingWrites } from './pending-writes';

export { nameForParams } from './world-names';

export type { LoadedWorld } from './loaded-worlds';
export { DEFAULT_WORLD_LIBRARY_OPTIONS } from './world-library-options';
export type { WorldLibraryHooks, WorldLibraryOptions, WorldSummary } from './world-library-options';

export class WorldLibrary {
  /** Worlds whose edits are in memory: the ones on screen, and any being read or not yet saved. */
  private readonly loaded: LoadedWorlds;
  /** load, setOnScreen, remove and import, one at a time (they change which worlds are in memory). */
  private readonly queue = new SerialQueue();
  /** Record patches under way (flush waits for them). */
  private readonly recordWrites = new PendingWrites();
  /** Every record, when there is no database (this tab's memory is all there is). */
  private readonly memoryRecords = new Map<string, WorldRecord>();
  private readonly writer: ColumnWriter | null;
  private readonly channel: WorldChannel | null;
  /** How the last load from the database went: total time, pages, and the longest page's main-thread time (ms). */
  lastLoad: { worldId: string; edits: number; totalMs: number; pages: number; longestPageMs: number } | null = null;
  /** The world being played (the first one the latest setOnScreen named). */
  currentId: string | null = null;
  private readonly saving: SaveStatus;
  private readonly reported = new Set<string>();
  private disposed = false;

  private constructor(
    private readonly connection: WorldConnection | null,
    private readonly hooks: WorldLibraryHooks,
    private readonly options: WorldLibraryOptions,
  ) {
    this.loaded = new LoadedWorlds((worldId, edits) => hooks.remoteEdits(worldId, edits));
    this.saving = new SaveStatus(hooks, () => this.pendingWrites);
    this.writer = connection
      ? new ColumnWriter(
          // Through the connection: after another tab took the database, writes fail at once until Retry reconnects.
          { mergeColumns: async (columns) => (await connection.database()).mergeColumns(columns) },
          {
            failed: (error) => this.saving.failing(describeStorageError(error)),
            recovered: () => this.saving.recovered(),
            committed: (worldId, changes) => this.channel?.announceEdits(worldId, changes.map((c) => cleanEdit(c))),
          },
        )
      : null;
    this.channel =
      typeof BroadcastChannel === 'undefined'
        ? null
        : new WorldChannel(options.channelName, {
            edits: (worldId, edits) => this.loaded.receive(worldId, edits),
            worldsChanged: () => void this.refreshLoadedRecords(),
          });
  }

  /**
   * Opens the database (see openWorldStorage: a migration report, a blocked upgrade, no
   * storage at all); without one, worlds live in memory and the player is told.
   */
  static async open(hooks: WorldLibraryHooks, options: Partial<WorldLibraryOptions> = {}): Promise<WorldLibrary> {
    const o: WorldLibraryOptions = { ...DEFAULT_WORLD_LIBRARY_OPTIONS, ...options };
    let library: WorldLibrary | null = null;
    const connection = await openWorldStorage(hooks, o, {
      lost: (reason) => library?.saving.failing(lostReason(reason)),
    });
    library = new WorldLibrary(connection, hooks, o);
    return library;
  }

  get persistent(): boolean {
    return this.connection !== null;
  }

  /** Every world, most recently played first; records of the wrong shape are skipped and reported. */
  async list(): Promise<WorldRecord[]> {
    let worlds: WorldRecord[];
    if (this.connection) {
      const listed = await (await this.connection.database()).listWorlds();
      if (listed.skipped > 0) this.reportOnce('records', `${listed.skipped} saved world record${listed.skipped === 1 ? ' is' : 's are'} damaged and not listed`);
      worlds = listed.worlds;
    } else worlds = [...this.memoryRecords.values()];
    // A loaded world's count in memory is ahead of the database while its writes are under way.
    worlds = worlds.map((w) => {
      const open = this.loaded.get(w.id);
      return open ? { ...w, edits: open.store.size } : w;
    });
    return worlds.sort((a, b) => b.lastPlayed - a.lastPlayed);
  }

  async summaries(): Promise<WorldSummary[]> {
    return (await this.list()).map((w) => ({ id: w.id, name: w.name, seed: w.params.seed, noise: w.params.noise, type: w.params.type, edits: w.edits, created: w.created, lastPlayed: w.lastPlayed, current: w.id === this.currentId }));
  }

  async get(id: string): Promise<WorldRecord | null> {
    const open = this.loaded.get(id);
    if (open) return open.record;
    return this.connection ? await (await this.connection.database()).getWorld(id) : (this.memoryRecords.get(id) ?? null);
  }

  /**
   * The world to start with, loaded and made the current one (so it is listed as open, cannot
   * be deleted, and has the player's camera saved into it): the link's world when it names a
   * seed, else the last one played, else a new one.
   */
  async startWorld(fromUrl: WorldParams | null): Promise<LoadedWorld> {
    const world = await this.load(await this.findStartWorld(fromUrl));
    await this.setOnScreen([world.record.id]);
    return world;
  }

  private async findStartWorld(fromUrl: WorldParams | null): Promise<WorldRecord> {
    if (fromUrl) return this.forParams(fromUrl);
    const lastId = this.connection ? await (await this.connection.database()).lastWorldId() : null;
    const last = lastId ? await this.get(lastId) : null;
    if (last) return last;
    const [mostRecent] = await this.list();
    if (mostRecent) return mostRecent;
    return this.forParams({ ...DEFAULT_WORLD_PARAMS });
  }

  /** The most recently played world made with exactly these parameters, or a new unkept one. */
  async forParams(params: WorldParams): Promise<WorldRecord> {
    const key = worldParamsKey(params);
    for (const [, open] of this.loaded.all()) if (worldParamsKey(open.record.params) === key) return open.record;
    const found = this.connection
      ? await (await this.connection.database()).findByParams(key)
      : [...this.memoryRecords.values()].filter((w) => worldParamsKey(w.params) === key).sort((a, b) => b.lastPlayed - a.lastPlayed)[0];
    if (found) return found;
    return this.create(nameForParams(params), params, false);
  }

  /** A new world (the player's, kept; or the game's own, unkept until edited or named); `id` names a shared world's copy. */
  async create(name: string, params: WorldParams, kept = true, id = this.options.newId()): Promise<WorldRecord> {
    const time = this.options.now();
    const record: WorldRecord = {
      id,
      name: cleanName(name) ?? nameForParams(params),
      params: { ...params },
      generatorVersion: worldFormatVersion(params),
      created: time,
      lastPlayed: time,
      camera: null,
      mode: 'fly',
      hotbar: [...DEFAULT_HOTBAR],
      edits: 0,
      kept,
    };
    await this.putNewRecord(record);
    this.channel?.announceWorldsChanged();
    return record;
  }

  /**
   * A world with its edits in memory: the copy already there, else its record and columns read
   * from the database as stored now (other tabs' edits and renames included).
   */
  load(record: WorldRecord): Promise<LoadedWorld> {
    return this.queue.run(() => this.read(record));
  }

  private async read(record: WorldRecord): Promise<LoadedWorld> {
    const open = this.loaded.get(record.id);
    if (open) return open;
    const store = new EditStore();
    let stored = record;
    if (this.connection) {
      this.loaded.hold(record.id);
      try {
        const db = await this.connection.database();
        stored = (await db.getWorld(record.id)) ?? record;
        await this.readColumns(db, stored, store);
      } catch (err) {
        this.loaded.dropHeld(record.id);
        throw err;
      }
    }
    const world: LoadedWorld = { record: { ...stored, edits: store.size }, store };
    this.loaded.add(world);
    return world;
  }

  private async readColumns(db: WorldDb, record: WorldRecord, store: EditStore): Promise<void> {
    const started = performance.now();
    let pages = 0;
    let longestPageMs = 0;
    const result = await db.loadColumns(record.id, (columns) => {
      const pageStart = performance.now();
      for (const column of columns) for (const e of column.edits) store.put(e);
      pages++;
      longestPageMs = Math.max(longestPageMs, performance.now() - pageStart);
    });
    this.lastLoad = { worldId: record.id, edits: result.edits, totalMs: performance.now() - started, pages, longestPageMs };
    if (result.skipped > 0) this.hooks.message(`${result.skipped} damaged saved column${result.skipped === 1 ? ' was' : 's were'} skipped in "${record.name}"`, 'warning');
  }

  /**
   * The player now plays `ids` (the current world first, then compare mode's twin); the caller
   * shows them before calling, as edits other tabs made while they were off screen are handed
   * to it (hooks.remoteEdits) during this call. Then, one call at a time: the current world is
   * marked played now, and each world left behind drops out of memory once its edits are saved
   * (an unkept one nobody edited is deleted). A world the latest call named is never dropped
   * or deleted, even by an earlier call finishing late.
   */
  setOnScreen(ids: readonly string[]): Promise<void> {
    const wanted = [...ids];
    this.currentId = wanted[0] ?? null;
    this.loaded.setScreen(wanted);
    return this.queue.run(() => this.leaveOthers(wanted));
  }

  private async leaveOthers(wanted: readonly string[]): Promise<void> {
    // Marking it played is not worth failing the switch for: the save warning covers a lost database.
    if (wanted[0]) await this.patchRecord(wanted[0], { lastPlayed: this.options.now() }, { lastWorld: true }).catch(() => undefined);
    if (!this.connection || !this.writer) return;
    for (const [id, world] of this.loaded.all()) {
      if (wanted.includes(id) || this.loaded.isOnScreen(id)) continue;
      if (!world.record.kept && world.store.size === 0) {
        this.loaded.forget(id);
        const deleted = await this.connection
          .database()
          .then((db) => db.deleteIfUnused(id))
          .catch(() => false);
        if (deleted) this.channel?.announceWorldsChanged();
        continue;
      }
      // Kept in memory (holding other tabs' edits) until saved: a later call drops it.
      const saved = await this.writer.flush().then(
        () => true,
        () => false,
      );
      if (saved && !this.loaded.isOnScreen(id) && this.loaded.get(id) === world) this.loaded.forget(id);
    }
  }

  /** A block of a loaded world changed (its store already says so): save the change, and tell other tabs once saved. */
  edited(worldId: string, edit: BlockEdit): void {
    const world = this.loaded.get(worldId);
    if (!world) return;
    world.record.edits = world.store.size;
    if (!world.record.kept) {
      // The first edit makes a world the player's: it stays in the list from now on, even if
      // another tab deleted it as unused a moment ago.
      world.record.kept = true;
      void this.patchRecord(worldId, { kept: true }, { ifMissing: { ...world.record, edits: 0 } }).catch(() => undefined);
    }
    // The store has no edit there when the block went back to what the world generates.
    const removed = world.store.get(edit.x, edit.y, edit.z) === undefined;
    if (this.writer) this.writer.markChanged(worldId, { ...cleanEdit(edit), removed });
    else this.channel?.announceEdits(worldId, [edit]);
  }

  /**
   * Remembers where the player is in world `worldId` (camera, walking or flying, played now)
   * and that it was the last one played. Only those fields are written, into the record as
   * stored, so a rename or anything else another tab wrote stays. The caller names the world:
   * the pose belongs to the world it was taken in, whatever is current when the write runs.
   */
  async savePose(worldId: string, camera: SavedCamera, mode: PlayerMode): Promise<void> {
    await this.patchRecord(worldId, { camera: { ...camera }, mode, lastPlayed: this.options.now() }, { lastWorld: true });
  }

  /**
   * Remembers world `worldId`'s hotbar, as savePose its pose (that field alone; the copy in
   * memory follows), but not as the last world played. Throws RangeError, writing nothing,
   * unless `slots` is HOTBAR_SLOTS known block ids, none Air.
   */
  async saveHotbar(worldId: string, slots: readonly number[]): Promise<void> {
    const problem = hotbarProblem(slots);
    if (problem !== null) throw new RangeError(`This hotbar cannot be saved: ${problem}.`);
    await this.patchRecord(worldId, { hotbar: [...slots] });
  }

  async rename(id: string, name: string): Promise<void> {
    const clean = cleanName(name);
    if (!clean) throw new Error('A world needs a name');
    if (!(await this.patchRecord(id, { name: clean, kept: true }))) throw new Error('That world no longer exists');
    this.channel?.announceWorldsChanged();
  }

  /** Deletes a world and all its edits. A world on screen cannot be deleted. */
  remove(id: string): Promise<void> {
    return this.queue.run(async () => {
      if (id === this.currentId || this.loaded.isOnScreen(id)) throw new Error('This world is open: open another world first, then delete it');
      this.loaded.forget(id);
      if (this.connection) await (await this.connection.database()).deleteWorld(id);
      else this.memoryRecords.delete(id);
      this.channel?.announceWorldsChanged();
    });
  }

  /** The world as one self-describing file (format name and version, record, packed edits). */
  async exportWorld(id: string): Promise<{ text: string; record: WorldRecord }> {
    const record = await this.get(id);
    if (!record) throw new Error('That world no longer exists');
    const open = this.loaded.get(id);
    const edits = open ? open.store.all() : await this.readEdits(id);
    const text = await encodeWorldFile({ ...record, edits: edits.length }, edits);
    return { text, record };
  }

  private async readEdits(id: string): Promise<BlockEdit[]> {
    const out: BlockEdit[] = [];
    if (this.connection) await (await this.connection.database()).loadColumns(id, (columns) => void columns.forEach((c) => out.push(...c.edits)));
    return out;
  }

  /**
   * Adds a world from a file, always as a new world: nothing stored is overwritten, even one
   * of the same name. A file that cannot be read changes nothing; the reason is returned.
   */
  async importWorld(data: string | Uint8Array | ArrayBuffer): Promise<{ ok: true; record: WorldRecord; warnings: string[] } | { ok: false; error: string }> {
    const decoded = await decodeWorldFile(data);
    if (!decoded.ok) return decoded;
    const store = new EditStore();
    for (const e of decoded.edits) store.put(e);
    const record: WorldRecord = { ...decoded.world, id: this.options.newId(), edits: 0, kept: true, lastPlayed: this.options.now() };
    await this.putNewRecord(record);
    // In memory until saved (then the next setOnScreen drops it, as any world off screen).
    await this.queue.run(async () => this.loaded.add({ record: { ...record, edits: store.size }, store }));
    if (this.writer) {
      for (const e of store.all()) this.writer.markChanged(record.id, { ...e, removed: false });
      await this.writer.flush();
    }
    this.channel?.announceWorldsChanged();
    // What the file held that the game set right (a hotbar it cannot read, say): the player is told.
    return { ok: true, record: { ...record, edits: store.size }, warnings: decoded.warnings };
  }

  /** Resolves when every edit and record change (pose, hotbar, name) asked so far is written or failed. */
  async flush(): Promise<void> {
    await this.writer?.flush();
    await this.recordWrites.settled();
  }

  /**
   * Tries saving again now (the save warning's button): opens the database again if it was
   * lost, then writes what waits. Never rejects; the outcome goes to saveFailing (with the
   * reason, such as "reload this tab") or saveRecovered.
   */
  async retrySaving(): Promise<void> {
    if (!this.connection || !this.writer || this.disposed) return;
    try {
      await this.connection.reconnect();
    } catch (err) {
      this.saving.failing(describeStorageError(err));
      if (err instanceof StorageUnavailableError && err.needsReload) this.hooks.message(`This tab cannot save any more: ${err.message}.`, 'error');
      return;
    }
    this.writer.retryNow();
    const saved = await this.writer.flush().then(
      () => true,
      () => false,
    );
    if (saved) this.saving.recovered();
  }

  get pendingWrites(): number {
    return this.writer?.pending ?? 0;
  }

  /** A world that was never stored (create, import). */
  private async putNewRecord(record: WorldRecord): Promise<void> {
    if (this.connection) await (await this.connection.database()).putWorld(record);
    else this.memoryRecords.set(record.id, record);
  }

  /**
   * Sets some fields of a stored world (WorldDb.patchWorld) and refreshes the copy in memory
   * from the result, so it also picks up what other tabs changed. Resolves with the record, or
   * null when there is no such world.
   */
  private patchRecord(id: string, patch: WorldPatch, options: Partial<WorldPatchOptions> = {}): Promise<WorldRecord | null> {
    return this.recordWrites.track(this.writeRecordPatch(id, patch, options));
  }

  private async writeRecordPatch(id: string, patch: WorldPatch, options: Partial<WorldPatchOptions>): Promise<WorldRecord | null> {
    let record: WorldRecord | null;
    if (this.connection) record = await (await this.connection.database()).patchWorld(id, patch, options);
    else {
      const old = this.memoryRecords.get(id) ?? this.loaded.get(id)?.record ?? options.ifMissing ?? null;
      record = old && { ...old, ...patch };
      if (record) this.memoryRecords.set(id, record);
    }
    const open = this.loaded.get(id);
    if (record && open) open.record = { ...record, edits: open.store.size };
    return record;
  }

  /** Another tab renamed, kept or deleted worlds: the copies of open worlds' records follow. */
  private async refreshLoadedRecords(): Promise<void> {
    if (this.connection) {
      for (const [id, world] of this.loaded.all()) {
        const stored = await this.connection
          .database()
          .then((db) => db.getWorld(id))
          .catch(() => null);
        if (stored && this.loaded.get(id) === world) world.record = { ...stored, edits: world.store.size };
      }
    }
    this.hooks.worldsChanged?.();
  }

  private reportOnce(what: string, text: string): void {
    if (this.reported.has(what)) return;
    this.reported.add(what);
    this.hooks.message(text, 'warning');
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.saving.dispose();
    this.writer?.dispose();
    this.channel?.dispose();
    this.connection?.dispose();
  }
}
