/**
 * One Colyseus room per shared world (room type 'world', matched by `worldId`): it loads the
 * world and its edits from the repository, checks every edit (bounds, block, reach, build
 * policy, rate), commits the accepted ones in batches (commit-pacing.ts), one repository call
 * each, and only then
 * broadcasts them and acks their authors. Positions travel as state patches. See
 * src/net/protocol.ts for the messages.
 */
import { Room, ServerError, type Client } from '@colyseus/core';
import { cleanEdit, type BlockEdit } from '../src/world';
import { encodeEditPayload } from '../src/storage/edit-payload';
import {
  CLIENT_MESSAGE, CLOSE_CODE, colourIndexOf, DEFAULT_NET_LIMITS, editSeqOf, mayBuild, parseChat, parseEdit, parseJoinOptions, parseKick, parseMove,
  parsePolicy, PLAYER_COLOUR_COUNT, SERVER_MESSAGE, takeToken, withinReach, type NetLimits, type Parsed, type WorldMessage,
} from '../src/net';
import { commitDelay } from './commit-pacing';
import { EditLedger } from './edit-ledger';
import { isOwnerKey, newSeat, refusal, resolveBuilders, type Seat } from './seats';
import { PlayerState, playerIdOf, sharedEdit, WorldState } from './world-state';
import type { CommittedEdit, SharedWorld, WorldRepository } from './storage/world-repository';

export interface WorldRoomOptions {
  repository: WorldRepository;
  limits: Readonly<NetLimits>;
  /**
   * Least milliseconds from one commit's start to the next's: an edit into an idle room is
   * committed at once, and under load edits wait at most this long before their batch starts.
   */
  tickMs: number;
  /** Players at once; the goal is 100 in one world (npm run bench:server measures it). */
  maxPlayers: number;
}

export const DEFAULT_WORLD_ROOM_OPTIONS: Readonly<Omit<WorldRoomOptions, 'repository'>> = Object.freeze({ limits: DEFAULT_NET_LIMITS, tickMs: 20, maxPlayers: 100 });

export const DATABASE_UNAVAILABLE = 'database unavailable: the edit is kept and will be sent again';

export class WorldRoom extends Room<{ state: WorldState }> {
  /** Set by worldRoomFor's subclass: Colyseus constructs rooms itself, with no arguments. */
  protected config!: WorldRoomOptions;
  private world!: SharedWorld;
  private ledger!: EditLedger;
  /** Every edited block, "x,y,z" -> edit: what a joining player is sent. */
  private readonly edits = new Map<string, BlockEdit>();
  private readonly seats = new Map<string, Seat>();
  /** Player key -> session id of its current seat. */
  private readonly sessionOf = new Map<string, string>();
  /** Public id -> key of every player seen here, so the owner can invite them by id. */
  private readonly keyOf = new Map<string, string>();
  private readonly kicked = new Set<string>();
  /** The commit under way, so disposing waits for it. */
  private committing: Promise<void> = Promise.resolve();
  /** The next commit's timer (a Node timer: the room clock only ticks with the 50 ms patches). */
  private commitTimer: ReturnType<typeof setTimeout> | null = null;
  private lastCommitStart: number | null = null;
  private disposing = false;

  override async onCreate(options: unknown): Promise<void> {
    const join = parseJoinOptions(options, this.config.limits);
    if (!join.ok) throw new ServerError(400, join.reason);
    const repo = this.config.repository;
    const world = await repo.world(join.value.worldId);
    if (!world) throw new ServerError(404, 'no shared world has that id');
    const [edits, lastSeqs] = await Promise.all([repo.edits(world.id), repo.lastSeqs(world.id)]);
    this.world = world;
    this.ledger = new EditLedger(lastSeqs);
    for (const e of edits) this.edits.set(`${e.x},${e.y},${e.z}`, cleanEdit(e));
    this.maxClients = this.config.maxPlayers;
    this.state = new WorldState();
    this.registerMessages();
  }

  /** Commits what is still queued when the last player leaves, so their edits are not lost. */
  override async onDispose(): Promise<void> {
    if (!this.ledger) return; // onCreate refused the room
    this.disposing = true;
    if (this.commitTimer !== null) clearTimeout(this.commitTimer);
    this.commitTimer = null;
    await this.committing;
    await this.tick();
  }

  override onJoin(client: Client, options: unknown): void {
    const join = parseJoinOptions(options, this.config.limits);
    if (!join.ok) throw new ServerError(400, join.reason);
    const { playerKey, name, ownerKey } = join.value;
    if (this.kicked.has(playerKey)) throw new ServerError(403, 'the owner removed you from this world');
    const isOwner = isOwnerKey(ownerKey, this.world.ownerKey);
    const seat = newSeat(playerKey, name, isOwner, this.config.limits, this.clock.currentTime);
    const previous = this.sessionOf.get(playerKey);
    const old = previous === undefined ? undefined : this.seats.get(previous);
    if (old) {
      // Joining again must not refill the rate limits.
      Object.assign(seat, { edits: old.edits, moves: old.moves, chats: old.chats, messages: old.messages });
      this.replace(previous!);
    }
    const { playerId } = seat;
    this.seats.set(client.sessionId, seat);
    this.sessionOf.set(playerKey, client.sessionId);
    this.keyOf.set(playerId, playerKey);
    this.state.players.set(client.sessionId, new PlayerState({ id: playerId, name, colour: colourIndexOf(playerId, PLAYER_COLOUR_COUNT), x: 0, y: 0, z: 0, yaw: 0, pitch: 0, owner: isOwner }));
    const message: WorldMessage = {
      name: this.world.name, params: this.world.params, edits: encodeEditPayload(this.edits.values()),
      policy: this.world.policy, builders: this.world.builders.map(playerIdOf), isOwner, playerId,
    };
    client.send(SERVER_MESSAGE.world, message);
  }

  override onDrop(client: Client): void {
    const seat = this.seats.get(client.sessionId);
    if (!seat || seat.expelled) return;
    seat.reconnection = this.allowReconnection(client, this.config.limits.reconnectSeconds);
    // A reconnection that times out rejects; onLeave then clears the seat.
    seat.reconnection.catch(() => undefined);
  }

  override onReconnect(client: Client): void {
    const seat = this.seats.get(client.sessionId);
    if (seat) seat.reconnection = null;
  }

  override onLeave(client: Client): void {
    const seat = this.seats.get(client.sessionId);
    this.seats.delete(client.sessionId);
    this.state.players.delete(client.sessionId);
    if (seat && this.sessionOf.get(seat.playerKey) === client.sessionId) this.sessionOf.delete(seat.playerKey);
  }

  /** The same player key joined again (a reload, a second tab): the newer seat wins. */
  private replace(sessionId: string): void {
    const seat = this.seats.get(sessionId);
    const old = this.clients.get(sessionId);
    if (old) this.expel(old, CLOSE_CODE.replaced, 'you joined this world again from elsewhere');
    else seat?.reconnection?.reject(new Error('replaced'));
  }

  /** Tells the client why, then disconnects it; the room and everyone else carry on. */
  private expel(client: Client, code: number, text: string): void {
    const seat = this.seats.get(client.sessionId);
    if (seat) seat.expelled = true;
    client.send(SERVER_MESSAGE.notice, { text });
    client.leave(code, text);
  }

  private sendTo(playerKey: string, type: string, message: unknown): void {
    const sessionId = this.sessionOf.get(playerKey);
    const client = sessionId === undefined ? undefined : this.clients.get(sessionId);
    client?.send(type, message);
  }

  /**
   * A handler behind the checks every message passes: the flood limit, the size limit and
   * the parse (a malformed message beyond the tolerance disconnects).
   */
  private on<T>(type: string, parse: (raw: unknown) => Parsed<T> | null, run: (client: Client, seat: Seat, message: T) => void): void {
    this.onMessage(type, (client: Client, raw: unknown) => {
      const seat = this.seats.get(client.sessionId);
      if (!seat) return;
      const refused = refusal(seat, raw, this.clock.currentTime, this.config.limits);
      if (refused) return this.expel(client, refused.code, refused.text);
      const parsed = parse(raw);
      if (parsed === null) return;
      if (!parsed.ok) return this.malformed(client, seat, `${type}: ${parsed.reason}`);
      run(client, seat, parsed.value);
    });
  }

  private malformed(client: Client, seat: Seat, reason: string): void {
    if (++seat.malformed > this.config.limits.malformedTolerance) this.expel(client, CLOSE_CODE.malformed, `disconnected: malformed message (${reason})`);
  }

  private registerMessages(): void {
    const { limits } = this.config;
    this.on(CLIENT_MESSAGE.edit, (raw) => (editSeqOf(raw) === undefined ? { ok: false, reason: 'an edit needs a seq' } : { ok: true, value: raw }), (client, seat, raw) => this.edit(client, seat, raw));
    this.on(CLIENT_MESSAGE.move, parseMove, (client, seat, move) => {
      if (!takeToken(seat.moves, this.clock.currentTime, limits.movesPerSecond, limits.moveBurst)) return;
      seat.pos = { x: move.x, y: move.y, z: move.z };
      const player = this.state.players.get(client.sessionId);
      if (player) Object.assign(player, move);
    });
    this.on(CLIENT_MESSAGE.chat, (raw) => parseChat(raw, limits), (client, seat, chat) => {
      if (!takeToken(seat.chats, this.clock.currentTime, limits.chatPerSecond, limits.chatBurst)) return client.send(SERVER_MESSAGE.notice, { text: 'you are chatting too fast' });
      this.broadcast(SERVER_MESSAGE.chat, { name: seat.name, text: chat.text });
    });
    this.on(CLIENT_MESSAGE.policy, (raw) => parsePolicy(raw, limits), (client, seat, policy) => void this.setPolicy(client, seat, policy.policy, policy.builders));
    this.on(CLIENT_MESSAGE.kick, (raw) => parseKick(raw, limits), (client, seat, kick) => this.kick(client, seat, kick.playerId));
    this.onMessage('*', (client: Client, type: string | number, raw: unknown) => {
      const seat = this.seats.get(client.sessionId);
      if (!seat) return;
      const refused = refusal(seat, raw, this.clock.currentTime, limits);
      if (refused) return this.expel(client, refused.code, refused.text);
      this.malformed(client, seat, `unknown message type ${String(type).slice(0, 32)}`);
    });
  }

  private edit(client: Client, seat: Seat, raw: unknown): void {
    const seq = editSeqOf(raw)!;
    const refuse = (reason: string) => {
      this.ledger.skip(seat.playerKey, seq);
      client.send(SERVER_MESSAGE.refused, { seq, reason, retry: false });
    };
    switch (this.ledger.intake(seat.playerKey, seq)) {
      case 'committed': return client.send(SERVER_MESSAGE.ack, { seq });
      case 'pending': return;
      case 'out-of-order': return client.send(SERVER_MESSAGE.refused, { seq, reason: 'earlier edits must be sent again first', retry: true });
      case 'new': break;
    }
    const { limits } = this.config;
    const parsed = parseEdit(raw);
    if (!parsed.ok) return refuse(parsed.reason);
    const edit = parsed.value;
    if (!mayBuild(this.world.policy, seat.isOwner, this.world.builders.includes(seat.playerKey))) return refuse('only invited builders may build in this world');
    if (!takeToken(seat.edits, this.clock.currentTime, limits.editsPerSecond, limits.editBurst)) return refuse(`too many edits: at most ${limits.editsPerSecond} a second`);
    if (!seat.pos) return refuse('the room does not know where you are yet');
    if (!withinReach(seat.pos, edit, limits)) return refuse('that block is out of reach');
    this.ledger.accept({ ...cleanEdit(edit), playerKey: seat.playerKey, seq });
    this.scheduleCommit();
  }

  /** Arms the commit timer for what is queued (one timer at a time; a commit under way re-arms it when done). */
  private scheduleCommit(): void {
    if (this.commitTimer !== null || this.disposing) return;
    const delay = commitDelay(performance.now(), this.lastCommitStart, this.config.tickMs);
    this.commitTimer = setTimeout(() => {
      this.commitTimer = null;
      void this.tick();
    }, delay);
  }

  private tick(): Promise<void> {
    const batch = this.ledger.takeBatch();
    if (batch) {
      this.lastCommitStart = performance.now();
      this.committing = this.commit(batch).finally(() => {
        // Edits that queued while this one was under way.
        if (this.ledger.pendingCount > 0) this.scheduleCommit();
      });
    }
    return this.committing;
  }

  /** Commits what the tick queued in one repository call; broadcasts and acks only once it is in. */
  private async commit(batch: readonly CommittedEdit[]): Promise<void> {
    try {
      await this.config.repository.commitEdits(this.world.id, batch);
    } catch {
      for (const e of this.ledger.failedBatch()) this.sendTo(e.playerKey, SERVER_MESSAGE.refused, { seq: e.seq, reason: DATABASE_UNAVAILABLE, retry: true });
      return;
    }
    this.ledger.committedBatch();
    for (const e of batch) this.edits.set(`${e.x},${e.y},${e.z}`, cleanEdit(e));
    this.broadcast(SERVER_MESSAGE.edits, { edits: batch.map(sharedEdit) });
    for (const e of batch) this.sendTo(e.playerKey, SERVER_MESSAGE.ack, { seq: e.seq });
  }

  private async setPolicy(client: Client, seat: Seat, policy: SharedWorld['policy'], ids: readonly string[]): Promise<void> {
    if (!seat.isOwner) return client.send(SERVER_MESSAGE.notice, { text: 'only the owner can change who may build' });
    const builders = resolveBuilders(this.world.builders, ids, this.keyOf);
    try {
      await this.config.repository.setPolicy(this.world.id, policy, builders);
    } catch {
      return client.send(SERVER_MESSAGE.notice, { text: 'database unavailable: who may build is unchanged' });
    }
    this.world = { ...this.world, policy, builders };
    this.broadcast(SERVER_MESSAGE.notice, { text: policy === 'visitors' ? 'everyone here may build' : 'only invited builders may build' });
  }

  private kick(client: Client, seat: Seat, playerId: string): void {
    if (!seat.isOwner) return client.send(SERVER_MESSAGE.notice, { text: 'only the owner can remove players' });
    const key = this.keyOf.get(playerId);
    if (!key || key === seat.playerKey) return;
    this.kicked.add(key);
    const sessionId = this.sessionOf.get(key);
    if (sessionId === undefined) return;
    const target = this.clients.get(sessionId);
    if (target) this.expel(target, CLOSE_CODE.kicked, 'the owner removed you from this world');
    else this.seats.get(sessionId)?.reconnection?.reject(new Error('kicked'));
  }
}

/** The room class for one repository and configuration (Colyseus instantiates it per world). */
export function worldRoomFor(repository: WorldRepository, options: Partial<Omit<WorldRoomOptions, 'repository'>> = {}): typeof WorldRoom {
  const config: WorldRoomOptions = { ...DEFAULT_WORLD_ROOM_OPTIONS, ...options, repository };
  return class ConfiguredWorldRoom extends WorldRoom {
    protected override config = config;
  };
}
