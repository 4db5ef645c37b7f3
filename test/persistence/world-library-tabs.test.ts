/**
 * Two (or three) tabs of the game on one IndexedDB with a BroadcastChannel between them: no tab
 * erases another's edits or record fields, a world left is read afresh when opened again, edits
 * announced for a world off screen are handed over when it is shown, and the set of worlds in
 * memory changes one call at a time, never dropping a world the latest call put on screen.
 *
 * A third tab opened on the same database stands for a reload. Waits are for messages: a tab's
 * messages arrive in order, so once another tab has heard its later "worlds changed", it has
 * handled the edits announced before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editSet, openTestDb } from './world-db-fixtures';
import { params, twoTabs as openTwoTabs, type TestTab } from './world-library-tabs';

const tabs: TestTab[] = [];

const twoTabs = () => openTwoTabs(tabs);

/** Resolves once `tab` has heard `count` "worlds changed" messages (and so everything sent before them). */
async function heardWorldsChanged(tab: TestTab, count = 1): Promise<void> {
  await vi.waitFor(() => expect(tab.hooks.worldsChanged.mock.calls.length).toBeGreaterThanOrEqual(count));
}

afterEach(() => {
  for (const tab of tabs.splice(0)) {
    tab.library.dispose();
    tab.library.dispose();
  }
});

describe('WorldLibrary across tabs', () => {
  it("a tab that left a world and comes back sees another tab's edits there, and its own edit in the same column erases none", async () => {
    const { a, b, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    const x = await a.library.create('X', params('x'));
    await a.show(w);
    await b.show(w);

    await a.show(x); // A leaves W for another world.
    const fromB = { x: 3, y: 200, z: 3, block: 2 };
    b.edit(w.id, fromB);
    await b.library.flush();
    await b.library.rename(w.id, 'W, renamed by B');
    await heardWorldsChanged(a);

    const [again] = await a.show((await a.library.get(w.id))!); // A opens W again.
    expect(a.blockAt(w.id, fromB.x, fromB.y, fromB.z)).toBe(fromB.block);
    expect(again!.record.name).toBe('W, renamed by B');
    const fromA = { x: 5, y: 200, z: 5, block: 4 }; // the same column (0, 0)
    a.edit(w.id, fromA);
    await a.library.flush();

    const fresh = await reload();
    const [reloaded] = await fresh.show((await fresh.library.get(w.id))!);
    expect(editSet(reloaded!.store.all())).toEqual(editSet([fromB, fromA]));
    expect((await fresh.library.list()).find((r) => r.id === w.id)!.edits).toBe(2);
  });

  it('carries block states to the other tab, to a reload, and through export and import', async () => {
    const { a, b, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    await a.show(w);
    await b.show(w);
    const stair = { x: 3, y: 200, z: 3, block: 2, state: 6 };
    const door = { x: 4, y: 200, z: 3, block: 2, state: 13 };
    a.edit(w.id, stair);
    a.edit(w.id, door);
    a.edit(w.id, { ...door, state: 9 }); // the door closed again: only its state changed
    await a.library.flush();
    await a.library.rename(w.id, 'W with a door');
    await heardWorldsChanged(b);
    const onB = b.screen.get(w.id)!.store;
    expect([onB.stateAt(3, 200, 3), onB.stateAt(4, 200, 3)]).toEqual([6, 9]);

    const fresh = await reload();
    const [reloaded] = await fresh.show((await fresh.library.get(w.id))!);
    expect(editSet(reloaded!.store.all())).toEqual(editSet([stair, { ...door, state: 9 }]));

    const { text } = await fresh.library.exportWorld(w.id);
    const imported = await fresh.library.importWorld(text);
    if (!imported.ok) throw new Error(imported.error);
    const [copy] = await fresh.show(imported.record);
    expect(editSet(copy!.store.all())).toEqual(editSet([stair, { ...door, state: 9 }]));
  });

  it('an edit received from another tab is not written again by the receiver, so that tab taking it back sticks', async () => {
    const { a, b, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    await a.show(w);
    await b.show(w);
    const fromB = { x: 1, y: 200, z: 1, block: 3 };
    b.edit(w.id, fromB);
    await b.library.flush();
    await vi.waitFor(() => expect(a.blockAt(w.id, 1, 200, 1)).toBe(3));

    // B takes its edit back while A edits the same column: A has not heard of the removal yet.
    b.unedit(w.id, 1, 200, 1);
    const fromA = { x: 2, y: 200, z: 2, block: 5 };
    a.edit(w.id, fromA);
    await Promise.all([a.library.flush(), b.library.flush()]);
    await vi.waitFor(() => expect(a.blockAt(w.id, 1, 200, 1)).toBe(0));

    const fresh = await reload();
    const [reloaded] = await fresh.show(w);
    expect(editSet(reloaded!.store.all())).toEqual(editSet([fromA]));
  });

  it("another tab's rename survives this tab's pose save and first edit, and its edit count stays the stored one", async () => {
    const { a, b, reload } = await twoTabs();
    // Opened by the game itself (a link): unkept until edited or named.
    const w = await a.library.forParams(params('castle'));
    expect(w.kept).toBe(false);
    await a.show(w);
    await b.show(w);
    b.edit(w.id, { x: 9, y: 200, z: 9, block: 2 });
    await b.library.flush();

    await b.library.rename(w.id, 'Castle');
    // At once, before A hears of the rename: its copy of the record still has the old name.
    const camera = { x: 1.5, y: 90, z: -3, yaw: 0.25, pitch: -0.5 };
    const saved = a.library.savePose(w.id, camera, 'walk');
    a.edit(w.id, { x: 10, y: 200, z: 9, block: 4 });
    await saved;
    await a.library.flush();

    const fresh = await reload();
    const stored = (await fresh.library.get(w.id))!;
    expect(stored).toMatchObject({ name: 'Castle', camera, mode: 'walk', kept: true, edits: 2 });
    // A's copy follows the stored record once it hears of the rename.
    await heardWorldsChanged(a);
    await vi.waitFor(async () => expect((await a.library.get(w.id))!.name).toBe('Castle'));
  });

  it('savePose writes into the world it names, not whichever is current when the write runs', async () => {
    const { a, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    const x = await a.library.create('X', params('x'));
    await a.show(x);
    const camera = { x: 4, y: 80, z: 4, yaw: 1, pitch: 0 };
    await a.library.savePose(w.id, camera, 'walk');
    const fresh = await reload();
    expect(await fresh.library.get(w.id)).toMatchObject({ camera, mode: 'walk', name: 'W' });
    expect((await fresh.library.get(x.id))!.camera).toBeNull();
    // The world the pose belongs to is the one to reopen.
    expect((await fresh.library.startWorld(null)).record.id).toBe(w.id);
  });

  it('edits announced for a world read for a switch but not yet shown are handed over when it is shown', async () => {
    const { a, b } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    const x = await a.library.create('X', params('x'));
    await a.show(x);
    await b.show(w);
    const waiting = await a.library.load(w); // read, not shown yet
    const fromB = { x: 7, y: 200, z: 7, block: 6 };
    b.edit(w.id, fromB);
    await b.library.flush();
    await b.library.rename(w.id, 'W2');
    await heardWorldsChanged(a);
    expect(waiting.store.size).toBe(0);

    a.screen.clear();
    a.screen.set(w.id, waiting);
    const shown = a.library.setOnScreen([w.id]);
    // Handed over during the call, so the game has them before it builds a column.
    expect(a.blockAt(w.id, 7, 200, 7)).toBe(6);
    await shown;
    expect((await a.library.summaries()).find((s) => s.id === w.id)).toMatchObject({ edits: 1, current: true });
  });

  it('never deletes a world on screen: an earlier setOnScreen finishing late spares the twin the latest call put on screen', async () => {
    const { a, reload } = await twoTabs();
    const current = await a.library.create('C', params('c'));
    await a.show(current);
    // Compare mode's twin: opened by the game itself, unkept and without edits.
    const twin = await a.library.load(await a.library.forParams({ ...params('c'), noise: 'simplex' }));
    a.screen.set(twin.record.id, twin);
    // A call that leaves the twin out is still running when the one that shows it comes.
    const first = a.library.setOnScreen([current.id]);
    const second = a.library.setOnScreen([current.id, twin.record.id]);
    await Promise.all([first, second]);

    const edit = { x: 0, y: 200, z: 0, block: 2 };
    a.edit(twin.record.id, edit);
    await a.library.flush();
    const fresh = await reload();
    expect((await fresh.library.list()).map((r) => r.id).sort()).toEqual([current.id, twin.record.id].sort());
    const [reloaded] = await fresh.show((await fresh.library.get(twin.record.id))!);
    expect(reloaded!.store.all()).toEqual([edit]);
    expect(reloaded!.record.kept).toBe(true);
  });

  it('leaving an unkept world nobody edited deletes it, but not when it was kept elsewhere meanwhile', async () => {
    const { a, factory } = await twoTabs();
    const kept = await a.library.create('Kept', params('kept'));
    const tried = await a.library.forParams(params('tried'));
    const elsewhere = await a.library.forParams(params('elsewhere'));
    await a.show(tried);
    await a.show(elsewhere);
    // Named by a tab this one does not hear (an older build, or one without BroadcastChannel).
    const other = await openTestDb(factory);
    await other.putWorld({ ...(await other.getWorld(elsewhere.id))!, name: 'Named elsewhere', kept: true });
    other.close();
    await a.show(kept);

    const db = await openTestDb(factory);
    expect((await db.listWorlds()).worlds.map((w) => w.name).sort()).toEqual(['Kept', 'Named elsewhere']);
    db.close();
  });

  it('an imported world counts its edits once, wherever its count is read', async () => {
    const { a, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    await a.show(w);
    for (let i = 0; i < 3; i++) a.edit(w.id, { x: i, y: 200, z: 0, block: 2 });
    await a.library.flush();
    const { text } = await a.library.exportWorld(w.id);
    const imported = await a.library.importWorld(text);
    expect(imported).toMatchObject({ ok: true, record: { edits: 3 } });

    const fresh = await reload();
    const listed = await fresh.library.list();
    expect(listed.map((r) => [r.name, r.edits])).toEqual([
      ['W', 3],
      ['W', 3],
    ]);
  });
});
