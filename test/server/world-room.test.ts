/**
 * The shared-world room end to end: real Colyseus server, real WebSocket clients (the SDK),
 * an in-memory repository standing in for the database. One server for the file; each test
 * makes its own world, so its room is its own.
 */
import { ColyseusTestServer } from '@colyseus/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Block, BLOCK_COUNT, DEFAULT_WORLD_PARAMS, type BlockEdit } from '../../src/world';
import { COLUMN_PACKING } from '../../src/storage';
import { decodeEditPayload } from '../../src/storage/edit-payload';
import { CLOSE_CODE, DEFAULT_NET_LIMITS, type SharedEdit, type WorldMessage } from '../../src/net';
import { createWorldServer } from '../../server/world-server';
import { DATABASE_UNAVAILABLE } from '../../server/world-room';
import type { BuildPolicy } from '../../server/storage/world-repository';
import { MemoryRepository } from './memory-repository';
import { TestPlayer } from './room-client';
import { freePort } from '../support/free-port';

const repo = new MemoryRepository();
let colyseus: ColyseusTestServer;
const players: TestPlayer[] = [];
let worlds = 0;

beforeAll(async () => {
  // The rates barely refill (bursts as by default), so what a burst allows does not depend on
  // how fast a loaded machine delivers it.
  const server = createWorldServer(repo, { limits: { ...DEFAULT_NET_LIMITS, editsPerSecond: 0.001, messagesPerSecond: 0.001 } });
  await server.listen(await freePort());
  colyseus = new ColyseusTestServer(server);
});

afterEach(async () => {
  await Promise.all(players.splice(0).map((p) => p.leave()));
  repo.down = false;
  repo.gate = null;
});

afterAll(async () => {
  await colyseus.shutdown();
});

async function newWorld(policy: BuildPolicy = 'visitors', edits: BlockEdit[] = []): Promise<string> {
  const id = `world-${++worlds}`;
  await repo.createWorld({ id, name: `World ${worlds}`, params: { ...DEFAULT_WORLD_PARAMS }, ownerKey: `owner-${id}`, policy, builders: [] }, edits);
  return id;
}

/** A player joined and standing at the origin, 70 up. */
async function join(worldId: string, playerKey: string, extra: { ownerKey?: string; name?: string } = {}): Promise<TestPlayer> {
  const player = await TestPlayer.join(colyseus, { worldId, playerKey, name: extra.name ?? playerKey, ...(extra.ownerKey ? { ownerKey: extra.ownerKey } : {}) });
  players.push(player);
  player.moveTo(0.5, 70, 0.5);
  return player;
}

/** Edits the player's room has taken and not yet had committed (read from the server's room). */
const pendingIn = (p: TestPlayer): number => (colyseus.getRoomById(p.room.roomId) as unknown as { ledger: { pendingCount: number } }).ledger.pendingCount;

const editsSeen = (p: TestPlayer): SharedEdit[] => p.messages<{ edits: SharedEdit[] }>('edits').flatMap((m) => m.edits);

describe('world room', () => {
  it('sends a joining player the world, its edits and who it is', async () => {
    const initial = [{ x: 1, y: 64, z: 2, block: Block.Stone }, { x: -40, y: 10, z: 99, block: Block.Glass }];
    const worldId = await newWorld('visitors', initial);
    const owner = await join(worldId, 'alice', { ownerKey: `owner-${worldId}` });
    const visitor = await join(worldId, 'bob');
    const world = await owner.next<WorldMessage>('world');
    expect(world.params).toEqual(DEFAULT_WORLD_PARAMS);
    expect(world.isOwner).toBe(true);
    expect((await visitor.next<WorldMessage>('world')).isOwner).toBe(false);
    const { bytes, columns, count } = world.edits;
    const decoded = decodeEditPayload(new Uint8Array(bytes), columns, count, COLUMN_PACKING) as BlockEdit[];
    expect(decoded.sort((a, b) => a.x - b.x)).toEqual([...initial].sort((a, b) => a.x - b.x));
    // Each sees both players in the replicated state, and where the other stands.
    await vi.waitFor(() => expect(owner.room.state.players.size).toBe(2));
    visitor.send('move', { x: 3.25, y: 71, z: -2, yaw: 1.5, pitch: 0 });
    await vi.waitFor(() => {
      const seen = owner.room.state.players.get(visitor.room.sessionId);
      expect({ name: seen.name, id: seen.id, x: seen.x, y: seen.y, z: seen.z, yaw: seen.yaw }).toEqual({ name: 'bob', id: expect.any(String), x: 3.25, y: 71, z: -2, yaw: 1.5 });
      expect(seen.id).toBe(visitor.messages<WorldMessage>('world')[0]!.playerId);
      expect([seen.owner, owner.room.state.players.get(owner.room.sessionId).owner]).toEqual([false, true]);
    });
  });

  it('refuses to make a room for a world that does not exist', async () => {
    await expect(TestPlayer.join(colyseus, { worldId: 'no-such-world', playerKey: 'alice', name: 'A' })).rejects.toThrow(/no shared world/);
  });

  it("shows two players each other's edits, in one order, and acks each author", async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    const b = await join(worldId, 'bob');
    for (let seq = 1; seq <= 3; seq++) {
      a.edit(seq, seq, 70, 2, Block.Stone);
      b.edit(seq, seq, 70, -2, Block.Glass);
    }
    await a.next('ack', (m) => m.seq === 3);
    await b.next('ack', (m) => m.seq === 3);
    await vi.waitFor(() => expect(editsSeen(a)).toHaveLength(6));
    await vi.waitFor(() => expect(editsSeen(b)).toHaveLength(6));
    expect(editsSeen(a)).toEqual(editsSeen(b));
    expect(new Set(editsSeen(a).map((e) => e.author)).size).toBe(2);
    expect(a.messages('ack').map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('refuses edits out of reach, of unknown blocks and outside the world, with reasons', async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    a.edit(1, 30, 70, 0, Block.Stone);
    a.edit(2, 1, 70, 1, BLOCK_COUNT);
    a.edit(3, 1, 256, 1, Block.Stone);
    a.edit(4, 1, -1, 1, Block.Stone);
    a.send('edit', { seq: 5, x: 1.5, y: 70, z: 1, block: Block.Stone, state: 0 });
    a.edit(6, 1, 70, 1, Block.Stone);
    await a.next('ack', (m) => m.seq === 6);
    const reasons = Object.fromEntries(a.messages<{ seq: number; reason: string; retry: boolean }>('refused').map((m) => [m.seq, m.reason]));
    expect(reasons).toEqual({
      1: 'that block is out of reach',
      2: 'that block cannot be placed',
      3: 'blocks go at y 0..255',
      4: 'blocks go at y 0..255',
      5: 'coordinates must be whole numbers',
    });
    expect(a.messages('refused').every((m) => m.retry === false)).toBe(true);
    expect(editsSeen(a).map((e) => e.seq)).toEqual([6]);
  });

  it('takes a burst of 20 edits sent at once and refuses the rest of 25 for the rate', async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    for (let seq = 1; seq <= 25; seq++) a.edit(seq, (seq % 5) - 2, 68 + Math.floor(seq / 5), 0, Block.Stone);
    await vi.waitFor(() => expect(a.messages('ack').length + a.messages('refused').length).toBe(25));
    expect(a.messages('ack')).toHaveLength(20);
    expect(a.messages<{ reason: string }>('refused').map((m) => m.reason)).toEqual(Array(5).fill('too many edits: at most 0.001 a second'));
    expect(a.leftWith).toBeNull();
    // Joining again with the same key replaces the seat but does not refill the bucket.
    const again = await join(worldId, 'alice');
    expect(await a.left()).toBe(CLOSE_CODE.replaced);
    again.edit(26, 0, 70, 3, Block.Stone);
    expect((await again.next<{ reason: string }>('refused')).reason).toMatch(/too many edits/);
  });

  it('disconnects a client that sends a malformed or oversized message, with the reason; others carry on', async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    const b = await join(worldId, 'bob');
    const c = await join(worldId, 'carol');
    a.send('edit', 'not an edit');
    expect(await a.left()).toBe(CLOSE_CODE.malformed);
    expect((await a.next<{ text: string }>('notice')).text).toMatch(/malformed message \(edit: an edit needs a seq\)/);
    b.send('chat', { text: 'x'.repeat(5000) });
    expect(await b.left()).toBe(CLOSE_CODE.malformed);
    expect((await b.next<{ text: string }>('notice')).text).toMatch(/over 1024 bytes/);
    const d = await join(worldId, 'dave');
    d.send('teleport', { x: 0 });
    expect(await d.left()).toBe(CLOSE_CODE.malformed);
    expect((await d.next<{ text: string }>('notice')).text).toMatch(/unknown message type teleport/);
    const e = await join(worldId, 'erin');
    for (let i = 0; i < 100; i++) e.moveTo(i / 100, 70, 0);
    expect(await e.left()).toBe(CLOSE_CODE.flooding);
    expect((await e.next<{ text: string }>('notice')).text).toMatch(/more than 0.001 messages a second/);
    c.edit(1, 1, 70, 1, Block.Stone);
    c.send('chat', { text: ' hello\u0007 there ' });
    await c.next('ack', (m) => m.seq === 1);
    expect(await c.next('chat')).toEqual({ name: 'carol', text: 'hello there' });
    expect(c.leftWith).toBeNull();
  });

  it('lets only invited builders build under the invited policy; the owner invites and kicks', async () => {
    const worldId = await newWorld('invited');
    const owner = await join(worldId, 'olga', { ownerKey: `owner-${worldId}` });
    const visitor = await join(worldId, 'victor');
    visitor.edit(1, 1, 70, 1, Block.Stone);
    expect((await visitor.next<{ reason: string }>('refused')).reason).toBe('only invited builders may build in this world');
    owner.edit(1, 2, 70, 1, Block.Stone);
    await owner.next('ack');
    // A visitor's policy or kick message is not obeyed.
    visitor.send('policy', { policy: 'visitors', builders: [] });
    await visitor.next('notice', (m) => m.text === 'only the owner can change who may build');
    const visitorId = (await visitor.next<WorldMessage>('world')).playerId;
    owner.send('policy', { policy: 'invited', builders: [visitorId] });
    await visitor.next('notice', (m) => m.text === 'only invited builders may build');
    visitor.edit(2, 1, 70, 1, Block.Stone);
    await visitor.next('ack', (m) => m.seq === 2);
    expect((await repo.world(worldId))!.builders).toEqual(['victor']);
    owner.send('kick', { playerId: visitorId });
    expect(await visitor.left()).toBe(CLOSE_CODE.kicked);
    await visitor.next('notice', (m) => m.text === 'the owner removed you from this world');
    // Neither its held seat nor a fresh join lets a removed player back in.
    await expect(visitor.reconnect()).rejects.toThrow();
    await expect(TestPlayer.join(colyseus, { worldId, playerKey: 'victor', name: 'V' })).rejects.toThrow(/removed you/);
  });

  it('applies an edit re-sent after a reconnect once, and acks it again', async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    const b = await join(worldId, 'bob');
    a.edit(7, 1, 70, 1, Block.Stone);
    await a.next('ack', (m) => m.seq === 7);
    // Held commit: seq 8 is in flight when the connection drops.
    const release = repo.holdCommits();
    a.edit(8, 2, 70, 1, Block.Stone);
    await vi.waitFor(() => expect(pendingIn(a)).toBe(1));
    const serverRoom = colyseus.getRoomById(a.room.roomId);
    const seat = serverRoom.clients.find((c) => c.sessionId === a.room.sessionId)!;
    (seat.ref as unknown as { terminate(): void }).terminate();
    await a.left();
    await a.reconnect();
    a.edit(7, 1, 70, 1, Block.Stone);
    a.edit(8, 2, 70, 1, Block.Stone);
    await a.next('ack', (m) => m.seq === 7);
    release();
    await a.next('ack', (m) => m.seq === 8);
    await vi.waitFor(() => expect(editsSeen(b).map((e) => e.seq)).toEqual([7, 8]));
    expect(repo.committed(worldId).map((e) => e.seq)).toEqual([7, 8]);
    // A reload (a fresh join with the same key) re-sending seq 8 is acked, not applied again.
    await a.leave();
    const again = await join(worldId, 'alice');
    again.edit(8, 2, 70, 1, Block.Stone);
    await again.next('ack', (m) => m.seq === 8);
    expect(repo.committed(worldId)).toHaveLength(2);
  });

  it('refuses edits the database could not commit, broadcasts nothing, and takes them when re-sent', async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    const b = await join(worldId, 'bob');
    repo.down = true;
    a.edit(1, 1, 70, 1, Block.Stone);
    a.edit(2, 2, 70, 1, Block.Stone);
    await a.next('refused', (m) => m.seq === 2);
    expect(a.messages('refused')).toEqual([
      { seq: 1, reason: DATABASE_UNAVAILABLE, retry: true },
      { seq: 2, reason: DATABASE_UNAVAILABLE, retry: true },
    ]);
    // A later edit may not overtake the refused ones.
    a.edit(3, 3, 70, 1, Block.Stone);
    await a.next('refused', (m) => m.seq === 3 && m.retry === true);
    repo.down = false;
    for (const seq of [1, 2, 3]) a.edit(seq, seq, 70, 1, Block.Stone);
    await a.next('ack', (m) => m.seq === 3);
    await vi.waitFor(() => expect(editsSeen(b).map((e) => e.seq)).toEqual([1, 2, 3]));
    expect(a.messages('ack').map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('acks an edit only after the database committed it', async () => {
    const worldId = await newWorld();
    const a = await join(worldId, 'alice');
    const b = await join(worldId, 'bob');
    const release = repo.holdCommits();
    a.edit(1, 1, 70, 1, Block.Stone);
    // The room has taken the edit and is waiting on the commit: nothing may be out yet.
    await vi.waitFor(() => expect(pendingIn(a)).toBe(1));
    // A round trip through the room: anything it sent before this echo has arrived too.
    a.send('chat', { text: 'ping' });
    await a.next('chat', (m) => m.text === 'ping');
    expect(a.messages('ack')).toEqual([]);
    expect(editsSeen(b)).toEqual([]);
    release();
    await a.next('ack', (m) => m.seq === 1);
    expect(repo.committed(worldId)).toHaveLength(1);
    await vi.waitFor(() => expect(editsSeen(b)).toHaveLength(1));
  });
});
