/**
 * WorldLibrary when another tab holds the database: an old tab blocking the upgrade at start
 * (a notice at once; the start goes on when it closes, or without saving once the wait runs
 * out, on injected timers), and a newer tab taking the database away mid-game (the save
 * warning says so at once; Retry opens it again when it can, and says the tab must be
 * reloaded when a newer version now owns it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorldConnectionOptions } from '../../src/persistence/world-connection';
import { editSet, freshIndexedDB, loadAll, openTestDb, rawOpen } from './world-db-fixtures';
import { freshChannelName, params, startTab, type TestTab } from './world-library-tabs';
import { manualTimers } from '../support/manual-timers';

const NAME = 'voxel-terrain-sandbox';
const tabs: TestTab[] = [];
const raws: IDBDatabase[] = [];


/** An old build's tab: schema 1 open, with no versionchange handler, so it blocks any upgrade. */
async function oldTab(factory: IDBFactory): Promise<IDBDatabase> {
  const db = await rawOpen(factory, NAME, 1, (d) => d.createObjectStore('edits', { keyPath: ['world', 'x', 'y', 'z'] }).createIndex('world', 'world'));
  raws.push(db);
  return db;
}

/** Starts opening a tab (disposed after the test); watch its hooks while `opened` waits. */
function open(factory: IDBFactory, options: Partial<WorldConnectionOptions> = {}): ReturnType<typeof startTab> {
  const tab = startTab(factory, freshChannelName(), 'a', { connection: options });
  void tab.opened.then((opened) => tabs.push(opened));
  return tab;
}

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.library.dispose();
  for (const db of raws.splice(0)) db.close();
});

describe('WorldLibrary.open with another tab holding the database', () => {
  it('says at once that an old tab blocks the upgrade, and starts once that tab closes', async () => {
    const factory = freshIndexedDB();
    const old = await oldTab(factory);
    const timers = manualTimers();
    const opening = open(factory, { setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, giveUpMs: 20_000 });
    await vi.waitFor(() => expect(opening.hooks.startupNotice).toHaveBeenCalled());
    expect(opening.hooks.startupNotice).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/^Another tab of the game is open with an older version; close it to finish loading your worlds\./));
    expect(timers.delays()).toEqual([20_000]);
    old.close();
    const tab = await opening.opened;
    expect(tab.hooks.startupNotice).toHaveBeenLastCalledWith(null);
    expect(timers.delays()).toEqual([]);
    expect(tab.library.persistent).toBe(true);
    const [w] = await tab.show(await tab.library.create('W', params('w')));
    tab.edit(w!.record.id, { x: 1, y: 200, z: 1, block: 2 });
    await tab.library.flush();
  });

  it('starts with worlds in memory, saying so, when the old tab stays open; says a reload helps once it closes', async () => {
    const factory = freshIndexedDB();
    const old = await oldTab(factory);
    const timers = manualTimers();
    const opening = open(factory, { setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, giveUpMs: 5000 });
    await vi.waitFor(() => expect(opening.hooks.startupNotice).toHaveBeenCalled());
    expect(timers.delays()).toEqual([5000]);
    timers.fire();
    const tab = await opening.opened;
    expect(tab.library.persistent).toBe(false);
    expect(tab.hooks.startupNotice.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/starts in 5 s without saving/), null]);
    expect(tab.messages).toEqual([expect.stringMatching(/^warning: .*started with worlds kept in memory only/)]);
    // Playable: a world, edits, in memory.
    const start = await tab.library.startWorld(null);
    tab.screen.set(start.record.id, start);
    tab.edit(start.record.id, { x: 1, y: 200, z: 1, block: 2 });
    expect(start.store.size).toBe(1);

    old.close();
    await vi.waitFor(() => expect(tab.messages).toContainEqual(expect.stringMatching(/^info: The other tab has closed: reload this tab/)));
    // The late connection upgraded the database and was closed: the next tab opens it unhindered.
    const next = await openTestDb(factory);
    expect(next.migration).toBeNull();
    next.close();
  });

  it("says saving stopped when a newer version takes the database, and that this tab must be reloaded when Retry cannot reopen it", async () => {
    const factory = freshIndexedDB();
    const tab = await open(factory).opened;
    const [w] = await tab.show(await tab.library.create('W', params('w')));
    tab.edit(w!.record.id, { x: 1, y: 200, z: 1, block: 2 });
    await tab.library.flush();

    const newer = await rawOpen(factory, NAME, 4);
    raws.push(newer);
    expect(tab.hooks.saveFailing).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/another tab opened a newer version of the game/), 0);
    // Writes fail at once (nothing waits on a database another tab may be upgrading), and the edit waits.
    tab.edit(w!.record.id, { x: 2, y: 200, z: 1, block: 2 });
    await expect(tab.library.flush()).rejects.toThrow(/took over the saved worlds; press Retry to reconnect/);

    await tab.library.retrySaving();
    expect(tab.hooks.saveFailing).toHaveBeenLastCalledWith(expect.stringMatching(/now keeps the saved worlds: reload this tab to save again/), 1);
    expect(tab.messages).toContainEqual(expect.stringMatching(/^error: This tab cannot save any more: .*reload this tab/));
    expect(tab.hooks.saveRecovered).not.toHaveBeenCalled();
    expect(tab.library.pendingWrites).toBe(1);
  });

  it("Retry opens the database again when it can (the newer version's upgrade failed) and saves what waited", async () => {
    const factory = freshIndexedDB();
    const tab = await open(factory).opened;
    const [w] = await tab.show(await tab.library.create('W', params('w')));
    const id = w!.record.id;

    // A newer build asks for version 4 (this tab gives way), and its upgrade fails: still version 3.
    await expect(rawOpen(factory, NAME, 4, (_db, tx) => tx.abort())).rejects.toBeTruthy();
    expect(tab.hooks.saveFailing).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/newer version/), 0);

    await tab.library.retrySaving();
    expect(tab.hooks.saveRecovered).toHaveBeenCalledTimes(1);
    const edit = { x: 3, y: 200, z: 3, block: 4 };
    tab.edit(id, edit);
    await tab.library.flush();
    await tab.library.savePose(id, { x: 1, y: 2, z: 3, yaw: 0, pitch: 0 }, 'walk');
    const db = await openTestDb(factory);
    expect(editSet((await loadAll(db, id)).edits)).toEqual(editSet([edit]));
    expect(await db.getWorld(id)).toMatchObject({ edits: 1, mode: 'walk' });
    db.close();
  });
});
