/**
 * Sends a world to the game server to share it (POST /api/worlds with its export file, see
 * server/share-api.ts) and turns every way that can fail into one line for the player.
 */
export interface ShareReply {
  id: string;
  ownerKey: string;
  name: string;
}

export const SERVER_NEEDED = 'Play together needs the game server: start it with npm run server';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; ok: boolean; json(): Promise<unknown> }>;

const isReply = (v: unknown): v is ShareReply =>
  typeof v === 'object' && v !== null && ['id', 'ownerKey', 'name'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

/** The server's id and owner key for the shared world; throws an Error whose message the player reads. */
export async function uploadWorld(fetchFn: FetchLike, origin: string, worldFile: string): Promise<ShareReply> {
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchFn(`${origin}/api/worlds`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: worldFile });
  } catch {
    throw new Error(SERVER_NEEDED);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 201 && isReply(body)) return body;
  const reason = typeof (body as { error?: unknown } | null)?.error === 'string' ? (body as { error: string }).error : null;
  // A static host (vite preview, a CDN) answers 404 or 405 without our JSON, the dev proxy 502
  // with the server down: no game server there.
  if (reason === null) throw new Error([404, 405, 502, 504].includes(response.status) ? SERVER_NEEDED : `The server could not share the world (HTTP ${response.status})`);
  if (response.status === 413) throw new Error(`This world is too large to share: ${reason}`);
  if (response.status === 503) throw new Error(`The server cannot share worlds right now: ${reason}`);
  throw new Error(`The server refused the world: ${reason}`);
}
