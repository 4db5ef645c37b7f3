/**
 * The shared-world wire protocol: the one module of message names, payloads and limits that
 * the browser client and the Colyseus room both import, so the two cannot drift apart. Pure:
 * no DOM, no clock (rate limits take the time as an argument), nothing of the server.
 *
 * Players are named on the wire by a public id (PlayerState.id), never by their player key:
 * the key is the client's secret (it carries build rights and the re-send dedupe), so the
 * room derives the id from it and only the id is ever sent to other clients.
 */
import type { WorldParams } from '../world';

/** Who may place and break blocks: anyone in the room, or the owner and invited builders. */
export type BuildPolicy = 'visitors' | 'invited';
export const BUILD_POLICIES: readonly BuildPolicy[] = ['visitors', 'invited'];

/** The Colyseus room type; one room per shared world, matched by `worldId`. */
export const WORLD_ROOM = 'world';

/** What a client passes to joinOrCreate(WORLD_ROOM, …). */
export interface JoinOptions {
  worldId: string;
  /** The client's stable secret id (kept across reloads): dedupes re-sent edits, carries invitations. */
  playerKey: string;
  name: string;
  /** The world's owner secret, when this client created the world. */
  ownerKey?: string;
}

/** Client → server message names. */
export const CLIENT_MESSAGE = { edit: 'edit', move: 'move', chat: 'chat', policy: 'policy', kick: 'kick' } as const;
/** Server → client message names. */
export const SERVER_MESSAGE = { world: 'world', edits: 'edits', ack: 'ack', refused: 'refused', chat: 'chat', notice: 'notice' } as const;

/**
 * A block placed (or broken: block 0, air), numbered by the client so acks and re-sends can
 * name it. The room checks reach from the last 'move', so a client sends one before editing;
 * pending edits are re-sent in seq order (after a reconnect, or a refusal with `retry`).
 */
export interface EditMessage {
  /** Increasing per player key, across reconnects and reloads. */
  seq: number;
  x: number;
  y: number;
  z: number;
  block: number;
  state: number;
}

/** The player's pose, about 10 times a second; other players see it through the room state. */
export interface MoveMessage {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

export interface ChatMessage {
  text: string;
}

/** Owner only: who may build. `builders` are public player ids (PlayerState.id). */
export interface PolicyMessage {
  policy: BuildPolicy;
  builders: string[];
}

/** Owner only: removes a player (by public id) from the room. */
export interface KickMessage {
  playerId: string;
}

/** A committed edit as every client receives it; `author` is the author's public id. */
export interface SharedEdit extends EditMessage {
  author: string;
}

/** Sent once to a joining client: everything it needs to show the shared world. */
export interface WorldMessage {
  name: string;
  params: WorldParams;
  /** Every edit so far, packed as src/storage's edit payload (decodeEditPayload reads it). */
  edits: { bytes: Uint8Array; count: number; columns: number };
  policy: BuildPolicy;
  /** Public ids of the invited builders. */
  builders: string[];
  isOwner: boolean;
  /** This client's own public id, to recognise its edits in EditsMessage. */
  playerId: string;
}

/** Edits the database committed, in the room's final order (apply them in this order). */
export interface EditsMessage {
  edits: SharedEdit[];
}

/** The edit `seq` is committed; sent to its author only after the database committed it. */
export interface AckMessage {
  seq: number;
}

/**
 * The edit `seq` was not applied. With `retry` the client keeps it pending and sends it again
 * later (the database was unavailable); without, it reverts it (the edit broke a rule).
 */
export interface RefusedMessage {
  seq: number;
  reason: string;
  retry: boolean;
}

export interface ChatBroadcast {
  name: string;
  text: string;
}

/** Something the player should read: why they were disconnected, a kick, a policy change. */
export interface NoticeMessage {
  text: string;
}

export interface NetLimits {
  /** Largest message payload in bytes (its JSON length); the transport caps raw frames too. */
  maxMessageBytes: number;
  maxNameLength: number;
  maxChatLength: number;
  maxKeyLength: number;
  maxBuilders: number;
  /** How far from the player's last reported position an edit may be, in blocks. */
  reach: number;
  /** Slack on top of `reach` for a position report that is up to 100 ms old. */
  reachMargin: number;
  /** Edits per second a player may make, sustained. */
  editsPerSecond: number;
  /** Edits a player may make at once (a held button after a pause). */
  editBurst: number;
  /** Moves per second kept; more are dropped (the next one carries the pose anyway). */
  movesPerSecond: number;
  moveBurst: number;
  /** Chat lines per second; more get a notice instead of going to everyone. */
  chatPerSecond: number;
  chatBurst: number;
  /** Messages of any kind per second before the client counts as flooding and is disconnected. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Malformed messages forgiven before disconnecting: 0, since our client never sends one. */
  malformedTolerance: number;
  /** Seconds a dropped client may take to reconnect into its seat. */
  reconnectSeconds: number;
}

export const DEFAULT_NET_LIMITS: Readonly<NetLimits> = Object.freeze({
  maxMessageBytes: 1024,
  maxNameLength: 24,
  maxChatLength: 200,
  maxKeyLength: 64,
  maxBuilders: 50,
  reach: 8,
  reachMargin: 2,
  editsPerSecond: 20,
  editBurst: 20,
  movesPerSecond: 30,
  moveBurst: 30,
  chatPerSecond: 1,
  chatBurst: 5,
  messagesPerSecond: 60,
  messageBurst: 80,
  malformedTolerance: 0,
  reconnectSeconds: 20,
});

/** Close codes the room leaves a client with (4000..4999 are the application's). */
export const CLOSE_CODE = { malformed: 4400, kicked: 4403, replaced: 4409, flooding: 4429 } as const;

/** Player colours come from this many; PlayerState.colour indexes them. */
export const PLAYER_COLOUR_COUNT = 12;
