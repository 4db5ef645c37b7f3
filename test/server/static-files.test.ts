import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStaticFiles } from '../../server/static-files';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>game</title>',
  'lab.html': '<!doctype html><title>lab</title>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': '{"name":"Voxel"}',
  'robots.txt': 'User-agent: *',
  'favicon.ico': 'ico',
  'icons/icon-192.png': 'png',
  'icons/logo.svg': '<svg/>',
  'assets/index-AbC123.js': 'console.log(1)',
  'assets/index-AbC123.css': 'body{}',
  'assets/atlas-Xy9.png': 'png',
  'assets/noise-Q1.wasm': 'wasm',
  'assets/data.json': '{}',
  'assets/odd.bin': 'bytes',
};

describe('serveStaticFiles', () => {
  let dir: string;
  let server: Server;
  let port: number;

  /** A GET (or `method`) with the path sent exactly as written: fetch() would resolve `..` itself. */
  function get(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'static-files-'));
    const root = join(dir, 'dist');
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(join(root, name, '..'), { recursive: true });
      await writeFile(join(root, name), text);
    }
    // Next to the root, where a traversal would land.
    await writeFile(join(dir, 'secret.txt'), 'the database password');
    await writeFile(join(dir, 'dist-secret.txt'), 'a sibling whose name starts like the root');
    server = createServer(serveStaticFiles({ root }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('serves each file with its MIME type and length', async () => {
    const types: Record<string, string> = {
      '/index.html': 'text/html; charset=utf-8',
      '/lab.html': 'text/html; charset=utf-8',
      '/sw.js': 'text/javascript; charset=utf-8',
      '/manifest.webmanifest': 'application/manifest+json; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/favicon.ico': 'image/x-icon',
      '/icons/icon-192.png': 'image/png',
      '/icons/logo.svg': 'image/svg+xml',
      '/assets/index-AbC123.js': 'text/javascript; charset=utf-8',
      '/assets/index-AbC123.css': 'text/css; charset=utf-8',
      '/assets/atlas-Xy9.png': 'image/png',
      '/assets/noise-Q1.wasm': 'application/wasm',
      '/assets/data.json': 'application/json; charset=utf-8',
      '/assets/odd.bin': 'application/octet-stream',
    };
    for (const [path, type] of Object.entries(types)) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type'], path).toBe(type);
      expect(reply.body, path).toBe(FILES[path.slice(1)]);
      expect(reply.headers['content-length'], path).toBe(String(Buffer.byteLength(FILES[path.slice(1)]!)));
      expect(reply.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('serves the page for `/`, for queries and for paths without an extension', async () => {
    for (const path of ['/', '/?seed=42&x=10', '/play', '/worlds/abc/', '/assets', '/icons/', '/%20']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).toBe(FILES['index.html']);
      expect(reply.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers 404 for a missing file with an extension', async () => {
    for (const path of ['/missing.js', '/assets/gone-123.js', '/icons/none.png', '/index.htm']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).not.toContain('<title>');
    }
  });

  it('never serves a file outside the root, however `..` is spelled', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/../dist-secret.txt',
      '/%2e%2e/dist-secret.txt',
      '/index.html%00.png',
      '/%E0%A4%A',
    ];
    for (const path of attempts) {
      const reply = await get(path);
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(reply.body, path).not.toMatch(/password|sibling/);
    }
  });

  it('has the page and the service worker revalidated, and hashed assets cached for a year', async () => {
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/index-AbC123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/atlas-Xy9.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a revalidation with 304 while the file is unchanged', async () => {
    const first = await get('/sw.js');
    const again = await get('/sw.js', { headers: { 'if-none-match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/sw.js', { headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
  });

  it('answers HEAD with the headers only, and refuses other methods', async () => {
    const head = await get('/assets/index-AbC123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(FILES['assets/index-AbC123.js']!.length));
    const post = await get('/index.html', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('serveStaticFiles without a build', () => {
  it('answers 404 for the page when the root has no index.html', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'static-files-empty-'));
    const server = createServer(serveStaticFiles({ root: join(dir, 'missing') }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(reply.status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
