/**
 * The game's connection to a shared world on the Colyseus server: joins the world's room,
 * hands the game the world, the blocks to show (SharedEditView: the server's order with our
 * pending edits on top), chat, notices and the players, and sends edits, moves and chat.
 *
 * Reconnection is ours, not the SDK's: the SDK's puts the client back into its held seat, but
 * 'edits' broadcast while it was away are lost to it. Rejoining with the same player key gets
 * a fresh 'world' with every edit (the room replaces the held seat and keeps its rate limits),
 * so nothing is missed; then every pending edit is sent again in seq order, which the room
 * applies once. Being removed (kicked, replaced, malformed, flooding) or a world that no
 * longer exists ends it: status goes 'offline' and 'closed' says why.
 */
import { Client, type Room } from '@colyseus/sdk';
import {
  cleanText, CLIENT_MESSAGE, PendingEdits, SERVER_MESSAGE, SharedEditView, WORLD_ROOM,
  type BuildPolicy, type EditMessage, type JoinOptions, type LocalEdit, type MoveMessage, type SeqStore, type WorldMessage,
} from '../../net';
import { Emitter } from './emitter';
import { EditOutbox } from './edit-outbox';
import { MoveThrottle } from './move-throttle';
import { listenToRoom } from './room-messages';
import { RoomPlayers, type SharedPlayer } from './room-players';
import {
  DEFAULT_CONNECTION_OPTIONS, decodeWorldEdits, FINAL_CLOSE_CODES, isFinal, leftEarly,
  type ConnectionEvents, type ConnectionStatus, type SharedWorldConnectionOptions,
} from './connection-types';

export { DEFAULT_CONNECTION_OPTIONS, type ConnectionEvents, type ConnectionStatus, type JoinedWorld, type SharedWorldConnectionOptions } from './connection-types';
export type { SharedPlayer } from './room-players';

export class SharedWorldConnection extends Emitter<ConnectionEvents> {
  private readonly options: SharedWorldConnectionOptions;
  private state: ConnectionStatus = 'offline';
  private client: Client | null = null;
  private room: Room | null = null;
  private join: JoinOptions | null = null;
  private view: SharedEditView | null = null;
  private readonly players: RoomPlayers;
  private readonly moves: MoveThrottle;
  private readonly outbox: EditOutbox;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The rejoin loop's wait, and how to end it early when disposed. */
  private sleep: { timer: ReturnType<typeof setTimeout>; wake: () => void } | null = null;
  /** The room's 'world' arrived: only then is a leave a drop to reconnect from. */
  private welcomed = false;
  private rejoining = false;
  private disposed = false;

  constructor(private readonly seqStore: SeqStore, options: Partial<SharedWorldConnectionOptions> = {}) {
    super();
    this.options = { ...DEFAULT_CONNECTION_OPTIONS, ...options };
    this.players = new RoomPlayers({
      add: (p) => this.emit('playerAdd', p), change: (p) => this.emit('playerChange', p), remove: (p) => this.emit('playerRemove', p),
    });
    this.moves = new MoveThrottle((move) => this.online() && this.room!.send(CLIENT_MESSAGE.move, move), this.options.moveIntervalMs);
    this.outbox = new EditOutbox((edit) => this.sendNow(edit), this.options.limits);
  }

  get status(): ConnectionStatus {
    return this.state;
  }

  /** This player's edits not yet acknowledged. */
  get pendingEdits(): number {
    return this.view?.book.count ?? 0;
  }

  /** The edit view (what each edited block shows), once connect() was called. */
  get edits(): SharedEditView | null {
    return this.view;
  }

  playerList(): SharedPlayer[] {
    return this.players.list();
  }

  /** The room and seat this connection is in now (for diagnostics and tests). */
  get roomId(): string | null {
    return this.room?.roomId ?? null;
  }

  get sessionId(): string | null {
    return this.room?.sessionId ?? null;
  }

  /**
   * Joins the world: resolves with its 'world' message once in. A first join that fails (the
   * server is down, no such world) rejects and leaves the status 'offline'; drops after that
   * are reconnected by themselves.
   */
  async connect(serverUrl: string, join: JoinOptions): Promise<WorldMessage> {
    if (this.disposed) throw new Error('the connection was disposed');
    if (this.join) throw new Error('already connected; make a new connection for another world');
    this.join = { ...join };
    this.client = new Client(serverUrl);
    this.view = new SharedEditView(new PendingEdits(join.worldId, this.seqStore));
    this.setStatus('connecting');
    try {
      return await this.enter(false);
    } catch (error) {
      this.setStatus('offline');
      this.join = null;
      throw error;
    }
  }

  /** A block set by this player: shown already by the game, sent when the room can take it. */
  sendEdit(edit: LocalEdit): EditMessage | undefined {
    if (!this.view || this.disposed) return undefined;
    const message = this.view.local(edit);
    this.outbox.push([message]);
    return message;
  }

  sendMove(pose: MoveMessage): void {
    if (!this.disposed) this.moves.update(pose);
  }

  /** Sends a chat line (cleaned as the room would); false when offline or empty. */
  sendChat(text: string): boolean {
    const clean = cleanText(text, this.options.limits.maxChatLength);
    return clean !== '' && this.sendIfOnline(CLIENT_MESSAGE.chat, { text: clean });
  }

  /** Owner only (the room refuses others with a notice): who may build, by public player id. */
  setPolicy(policy: BuildPolicy, builders: readonly string[]): boolean {
    return this.sendIfOnline(CLIENT_MESSAGE.policy, { policy, builders: [...builders] });
  }

  /** Owner only: removes a player, by public id, from the world. */
  kick(playerId: string): boolean {
    return this.sendIfOnline(CLIENT_MESSAGE.kick, { playerId });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (this.sleep) clearTimeout(this.sleep.timer);
    this.sleep?.wake();
    this.moves.dispose();
    this.outbox.dispose();
    this.players.detach();
    const room = this.room;
    this.room = null;
    void room?.leave(true).catch(() => undefined);
    this.setStatus('offline');
    this.clear();
  }

  private online(): boolean {
    return this.state === 'online' && this.room !== null;
  }

  private sendIfOnline(type: string, message: unknown): boolean {
    if (!this.online()) return false;
    this.room!.send(type, message);
    return true;
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.state === status) return;
    this.state = status;
    this.emit('status', status);
  }

  private sendNow(edit: EditMessage): boolean {
    if (!this.online()) return false;
    this.moves.flush(); // the room checks reach from the last move it took
    this.room!.send(CLIENT_MESSAGE.edit, edit);
    return true;
  }

  /** Joins the room and waits for its 'world'. */
  private async enter(rejoin: boolean): Promise<WorldMessage> {
    const room = await this.client!.joinOrCreate(WORLD_ROOM, this.join!);
    if (this.disposed) {
      void room.leave(true).catch(() => undefined);
      throw new Error('the connection was disposed');
    }
    room.reconnection.enabled = false; // see the file comment
    this.room = room;
    this.welcomed = false;
    return new Promise<WorldMessage>((resolve, reject) => {
      room.onMessage(SERVER_MESSAGE.world, (m: WorldMessage) => {
        this.welcomed = true;
        resolve(this.onWorld(m, rejoin));
      });
      room.onLeave((code, reason) => {
        reject(leftEarly(code, reason ?? ''));
        this.dropped(room, code, reason ?? '');
      });
      listenToRoom(room, this.view!, (type, value) => this.emit(type, value), () => this.retryEditsLater());
      this.players.attach(room);
    });
  }

  private onWorld(message: WorldMessage, rejoin: boolean): WorldMessage {
    const { edits, problem } = decodeWorldEdits(message);
    if (problem) this.emit('notice', problem);
    const changes = this.view!.world(edits, message.playerId);
    this.setStatus('online');
    this.emit('world', { message, edits, changes, rejoin });
    // A new seat: the room needs our pose before it takes edits, then every pending one in order.
    this.moves.reset();
    this.moves.flush();
    this.outbox.clear();
    this.outbox.push(this.view!.book.resendAll());
    return message;
  }

  /** Sends every pending edit again once the database has had a moment to come back. */
  private retryEditsLater(): void {
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = null;
      if (this.view) this.outbox.push(this.view.book.resendAll());
    }, this.options.retryEditsMs);
  }

  private dropped(room: Room, code: number, reason: string): void {
    if (room !== this.room || this.disposed) return;
    this.room = null;
    this.players.detach();
    if (!this.welcomed) return; // enter() rejects: connect() or the rejoin loop handles it
    if (FINAL_CLOSE_CODES.has(code)) return this.close(code, reason);
    this.setStatus('reconnecting');
    if (!this.rejoining) void this.rejoin();
  }

  private close(code: number, reason: string): void {
    this.setStatus('offline');
    this.emit('closed', { code, reason });
  }

  /** Rejoins with the same player key, waiting longer after each failure, until in or refused. */
  private async rejoin(): Promise<void> {
    this.rejoining = true;
    let wait = this.options.retryMinMs;
    try {
      while (!this.disposed) {
        await new Promise<void>((wake) => (this.sleep = { timer: setTimeout(wake, wait), wake }));
        this.sleep = null;
        if (this.disposed) return;
        try {
          await this.enter(true);
          return;
        } catch (error) {
          if (this.disposed) return;
          if (isFinal(error)) return this.close((error as { code: number }).code, String((error as Error).message));
          wait = Math.min(this.options.retryMaxMs, wait * 2);
        }
      }
    } finally {
      this.rejoining = false;
    }
  }
}
