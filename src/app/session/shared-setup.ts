/**
 * Builds the game's SharedPlay from the browser's parts: the page's origin as the server, a
 * SharedWorldConnection per join (edit numbers kept in localStorage), the player's identity,
 * fetch for sharing; and the people view (others' figures, the players list, chat) that
 * follows its joins and leaves. Both are attached to the worlds, which run them every frame
 * and dispose them. Kept apart so game.ts only names what it hands over.
 */
import type { WorldLibrary } from '../../persistence/world-library';
import { localSeqStore } from '../net/local-seq-store';
import { createPeopleView, type PeopleViewDeps } from '../net/people-view';
import { pageStorage, PlayerIdentity } from '../net/player-identity';
import { SharedWorldConnection } from '../net/shared-world-connection';
import { SharedPlay, type SharedPlayHooks } from './shared-play';
import type { Worlds } from './worlds';

export function createSharedPlay(worlds: Worlds, library: WorldLibrary, search: string, hooks: SharedPlayHooks, people: PeopleViewDeps): SharedPlay {
  const storage = pageStorage();
  const seqs = storage ? localSeqStore(storage) : undefined;
  const shared = new SharedPlay(worlds.session, library, hooks, {
    origin: location.origin,
    search,
    identity: new PlayerIdentity(storage),
    newConnection: () => new SharedWorldConnection(seqs ?? localSeqStore({ getItem: () => null, setItem: () => undefined })),
    fetch: (url, init) => fetch(url, init),
  });
  const view = createPeopleView(people);
  shared.on('joined', ({ connection, world }) => view.attach(connection, world));
  shared.on('left', () => view.detach());
  worlds.attachShared(shared, view);
  return shared;
}
