/**
 * The hotbar saved with each world: written field by field like the pose (so no tab's rename
 * or pose is lost to it, nor it to them), read back by a reload and by this tab reopening the
 * world, carried by export and import, and defaulted for records stored before it existed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HOTBAR, type WorldRecord } from '../../src/storage';
import { Block, BLOCK_COUNT } from '../../src/world';
import { freshIndexedDB, openTestDb, worldRecord } from './world-db-fixtures';
import { freshChannelName, openTab, params, twoTabs as openTwoTabs, type TestTab } from './world-library-tabs';

const tabs: TestTab[] = [];

const twoTabs = () => openTwoTabs(tabs);

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.library.dispose();
});

const BUILDER = [Block.Glass, Block.Bricks, Block.OakPlanks, Block.Cobblestone, Block.Bookshelf, Block.Ice, Block.Stone, Block.Log, BLOCK_COUNT - 1];

describe('WorldLibrary and the hotbar', () => {
  it('gives a new world its own copy of the default hotbar', async () => {
    const { a } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    const u = await a.library.forParams(params('u'));
    expect(w.hotbar).toEqual(DEFAULT_HOTBAR);
    expect(u.hotbar).toEqual(DEFAULT_HOTBAR);
    expect(w.hotbar).not.toBe(DEFAULT_HOTBAR);
    expect(w.hotbar).not.toBe(u.hotbar);
  });

  it('saveHotbar lasts: a fresh library on the same database and this tab reopening the world both find it', async () => {
    const { a, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    const x = await a.library.create('X', params('x'));
    const [shown] = await a.show(w);
    const slots = [...BUILDER];
    await a.library.saveHotbar(w.id, slots);
    slots[0] = Block.Dirt; // the caller's array is not kept
    expect(shown!.record.hotbar).toEqual(BUILDER);
    expect((await a.library.get(w.id))!.hotbar).toEqual(BUILDER);

    await a.show(x);
    const [again] = await a.show((await a.library.get(w.id))!);
    expect(again!.record.hotbar).toEqual(BUILDER);
    expect((await a.library.get(x.id))!.hotbar).toEqual(DEFAULT_HOTBAR);

    const fresh = await reload();
    expect((await fresh.library.get(w.id))!.hotbar).toEqual(BUILDER);
    const [reopened] = await fresh.show((await fresh.library.get(w.id))!);
    expect(reopened!.record.hotbar).toEqual(BUILDER);
  });

  it("keeps another tab's rename and pose, and they keep it", async () => {
    const { a, b, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    await a.show(w);
    await b.show(w);
    const camera = { x: 1.5, y: 90, z: -3, yaw: 0.25, pitch: -0.5 };

    // B writes before A hears of it: A's copy of the record still has the old name and pose.
    await b.library.rename(w.id, 'Castle');
    await b.library.savePose(w.id, camera, 'walk');
    await a.library.saveHotbar(w.id, BUILDER);
    expect(await (await reload()).library.get(w.id)).toMatchObject({ name: 'Castle', camera, mode: 'walk', hotbar: BUILDER });

    // And the other way round: B's later pose and rename leave A's hotbar alone.
    await b.library.savePose(w.id, { ...camera, x: 7 }, 'fly');
    await b.library.rename(w.id, 'Castle 2');
    expect(await (await reload()).library.get(w.id)).toMatchObject({ name: 'Castle 2', camera: { ...camera, x: 7 }, mode: 'fly', hotbar: BUILDER });
    await vi.waitFor(async () => expect((await a.library.get(w.id))!.name).toBe('Castle 2'));
    expect((await a.library.get(w.id))!.hotbar).toEqual(BUILDER);
  });

  it('refuses a bad hotbar with a RangeError and changes nothing', async () => {
    const { a, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    await a.show(w);
    await a.library.saveHotbar(w.id, BUILDER);
    const slot5 = (id: number) => BUILDER.map((b, i) => (i === 4 ? id : b));
    for (const [slots, why] of [
      [BUILDER.slice(0, 8), /8 slots, not 9/],
      [[...BUILDER, Block.Stone], /10 slots, not 9/],
      [slot5(Block.Air), /slot 5 holds 0/],
      [slot5(-1), /slot 5 holds -1/],
      [slot5(2.5), /slot 5 holds 2.5/],
      [slot5(Number.NaN), /slot 5 holds NaN/],
      [slot5(BLOCK_COUNT), new RegExp(`slot 5 holds ${BLOCK_COUNT}`)],
      [slot5('3' as unknown as number), /slot 5 holds "3"/],
      [null as unknown as number[], /not a list/],
    ] as const) {
      const saving = a.library.saveHotbar(w.id, slots as readonly number[]);
      await expect(saving).rejects.toThrow(RangeError);
      await expect(saving).rejects.toThrow(why);
    }
    expect((await a.library.get(w.id))!.hotbar).toEqual(BUILDER);
    expect((await (await reload()).library.get(w.id))!.hotbar).toEqual(BUILDER);
  });

  it('writes nothing for a world that no longer exists', async () => {
    const { a, reload } = await twoTabs();
    await a.library.saveHotbar('gone', BUILDER);
    expect(await (await reload()).library.get('gone')).toBeNull();
  });

  it('an exported world takes its hotbar along into the import', async () => {
    const { a, reload } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    await a.library.saveHotbar(w.id, BUILDER);
    const { text } = await a.library.exportWorld(w.id);
    const imported = await a.library.importWorld(text);
    expect(imported.ok && imported.record.hotbar).toEqual(BUILDER);
    if (!imported.ok) return;
    expect(imported.warnings).toEqual([]);
    expect((await (await reload()).library.get(imported.record.id))!.hotbar).toEqual(BUILDER);
  });

  it('imports a file with a hotbar it cannot read with the default one, and says so', async () => {
    const { a } = await twoTabs();
    const w = await a.library.create('W', params('w'));
    const { text } = await a.library.exportWorld(w.id);
    const doc = JSON.parse(text) as { world: Record<string, unknown> };
    const bad = JSON.stringify({ ...doc, world: { ...doc.world, hotbar: [1, 2, 3] } });
    const imported = await a.library.importWorld(bad);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.record.hotbar).toEqual(DEFAULT_HOTBAR);
    expect(imported.warnings.join(' ')).toMatch(/hotbar is unreadable/);
  });

  it('opens a world stored before worlds kept their hotbar, or with one it cannot read, with the default, and saves over it', async () => {
    const factory = freshIndexedDB();
    const db = await openTestDb(factory);
    const { hotbar: _hotbar, ...old } = worldRecord('old');
    await db.putWorld(old as WorldRecord);
    // A newer build's block this one does not know: the world stays listed.
    await db.putWorld({ ...worldRecord('newer'), hotbar: [...BUILDER.slice(0, 8), BLOCK_COUNT + 20] });
    db.close();

    const tab = await openTab(factory, freshChannelName(), 't');
    tabs.push(tab);
    const listed = await tab.library.list();
    expect(Object.fromEntries(listed.map((r) => [r.id, r.hotbar]))).toEqual({ old: DEFAULT_HOTBAR, newer: DEFAULT_HOTBAR });
    expect(tab.messages).toEqual([]);
    await tab.library.saveHotbar('old', BUILDER);
    await tab.library.saveHotbar('newer', BUILDER);
    expect((await tab.library.get('old'))!.hotbar).toEqual(BUILDER);
    expect((await tab.library.get('newer'))!.hotbar).toEqual(BUILDER);
  });
});
