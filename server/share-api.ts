/**
 * How a world becomes shared: the client posts the world as its export file (the same text
 * Export writes, so parameters and edits travel in the one format we already read and
 * validate), and the server answers with the world's id for the invite link and the owner's
 * key. The id is 128 random bits and the key 192: a world is found only through its link,
 * and owned only by the browser that shared it.
 *
 *   POST /api/worlds   body: a world file   →   201 { id, ownerKey, name }
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeWorldFile, maxWorldFileChars } from '../src/storage/world-file';
import type { WorldRepository } from './storage/world-repository';

export const SHARE_PATH = '/api/worlds';

/** What the client gets back from a share. */
export interface ShareReply {
  id: string;
  ownerKey: string;
  name: string;
}

export interface ShareApiOptions {
  /** Largest body accepted, in bytes: by default the largest world file the game can import. */
  maxBodyBytes: number;
  /**
   * Shares read at once; more are answered 503 at once. A share may hold a large file in memory
   * while it is read and decoded, and the process also hosts every room: a few uploads in
   * parallel must not be able to run it out of memory.
   */
  maxConcurrentShares: number;
}

export const DEFAULT_SHARE_API_OPTIONS: Readonly<ShareApiOptions> = Object.freeze({ maxBodyBytes: maxWorldFileChars(), maxConcurrentShares: 2 });

/** A body refused for its size (413), as against a connection that failed while sending it. */
class TooLarge extends Error {}

/** A URL-safe random id of `bytes` random bytes. */
export function randomId(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * An HTTP handler for the share endpoint: true when it answered the request (or will), false
 * when the request is not for it, so the caller serves it otherwise.
 */
export function shareApi(repository: WorldRepository, options: Partial<ShareApiOptions> = {}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { maxBodyBytes, maxConcurrentShares } = { ...DEFAULT_SHARE_API_OPTIONS, ...options };
  let sharing = 0;
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SHARE_PATH) return false;
    if (req.method !== 'POST') {
      reply(res, 405, { error: 'POST a world file to share it' }, { Allow: 'POST' });
      return true;
    }
    if (sharing >= maxConcurrentShares) {
      reply(res, 503, { error: 'The server is busy sharing other worlds. Try again in a moment.' }, { Connection: 'close', 'Retry-After': '5' });
      return true;
    }
    sharing++;
    void readBody(req, maxBodyBytes)
      .then(
        (body) => share(repository, body).then(([status, payload]) => reply(res, status, payload)),
        (error: unknown) => {
          if (error instanceof TooLarge) reply(res, 413, { error: error.message }, { Connection: 'close' });
          else reply(res, 400, { error: `The world file did not arrive whole (${error instanceof Error ? error.message : String(error)}).` });
        },
      )
      .finally(() => sharing--);
    return true;
  };
}

async function share(repository: WorldRepository, body: Buffer): Promise<[number, ShareReply | { error: string }]> {
  const file = await decodeWorldFile(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  if (!file.ok) return [400, { error: file.error }];
  const { name, params } = file.world;
  const world = { id: randomId(16), name, params, ownerKey: randomId(24), policy: 'visitors' as const, builders: [] };
  try {
    await repository.createWorld(world, file.edits);
  } catch (error) {
    return [503, { error: `The world could not be stored: the server's database is unavailable (${error instanceof Error ? error.message : String(error)}). Try again later.` }];
  }
  return [201, { id: world.id, ownerKey: world.ownerKey, name }];
}

/** The request's body, refused once it grows past `max` bytes (the socket is not read further). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > max) {
      reject(new TooLarge(`A world file of ${declared} bytes is larger than this server accepts (${max}).`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > max) {
        reject(new TooLarge(`The world file is larger than this server accepts (${max} bytes).`));
        // Drained, not kept: the reply goes out and the connection closes behind it.
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
