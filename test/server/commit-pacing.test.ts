/**
 * Commit pacing: a lone edit is committed at once, and edits that arrive while a commit is
 * under way (or within the gap after it began) go in one batch, not one commit each.
 */
import { ColyseusTestServer } from '@colyseus/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitDelay } from '../../server/commit-pacing';
import { createWorldServer } from '../../server/world-server';
import { Block, DEFAULT_WORLD_PARAMS } from '../../src/world';
import { freePort } from '../support/free-port';
import { MemoryRepository } from './memory-repository';
import { TestPlayer } from './room-client';

describe('commitDelay', () => {
  it('is 0 for the first commit and once the gap has passed, else the rest of the gap', () => {
    expect(commitDelay(1000, null, 20)).toBe(0);
    expect(commitDelay(1000, 990, 20)).toBe(10);
    expect(commitDelay(1000, 980, 20)).toBe(0);
    expect(commitDelay(1000, 500, 20)).toBe(0);
  });
});

describe('a room with a long gap between commits', () => {
  const repo = new MemoryRepository();
  let colyseus: ColyseusTestServer;
  const players: TestPlayer[] = [];

  beforeAll(async () => {
    // A gap far longer than any wait below: an edit acked at all was committed without waiting for it.
    const server = createWorldServer(repo, { tickMs: 3_600_000 });
    await server.listen(await freePort());
    colyseus = new ColyseusTestServer(server);
  });
  afterEach(async () => {
    await Promise.all(players.splice(0).map((p) => p.leave()));
    repo.gate = null;
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  it('commits an edit into an idle room at once', async () => {
    await repo.createWorld({ id: 'idle', name: 'Idle', params: { ...DEFAULT_WORLD_PARAMS }, ownerKey: 'owner-idle', policy: 'visitors', builders: [] }, []);
    const a = await TestPlayer.join(colyseus, { worldId: 'idle', playerKey: 'alice', name: 'A' });
    players.push(a);
    a.moveTo(0.5, 70, 0.5);
    a.edit(1, 1, 70, 1, Block.Stone);
    await a.next('ack', (m) => m.seq === 1);
    expect(repo.commits.filter((c) => c.worldId === 'idle')).toHaveLength(1);
  });
});

describe('a room under load', () => {
  const repo = new MemoryRepository();
  let colyseus: ColyseusTestServer;
  const players: TestPlayer[] = [];

  beforeAll(async () => {
    const server = createWorldServer(repo);
    await server.listen(await freePort());
    colyseus = new ColyseusTestServer(server);
  });
  afterEach(async () => {
    await Promise.all(players.splice(0).map((p) => p.leave()));
    repo.gate = null;
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  it('batches the edits that arrive while a commit is under way into the next commit', async () => {
    await repo.createWorld({ id: 'busy', name: 'Busy', params: { ...DEFAULT_WORLD_PARAMS }, ownerKey: 'owner-busy', policy: 'visitors', builders: [] }, []);
    const a = await TestPlayer.join(colyseus, { worldId: 'busy', playerKey: 'alice', name: 'A' });
    players.push(a);
    a.moveTo(0.5, 70, 0.5);
    const release = repo.holdCommits();
    a.edit(1, 1, 70, 1, Block.Stone);
    // The first commit is under way (held): edits from now on must wait for it.
    const room = colyseus.getRoomById(a.room.roomId) as unknown as { ledger: { inFlight: unknown } };
    await vi.waitFor(() => expect(room.ledger.inFlight).not.toBeNull());
    for (let seq = 2; seq <= 5; seq++) a.edit(seq, seq, 70, 1, Block.Stone);
    // A round trip through the room: the four edits have been taken before the commit is let go.
    a.send('chat', { text: 'ping' });
    await a.next('chat', (m) => m.text === 'ping');
    release();
    await a.next('ack', (m) => m.seq === 5);
    expect(repo.commits.map((c) => c.edits.map((e) => e.seq))).toEqual([[1], [2, 3, 4, 5]]);
  });
});
