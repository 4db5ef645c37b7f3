/**
 * Tabs of the game for WorldLibrary tests: each a WorldLibrary on a shared fake IndexedDB,
 * talking to the others over a real BroadcastChannel (Node has one), with a stand-in for the
 * game around it that does what the game does with the library: shows worlds before calling
 * setOnScreen, edits a world's store and then reports the edit, and applies other tabs' edits
 * to the worlds on its screen only.
 *
 * The stand-in's generator makes air everywhere, so an edit back to air (block 0) removes the
 * edit, as BlockEditor decides with the real generator.
 */
import { vi } from 'vitest';
import { WorldLibrary, type LoadedWorld, type WorldLibraryHooks, type WorldLibraryOptions } from '../../src/persistence/world-library';
import type { WorldRecord } from '../../src/storage';
import { DEFAULT_WORLD_PARAMS, type BlockEdit, type WorldParams } from '../../src/world';
import { freshIndexedDB, sequentialIds } from './world-db-fixtures';

/** The block the stand-in's world generates everywhere. */
export const GENERATED = 0;

let channels = 0;

/** A channel name of its own, so tests never hear each other. */
export function freshChannelName(): string {
  return `world-library-test-${++channels}`;
}

export function params(seed: string): WorldParams {
  return { ...DEFAULT_WORLD_PARAMS, seed };
}

export interface TestTab {
  library: WorldLibrary;
  /** The worlds the stand-in game shows, by id. */
  screen: Map<string, LoadedWorld>;
  hooks: { [K in keyof Required<WorldLibraryHooks>]: ReturnType<typeof vi.fn> };
  /** Messages the library gave, as "kind: text". */
  messages: string[];
  /** Reads the worlds and shows them, then tells the library, as a world switch does. */
  show(...records: WorldRecord[]): Promise<LoadedWorld[]>;
  /** Sets a block in a world on screen (the store first, as BlockEditor does), and reports it. */
  edit(worldId: string, edit: BlockEdit): void;
  /** Sets a block back to the generated one: the edit goes. */
  unedit(worldId: string, x: number, y: number, z: number): void;
  /** The block the stand-in game sees at a position of a world on screen. */
  blockAt(worldId: string, x: number, y: number, z: number): number;
}

/** Opens a tab: a library on `factory` with ids "<name>-1", "<name>-2", … */
export function openTab(factory: IDBFactory, channelName: string, name: string, options: Partial<WorldLibraryOptions> = {}): Promise<TestTab> {
  return startTab(factory, channelName, name, options).opened;
}

/** Starts opening a tab; its hooks and messages can be watched while the library opens. */
export function startTab(factory: IDBFactory, channelName: string, name: string, options: Partial<WorldLibraryOptions> = {}): Pick<TestTab, 'hooks' | 'messages'> & { opened: Promise<TestTab> } {
  const screen = new Map<string, LoadedWorld>();
  const messages: string[] = [];
  const hooks = {
    message: vi.fn((text: string, kind: string) => void messages.push(`${kind}: ${text}`)),
    saveFailing: vi.fn(),
    saveRecovered: vi.fn(),
    // As the game: applied to a world on its screen, by the generator's rule; others ignored.
    remoteEdits: vi.fn((worldId: string, edits: BlockEdit[]) => {
      const world = screen.get(worldId);
      if (!world) return;
      for (const e of edits) {
        if (e.block === GENERATED) world.store.delete(e.x, e.y, e.z);
        else world.store.set(e);
      }
    }),
    worldsChanged: vi.fn(),
    startupNotice: vi.fn(),
  };
  let time = 1000;
  const opened = WorldLibrary.open(hooks, { indexedDB: factory, channelName, now: () => ++time, newId: sequentialIds(name), ...options }).then((library) => tabOf(library, name, screen, hooks, messages));
  return { hooks, messages, opened };
}

function tabOf(library: WorldLibrary, name: string, screen: Map<string, LoadedWorld>, hooks: TestTab['hooks'], messages: string[]): TestTab {
  const worldOnScreen = (id: string) => {
    const world = screen.get(id);
    if (!world) throw new Error(`world ${id} is not on ${name}'s screen`);
    return world;
  };
  return {
    library,
    screen,
    hooks,
    messages,
    async show(...records) {
      const worlds: LoadedWorld[] = [];
      for (const record of records) worlds.push(await library.load(record));
      screen.clear();
      for (const world of worlds) screen.set(world.record.id, world);
      await library.setOnScreen(worlds.map((w) => w.record.id));
      return worlds;
    },
    edit(worldId, edit) {
      worldOnScreen(worldId).store.set(edit);
      library.edited(worldId, edit);
    },
    unedit(worldId, x, y, z) {
      worldOnScreen(worldId).store.delete(x, y, z);
      library.edited(worldId, { x, y, z, block: GENERATED });
    },
    blockAt(worldId, x, y, z) {
      return worldOnScreen(worldId).store.get(x, y, z) ?? GENERATED;
    },
  };
}

/**
 * Two tabs (a, b) of one browser profile on a fresh database, and a way to open a third as a
 * reload would; every tab goes into `tabs`, for the test file to dispose after each test.
 */
export async function twoTabs(tabs: TestTab[]): Promise<{ factory: IDBFactory; a: TestTab; b: TestTab; reload: () => Promise<TestTab> }> {
  const factory = freshIndexedDB();
  const channel = freshChannelName();
  const a = await openTab(factory, channel, 'a');
  const b = await openTab(factory, channel, 'b');
  tabs.push(a, b);
  const reload = async () => {
    const fresh = await openTab(factory, channel, `reload${tabs.length}`);
    tabs.push(fresh);
    return fresh;
  };
  return { factory, a, b, reload };
}

