import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@colyseus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '../../server/config';
import { StartError, startServer, type RunningServer } from '../../server/start-server';
import { EchoRoom, emptyRepository } from './echo-room';

const PAGE = '<!doctype html><title>voxel</title>';

describe('startServer', () => {
  let staticDir: string;
  let repository: ReturnType<typeof emptyRepository>;
  let running: RunningServer;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'start-server-'));
    await writeFile(join(staticDir, 'index.html'), PAGE);
    repository = emptyRepository();
    running = await startServer({
      config: { ...DEFAULT_SERVER_CONFIG, port: 0, staticDir },
      repository,
      defineRooms: (server) => server.define('echo', EchoRoom).filterBy(['channel']),
    });
  });

  afterAll(async () => {
    await running.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves the client and matchmakes rooms over HTTP and WebSocket on one port', async () => {
    const page = await fetch(`http://127.0.0.1:${running.port}/?seed=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(PAGE);
    expect((await fetch(`http://127.0.0.1:${running.port}/missing.js`)).status).toBe(404);
    // The share endpoint is there too, ahead of the files (share-api.test.ts tests it in full).
    const share = await fetch(`http://127.0.0.1:${running.port}/api/worlds`, { method: 'POST', body: '{}' });
    expect(share.status).toBe(400);
    expect(((await share.json()) as { error: string }).error).toMatch(/^This file is not a voxel-terrain-sandbox world/);

    const alice = await new Client(`http://127.0.0.1:${running.port}`).joinOrCreate('echo', { channel: 'a' });
    const bob = await new Client(`http://127.0.0.1:${running.port}`).joinOrCreate('echo', { channel: 'a' });
    const carol = await new Client(`http://127.0.0.1:${running.port}`).joinOrCreate('echo', { channel: 'b' });
    try {
      expect(bob.roomId).toBe(alice.roomId);
      expect(carol.roomId).not.toBe(alice.roomId);
      alice.onMessage('said', () => undefined);
      carol.onMessage('said', () => undefined);
      const heard = new Promise((resolve) => bob.onMessage('said', resolve));
      alice.send('say', 'hello');
      expect(await heard).toEqual({ from: alice.sessionId, text: 'hello' });
    } finally {
      await Promise.all([alice.leave(), bob.leave(), carol.leave()]);
    }
  });
});

describe('startServer, closing', () => {
  it('frees the port and disposes the repository once, however often it is closed', async () => {
    const repository = emptyRepository();
    const running = await startServer({
      config: { ...DEFAULT_SERVER_CONFIG, port: 0, staticDir: join(tmpdir(), 'no-client-built') },
      repository,
      defineRooms: (server) => server.define('echo', EchoRoom),
    });
    const room = await new Client(`http://127.0.0.1:${running.port}`).joinOrCreate('echo');
    const left = new Promise<number>((resolve) => room.onLeave(resolve));
    // An idle keep-alive connection, as a page load leaves, must not hold the port open.
    await (await fetch(`http://127.0.0.1:${running.port}/`)).text();

    await Promise.all([running.close(), running.close()]);
    await running.close();
    expect(repository.disposed).toBe(1);
    expect(await left).toBeGreaterThan(1000);
    await expect(fetch(`http://127.0.0.1:${running.port}/`)).rejects.toThrow();
  });

  it('says in one line that the port is taken, and disposes the repository', async () => {
    const taken: HttpServer = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as AddressInfo).port;
    const repository = emptyRepository();
    try {
      const start = startServer({ config: { ...DEFAULT_SERVER_CONFIG, port, staticDir: join(tmpdir(), 'no-client-built') }, repository, defineRooms: () => undefined });
      await expect(start).rejects.toThrow(StartError);
      await expect(start).rejects.toThrow(`cannot listen on port ${port}: EADDRINUSE`);
      expect(repository.disposed).toBe(1);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('says in one line that Redis cannot be reached, instead of retrying forever', async () => {
    const closed: HttpServer = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const repository = emptyRepository();
    const start = startServer({
      config: { ...DEFAULT_SERVER_CONFIG, port: 0, staticDir: join(tmpdir(), 'no-client-built'), redisUrl: `redis://:secret@127.0.0.1:${port}/0` },
      repository,
      defineRooms: () => undefined,
    });
    await expect(start).rejects.toThrow(new StartError(`REDIS_URL: cannot reach 127.0.0.1:${port} (ECONNREFUSED)`));
    expect(repository.disposed).toBe(1);
  });

  it('reads frames up to maxFrameBytes, beyond the 4 KiB Colyseus reads by default', async () => {
    const running = await startServer({
      config: { ...DEFAULT_SERVER_CONFIG, port: 0, staticDir: join(tmpdir(), 'no-client-built') },
      repository: emptyRepository(),
      defineRooms: (server) => server.define('echo', EchoRoom),
      maxFrameBytes: 16 * 1024,
    });
    try {
      const room = await new Client(`http://127.0.0.1:${running.port}`).joinOrCreate('echo');
      const heard = new Promise<{ text: string }>((resolve) => room.onMessage('said', resolve));
      const text = 'x'.repeat(8 * 1024);
      room.send('say', text);
      expect((await heard).text).toBe(text);
    } finally {
      await running.close();
    }
  });
});
