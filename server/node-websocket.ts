/**
 * Colyseus 0.18 checks a reconnecting client against the global `WebSocket.OPEN` (its Room's
 * seat reservation), a global Node has only from version 22; on Node 20 every reconnection
 * fails with "WebSocket is not defined". Until it does not, the server provides ws's class,
 * the one its WebSocket transport uses, under that name. Browsers and Node 22 keep their own.
 */
import { WebSocket as NodeWebSocket } from 'ws';

export function provideGlobalWebSocket(): void {
  const scope = globalThis as { WebSocket?: unknown };
  scope.WebSocket ??= NodeWebSocket;
}
