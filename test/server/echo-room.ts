/**
 * A room with nothing of the game in it, for the server's own tests: it proves matchmaking and
 * messages get through (one process or several), whatever the world room does.
 */
import { Room, type Client } from '@colyseus/core';
import type { WorldRepository } from '../../server/storage/world-repository';

/** Filtered by `channel`: players asking for the same channel share one room. */
export class EchoRoom extends Room {
  override onCreate(): void {
    this.onMessage('say', (client: Client, text: string) => {
      this.broadcast('said', { from: client.sessionId, text });
    });
  }
}

/** A repository that holds nothing; it only counts dispose() calls. */
export function emptyRepository(): WorldRepository & { disposed: number } {
  const repository = {
    disposed: 0,
    createWorld: async () => undefined,
    world: async () => null,
    setPolicy: async () => undefined,
    commitEdits: async () => undefined,
    edits: async () => [],
    lastSeqs: async () => new Map<string, number>(),
    dispose: async () => {
      repository.disposed++;
    },
  };
  return repository;
}
