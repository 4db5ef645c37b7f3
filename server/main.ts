/**
 * `npm run server`: one process that serves the built game and hosts the shared worlds (see
 * run-server-process.ts for the settings, start-up errors and signals).
 */
import { WORLD_ROOM } from '../src/net';
import { provideGlobalWebSocket } from './node-websocket';
import { runServerProcess } from './run-server-process';
import { openRepository } from './storage/open-repository';
import { MAX_FRAME_BYTES } from './world-server';
import { worldRoomFor } from './world-room';

// Node 20 has no global WebSocket, which Colyseus's reconnection reads (node-websocket.ts).
provideGlobalWebSocket();
await runServerProcess({
  openRepository,
  defineRooms: (server, repository, config) => server.define(WORLD_ROOM, worldRoomFor(repository, config.maxPlayers === undefined ? {} : { maxPlayers: config.maxPlayers })).filterBy(['worldId']),
  maxFrameBytes: MAX_FRAME_BYTES,
});
