/**
 * Saves block edits in IndexedDB (through `idb`, which wraps its request/event API in
 * promises), one record per edited block, written as soon as the edit is made: a tab that
 * is closed or crashes a second later still keeps it. Records are keyed by world
 * (parameter identity) and position, so every world keeps its own edits.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { BlockEdit } from '../world';

const DB_NAME = 'voxel-terrain-sandbox';
const DB_VERSION = 1;
const STORE = 'edits';

interface EditRecord {
  world: string;
  x: number;
  y: number;
  z: number;
  block: number;
}

export class EditPersistence {
  private constructor(private readonly db: IDBPDatabase) {}

  /** Opens the database, or explains why edits cannot be saved in this browser. */
  static async open(): Promise<EditPersistence> {
    if (typeof indexedDB === 'undefined') throw new Error('this browser has no IndexedDB');
    const db = await openDB(DB_NAME, DB_VERSION, {
      upgrade(database) {
        const store = database.createObjectStore(STORE, { keyPath: ['world', 'x', 'y', 'z'] });
        store.createIndex('world', 'world');
      },
      // A newer build in another tab wants to upgrade the schema: close, or its openDB would
      // wait for this tab to close and that game would never start. Saves here then fail,
      // and BlockEditor says so once.
      blocking() {
        db.close();
      },
    });
    return new EditPersistence(db);
  }

  /** Every saved edit, grouped by world key, as [x, y, z, block] entries. */
  async loadAll(): Promise<Map<string, unknown[]>> {
    const records = (await this.db.getAll(STORE)) as unknown[];
    const byWorld = new Map<string, unknown[]>();
    for (const r of records) {
      if (typeof r !== 'object' || r === null) continue;
      const { world, x, y, z, block } = r as Partial<EditRecord>;
      if (typeof world !== 'string') continue;
      let list = byWorld.get(world);
      if (!list) byWorld.set(world, (list = []));
      list.push([x, y, z, block]);
    }
    return byWorld;
  }

  async save(world: string, edit: BlockEdit): Promise<void> {
    const record: EditRecord = { world, x: edit.x, y: edit.y, z: edit.z, block: edit.block };
    await this.db.put(STORE, record);
  }

  /** Forgets one block's edit (it went back to the generated block). */
  async remove(world: string, at: { x: number; y: number; z: number }): Promise<void> {
    await this.db.delete(STORE, [world, at.x, at.y, at.z]);
  }

  /** Forgets every edit of one world. */
  async clearWorld(world: string): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    const keys = await tx.store.index('world').getAllKeys(world);
    await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
  }

  dispose(): void {
    this.db.close();
  }
}
