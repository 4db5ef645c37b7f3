/**
 * A server that goes away and comes back (a restart on the same port over the same
 * database): the connection rejoins by itself once it is back and sends what was pending,
 * which is committed once. Its own file: it stops and starts the process's one server.
 */
import type { Server } from '@colyseus/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Block, DEFAULT_WORLD_PARAMS } from '../../../src/world';
import { memorySeqStore } from '../../../src/net';
import { SharedWorldConnection, type ConnectionStatus } from '../../../src/app/net/shared-world-connection';
import { createWorldServer } from '../../../server/world-server';
import { DATABASE_UNAVAILABLE } from '../../../server/world-room';
import { MemoryRepository } from '../../server/memory-repository';
import { freePort } from '../../support/free-port';

const waitOpts = { timeout: 20_000, interval: 10 };
const repo = new MemoryRepository();
let server: Server | null = null;
let connection: SharedWorldConnection | null = null;

async function start(port: number): Promise<void> {
  server = createWorldServer(repo);
  await server.listen(port);
}

afterAll(async () => {
  connection?.dispose();
  await server?.gracefullyShutdown(false);
});

describe('SharedWorldConnection across a server restart', () => {
  it('keeps edits the database refused pending, rejoins the restarted server and has them committed once', async () => {
    const port = await freePort();
    await start(port);
    await repo.createWorld({ id: 'restart-world', name: 'R', params: { ...DEFAULT_WORLD_PARAMS }, ownerKey: 'owner-r', policy: 'visitors', builders: [] }, []);
    connection = new SharedWorldConnection(memorySeqStore(), { retryMinMs: 20, retryMaxMs: 200 });
    const statuses: ConnectionStatus[] = [];
    const refused: string[] = [];
    connection.on('status', (s) => statuses.push(s));
    connection.on('refused', (r) => refused.push(r.reason));
    await connection.connect(`ws://127.0.0.1:${port}`, { worldId: 'restart-world', playerKey: 'alice', name: 'alice' });
    connection.sendMove({ x: 0.5, y: 70, z: 0.5, yaw: 0, pitch: 0 });
    // A second player who closes the game while the server is away: it must not come back.
    const quitter = new SharedWorldConnection(memorySeqStore(), { retryMinMs: 20, retryMaxMs: 200 });
    await quitter.connect(`ws://127.0.0.1:${port}`, { worldId: 'restart-world', playerKey: 'quitter', name: 'quitter' });
    repo.down = true;
    const first = connection.sendEdit({ x: 1, y: 70, z: 1, block: Block.Stone, state: 0 })!;
    const second = connection.sendEdit({ x: 2, y: 70, z: 1, block: Block.Glass, state: 0 })!;
    await vi.waitFor(() => expect(refused).toContain(DATABASE_UNAVAILABLE), waitOpts);
    expect(connection.pendingEdits).toBe(2);

    await server!.gracefullyShutdown(false);
    server = null;
    await vi.waitFor(() => expect(connection!.status).toBe('reconnecting'), waitOpts);
    await vi.waitFor(() => expect(quitter.status).toBe('reconnecting'), waitOpts);
    quitter.dispose();
    quitter.dispose();
    expect(quitter.status).toBe('offline');
    repo.down = false;
    await start(port);
    await vi.waitFor(() => expect(connection!.status).toBe('online'), waitOpts);
    await vi.waitFor(() => expect(connection!.pendingEdits).toBe(0), waitOpts);
    expect(repo.committed('restart-world').map((e) => e.seq)).toEqual([first.seq, second.seq]);
    expect(statuses).toEqual(['connecting', 'online', 'reconnecting', 'online']);
    expect(connection.playerList().map((p) => p.name)).toEqual(['alice']);
    expect(quitter.status).toBe('offline');
  });
});
