/**
 * The room's replicated state: the players present, each with a name, a colour, a pose and
 * whether they own the world.
 * Colyseus sends changes as patches (20 a second), so other players' positions need no
 * message of their own. Edits are not state: they go out as 'edits' messages, in commit order.
 */
import { createHash } from 'node:crypto';
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { SharedEdit } from '../src/net';
import type { CommittedEdit } from './storage/world-repository';

export const PlayerState = schema(
  {
    /** Public id (playerIdOf the key): what other clients and the owner's kick name the player by. */
    id: t.string(),
    name: t.string(),
    colour: t.uint8(),
    x: t.float32(),
    y: t.float32(),
    z: t.float32(),
    yaw: t.float32(),
    pitch: t.float32(),
    /** The world's owner: the players list marks them for everyone. */
    owner: t.boolean(),
  },
  'PlayerState',
);
export type PlayerState = SchemaType<typeof PlayerState>;

export const WorldState = schema({ players: t.map(PlayerState) }, 'WorldState');
export type WorldState = SchemaType<typeof WorldState>;

/**
 * A player's public id: a hash of their secret key, so it names them the same across sessions
 * (an invitation outlives the visit) without revealing the key it came from.
 */
export function playerIdOf(playerKey: string): string {
  return createHash('sha256').update(`player:${playerKey}`).digest('base64url').slice(0, 16);
}

/** A committed edit as every client receives it: the author by public id, never by key. */
export function sharedEdit(e: CommittedEdit): SharedEdit {
  return { author: playerIdOf(e.playerKey), seq: e.seq, x: e.x, y: e.y, z: e.z, block: e.block, state: e.state ?? 0 };
}
