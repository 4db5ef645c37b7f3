/**
 * Fresh identities for saved worlds and for tabs: a UUID from crypto.randomUUID, or 16
 * random bytes as hex where it is missing. randomUUID exists only on secure origins, and a
 * game opened from another machine on the LAN (http://192.168.x.x:5173) is not one, while
 * getRandomValues works everywhere.
 */

/** The two crypto functions this needs; `globalThis.crypto` by default, a stand-in in tests. */
export type IdRandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

export function randomId(source: IdRandomSource = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}
