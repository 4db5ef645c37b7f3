/**
 * SqlClient over PGlite, PostgreSQL compiled to WebAssembly in this process: on disk in
 * `dataDir`, or in memory without one (tests). One process owns a data directory at a time
 * (data-dir-lock.ts).
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import type { SqlClient, SqlExecutor } from './sql-client';

export async function createPgliteClient(dataDir?: string): Promise<SqlClient> {
  if (dataDir === undefined) return pgliteClient(await PGlite.create(), () => {});
  const unlock = lockDataDir(dataDir);
  try {
    return pgliteClient(await PGlite.create(dataDir), unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

function executor(db: PGlite | Transaction): SqlExecutor {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<T>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

function pgliteClient(db: PGlite, unlock: () => void): SqlClient {
  let closing: Promise<void> | null = null;
  return {
    ...executor(db),
    transaction: (fn) => db.transaction((tx) => fn(executor(tx))),
    close() {
      // PGlite throws on a second close; the repository's dispose may well come twice.
      closing ??= db.close().finally(unlock);
      return closing;
    },
  };
}
