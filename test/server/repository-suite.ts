/**
 * The WorldRepository tests, as one suite that runs against every database the server
 * supports (world-repository.test.ts): the in-memory PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set. One database per suite (PGlite takes seconds to start on a busy
 * machine); each test starts from empty tables.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanEdit, type BlockEdit } from '../../src/world';
import { LEGACY_PACKING } from '../../src/storage/column-edits';
import { migrate, MIGRATIONS } from '../../server/storage/migrations';
import type { SqlClient } from '../../server/storage/sql-client';
import { SqlWorldRepository } from '../../server/storage/sql-world-repository';
import type { CommittedEdit } from '../../server/storage/world-repository';
import { PGLITE_START_TIMEOUT, sorted, world } from './fixtures';
import { mulberry32 } from '../support/random';

export interface SuiteDatabase {
  client: SqlClient;
  /** Removes what the suite made (a schema), before the client is closed. */
  cleanup?: () => Promise<void>;
}

/** The plain definition a commit must match: every edit applied in order, one per block. */
function reference(batches: readonly (readonly BlockEdit[])[]): BlockEdit[] {
  const blocks = new Map<string, BlockEdit>();
  for (const batch of batches) for (const e of batch) blocks.set(`${e.x},${e.y},${e.z}`, cleanEdit(e));
  return sorted([...blocks.values()]);
}

function committed(playerKey: string, seq: number, edit: BlockEdit): CommittedEdit {
  return { ...edit, playerKey, seq };
}

export function describeRepository(label: string, open: () => Promise<SuiteDatabase>): void {
  describe(label, () => {
    let db: SuiteDatabase;
    let repo: SqlWorldRepository;

    beforeAll(async () => {
      db = await open();
      await migrate(db.client);
      repo = new SqlWorldRepository(db.client);
    }, PGLITE_START_TIMEOUT);

    afterAll(async () => {
      await db?.cleanup?.();
      // Twice: a server shutting down may dispose from two paths.
      await repo?.dispose();
      await repo?.dispose();
    });

    beforeEach(async () => {
      for (const table of ['player_seqs', 'column_edits', 'worlds']) await db.client.query(`DELETE FROM ${table}`);
    });

    it('migrating again changes nothing and keeps the data', async () => {
      await repo.createWorld(world('a'), [{ x: 1, y: 2, z: 3, block: 4 }]);
      expect(await migrate(db.client)).toEqual([]);
      const versions = await db.client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await repo.world('a')).toEqual(world('a'));
      expect(await repo.edits('a')).toEqual([{ x: 1, y: 2, z: 3, block: 4 }]);
    });

    it('creates and reads worlds, and sets their policy', async () => {
      const a = world('a', { policy: 'invited', builders: ['p1', 'p2'] });
      await repo.createWorld(a, []);
      await repo.createWorld(world('b'), []);
      expect(await repo.world('a')).toEqual(a);
      expect(await repo.world('missing')).toBeNull();
      await repo.setPolicy('b', 'invited', ['p3']);
      expect(await repo.world('b')).toEqual(world('b', { policy: 'invited', builders: ['p3'] }));
      await expect(repo.setPolicy('missing', 'visitors', [])).rejects.toThrow(/no world/);
      await expect(repo.createWorld(world('a'), [])).rejects.toThrow();
      expect(await repo.world('a')).toEqual(a);
    });

    it("keeps a new world's first edits, the later of two on one block", async () => {
      const first = [
        { x: -1, y: 10, z: -17, block: 3 },
        { x: 40, y: 0, z: 5, block: 1, state: 2 },
        { x: -1, y: 10, z: -17, block: 5 },
      ];
      await repo.createWorld(world('a'), first);
      expect(sorted(await repo.edits('a'))).toEqual(reference([first]));
      expect(await repo.lastSeqs('a')).toEqual(new Map());
    });

    it('merges batches per column, across columns on both sides of 0: a later edit of a block wins, states kept', async () => {
      await repo.createWorld(world('a'), []);
      await repo.createWorld(world('b'), []);
      const batches: CommittedEdit[][] = [
        [
          committed('p1', 1, { x: 0, y: 5, z: 0, block: 1 }),
          committed('p1', 2, { x: -1, y: 5, z: -1, block: 2, state: 7 }),
          committed('p2', 1, { x: 15, y: 255, z: -16, block: 3 }),
        ],
        [
          // Replaces (0, 5, 0) and (-1, 5, -1) (dropping its state); adds to both columns.
          committed('p2', 2, { x: 0, y: 5, z: 0, block: 4, state: 1 }),
          committed('p1', 3, { x: -1, y: 5, z: -1, block: 0 }),
          committed('p1', 4, { x: -16, y: 6, z: -1, block: 6 }),
          committed('p1', 5, { x: 1, y: 5, z: 0, block: 7 }),
          // The same block twice in one batch: the second wins.
          committed('p1', 6, { x: -33, y: 0, z: 100, block: 8 }),
          committed('p2', 3, { x: -33, y: 0, z: 100, block: 9, state: 255 }),
        ],
      ];
      for (const batch of batches) await repo.commitEdits('a', batch);
      await repo.commitEdits('b', [committed('p1', 9, { x: 0, y: 5, z: 0, block: 10 })]);
      expect(sorted(await repo.edits('a'))).toEqual(reference(batches));
      expect(await repo.edits('b')).toEqual([{ x: 0, y: 5, z: 0, block: 10 }]);
      const columns = await db.client.query<{ cx: number; cz: number; packing: number; count: number }>(
        "SELECT cx, cz, packing, count FROM column_edits WHERE world_id = 'a' ORDER BY cx, cz",
      );
      expect(columns).toEqual([
        { cx: -3, cz: 6, packing: 2, count: 1 },
        { cx: -1, cz: -1, packing: 2, count: 2 },
        { cx: 0, cz: -1, packing: 2, count: 1 },
        { cx: 0, cz: 0, packing: 2, count: 2 },
      ]);
    });

    it("raises each player's last seq, never lowers it, per world", async () => {
      await repo.createWorld(world('a'), []);
      await repo.createWorld(world('b'), []);
      const at = (i: number): BlockEdit => ({ x: i, y: 1, z: 1, block: 1 });
      await repo.commitEdits('a', [committed('p1', 1, at(0)), committed('p1', 3, at(1)), committed('p2', 7, at(2)), committed('p1', 2, at(3))]);
      await repo.commitEdits('a', [committed('p2', 5, at(4)), committed('p3', 2 ** 40, at(5))]);
      await repo.commitEdits('b', [committed('p1', 100, at(0))]);
      expect(await repo.lastSeqs('a')).toEqual(new Map([['p1', 3], ['p2', 7], ['p3', 2 ** 40]]));
      expect(await repo.lastSeqs('b')).toEqual(new Map([['p1', 100]]));
      expect(await repo.lastSeqs('missing')).toEqual(new Map());
    });

    it('refuses a batch with one bad edit, or for a world that does not exist, and commits none of it', async () => {
      await repo.createWorld(world('a'), [{ x: 0, y: 0, z: 0, block: 1 }]);
      await repo.commitEdits('a', [committed('p1', 1, { x: 0, y: 1, z: 0, block: 1 })]);
      const before = await repo.edits('a');
      const good = committed('p1', 2, { x: 0, y: 2, z: 0, block: 1 });
      for (const bad of [{ y: 256 }, { y: -1 }, { x: 0.5 }, { block: 9999 }, { state: 256 }, { x: 1e9 }]) {
        await expect(repo.commitEdits('a', [good, committed('p1', 3, { ...good, ...bad })])).rejects.toThrow(RangeError);
      }
      // A bad edit that a later edit of the same block would replace is refused all the same.
      await expect(repo.commitEdits('a', [committed('p1', 3, { ...good, block: 9999 }), good])).rejects.toThrow(RangeError);
      await expect(repo.commitEdits('missing', [good])).rejects.toThrow(/no world/);
      expect(await repo.edits('a')).toEqual(before);
      expect(await repo.lastSeqs('a')).toEqual(new Map([['p1', 1]]));
    });

    it('reads a column stored in the older packing and rewrites it in the current one when edited', async () => {
      await repo.createWorld(world('a'), []);
      // Packing 1: x | z << 4, y, block per edit: (-16 + 2, 9, 16 + 3) block 5, (-16, 9, 16) block 6.
      await db.client.query("INSERT INTO column_edits (world_id, cx, cz, packing, edits, count) VALUES ('a', -1, 1, $1, $2, 2)", [
        LEGACY_PACKING,
        new Uint8Array([2 | (3 << 4), 9, 5, 0, 9, 6]),
      ]);
      const old = [
        { x: -14, y: 9, z: 19, block: 5 },
        { x: -16, y: 9, z: 16, block: 6 },
      ];
      expect(sorted(await repo.edits('a'))).toEqual(sorted(old));
      const later = [committed('p1', 1, { x: -16, y: 9, z: 16, block: 7, state: 3 })];
      await repo.commitEdits('a', later);
      expect(sorted(await repo.edits('a'))).toEqual(reference([old, later]));
      expect(await db.client.query("SELECT packing FROM column_edits WHERE world_id = 'a'")).toEqual([{ packing: 2 }]);
    });

    it('refuses to merge into a column it cannot read, leaving it as it was', async () => {
      await repo.createWorld(world('a'), []);
      await db.client.query("INSERT INTO column_edits (world_id, cx, cz, packing, edits, count) VALUES ('a', 0, 0, 9, $1, 1)", [new Uint8Array([1, 2, 3, 4])]);
      await expect(repo.commitEdits('a', [committed('p1', 1, { x: 1, y: 1, z: 1, block: 1 })])).rejects.toThrow(/packing 9/);
      await expect(repo.edits('a')).rejects.toThrow(/packing 9/);
      expect(await db.client.query<{ packing: number }>("SELECT packing FROM column_edits WHERE world_id = 'a'")).toEqual([{ packing: 9 }]);
    });

    it('gives back what a simple map of every edit in order holds, over many random batches', async () => {
      await repo.createWorld(world('a'), []);
      const random = mulberry32(24);
      const int = (n: number) => Math.floor(random() * n);
      const batches: CommittedEdit[][] = [];
      let seq = 0;
      for (let b = 0; b < 30; b++) {
        // A small area around the origin, so blocks are edited again and columns touched often.
        const batch = Array.from({ length: 1 + int(40) }, () => {
          const state = int(4) === 0 ? int(256) : 0;
          return committed(`p${int(3)}`, ++seq, { x: int(48) - 24, y: int(6), z: int(48) - 24, block: int(66), ...(state ? { state } : {}) });
        });
        batches.push(batch);
        await repo.commitEdits('a', batch);
      }
      expect(sorted(await repo.edits('a'))).toEqual(reference(batches));
      const last = new Map<string, number>();
      for (const e of batches.flat()) last.set(e.playerKey, e.seq);
      expect(await repo.lastSeqs('a')).toEqual(last);
    });
  });
}
