/** The pure rules of playing a shared world: the link, the identity, editing, the HUD line, the upload's messages. */
import { describe, expect, it } from 'vitest';
import { inviteLink, isWorldId, parseJoin, sharedRecordId, sharedWorldOf } from '../../../src/app/net/join-link';
import { newPlayerKey, PlayerIdentity } from '../../../src/app/net/player-identity';
import { DISPLAY_NAME_STORAGE_KEY as PLAYER_NAME_ITEM } from '../../../src/net/display-name';
import { SERVER_NEEDED, uploadWorld, type FetchLike } from '../../../src/app/net/share-upload';
import { connectionLine, editRefusal, joinChanges, READ_ONLY_MESSAGE, retryDelayMs, type SharedState } from '../../../src/app/net/shared-rules';

const ID = 'AbCdEfGhIjKlMnOpQr_-12';

describe('join links', () => {
  it('reads a well-formed world id and nothing else', () => {
    expect(parseJoin('?join=' + ID)).toEqual({ ok: true, worldId: ID });
    expect(parseJoin('?seed=1')).toBeNull();
    for (const bad of ['abc', ID + 'x', ID.slice(1) + '!', '../../etc', '']) {
      const parsed = parseJoin('?join=' + encodeURIComponent(bad));
      expect(parsed?.ok).toBe(false);
      expect(parsed && !parsed.ok && parsed.error).toMatch(/invite link is damaged/);
    }
  });

  it('builds the invite link and names the copy so it is clearly that shared world', () => {
    expect(inviteLink('http://localhost:2567', ID)).toBe(`http://localhost:2567/?join=${ID}`);
    expect(parseJoin(new URL(inviteLink('http://h', ID)).search)).toEqual({ ok: true, worldId: ID });
    expect(sharedRecordId(ID)).toBe(`shared:${ID}`);
    expect(sharedWorldOf(sharedRecordId(ID))).toBe(ID);
    expect(sharedWorldOf('0f4c2a5e-1111-2222-3333-444455556666')).toBeNull();
    expect(sharedWorldOf('shared:nope')).toBeNull();
    expect(isWorldId(ID)).toBe(true);
  });
});

describe('player identity', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it('keeps one player key across pages, and names the player from it until a name is chosen', () => {
    const storage = memory();
    const first = new PlayerIdentity(storage, () => 'k'.repeat(32));
    const key = first.playerKey;
    expect(new PlayerIdentity(storage, () => 'other-key-000000000000').playerKey).toBe(key);
    expect(first.name).toBe(`Player-${key.slice(0, 4)}`);
    storage.setItem(PLAYER_NAME_ITEM, '  Ada ');
    expect(first.name).toBe('Ada');
  });

  it('makes URL-safe keys of 24 random bytes, and keeps owner keys per world', () => {
    const key = newPlayerKey((b) => b.fill(255));
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const storage = memory();
    const identity = new PlayerIdentity(storage);
    expect(identity.ownerKey(ID)).toBeUndefined();
    identity.setOwnerKey(ID, key);
    expect(new PlayerIdentity(storage).ownerKey(ID)).toBe(key);
  });

  it('never throws where storage is refused', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    const identity = new PlayerIdentity(refusing, () => 'x'.repeat(32));
    expect(identity.playerKey).toBe('x'.repeat(32));
    expect(identity.name).toBe('Player-xxxx');
  });
});

describe('editing a shared world', () => {
  const state = (s: Partial<SharedState>): SharedState => ({ onScreen: true, status: 'online', welcomed: true, players: 0, pending: 0, closed: null, ...s });

  it('is allowed once the room world is on screen, also while reconnecting (kept pending), and refused on the read-only copy', () => {
    expect(editRefusal(state({}))).toBeNull();
    expect(editRefusal(state({ status: 'reconnecting' }))).toBeNull();
    expect(editRefusal(state({ status: 'connecting', welcomed: false }))).toBe(READ_ONLY_MESSAGE);
    expect(editRefusal(state({ status: 'online', welcomed: false }))).toBe(READ_ONLY_MESSAGE);
    expect(editRefusal(state({ status: 'reconnecting', welcomed: false }))).toBe(READ_ONLY_MESSAGE);
    expect(editRefusal(state({ status: 'offline', welcomed: false, closed: 'removed by the owner' }))).toMatch(/read-only: removed by the owner/);
    // Another world on screen: not the shared world's business.
    expect(editRefusal(state({ onScreen: false, status: 'connecting', welcomed: false }))).toBeNull();
  });

  it('says on the HUD how the connection is', () => {
    expect(connectionLine(state({ players: 1 }))).toBe('Shared world: online, 2 players');
    expect(connectionLine(state({ players: 0, pending: 1 }))).toBe('Shared world: online, 1 player, 1 edit pending');
    expect(connectionLine(state({ status: 'reconnecting', pending: 3 }))).toBe('Shared world: reconnecting, 3 edits pending');
    expect(connectionLine(state({ status: 'connecting', welcomed: false }))).toBe('Shared world: server unreachable, read-only copy');
    expect(connectionLine(state({ onScreen: false, status: 'connecting', welcomed: false }))).toBe('Shared world: connecting…');
    expect(connectionLine(state({ status: 'offline', welcomed: false, closed: 'kicked' }))).toMatch(/disconnected \(kicked\), read-only copy/);
  });

  it('waits longer after each failed join, at most 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('lays the room world over the copy: its edits win, the copy\'s own edits go back to the generated block', () => {
    const copy = [{ x: 1, y: 60, z: 1, block: 3 }, { x: 2, y: 60, z: 2, block: 4 }, { x: 3, y: 60, z: 3, block: 5, state: 2 }];
    const room = [{ x: 1, y: 60, z: 1, block: 3 }, { x: 3, y: 60, z: 3, block: 5, state: 1 }, { x: 9, y: 61, z: 9, block: 0 }];
    expect(joinChanges(copy, room)).toEqual([
      { x: 3, y: 60, z: 3, block: 5, state: 1 },
      { x: 9, y: 61, z: 9, block: 0, state: 0 },
      { x: 2, y: 60, z: 2, block: null, state: 0 },
    ]);
    expect(joinChanges(room, room)).toEqual([]);
  });
});

describe('sharing a world', () => {
  const answer = (status: number, body: unknown): FetchLike => async () => ({ status, ok: status < 300, json: async () => body });

  it('gives the server\'s id and owner key', async () => {
    let sent: { url: string; body: string } | null = null;
    const fetchFn: FetchLike = async (url, init) => {
      sent = { url, body: init.body };
      return { status: 201, ok: true, json: async () => ({ id: ID, ownerKey: 'o'.repeat(32), name: 'Hills' }) };
    };
    expect(await uploadWorld(fetchFn, 'http://h:1', '{"file":1}')).toEqual({ id: ID, ownerKey: 'o'.repeat(32), name: 'Hills' });
    expect(sent).toEqual({ url: 'http://h:1/api/worlds', body: '{"file":1}' });
  });

  it('says in one line why it failed', async () => {
    await expect(uploadWorld(async () => { throw new TypeError('Failed to fetch'); }, 'http://h', '')).rejects.toThrow(SERVER_NEEDED);
    await expect(uploadWorld(answer(404, null), 'http://h', '')).rejects.toThrow(SERVER_NEEDED);
    await expect(uploadWorld(answer(502, null), 'http://h', '')).rejects.toThrow(SERVER_NEEDED);
    await expect(uploadWorld(answer(413, { error: 'A world file of 9 bytes is larger than this server accepts (8).' }), 'http://h', '')).rejects.toThrow(/too large to share: A world file of 9 bytes/);
    await expect(uploadWorld(answer(503, { error: 'The server is busy sharing other worlds.' }), 'http://h', '')).rejects.toThrow(/cannot share worlds right now: The server is busy/);
    await expect(uploadWorld(answer(400, { error: 'Not a world file.' }), 'http://h', '')).rejects.toThrow(/refused the world: Not a world file/);
    await expect(uploadWorld(answer(500, 'oops'), 'http://h', '')).rejects.toThrow(/HTTP 500/);
  });
});
