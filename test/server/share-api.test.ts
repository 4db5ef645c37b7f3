/**
 * The share endpoint over a real HTTP server: a world file in, a new shared world with its
 * edits in the repository and an unguessable id and owner key out; anything else refused with
 * a sentence, and nothing stored.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareApi, SHARE_PATH } from '../../server/share-api';
import { encodeWorldFile } from '../../src/storage/world-file';
import { Block } from '../../src/world';
import { sampleRecord } from '../storage/fixtures';
import { MemoryRepository } from './memory-repository';

const repository = new MemoryRepository();
let server: Server;
let base = '';
/** Share requests whose headers the server has read. */
let sharesArrived = 0;

beforeAll(async () => {
  const handle = shareApi(repository, { maxBodyBytes: 64 * 1024 });
  server = createServer((req, res) => {
    if (req.url === SHARE_PATH) sharesArrived++;
    if (!handle(req, res)) res.writeHead(404).end('not the API');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (body: string | Uint8Array<ArrayBuffer>) => fetch(base + SHARE_PATH, { method: 'POST', body });

describe('POST /api/worlds', () => {
  it('stores the posted world with its edits under a new 128-bit id, and gives the owner a key', async () => {
    const edits = [
      { x: 3, y: 70, z: -5, block: Block.Stone },
      { x: -40, y: 12, z: 900, block: Block.Air },
    ];
    const text = await encodeWorldFile(sampleRecord({ name: 'Our castle', edits: edits.length }), edits);
    const res = await post(text);
    expect(res.status).toBe(201);
    const reply = (await res.json()) as { id: string; ownerKey: string; name: string };
    expect(reply.name).toBe('Our castle');
    expect(reply.id).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 bytes, base64url
    expect(reply.ownerKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await repository.world(reply.id);
    expect(stored).toMatchObject({ id: reply.id, name: 'Our castle', ownerKey: reply.ownerKey, policy: 'visitors', builders: [] });
    expect(stored!.params).toEqual(sampleRecord().params);
    const sortKey = (e: { x: number; y: number; z: number }) => `${e.x},${e.y},${e.z}`;
    expect((await repository.edits(reply.id)).map(sortKey).sort()).toEqual(edits.map(sortKey).sort());
    // Another share of the same file is another world.
    const again = (await (await post(text)).json()) as { id: string };
    expect(again.id).not.toBe(reply.id);
  });

  it('refuses what is not a world file with the import\'s own sentence, and stores nothing', async () => {
    const before = repository.worldCount;
    const res = await post('{"hello": "world"}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^This file is not a voxel-terrain-sandbox world/);
    expect(repository.worldCount).toBe(before);
  });

  it('refuses a body over the limit without reading it all, and other methods', async () => {
    const res = await post(new Uint8Array(200 * 1024));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toContain('larger than this server accepts');
    const get = await fetch(base + SHARE_PATH);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await fetch(`${base}/index.html`)).status).toBe(404); // not the API's: left to the caller
  });

  it('reads at most two shares at once: a third is told to come back, and nothing is stored for it', async () => {
    const { request } = await import('node:http');
    const url = new URL(base + SHARE_PATH);
    const arrivedBefore = sharesArrived;
    // Two uploads that have started and not finished: their bodies never end.
    const slow = [0, 1].map(() => {
      const req = request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } });
      req.flushHeaders();
      req.on('error', () => undefined);
      req.write('{"format":');
      return req;
    });
    try {
      await expect.poll(() => sharesArrived, { timeout: 30_000 }).toBe(arrivedBefore + 2);
      const before = repository.worldCount;
      const third = await post(await encodeWorldFile(sampleRecord(), []));
      expect(third.status).toBe(503);
      expect(((await third.json()) as { error: string }).error).toContain('busy');
      expect(repository.worldCount).toBe(before);
    } finally {
      for (const req of slow) req.destroy();
    }
    // Once they are gone, shares are read again.
    await expect.poll(async () => (await post(await encodeWorldFile(sampleRecord(), []))).status, { timeout: 30_000 }).toBe(201);
  });

  it('answers 503 with the reason when the database is down', async () => {
    const text = await encodeWorldFile(sampleRecord(), []);
    repository.down = true;
    try {
      const res = await post(text);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toContain('database is unavailable');
    } finally {
      repository.down = false;
    }
  });
});
