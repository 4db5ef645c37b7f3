/**
 * The name other players see: chosen in Settings, kept in the browser (localStorage key
 * `voxel.player.name`), checked here before it is kept. Plain text: no control characters
 * or direction overrides, trimmed, whitespace runs made one space, at most the protocol's
 * name length, so what the player typed is what the room shows (the room cleans names the same
 * way, src/net/parse.ts, and would otherwise change it behind the player's back).
 *
 * Pure but for the storage it is handed; randomness and the player key come from the caller.
 */
import { nameHash } from './name-colour';
import { DEFAULT_NET_LIMITS } from './protocol';

export const DISPLAY_NAME_STORAGE_KEY = 'voxel.player.name';
/** Where the client keeps its player key (JoinOptions.playerKey), which the default name is made from. */
export const PLAYER_KEY_STORAGE_KEY = 'voxel.player.key';

/** The storage calls used here (localStorage in the browser, a plain object in tests). */
export interface NameStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export type NameCheck = { ok: true; name: string } | { ok: false; reason: string };

// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** A typed name, checked: the name to keep, or why it cannot be one (in the player's words). */
export function checkDisplayName(raw: unknown, maxLength = DEFAULT_NET_LIMITS.maxNameLength): NameCheck {
  if (typeof raw !== 'string') return { ok: false, reason: 'A name must be text.' };
  if (NOT_PLAIN.test(raw)) return { ok: false, reason: 'A name cannot hold control characters or line breaks.' };
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name === '') return { ok: false, reason: 'A name needs at least one letter or digit.' };
  const length = Array.from(name).length;
  if (length > maxLength) return { ok: false, reason: `A name may have at most ${maxLength} characters (this one has ${length}).` };
  return { ok: true, name };
}

/**
 * "Player-" and four letters or digits from `seed`: the player key when there is one, so
 * the name stays the same in every tab before one is chosen. Four characters of a hash give
 * away nothing of a 128-bit key.
 */
export function defaultDisplayName(seed: string): string {
  return `Player-${nameHash(seed).toString(36).toUpperCase().padStart(4, '0').slice(-4)}`;
}

/**
 * The kept name, or a default from `seed()` when none is kept or the kept one is not a name
 * (a hand edit, an older game): the default is kept then, so it stays the same after a
 * reload even when it came from a random seed. Storage that throws gives the default.
 */
export function readDisplayName(storage: NameStorage | null, seed: () => string, maxLength = DEFAULT_NET_LIMITS.maxNameLength): string {
  let stored: string | null;
  try {
    stored = storage?.getItem(DISPLAY_NAME_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  const check = stored === null ? null : checkDisplayName(stored, maxLength);
  if (check?.ok) return check.name;
  const name = defaultDisplayName(seed());
  writeDisplayName(storage, name);
  return name;
}

/** Keeps `name` (already checked); the failure in words, or null once kept. */
export function writeDisplayName(storage: NameStorage | null, name: string): string | null {
  if (!storage) return 'this browser keeps no settings';
  try {
    storage.setItem(DISPLAY_NAME_STORAGE_KEY, name);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
