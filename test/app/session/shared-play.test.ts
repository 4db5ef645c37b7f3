/**
 * SharedPlay with stand-ins for the session, the library and the connection: what a join
 * opens, what it refuses while only the copy is on screen, how the room's world and blocks
 * enter (the session's one way in for outside edits, then saved into the copy), what is sent,
 * and leaving. No browser, no server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionEvents, ConnectionStatus } from '../../../src/app/net/connection-types';
import { Emitter } from '../../../src/app/net/emitter';
import { PlayerIdentity } from '../../../src/app/net/player-identity';
import { READ_ONLY_MESSAGE } from '../../../src/app/net/shared-rules';
import { SharedPlay, type SharedConnection, type SharedLibrary, type SharedSession } from '../../../src/app/session/shared-play';
import type { JoinOptions, LocalEdit, MoveMessage, WorldMessage } from '../../../src/net';
import type { LoadedWorld } from '../../../src/persistence/world-library';
import { DEFAULT_HOTBAR, type WorldRecord } from '../../../src/storage';
import { Block, createBlockSampler, DEFAULT_WORLD_PARAMS, EditStore, terrainFor, type BlockEdit } from '../../../src/world';

const ID = 'AbCdEfGhIjKlMnOpQr_-12';
const RECORD = `shared:${ID}`;
const params = { ...DEFAULT_WORLD_PARAMS, seed: 'shared-play' };

class FakeConnection extends Emitter<ConnectionEvents> implements SharedConnection {
  status: ConnectionStatus = 'offline';
  pendingEdits = 0;
  joined: JoinOptions | null = null;
  sent: LocalEdit[] = [];
  moves: MoveMessage[] = [];
  disposed = false;
  private settle: { resolve: (m: WorldMessage) => void; reject: (e: unknown) => void } | null = null;
  playerList = () => [];
  connect(_url: string, join: JoinOptions): Promise<WorldMessage> {
    this.joined = join;
    this.status = 'connecting';
    return new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }
  fail(error: unknown): void {
    this.status = 'offline';
    this.settle!.reject(error);
  }
  welcome(edits: BlockEdit[]): void {
    const message = { name: 'Hills', params, edits: { bytes: new Uint8Array(), count: 0, columns: 0 }, policy: 'visitors', builders: [], isOwner: false, playerId: 'me' } as WorldMessage;
    this.status = 'online';
    this.emit('world', { message, edits, changes: [], rejoin: false });
    this.settle!.resolve(message);
  }
  send<K extends keyof ConnectionEvents>(type: K, value: ConnectionEvents[K]): void {
    this.emit(type, value);
  }
  sendEdit(edit: LocalEdit): void {
    this.sent.push(edit);
  }
  sendMove(pose: MoveMessage): void {
    this.moves.push(pose);
  }
  sendChat = () => true;
  setPolicy = () => true;
  kick = () => true;
  dispose(): void {
    this.disposed = true;
    this.status = 'offline';
  }
}

const record = (id: string, name = 'w'): WorldRecord => ({ id, name, params, generatorVersion: 1, created: 0, lastPlayed: 0, camera: null, mode: 'fly', hotbar: [...DEFAULT_HOTBAR], edits: 0, kept: true });

function setup(search: string, copyEdits: BlockEdit[] | null) {
  const records = new Map<string, WorldRecord>([['own', record('own')]]);
  const stores = new Map<string, EditStore>([['own', new EditStore()]]);
  if (copyEdits) {
    records.set(RECORD, record(RECORD));
    const store = new EditStore();
    for (const e of copyEdits) store.put(e);
    stores.set(RECORD, store);
  }
  let current: LoadedWorld = { record: records.get('own')!, store: stores.get('own')! };
  const received: BlockEdit[][] = [];
  const saved: BlockEdit[] = [];
  const session: SharedSession = {
    get current() {
      return current;
    },
    open: vi.fn(async (id: string) => {
      current = { record: records.get(id)!, store: stores.get(id) ?? new EditStore() };
      stores.set(id, current.store);
      return 'done' as const;
    }),
    worldWithId: (id) => (current.record.id === id ? current : null),
    receiveEdits: (id, edits) => {
      received.push([...edits]);
      const world = current.record.id === id ? current : null;
      const generated = createBlockSampler(terrainFor(params));
      if (!world) return;
      for (const e of edits) {
        if (generated(e.x, e.y, e.z) === e.block) world.store.delete(e.x, e.y, e.z);
        else world.store.set(e);
      }
    },
  };
  const library: SharedLibrary = {
    get: async (id) => records.get(id) ?? null,
    create: async (name, p, kept, id) => {
      records.set(id, { ...record(id, name), params: p, kept });
      return records.get(id)!;
    },
    edited: (_id, edit) => void saved.push(edit),
    exportWorld: async (id) => ({ text: 'file', record: records.get(id)! }),
    savePose: async () => undefined,
    saveHotbar: async () => undefined,
  };
  const connections: FakeConnection[] = [];
  const toasts: string[] = [];
  const play = new SharedPlay(session, library, { toast: (text) => void toasts.push(text), pose: () => ({ camera: { x: 1, y: 70, z: 2, yaw: 0, pitch: 0 }, mode: 'fly' }) }, {
    origin: 'http://game',
    search,
    identity: new PlayerIdentity(null, () => 'k'.repeat(32)),
    newConnection: () => {
      const c = new FakeConnection();
      connections.push(c);
      return c;
    },
    fetch: async () => ({ status: 201, ok: true, json: async () => ({ id: ID, ownerKey: 'o'.repeat(32), name: 'Hills' }) }),
  });
  return { play, session, connections, toasts, received, saved, stores, open: (id: string) => session.open(id) };
}

describe('SharedPlay', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
  const settle = async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
  };

  it('says a damaged link is damaged and joins nothing', async () => {
    const { play, connections, toasts } = setup('?join=oops', null);
    await settle();
    expect(toasts[0]).toMatch(/invite link is damaged/);
    expect(connections).toHaveLength(0);
    expect(play.status).toBe('offline');
    expect(play.hudLine()).toBe('');
  });

  it('without a copy and without the server: says so, and the own world stays', async () => {
    const { play, session, connections, toasts } = setup(`?join=${ID}`, null);
    await settle();
    expect(connections[0]!.joined).toMatchObject({ worldId: ID, playerKey: 'k'.repeat(32), name: 'Player-kkkk' });
    connections[0]!.fail(new Error('Failed to fetch'));
    await settle();
    expect(toasts.at(-1)).toMatch(/server cannot be reached and this device has no copy/);
    expect(session.current.record.id).toBe('own');
    expect(play.refusal()).toBeNull();
    expect(play.linkQuery()).toBeNull();
  });

  it('opens the copy read-only while the server is away, then lays the room world over it once it answers', async () => {
    const copyOnly = { x: 5, y: 120, z: 5, block: Block.Stone };
    const both = { x: 6, y: 120, z: 5, block: Block.Glass };
    const { play, session, connections, received, saved, stores } = setup(`?join=${ID}`, [copyOnly, both]);
    const joined = vi.fn();
    play.on('joined', joined);
    await settle();
    expect(session.current.record.id).toBe(RECORD);
    play.frame();
    connections[0]!.fail(new Error('Failed to fetch'));
    await settle();
    expect(play.refusal()).toBe(READ_ONLY_MESSAGE);
    expect(play.hudLine()).toBe('Shared world: server unreachable, read-only copy');
    expect(play.status).toBe('connecting');
    expect(play.linkQuery()).toBe(`?join=${ID}`);

    await vi.advanceTimersByTimeAsync(1000); // the next try
    expect(connections).toHaveLength(2);
    const roomOnly = { x: 7, y: 121, z: 5, block: Block.Dirt };
    connections[1]!.welcome([both, roomOnly]);
    await settle();
    expect(play.refusal()).toBeNull();
    expect(joined).toHaveBeenCalledWith({ connection: connections[1], world: expect.objectContaining({ params: expect.anything() }) });
    const store = stores.get(RECORD)!;
    expect(store.get(5, 120, 5)).toBeUndefined();
    expect(store.get(7, 121, 5)).toBe(Block.Dirt);
    expect(store.get(6, 120, 5)).toBe(Block.Glass);
    expect(received.flat().map((e) => [e.x, e.y, e.z])).toEqual([[7, 121, 5], [5, 120, 5]]);
    expect(saved.map((e) => [e.x, e.y, e.z])).toEqual([[7, 121, 5], [5, 120, 5]]);

    // The room's blocks take the same way; the player's own edits and pose go to the room.
    connections[1]!.send('blocks', [{ x: 8, y: 122, z: 5, block: Block.Log, state: 1 }]);
    expect(store.get(8, 122, 5)).toBe(Block.Log);
    expect(store.stateAt(8, 122, 5)).toBe(1);
    play.edited(RECORD, { x: 9, y: 120, z: 5, block: Block.Stone });
    play.edited('own', { x: 9, y: 120, z: 5, block: Block.Stone });
    expect(connections[1]!.sent).toEqual([{ x: 9, y: 120, z: 5, block: Block.Stone, state: 0 }]);
    play.frame();
    expect(connections[1]!.moves.at(-1)).toEqual({ x: 1, y: 70, z: 2, yaw: 0, pitch: 0 });
  });

  it('leaves when another world is opened: the connection ends and `left` fires', async () => {
    const { play, connections, open } = setup(`?join=${ID}`, []);
    const left = vi.fn();
    play.on('left', left);
    await settle();
    play.frame();
    connections[0]!.welcome([]);
    await settle();
    await open('own');
    play.frame();
    expect(connections[0]!.disposed).toBe(true);
    expect(left).toHaveBeenCalledTimes(1);
    expect(play.connection).toBeNull();
    expect(play.refusal()).toBeNull();
    expect(play.hudLine()).toBe('');
  });

  it('shares the open world and joins it as its owner, resolving to the invite link', async () => {
    const { play, connections, session } = setup('', null);
    const link = play.share();
    await settle();
    expect(connections[0]!.joined).toMatchObject({ worldId: ID, ownerKey: 'o'.repeat(32) });
    connections[0]!.welcome([]);
    await expect(link).resolves.toBe(`http://game/?join=${ID}`);
    expect(session.current.record.id).toBe(RECORD);
    await expect(play.share()).resolves.toBe(`http://game/?join=${ID}`);
    expect(connections).toHaveLength(1);
  });
});
