/**
 * A player's server-side record in a world room (by session id, so it survives a Colyseus
 * reconnection) and the checks every message of theirs passes before its handler runs.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Client, Deferred } from '@colyseus/core';
import { CLOSE_CODE, fullBucket, messageBytes, takeToken, type NetLimits, type Position, type TokenBucket } from '../src/net';
import { playerIdOf } from './world-state';

export interface Seat {
  playerKey: string;
  playerId: string;
  name: string;
  isOwner: boolean;
  /** The last reported position: edits are checked for reach from it. */
  pos: Position | null;
  edits: TokenBucket;
  moves: TokenBucket;
  chats: TokenBucket;
  messages: TokenBucket;
  malformed: number;
  /** Set while the room waits for a dropped client to come back. */
  reconnection: Deferred<Client> | null;
  /** The room disconnected this client on purpose: it gets no seat to reconnect into. */
  expelled: boolean;
}

export function newSeat(playerKey: string, name: string, isOwner: boolean, limits: NetLimits, now: number): Seat {
  return {
    playerKey, playerId: playerIdOf(playerKey), name, isOwner, pos: null, malformed: 0, reconnection: null, expelled: false,
    edits: fullBucket(limits.editBurst, now), moves: fullBucket(limits.moveBurst, now), chats: fullBucket(limits.chatBurst, now),
    messages: fullBucket(limits.messageBurst, now),
  };
}

/** Why (and with which close code) the client must be disconnected for sending `raw` now, or null. */
export function refusal(seat: Seat, raw: unknown, now: number, limits: NetLimits): { code: number; text: string } | null {
  if (!takeToken(seat.messages, now, limits.messagesPerSecond, limits.messageBurst)) {
    return { code: CLOSE_CODE.flooding, text: `disconnected: more than ${limits.messagesPerSecond} messages a second` };
  }
  const bytes = messageBytes(raw);
  if (bytes === undefined || bytes > limits.maxMessageBytes) return { code: CLOSE_CODE.malformed, text: `disconnected: a message over ${limits.maxMessageBytes} bytes` };
  return null;
}

/**
 * The builder keys for an owner's list of public ids: current builders still listed, and
 * players seen in the room (`keyOf`) newly listed. Ids of no known player are ignored.
 */
export function resolveBuilders(current: readonly string[], ids: readonly string[], keyOf: ReadonlyMap<string, string>): string[] {
  const wanted = new Set(ids);
  const builders = new Set(current.filter((key) => wanted.has(playerIdOf(key))));
  for (const id of ids) {
    const key = keyOf.get(id);
    if (key) builders.add(key);
  }
  return [...builders];
}

/** Whether `given` is the world's owner key, compared in constant time (it is a secret). */
export function isOwnerKey(given: string | undefined, ownerKey: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(ownerKey);
  return a.length === b.length && timingSafeEqual(a, b);
}
