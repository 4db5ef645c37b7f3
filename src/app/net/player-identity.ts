/**
 * Who this browser is in shared worlds, kept in localStorage so it survives reloads: the
 * player key (the secret the room dedupes re-sent edits by and remembers invitations under),
 * the display name (Settings writes `voxel.player.name`), and the owner key of each world
 * this browser shared (so it joins those as their owner).
 *
 * Reading and writing never throw: where localStorage is disabled the key lives for the page.
 */

// The names Settings' display-name field uses too: one place for both.
import { PLAYER_KEY_STORAGE_KEY as PLAYER_KEY_ITEM, DISPLAY_NAME_STORAGE_KEY as PLAYER_NAME_ITEM } from '../../net/display-name';
const OWNER_PREFIX = 'voxel.shared.owner.';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** 24 random bytes, base64url: the shape the room accepts for keys. */
export function newPlayerKey(random: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => void crypto.getRandomValues(b)): string {
  const bytes = new Uint8Array(24);
  random(bytes);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export class PlayerIdentity {
  private key: string | null = null;
  /** What this page wrote, for where the storage refuses it: the page still joins as owner. */
  private readonly written = new Map<string, string>();

  constructor(
    private readonly storage: KeyValueStore | null,
    private readonly makeKey: () => string = () => newPlayerKey(),
  ) {}

  /** This browser's player key: made once, then the same across reloads. */
  get playerKey(): string {
    if (this.key) return this.key;
    const stored = this.read(PLAYER_KEY_ITEM);
    this.key = stored !== null && KEY_SHAPE.test(stored) ? stored : this.makeKey();
    if (this.key !== stored) this.write(PLAYER_KEY_ITEM, this.key);
    return this.key;
  }

  /** The name others see: the one chosen in Settings, else "Player-" and 4 characters of the key. */
  get name(): string {
    const chosen = this.read(PLAYER_NAME_ITEM)?.trim();
    return chosen ? chosen : `Player-${this.playerKey.slice(0, 4)}`;
  }

  ownerKey(worldId: string): string | undefined {
    const key = this.read(OWNER_PREFIX + worldId);
    return key !== null && KEY_SHAPE.test(key) ? key : undefined;
  }

  setOwnerKey(worldId: string, ownerKey: string): void {
    this.write(OWNER_PREFIX + worldId, ownerKey);
  }

  private read(item: string): string | null {
    try {
      return this.storage?.getItem(item) ?? this.written.get(item) ?? null;
    } catch {
      return this.written.get(item) ?? null;
    }
  }

  private write(item: string, value: string): void {
    this.written.set(item, value);
    try {
      this.storage?.setItem(item, value);
    } catch {
      // Disabled or full: kept for this page only (a reload would be a new player).
    }
  }
}

/** localStorage where the page may use it, else nothing (a sandboxed frame throws on access). */
export function pageStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
