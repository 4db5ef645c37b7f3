/**
 * Builds the game's SharedPlay from the browser's parts: the page's origin as the server, a
 * SharedWorldConnection per join (edit numbers kept in localStorage), the player's identity,
 * fetch for sharing; and attaches it to the worlds' editing. Kept apart so game.ts only
 * names what it hands over.
 */
import type { WorldLibrary } from '../../persistence/world-library';
import { localSeqStore } from '../net/local-seq-store';
import { pageStorage, PlayerIdentity } from '../net/player-identity';
import { SharedWorldConnection } from '../net/shared-world-connection';
import { SharedPlay, type SharedPlayHooks } from './shared-play';
import type { Worlds } from './worlds';

export function createSharedPlay(worlds: Worlds, library: WorldLibrary, search: string, hooks: SharedPlayHooks): SharedPlay {
  const storage = pageStorage();
  const seqs = storage ? localSeqStore(storage) : undefined;
  const shared = new SharedPlay(worlds.session, library, hooks, {
    origin: location.origin,
    search,
    identity: new PlayerIdentity(storage),
    newConnection: () => new SharedWorldConnection(seqs ?? localSeqStore({ getItem: () => null, setItem: () => undefined })),
    fetch: (url, init) => fetch(url, init),
  });
  worlds.attachShared(shared);
  return shared;
}
