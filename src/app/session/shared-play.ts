/**
 * Playing a shared world: joining it (from an invite link, or by opening its copy among the
 * player's worlds), sharing the open world, and keeping the world on screen in step with the
 * room. It is the one place the game and the SharedWorldConnection meet (docs/architecture.md
 * §8, "Shared worlds in the game"):
 *
 * - A shared world is kept among the player's worlds as `shared:<id>` (join-link.ts), with the
 *   room's committed edits, so it opens read-only while the server is down.
 * - Joining opens that copy (when there is one) at once, read-only, and connects. The room's
 *   world is then laid over the copy (joinChanges): the world loads from its parameters, the
 *   server's edits are applied, streaming and meshing stay as they are.
 * - The room's blocks (others' edits, refusals reverted, races lost) enter through the
 *   session's one way in for outside edits (WorldSession.receiveEdits, as another tab's), and
 *   are saved into the copy. The player's own edits are shown at once by the editor, saved as
 *   always, and sent; the server's order is final.
 * - Leaving the shared world (opening another) ends the connection.
 *
 * Avatars, the players list and chat plug in through `connection`, `joined` and `left`.
 */
import { isFinal, type ConnectionEvents, type ConnectionStatus, type JoinedWorld } from '../net/connection-types';
import type { BlockChange, BuildPolicy, JoinOptions, LocalEdit, MoveMessage, WorldMessage } from '../../net';
import type { LoadedWorld } from '../../persistence/world-library';
import type { PlayerMode, SavedCamera, WorldRecord } from '../../storage';
import { cleanEdit, createBlockSampler, terrainFor, type BlockEdit, type BlockSampler, type WorldParams } from '../../world';
import { Emitter } from '../net/emitter';
import { inviteLink, parseJoin, sharedRecordId, sharedWorldOf } from '../net/join-link';
import type { PlayerIdentity } from '../net/player-identity';
import type { SharedPlayer } from '../net/room-players';
import { uploadWorld, type FetchLike } from '../net/share-upload';
import { connectionLine, editRefusal, joinChanges, retryDelayMs, type SharedState } from '../net/shared-rules';
import type { RequestOutcome } from './world-session';

/** What SharedPlay uses of a SharedWorldConnection (a fake in tests). */
export interface SharedConnection {
  readonly status: ConnectionStatus;
  readonly pendingEdits: number;
  playerList(): SharedPlayer[];
  connect(serverUrl: string, join: JoinOptions): Promise<WorldMessage>;
  sendEdit(edit: LocalEdit): unknown;
  sendMove(pose: MoveMessage): void;
  /** The people view's part (app/net/people-view.ts): chat and the owner's controls. */
  sendChat(text: string): boolean;
  setPolicy(policy: BuildPolicy, builders: readonly string[]): boolean;
  kick(playerId: string): boolean;
  on<K extends keyof ConnectionEvents>(type: K, listener: (value: ConnectionEvents[K]) => void): () => void;
  dispose(): void;
}

/** What SharedPlay uses of the player's worlds (WorldLibrary). */
export interface SharedLibrary {
  get(id: string): Promise<WorldRecord | null>;
  create(name: string, params: WorldParams, kept: boolean, id: string): Promise<WorldRecord>;
  edited(worldId: string, edit: BlockEdit): void;
  exportWorld(id: string): Promise<{ text: string; record: WorldRecord }>;
  savePose(worldId: string, camera: SavedCamera, mode: PlayerMode): Promise<void>;
  saveHotbar(worldId: string, slots: readonly number[]): Promise<void>;
}

/** What SharedPlay uses of the WorldSession. */
export interface SharedSession {
  readonly current: LoadedWorld;
  open(id: string): Promise<RequestOutcome>;
  worldWithId(id: string): LoadedWorld | null;
  receiveEdits(worldId: string, edits: readonly BlockEdit[]): void;
}

export interface SharedPlayHooks {
  toast(text: string, kind: 'info' | 'warning' | 'error'): void;
  /** Where the player stands and looks, and walking or flying. */
  pose(): { camera: SavedCamera; mode: PlayerMode };
}

export interface SharedPlayOptions {
  /** The server: the page's own origin (the server serves the game; the dev server proxies it). */
  origin: string;
  /** The page's query: `?join=<id>` joins at start. */
  search: string;
  identity: PlayerIdentity;
  newConnection(): SharedConnection;
  fetch: FetchLike;
}

export interface SharedPlayEvents {
  /** The room's world is on screen: `connection` is live (others' avatars, chat); `world` says who this player is in it. */
  joined: { connection: SharedConnection; world: WorldMessage };
  /** The shared world was left or its connection ended. */
  left: undefined;
}

export class SharedPlay extends Emitter<SharedPlayEvents> {
  /** The shared world being joined or played, or null. */
  private worldId: string | null = null;
  private conn: SharedConnection | null = null;
  private offs: (() => void)[] = [];
  /** The room's world is laid over the copy on screen (edits go to the room). */
  private welcomed = false;
  private announcedJoin = false;
  /** Blocks that came while the room's world was being laid over the copy: applied after it. */
  private held: BlockChange[] | null = null;
  private hasCopy = false;
  /** The copy was on screen since joining: opening another world then leaves. */
  private seenOnScreen = false;
  private closed: string | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private sampler: { key: string; sample: BlockSampler } | null = null;
  private sharing: Promise<string> | null = null;
  private settledWaiters: (() => void)[] = [];
  private disposed = false;

  constructor(
    private readonly session: SharedSession,
    private readonly library: SharedLibrary,
    private readonly hooks: SharedPlayHooks,
    private readonly options: SharedPlayOptions,
  ) {
    super();
    const link = parseJoin(options.search);
    if (link && !link.ok) hooks.toast(link.error, 'warning');
    else if (link?.ok) void this.enter(link.worldId);
  }

  /** The live connection, or null outside a shared world. */
  get connection(): SharedConnection | null {
    return this.conn;
  }

  get status(): ConnectionStatus {
    return this.conn?.status ?? (this.retryTimer !== null ? 'connecting' : 'offline');
  }

  get pendingEdits(): number {
    return this.conn?.pendingEdits ?? 0;
  }

  /** The others in the room. */
  players(): SharedPlayer[] {
    return (this.conn?.playerList() ?? []).filter((p) => !p.isSelf);
  }

  /** The HUD's line about the connection ('' outside a shared world). */
  hudLine(): string {
    return this.worldId === null ? '' : connectionLine(this.state());
  }

  /** Why the player may not edit now (the copy is read-only), or null. */
  refusal(): string | null {
    return this.worldId === null ? null : editRefusal(this.state());
  }

  /** `?join=<id>` while in a shared world: the address bar and copied links join it. */
  linkQuery(): string | null {
    return this.worldId === null ? null : `?join=${this.worldId}`;
  }

  /** The player changed a block of world `recordId` (shown and saved already): the room gets it. */
  edited(recordId: string, edit: BlockEdit): void {
    if (!this.conn || !this.welcomed || recordId !== this.recordId()) return;
    this.conn.sendEdit({ x: edit.x, y: edit.y, z: edit.z, block: edit.block, state: edit.state ?? 0 });
  }

  /** Every frame: follows which world is open (join a shared copy, leave when another opens) and sends the pose. */
  frame(): void {
    if (this.disposed) return;
    const current = this.session.current.record.id;
    const shared = sharedWorldOf(current);
    if (shared !== null && shared !== this.worldId) void this.enter(shared);
    else if (this.worldId !== null && current === this.recordId()) this.seenOnScreen = true;
    else if (this.worldId !== null && this.seenOnScreen) this.leave();
    if (this.conn && this.welcomed && this.seenOnScreen) {
      const { x, y, z, yaw, pitch } = this.hooks.pose().camera;
      this.conn.sendMove({ x, y, z, yaw, pitch });
    }
  }

  /**
   * Shares the open world (its export file goes to the server), keeps the owner key, and
   * switches to the shared world, joined as its owner. Resolves to the invite link once joined
   * (or once the first try failed: the link works whenever the server is back).
   */
  share(): Promise<string> {
    const already = sharedWorldOf(this.session.current.record.id);
    if (already !== null) return Promise.resolve(inviteLink(this.options.origin, already));
    this.sharing ??= this.shareNow().finally(() => (this.sharing = null));
    return this.sharing;
  }

  private async shareNow(): Promise<string> {
    const current = this.session.current.record;
    const { text } = await this.library.exportWorld(current.id);
    const reply = await uploadWorld(this.options.fetch, this.options.origin, text);
    this.options.identity.setOwnerKey(reply.id, reply.ownerKey);
    // The copy starts where the player stands, with their hotbar; its edits come from the room.
    const recordId = sharedRecordId(reply.id);
    await this.library.create(reply.name, current.params, true, recordId);
    const { camera, mode } = this.hooks.pose();
    await Promise.all([this.library.savePose(recordId, camera, mode), this.library.saveHotbar(recordId, current.hotbar)]).catch(() => undefined);
    const settled = new Promise<void>((resolve) => this.settledWaiters.push(resolve));
    void this.enter(reply.id);
    await settled;
    return inviteLink(this.options.origin, reply.id);
  }

  /** Joins shared world `worldId`: its copy on screen at once (read-only until the room answers), then the room. */
  private async enter(worldId: string): Promise<void> {
    if (this.worldId === worldId || this.disposed) return;
    this.leave();
    this.worldId = worldId;
    this.closed = null;
    this.attempt = 0;
    const recordId = sharedRecordId(worldId);
    const copy = await this.library.get(recordId).catch(() => null);
    if (this.worldId !== worldId) return;
    this.hasCopy = copy !== null;
    if (copy && this.session.current.record.id !== recordId) void this.session.open(recordId);
    this.connect(worldId);
  }

  private connect(worldId: string): void {
    const conn = this.options.newConnection();
    this.conn = conn;
    this.welcomed = false;
    this.offs = [
      conn.on('world', (world) => void this.onWorld(conn, world)),
      conn.on('blocks', (changes) => this.show(changes)),
      conn.on('refused', ({ reason, retry }) => !retry && this.hooks.toast(`The server refused an edit: ${reason}`, 'warning')),
      conn.on('notice', (text) => this.hooks.toast(text, 'info')),
      conn.on('closed', ({ reason }) => {
        this.closed = reason || 'the server ended the connection';
        this.hooks.toast(`Left the shared world: ${this.closed}`, 'warning');
        this.announceLeft();
      }),
    ];
    const id = this.options.identity;
    const ownerKey = id.ownerKey(worldId);
    conn.connect(this.options.origin, { worldId, playerKey: id.playerKey, name: id.name, ...(ownerKey ? { ownerKey } : {}) }).catch((error: unknown) => this.failed(conn, worldId, error));
  }

  private failed(conn: SharedConnection, worldId: string, error: unknown): void {
    if (conn !== this.conn || this.disposed) return;
    this.dropConnection();
    const reason = error instanceof Error ? error.message : String(error);
    if (isFinal(error)) {
      this.hooks.toast(`Cannot join the shared world: ${reason}`, 'error');
      this.closed = reason;
      if (!this.hasCopy) this.worldId = null;
    } else if (!this.hasCopy) {
      this.hooks.toast('Cannot join the shared world: the server cannot be reached and this device has no copy of it. Start the server (npm run server) and open the link again.', 'error');
      this.worldId = null;
    } else {
      if (this.attempt === 0) this.hooks.toast('The game server cannot be reached: this is the copy on this device, read-only until it can.', 'warning');
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.worldId === worldId && !this.disposed) this.connect(worldId);
      }, retryDelayMs(this.attempt++));
    }
    this.settle();
  }

  /** The room's world: on a first join laid over the copy, on a rejoin what was missed. */
  private async onWorld(conn: SharedConnection, world: JoinedWorld): Promise<void> {
    if (conn !== this.conn) return;
    if (world.rejoin && this.welcomed) return this.show(world.changes);
    const worldId = this.worldId!;
    const recordId = sharedRecordId(worldId);
    this.held = [];
    try {
      const record = (await this.library.get(recordId)) ?? (await this.library.create(world.message.name, world.message.params, true, recordId));
      this.hasCopy = true;
      const outcome = this.session.current.record.id === recordId ? 'done' : await this.session.open(record.id);
      const onScreen = this.session.worldWithId(recordId);
      if (conn !== this.conn || outcome !== 'done' || !onScreen) return;
      const held = this.held;
      this.held = null;
      this.apply(onScreen, joinChanges(onScreen.store.all(), world.edits));
      this.apply(onScreen, held);
      this.welcomed = true;
      this.attempt = 0;
      if (!this.announcedJoin) {
        this.announcedJoin = true;
        this.emit('joined', { connection: conn, world: world.message });
      }
    } catch (error) {
      this.hooks.toast(`Could not open the shared world: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      this.held = null;
      this.settle();
    }
  }

  /** Blocks the room says to show. */
  private show(changes: readonly BlockChange[]): void {
    if (this.held) {
      this.held.push(...changes);
      return;
    }
    const world = this.session.worldWithId(this.recordId() ?? '');
    if (world) this.apply(world, changes);
  }

  /** Through the session's one way in for outside edits, then saved into the copy. */
  private apply(world: LoadedWorld, changes: readonly BlockChange[]): void {
    if (changes.length === 0) return;
    const generated = this.generatedBlocks(world.record.params);
    const edits = changes.map((c) => cleanEdit(c.block === null ? { x: c.x, y: c.y, z: c.z, block: generated(c.x, c.y, c.z) } : { x: c.x, y: c.y, z: c.z, block: c.block, state: c.state }));
    this.session.receiveEdits(world.record.id, edits);
    for (const e of edits) this.library.edited(world.record.id, e);
  }

  private generatedBlocks(params: WorldParams): BlockSampler {
    const key = JSON.stringify(params);
    if (this.sampler?.key !== key) this.sampler = { key, sample: createBlockSampler(terrainFor(params)) };
    return this.sampler.sample;
  }

  private state(): SharedState {
    const recordId = this.recordId();
    return {
      onScreen: recordId !== null && this.session.worldWithId(recordId) !== null,
      status: this.status,
      welcomed: this.welcomed,
      players: this.players().length,
      pending: this.pendingEdits,
      closed: this.closed,
    };
  }

  private recordId(): string | null {
    return this.worldId === null ? null : sharedRecordId(this.worldId);
  }

  private settle(): void {
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  private dropConnection(): void {
    for (const off of this.offs.splice(0)) off();
    this.conn?.dispose();
    this.conn = null;
    this.welcomed = false;
  }

  /** Ends the connection to the shared world (another world was opened). */
  private leave(): void {
    if (this.worldId === null) return;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.dropConnection();
    this.worldId = null;
    this.seenOnScreen = false;
    this.hasCopy = false;
    this.closed = null;
    this.held = null;
    this.settle();
    this.announceLeft();
  }

  private announceLeft(): void {
    if (!this.announcedJoin) return;
    this.announcedJoin = false;
    this.emit('left', undefined);
  }

  dispose(): void {
    if (this.disposed) return;
    this.leave();
    this.disposed = true;
    this.clear();
  }
}
