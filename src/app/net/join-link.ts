/**
 * The invite link of a shared world (`?join=<world id>`) and how a shared world is kept in the
 * player's own worlds. Pure: no DOM, so the rules are tested in Node.
 *
 * World ids are the server's 128 random bits in base64url (server/share-api.ts): 22 URL-safe
 * characters. The link is checked against that shape before anything is sent: a mistyped or
 * truncated link is said at once, and nothing but a well-formed id ever reaches the server.
 */

/** The query parameter that names a shared world to join. */
export const JOIN_PARAM = 'join';

/** A shared world's copy among the player's worlds: clearly that shared world, never a local one. */
export const SHARED_RECORD_PREFIX = 'shared:';

const WORLD_ID = /^[A-Za-z0-9_-]{22}$/;

export type JoinRequest = { ok: true; worldId: string } | { ok: false; error: string };

export function isWorldId(text: string): boolean {
  return WORLD_ID.test(text);
}

/** The shared world a page address asks to join: null when it asks none. */
export function parseJoin(search: string): JoinRequest | null {
  const text = new URLSearchParams(search).get(JOIN_PARAM);
  if (text === null) return null;
  const id = text.trim();
  if (isWorldId(id)) return { ok: true, worldId: id };
  return { ok: false, error: `This invite link is damaged (join="${id.length > 40 ? `${id.slice(0, 40)}…` : id}" is not a shared world's id): opening your own world instead` };
}

/** The link that invites others into shared world `worldId`. */
export function inviteLink(origin: string, worldId: string): string {
  return `${origin}/?${JOIN_PARAM}=${worldId}`;
}

/** The id of the player's own copy of shared world `worldId`. */
export function sharedRecordId(worldId: string): string {
  return SHARED_RECORD_PREFIX + worldId;
}

/** The shared world a saved world is the copy of, or null for the player's own worlds. */
export function sharedWorldOf(recordId: string): string | null {
  if (!recordId.startsWith(SHARED_RECORD_PREFIX)) return null;
  const id = recordId.slice(SHARED_RECORD_PREFIX.length);
  return isWorldId(id) ? id : null;
}
