/**
 * The client connection end to end: real Colyseus server in this process over the in-memory
 * repository, two (or three) SharedWorldConnections over real WebSockets. Each keeps a model
 * "screen" of edited blocks, set the way the game would: its own edits at once, then whatever
 * 'world' and 'blocks' say. Waits are for conditions, never for durations.
 */
import { ColyseusTestServer } from '@colyseus/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Block, DEFAULT_WORLD_PARAMS } from '../../../src/world';
import { CLOSE_CODE, memorySeqStore, type BlockChange, type LocalEdit } from '../../../src/net';
import { SharedWorldConnection, type ConnectionStatus } from '../../../src/app/net/shared-world-connection';
import { createWorldServer } from '../../../server/world-server';
import { DATABASE_UNAVAILABLE } from '../../../server/world-room';
import { MemoryRepository } from '../../server/memory-repository';
import { freePort } from '../../support/free-port';

const repo = new MemoryRepository();
let colyseus: ColyseusTestServer;
let url = '';
let worlds = 0;
const open: SharedWorldConnection[] = [];
const waitOpts = { timeout: 15_000, interval: 10 };

beforeAll(async () => {
  const server = createWorldServer(repo);
  const port = await freePort();
  await server.listen(port);
  colyseus = new ColyseusTestServer(server);
  url = `ws://127.0.0.1:${port}`;
});

afterEach(() => {
  for (const c of open.splice(0)) c.dispose();
  repo.gate = null;
  repo.down = false;
});

afterAll(async () => {
  await colyseus.shutdown();
});

async function newWorld(): Promise<string> {
  const id = `client-world-${++worlds}`;
  await repo.createWorld({ id, name: `W${worlds}`, params: { ...DEFAULT_WORLD_PARAMS }, ownerKey: `owner-${id}`, policy: 'visitors', builders: [] }, [{ x: 3, y: 60, z: 3, block: Block.Glass }]);
  return id;
}

/** A connected player standing at the origin, with its screen and the statuses it went through. */
async function player(worldId: string, playerKey: string) {
  const connection = new SharedWorldConnection(memorySeqStore(), { retryMinMs: 20, retryEditsMs: 100 });
  open.push(connection);
  const screen = new Map<string, number | null>();
  const statuses: ConnectionStatus[] = [];
  const refused: string[] = [];
  const show = (changes: readonly BlockChange[]) => changes.forEach((c) => screen.set(`${c.x},${c.y},${c.z}`, c.block));
  connection.on('status', (s) => statuses.push(s));
  connection.on('world', (w) => show(w.changes));
  connection.on('blocks', show);
  connection.on('refused', (r) => refused.push(r.reason));
  await connection.connect(url, { worldId, playerKey, name: playerKey });
  connection.sendMove({ x: 0.5, y: 70, z: 0.5, yaw: 0, pitch: 0 });
  const edit = (e: LocalEdit) => {
    screen.set(`${e.x},${e.y},${e.z}`, e.block);
    return connection.sendEdit(e)!;
  };
  return { connection, screen, statuses, refused, edit };
}

/** Drops the player's socket from the server's side, as a network failure would. */
function dropSocket(connection: SharedWorldConnection): void {
  const room = colyseus.getRoomById(connection.roomId!);
  const seat = room.clients.find((c) => c.sessionId === connection.sessionId)!;
  (seat.ref as unknown as { terminate(): void }).terminate();
}

/** Edits the server's room has taken and not yet had committed. */
const takenIn = (connection: SharedWorldConnection): number =>
  (colyseus.getRoomById(connection.roomId!) as unknown as { ledger: { pendingCount: number } }).ledger.pendingCount;

describe('SharedWorldConnection', () => {
  it('gets the world on both, shows an edit from one on the other, and acks it', async () => {
    const worldId = await newWorld();
    const a = await player(worldId, 'alice');
    const b = await player(worldId, 'bob');
    expect(a.connection.status).toBe('online');
    expect(a.statuses).toEqual(['connecting', 'online']);
    expect(b.screen.get('3,60,3')).toBe(Block.Glass);
    await vi.waitFor(() => expect(a.connection.playerList().map((p) => p.name).sort()).toEqual(['alice', 'bob']), waitOpts);
    const acks: number[] = [];
    a.connection.on('ack', (seq) => acks.push(seq));
    const sent = a.edit({ x: 1, y: 70, z: 1, block: Block.Stone, state: 0 });
    await vi.waitFor(() => expect(b.screen.get('1,70,1')).toBe(Block.Stone), waitOpts);
    await vi.waitFor(() => expect(acks).toEqual([sent.seq]), waitOpts);
    expect(a.connection.pendingEdits).toBe(0);
    // Moves reach the others through the room state.
    a.connection.sendMove({ x: 2.5, y: 71, z: -1, yaw: 1, pitch: 0 });
    await vi.waitFor(() => expect(b.connection.playerList().find((p) => p.name === 'alice')).toMatchObject({ x: 2.5, y: 71, z: -1, isSelf: false }), waitOpts);
    const gone: string[] = [];
    a.connection.on('playerRemove', (p) => gone.push(p.name));
    b.connection.dispose();
    b.connection.dispose();
    await vi.waitFor(() => expect(gone).toEqual(['bob']), waitOpts);
    expect(a.connection.playerList().map((p) => p.name)).toEqual(['alice']);
  });

  it('keeps edits the database could not commit pending and shown, and sends them again until it can', async () => {
    const worldId = await newWorld();
    const a = await player(worldId, 'alice');
    repo.down = true;
    const sent = a.edit({ x: 1, y: 70, z: 1, block: Block.Stone, state: 0 });
    await vi.waitFor(() => expect(a.refused).toContain(DATABASE_UNAVAILABLE), waitOpts);
    expect(a.connection.pendingEdits).toBe(1);
    expect(a.screen.get('1,70,1')).toBe(Block.Stone);
    repo.down = false;
    await vi.waitFor(() => expect(a.connection.pendingEdits).toBe(0), waitOpts);
    expect(repo.committed(worldId).map((e) => e.seq)).toEqual([sent.seq]);
    expect(a.screen.get('1,70,1')).toBe(Block.Stone);
  });

  it('tells the room where the player stands before an edit, so an edit where it just walked is in reach', async () => {
    const worldId = await newWorld();
    const a = await player(worldId, 'alice');
    // Within the throttle's interval of the last pose: held back, until the edit needs it.
    a.connection.sendMove({ x: 20.5, y: 70, z: 0.5, yaw: 0, pitch: 0 });
    const sent = a.edit({ x: 21, y: 70, z: 0, block: Block.Stone, state: 0 });
    await vi.waitFor(() => expect(a.connection.pendingEdits).toBe(0), waitOpts);
    expect(a.refused).toEqual([]);
    expect(repo.committed(worldId).map((e) => e.seq)).toEqual([sent.seq]);
  });

  it('reverts an edit the room refuses (out of reach) and reports why', async () => {
    const worldId = await newWorld();
    const a = await player(worldId, 'alice');
    a.edit({ x: 30, y: 70, z: 0, block: Block.Stone, state: 0 });
    await vi.waitFor(() => expect(a.refused).toEqual(['that block is out of reach']), waitOpts);
    expect(a.screen.get('30,70,0')).toBeNull();
    expect(a.connection.pendingEdits).toBe(0);
  });

  it('ends two players setting one block at once with the same block on both screens', async () => {
    const worldId = await newWorld();
    const a = await player(worldId, 'alice');
    const b = await player(worldId, 'bob');
    // A commit held open, so both players' edits queue behind it and go out in one batch:
    // each sees the other's edit for its block while its own is still pending.
    const release = repo.holdCommits();
    a.edit({ x: 0, y: 72, z: 0, block: Block.Stone, state: 0 });
    await vi.waitFor(() => expect(takenIn(a.connection)).toBe(1), waitOpts);
    for (let round = 0; round < 5; round++) {
      const x = round - 2;
      a.edit({ x, y: 70, z: 2, block: Block.Stone, state: 0 });
      b.edit({ x, y: 70, z: 2, block: Block.Glass, state: 0 });
    }
    await vi.waitFor(() => expect(takenIn(a.connection)).toBe(11), waitOpts);
    release();
    await vi.waitFor(() => expect(a.connection.pendingEdits + b.connection.pendingEdits).toBe(0), waitOpts);
    // Acked means committed and broadcast before; both screens now hold the server's last word.
    await vi.waitFor(() => expect(a.screen).toEqual(b.screen), waitOpts);
    const last = new Map(repo.committed(worldId).map((e) => [`${e.x},${e.y},${e.z}`, e.block]));
    for (const [key, blockId] of last) expect(a.screen.get(key)).toBe(blockId);
  });

  it('reconnects by itself after a drop and re-sends pending edits, which apply once', async () => {
    const worldId = await newWorld();
    const a = await player(worldId, 'alice');
    const b = await player(worldId, 'bob');
    const release = repo.holdCommits();
    const inFlight = a.edit({ x: 1, y: 70, z: 1, block: Block.Stone, state: 0 });
    await vi.waitFor(() => expect(takenIn(a.connection)).toBe(1), waitOpts);
    dropSocket(a.connection);
    await vi.waitFor(() => expect(a.connection.status).toBe('reconnecting'), waitOpts);
    const whileAway = a.edit({ x: 2, y: 70, z: 1, block: Block.Glass, state: 0 });
    await vi.waitFor(() => expect(a.connection.status).toBe('online'), waitOpts);
    expect(a.statuses).toEqual(['connecting', 'online', 'reconnecting', 'online']);
    release();
    await vi.waitFor(() => expect(a.connection.pendingEdits).toBe(0), waitOpts);
    const mine = repo.committed(worldId).filter((e) => e.playerKey === 'alice').map((e) => e.seq);
    expect(mine).toEqual([inFlight.seq, whileAway.seq]);
    await vi.waitFor(() => expect(b.screen.get('2,70,1')).toBe(Block.Glass), waitOpts);
    expect(b.screen.get('1,70,1')).toBe(Block.Stone);
  });

  it('stays offline when the owner removes the player, saying why, and refuses a world that does not exist', async () => {
    const worldId = await newWorld();
    const owner = new SharedWorldConnection(memorySeqStore());
    open.push(owner);
    await owner.connect(url, { worldId, playerKey: 'olga', name: 'olga', ownerKey: `owner-${worldId}` });
    const v = await player(worldId, 'victor');
    const closed: number[] = [];
    v.connection.on('closed', (c) => closed.push(c.code));
    const victorId = v.connection.playerList().find((p) => p.isSelf)!.id;
    await vi.waitFor(() => expect(owner.playerList()).toHaveLength(2), waitOpts);
    // Everyone's list marks the owner.
    await vi.waitFor(() => expect(v.connection.playerList().map((p) => [p.name, p.isOwner]).sort()).toEqual([['olga', true], ['victor', false]]), waitOpts);
    expect(owner.kick(victorId)).toBe(true);
    await vi.waitFor(() => expect(closed).toEqual([CLOSE_CODE.kicked]), waitOpts);
    expect(v.connection.status).toBe('offline');
    expect(v.statuses).toEqual(['connecting', 'online', 'offline']);

    const lost = new SharedWorldConnection(memorySeqStore());
    open.push(lost);
    await expect(lost.connect(url, { worldId: 'no-such-world', playerKey: 'alice', name: 'A' })).rejects.toThrow(/no shared world/);
    expect(lost.status).toBe('offline');
  });
});
