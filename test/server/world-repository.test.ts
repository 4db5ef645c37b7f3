/**
 * The repository suite (repository-suite.ts) on the embedded PGlite, and on a real PostgreSQL
 * when TEST_DATABASE_URL names one (scripts/ci-services.sh starts one on loopback). There,
 * each run works in a schema of its own, so runs and other tests sharing the database do not
 * meet; and two clients migrate at once, as two server processes starting together would.
 */
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../server/storage/migrations';
import { createPgClient } from '../../server/storage/pg-client';
import { createPgliteClient } from '../../server/storage/pglite-client';
import { describeRepository } from './repository-suite';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

describeRepository('SqlWorldRepository on the in-memory PGlite', async () => ({ client: await createPgliteClient() }));

/** A fresh schema on the test server, and how to remove it. */
async function schemaOn(url: string, prefix: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = createPgClient(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  return {
    schema,
    async drop() {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

const PG_LABEL = DATABASE_URL ? 'SqlWorldRepository on PostgreSQL (TEST_DATABASE_URL)' : 'SqlWorldRepository on PostgreSQL: skipped, TEST_DATABASE_URL is not set';

describe.skipIf(!DATABASE_URL)(PG_LABEL, () => {
  const url = DATABASE_URL!;

  describeRepository('the repository suite', async () => {
    const { schema, drop } = await schemaOn(url, 'repo_test');
    return { client: createPgClient(url, { options: `-c search_path=${schema}` }), cleanup: drop };
  });

  it('migrates once when two clients (two server processes) start at once', async () => {
    const { schema, drop } = await schemaOn(url, 'migrate_race');
    const clients = [0, 1, 2].map(() => createPgClient(url, { options: `-c search_path=${schema}` }));
    try {
      const applied = await Promise.all(clients.map((client) => migrate(client)));
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.version));
      const rows = await clients[0]!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      for (const client of clients) {
        await client.close();
        await client.close();
      }
      await drop();
    }
  });
});
