/**
 * The pg client tells "no database" (DatabaseUnavailableError: a room keeps edits pending)
 * from "the database refused this", and gets over a dropped connection by itself, as a server
 * must when PostgreSQL restarts under it. The last two need TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../server/storage/database-errors';
import { createPgClient } from '../../server/storage/pg-client';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

describe('createPgClient', () => {
  it('says the database is unavailable, and why, when nothing listens', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const client = createPgClient('postgres://user@127.0.0.1:1/voxel');
    try {
      const error = await client.query('SELECT 1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect((error as Error).message).toMatch(/^the database is unavailable: .*ECONNREFUSED/);
      await expect(client.transaction(() => Promise.resolve())).rejects.toThrow(DatabaseUnavailableError);
    } finally {
      await client.close();
    }
  });

  const label = DATABASE_URL ? 'on PostgreSQL (TEST_DATABASE_URL)' : 'on PostgreSQL: skipped, TEST_DATABASE_URL is not set';
  describe.skipIf(!DATABASE_URL)(label, () => {
    it('passes a refused statement on as it is, not as unavailability', async () => {
      const client = createPgClient(DATABASE_URL!);
      try {
        const error = await client.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
        expect(error).not.toBeInstanceOf(DatabaseUnavailableError);
        expect((error as Error).message).toMatch(/no_such_table/);
      } finally {
        await client.close();
      }
    });

    it('connects again after the server drops its connection', async () => {
      const client = createPgClient(DATABASE_URL!, { max: 1 });
      const admin = createPgClient(DATABASE_URL!, { max: 1 });
      try {
        const [before] = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [before!.pid]);
        // The pool learns of the drop when it next uses the connection or when the socket
        // closes; either way one retry (what a room does for pending edits) must reach the server.
        const retry = () => client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const after = await retry().catch(async (error: unknown) => {
          expect(error).toBeInstanceOf(DatabaseUnavailableError);
          return retry();
        });
        expect(after[0]!.pid).not.toBe(before!.pid);
      } finally {
        await client.close();
        await admin.close();
      }
    });
  });
});
