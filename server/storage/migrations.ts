/**
 * The schema as an ordered list of migrations, and `migrate`, which applies those a database
 * has not had yet. A migration, once released, is never edited: a change is a new version.
 */
import type { SqlClient } from './sql-client';

export interface Migration {
  /** 1, 2, 3, ...: applied in this order, each exactly once per database. */
  version: number;
  name: string;
  /** Statements separated by semicolons. */
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'shared worlds, their edits per column, and the last seq of each player',
    sql: `
      CREATE TABLE worlds (
        id text PRIMARY KEY,
        name text NOT NULL,
        params jsonb NOT NULL,
        owner_key text NOT NULL,
        policy text NOT NULL CHECK (policy IN ('visitors', 'invited')),
        builders jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- One row per edited column: its edits packed as in an export file (src/storage/column-edits.ts),
      -- with the packing they are in, so bytes written by an older build stay readable.
      CREATE TABLE column_edits (
        world_id text NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
        cx integer NOT NULL,
        cz integer NOT NULL,
        packing smallint NOT NULL,
        edits bytea NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (world_id, cx, cz)
      );
      CREATE TABLE player_seqs (
        world_id text NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
        player_key text NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (world_id, player_key)
      );
    `,
  },
];

/**
 * Any fixed number: the advisory lock that makes server processes starting at once against
 * one PostgreSQL take turns, so a migration is never run twice (PGlite has one process anyway).
 */
const MIGRATION_LOCK = 2_024_000_024;

/** Applies the migrations `client`'s database lacks, each in its own transaction; the versions applied. */
export async function migrate(client: SqlClient, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const ran = await client.transaction(async (tx) => {
      // Held until this transaction ends. Taken before CREATE TABLE IF NOT EXISTS too, which
      // two sessions at once can both try, one failing on a duplicate type.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
