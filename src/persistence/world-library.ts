/**
 * The player's worlds: which exist, which is open, and their edits, in IndexedDB when the
 * browser allows it and in memory (for this tab's life, with a warning) when it does not.
 *
 * A world is a record (name, parameters, where the player left it) plus its edits, stored per
 * column. Only the worlds on screen have their edits in memory: opening a world reads its
 * columns, nothing of any other world. Every edit marks its column dirty and the ColumnWriter
 * commits it within milliseconds; a failing database keeps the edits in memory and retries.
 *
 * Worlds the game opens by itself (a seed typed in the panel, a link) are created unkept: they
 * are forgotten when the player leaves them without an edit or a name, so trying seeds does not
 * fill the list. Another tab's edits arrive over a BroadcastChannel (see world-channel.ts).
 */
import { decodeWorldFile, encodeWorldFile, MAX_WORLD_NAME, type PlayerMode, type SavedCamera, type WorldRecord } from '../storage';
import { columnOf, DEFAULT_WORLD_PARAMS, EditStore, worldFormatVersion, worldParamsKey, type BlockEdit, type WorldParams } from '../world';
import { ColumnWriter } from './column-writer';
import { WorldChannel } from './world-channel';
import { WorldDb } from './world-db';

export interface WorldLibraryHooks {
  message(text: string, kind: 'info' | 'warning' | 'error'): void;
  /** Saving keeps failing (quota, storage switched off, blocked): edits wait in memory. */
  saveFailing(reason: string, pending: number): void;
  /** Saving works again after a failure. */
  saveRecovered(): void;
  /** Another tab saved edits to a world (by id). */
  remoteEdits(worldId: string, edits: BlockEdit[]): void;
  /** Another tab changed the list of worlds (created, renamed, deleted). */
  worldsChanged?(): void;
}

/** A world with its edits in memory. */
export interface LoadedWorld {
  record: WorldRecord;
  store: EditStore;
}

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

const CHANNEL_NAME = 'voxel-terrain-sandbox-worlds';

/** A world name for a seed the game opened by itself. */
export function nameForParams(params: WorldParams): string {
  const seed = params.seed.length > 32 ? `${params.seed.slice(0, 32)}…` : params.seed;
  const notes = [...(params.type !== DEFAULT_WORLD_PARAMS.type ? [params.type] : []), ...(params.noise === 'simplex' ? ['simplex'] : [])];
  return `Seed "${seed}"${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

function cleanName(name: string): string | null {
  const trimmed = name.trim().slice(0, MAX_WORLD_NAME);
  return trimmed.length > 0 ? trimmed : null;
}

export class WorldLibrary {
  /** Worlds whose edits are in memory, by id: the ones on screen, and any this tab could not save. */
  private readonly loaded = new Map<string, LoadedWorld>();
  /**
   * Edits other tabs announced for a world whose pages are still being read: applied after the
   * last page, or a page read before their commit would overwrite them in memory.
   */
  private readonly heldRemote = new Map<string, BlockEdit[]>();
  /** Every record, when there is no database (this tab's memory is all there is). */
  private readonly memoryRecords = new Map<string, WorldRecord>();
  private readonly writer: ColumnWriter | null;
  private readonly channel: WorldChannel | null;
  /** How the last load from the database went: total time, pages, and the longest page's main-thread time (ms). */
  lastLoad: { worldId: string; edits: number; totalMs: number; pages: number; longestPageMs: number } | null = null;
  /** The world being played: its edits count, and it is never deleted from under the player. */
  currentId: string | null = null;
  private disposed = false;

  private constructor(
    private readonly db: WorldDb | null,
    private readonly hooks: WorldLibraryHooks,
    private readonly now: () => number,
    private readonly newId: () => string,
  ) {
    this.writer = db
      ? new ColumnWriter(db, (worldId, cx, cz) => this.loaded.get(worldId)?.store.inColumn(cx, cz) ?? [], {
          failed: (error, pending) => hooks.saveFailing(describeError(error), pending),
          recovered: () => hooks.saveRecovered(),
        })
      : null;
    this.channel =
      typeof BroadcastChannel === 'undefined'
        ? null
        : new WorldChannel(CHANNEL_NAME, {
            edits: (worldId, edits) => this.receiveEdits(worldId, edits),
            worldsChanged: () => void this.refreshLoadedRecords(),
          });
  }

  /** Opens the database (migrating edits saved by earlier versions); without one, worlds live in memory and the player is told. */
  static async open(hooks: WorldLibraryHooks, options: { now?: () => number; newId?: () => string; indexedDB?: IDBFactory } = {}): Promise<WorldLibrary> {
    const now = options.now ?? (() => Date.now());
    const newId = options.newId ?? randomId;
    let db: WorldDb | null = null;
    try {
      if (!(options.indexedDB ?? globalThis.indexedDB)) throw new Error('this browser has no IndexedDB');
      db = await WorldDb.open({ now, newId, ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}) });
      const m = db.migration;
      if (m && m.edits > 0) hooks.message(`Moved ${m.edits} saved edit${m.edits === 1 ? '' : 's'} into ${m.worlds} world${m.worlds === 1 ? '' : 's'} (open them from Worlds…)`, 'info');
      if (m && m.skipped > 0) hooks.message(`${m.skipped} old saved edit${m.skipped === 1 ? ' was' : 's were'} unreadable and skipped`, 'warning');
    } catch (err) {
      hooks.message(`Worlds and edits will not be saved in this browser (${describeError(err)}); export a world to keep it.`, 'warning');
    }
    return new WorldLibrary(db, hooks, now, newId);
  }

  get persistent(): boolean {
    return this.db !== null;
  }

  /** Every world, most recently played first; records of the wrong shape are skipped and reported. */
  async list(): Promise<WorldRecord[]> {
    let worlds: WorldRecord[];
    if (this.db) {
      const listed = await this.db.listWorlds();
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
    return this.db ? await this.db.getWorld(id) : (this.memoryRecords.get(id) ?? null);
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
    const lastId = this.db ? await this.db.lastWorldId() : null;
    const last = lastId ? await this.get(lastId) : null;
    if (last) return last;
    const [mostRecent] = await this.list();
    if (mostRecent) return mostRecent;
    return this.forParams({ ...DEFAULT_WORLD_PARAMS });
  }

  /** The most recently played world made with exactly these parameters, or a new unkept one. */
  async forParams(params: WorldParams): Promise<WorldRecord> {
    const key = worldParamsKey(params);
    for (const open of this.loaded.values()) if (worldParamsKey(open.record.params) === key) return open.record;
    const found = this.db ? await this.db.findByParams(key) : [...this.memoryRecords.values()].filter((w) => worldParamsKey(w.params) === key).sort((a, b) => b.lastPlayed - a.lastPlayed)[0];
    if (found) return found;
    return this.create(nameForParams(params), params, false);
  }

  /** A new world (the player's, kept; or the game's own, unkept until edited or named). */
  async create(name: string, params: WorldParams, kept = true): Promise<WorldRecord> {
    const time = this.now();
    const record: WorldRecord = {
      id: this.newId(),
      name: cleanName(name) ?? nameForParams(params),
      params: { ...params },
      generatorVersion: worldFormatVersion(params),
      created: time,
      lastPlayed: time,
      camera: null,
      mode: 'fly',
      edits: 0,
      kept,
    };
    await this.putRecord(record);
    this.channel?.announceWorldsChanged();
    return record;
  }

  /** Reads a world's edits into memory (once; later calls return the same store). */
  async load(record: WorldRecord): Promise<LoadedWorld> {
    const open = this.loaded.get(record.id);
    if (open) return open;
    const store = new EditStore();
    if (this.db) {
      this.heldRemote.set(record.id, []);
      const started = performance.now();
      let pages = 0;
      let longestPageMs = 0;
      try {
        const result = await this.db.loadColumns(record.id, (columns) => {
          const pageStart = performance.now();
          for (const column of columns) for (const e of column.edits) store.set(e);
          pages++;
          longestPageMs = Math.max(longestPageMs, performance.now() - pageStart);
        });
        this.lastLoad = { worldId: record.id, edits: result.edits, totalMs: performance.now() - started, pages, longestPageMs };
        if (result.skipped > 0) this.hooks.message(`${result.skipped} damaged saved column${result.skipped === 1 ? ' was' : 's were'} skipped in "${record.name}"`, 'warning');
      } finally {
        for (const e of this.heldRemote.get(record.id) ?? []) store.set(e);
        this.heldRemote.delete(record.id);
      }
    }
    // Another load of the same world may have finished while this one waited.
    const raced = this.loaded.get(record.id);
    if (raced) return raced;
    const world = { record: { ...record, edits: store.size }, store };
    this.loaded.set(record.id, world);
    return world;
  }

  /**
   * The player now plays `ids` (the current world first, then compare mode's twin). Worlds
   * left behind drop out of memory once saved, and an unkept one without edits is forgotten.
   */
  async setOnScreen(ids: readonly string[]): Promise<void> {
    const previous = this.currentId;
    this.currentId = ids[0] ?? null;
    if (this.currentId) await this.touch(this.currentId, {});
    for (const [id, world] of this.loaded) {
      if (ids.includes(id)) continue;
      if (!world.record.kept && world.store.size === 0 && this.db) {
        this.loaded.delete(id);
        await this.db.deleteWorld(id);
        this.channel?.announceWorldsChanged();
        continue;
      }
      // Saved: its edits can be read again from the database when it is opened again.
      if (this.db && id !== previous) await this.writer?.flush().then(() => this.loaded.delete(id), () => undefined);
    }
  }

  /** A block of a loaded world changed: save its column, and tell other tabs. */
  edited(worldId: string, edit: BlockEdit): void {
    const world = this.loaded.get(worldId);
    if (!world) return;
    world.record.edits = world.store.size;
    if (!world.record.kept) {
      // The first edit makes a world the player's: it stays in the list from now on.
      world.record.kept = true;
      void this.putRecord(world.record).catch(() => undefined);
    }
    this.writer?.markDirty(worldId, columnOf(edit.x), columnOf(edit.z));
    this.channel?.announceEdits(worldId, [edit]);
  }

  /** Remembers where the player is in the current world, and that it was the last one played. */
  async saveSession(camera: SavedCamera, mode: PlayerMode): Promise<void> {
    if (!this.currentId) return;
    await this.touch(this.currentId, { camera: { ...camera }, mode });
  }

  /**
   * Updates a world's record as played now. Both writes start before anything is awaited: on
   * `pagehide` only requests already issued get to finish. The copy in memory is current,
   * since another tab's renames reach it over the channel (refreshLoadedRecords).
   */
  private async touch(id: string, change: Partial<WorldRecord>): Promise<void> {
    const open = this.loaded.get(id);
    const record = open?.record ?? (await this.get(id));
    if (!record) return;
    const updated: WorldRecord = { ...record, ...change, lastPlayed: this.now(), edits: open ? open.store.size : record.edits };
    if (open) open.record = updated;
    await Promise.all([this.putRecord(updated), this.db?.setLastWorld(id)]);
  }

  async rename(id: string, name: string): Promise<void> {
    const clean = cleanName(name);
    if (!clean) throw new Error('A world needs a name');
    const record = await this.get(id);
    if (!record) throw new Error('That world no longer exists');
    const updated = { ...record, name: clean, kept: true };
    const open = this.loaded.get(id);
    if (open) open.record = updated;
    await this.putRecord(updated);
    this.channel?.announceWorldsChanged();
  }

  /** Deletes a world and all its edits. The world being played cannot be deleted. */
  async remove(id: string): Promise<void> {
    if (id === this.currentId) throw new Error('This world is open: open another world first, then delete it');
    this.loaded.delete(id);
    if (this.db) await this.db.deleteWorld(id);
    else this.memoryRecords.delete(id);
    this.channel?.announceWorldsChanged();
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
    if (this.db) await this.db.loadColumns(id, (columns) => void columns.forEach((c) => out.push(...c.edits)));
    return out;
  }

  /**
   * Adds a world from a file, always as a new world: nothing stored is overwritten, even one
   * of the same name. A file that cannot be read changes nothing; the reason is returned.
   */
  async importWorld(data: string | Uint8Array | ArrayBuffer): Promise<{ ok: true; record: WorldRecord } | { ok: false; error: string }> {
    const decoded = await decodeWorldFile(data);
    if (!decoded.ok) return decoded;
    const store = new EditStore();
    for (const e of decoded.edits) store.set(e);
    const time = this.now();
    const record: WorldRecord = { ...decoded.world, id: this.newId(), edits: store.size, kept: true, lastPlayed: time };
    this.loaded.set(record.id, { record, store });
    await this.putRecord(record);
    if (this.writer) {
      for (const key of store.columnKeys()) {
        const [cx, cz] = key.split(',').map(Number) as [number, number];
        this.writer.markDirty(record.id, cx, cz);
      }
      await this.writer.flush();
    }
    this.channel?.announceWorldsChanged();
    return { ok: true, record };
  }

  /** Resolves when every edit made so far is in the database (at once without one). */
  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  /** Retries saving now (the warning's button). */
  retrySaving(): void {
    this.writer?.retryNow();
  }

  get pendingWrites(): number {
    return this.writer?.pending ?? 0;
  }

  private async putRecord(record: WorldRecord): Promise<void> {
    if (this.db) await this.db.putWorld(record);
    else this.memoryRecords.set(record.id, record);
  }

  /** Another tab renamed, kept or deleted worlds: the copies of open worlds' records follow. */
  private async refreshLoadedRecords(): Promise<void> {
    if (!this.db) return;
    for (const world of this.loaded.values()) {
      const stored = await this.db.getWorld(world.record.id);
      if (stored) world.record = { ...stored, edits: world.store.size };
    }
    this.hooks.worldsChanged?.();
  }

  private receiveEdits(worldId: string, edits: BlockEdit[]): void {
    this.heldRemote.get(worldId)?.push(...edits);
    const world = this.loaded.get(worldId);
    if (!world) return;
    this.hooks.remoteEdits(worldId, edits);
    world.record.edits = world.store.size;
  }

  private readonly reported = new Set<string>();
  private reportOnce(what: string, text: string): void {
    if (this.reported.has(what)) return;
    this.reported.add(what);
    this.hooks.message(text, 'warning');
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.writer?.dispose();
    this.channel?.dispose();
    this.db?.close();
  }
}

function describeError(err: unknown): string {
  if (err instanceof DOMException && err.name === 'QuotaExceededError') return 'the browser storage is full';
  return err instanceof Error ? err.message : String(err);
}

/** A world id: a UUID where the browser gives one (secure origins), else 128 random bits in hex. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
