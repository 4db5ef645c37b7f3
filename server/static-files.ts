/**
 * Serves the built client (vite build's dist/) from the HTTP server the rooms use, so one port
 * and one origin carry the game, matchmaking and WebSockets. A request handler over node:fs and
 * nothing else: start-server.ts mounts it behind Colyseus's own routes.
 */
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

export interface StaticFilesOptions {
  /** The directory to serve (the built client). */
  root: string;
  /** The page for `/` and for paths without an extension (the game's state lives in its query). */
  indexFile: string;
  /** Files the browser must revalidate every time, like the page: the service worker decides which version runs. */
  noCacheFiles: readonly string[];
  /** Where Vite puts content-hashed files: a name there never changes content, so it is cached for a year. */
  immutablePrefix: string;
}

export const DEFAULT_STATIC_FILES_OPTIONS: Readonly<Omit<StaticFilesOptions, 'root'>> = Object.freeze({
  indexFile: 'index.html',
  noCacheFiles: ['/index.html', '/sw.js'],
  immutablePrefix: '/assets/',
});

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The browser may keep a copy but must ask (cheaply: ETag, 304) before each use. */
const REVALIDATE = 'no-cache';

/** A handler that answers GET and HEAD from `options.root`; the rest of the options default. */
export function serveStaticFiles(options: Pick<StaticFilesOptions, 'root'> & Partial<StaticFilesOptions>): RequestHandler {
  const settings: StaticFilesOptions = { ...DEFAULT_STATIC_FILES_OPTIONS, ...options };
  const root = resolve(settings.root);
  return (req, res) => {
    handle(root, settings, req, res).catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  };
}

async function handle(root: string, settings: StaticFilesOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return plain(res, 405, 'Method Not Allowed');
  }
  const urlPath = decodePath(req.url ?? '/');
  if (urlPath === null) return plain(res, 400, 'Bad Request');

  const hasExtension = extname(urlPath) !== '';
  if (!urlPath.endsWith('/')) {
    const file = await regularFile(root, urlPath);
    if (file) return send(req, res, file.path, file.stats, cacheControl(settings, urlPath));
    if (hasExtension) return plain(res, 404, 'Not Found');
  }
  // `/`, a directory, or a path the client routes itself: the page.
  const index = `/${settings.indexFile}`;
  const page = await regularFile(root, index);
  if (!page) return plain(res, 404, 'Not Found');
  return send(req, res, page.path, page.stats, cacheControl(settings, index));
}

/**
 * The request's path, percent-decoded, or null when it could leave the root: a `..` segment
 * (encoded or not, `/` or `\`), a NUL, or bad encoding. Refused rather than resolved, so no
 * request names a file outside the root however it is spelled.
 */
function decodePath(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0]!;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0')) return null;
  if (path.split(/[/\\]/).some((segment) => segment === '..')) return null;
  return path;
}

/** The file at `urlPath` under `root` when it is a regular file (not a directory), else null. */
async function regularFile(root: string, urlPath: string): Promise<{ path: string; stats: Stats } | null> {
  const path = join(root, urlPath);
  // decodePath already refused `..`; this is the check that holds whatever it missed.
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const stats = await stat(path);
    return stats.isFile() ? { path, stats } : null;
  } catch {
    return null;
  }
}

function cacheControl(settings: StaticFilesOptions, urlPath: string): string {
  if (settings.noCacheFiles.includes(urlPath)) return REVALIDATE;
  return urlPath.startsWith(settings.immutablePrefix) ? IMMUTABLE : REVALIDATE;
}

function send(req: IncomingMessage, res: ServerResponse, path: string, stats: Stats, cache: string): void {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  res.setHeader('Cache-Control', cache);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', stats.mtime.toUTCString());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream');
  res.setHeader('Content-Length', stats.size);
  res.statusCode = 200;
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}
