/**
 * The Colyseus server for shared worlds: the 'world' room type over a repository, matched by
 * world id through Colyseus's own seat reservation (so a player joining a world lands in the
 * room already holding it, or a new one is made), on the WebSocket transport.
 */
import { defineRoom, defineServer, type Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { WORLD_ROOM } from '../src/net';
import { provideGlobalWebSocket } from './node-websocket';
import { worldRoomFor, type WorldRoomOptions } from './world-room';
import type { WorldRepository } from './storage/world-repository';

/**
 * Largest WebSocket frame the transport reads at all. The room refuses messages over
 * limits.maxMessageBytes with a reason; this cap, a few times larger, is for what must not even
 * be decoded (ws closes the socket with 1009).
 */
export const MAX_FRAME_BYTES = 16 * 1024;

export function createWorldServer(repository: WorldRepository, options: Partial<Omit<WorldRoomOptions, 'repository'>> = {}): Server {
  provideGlobalWebSocket();
  return defineServer({
    rooms: { [WORLD_ROOM]: defineRoom(worldRoomFor(repository, options)).filterBy(['worldId']) },
    transport: new WebSocketTransport({ maxPayload: MAX_FRAME_BYTES }),
    greet: false,
  });
}
