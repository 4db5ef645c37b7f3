/** SqlClient over a PostgreSQL server, through a `pg` connection pool. */
import pg from 'pg';
import { DatabaseUnavailableError, errorReason, isUnavailable } from './database-errors';
import type { SqlClient, SqlExecutor } from './sql-client';

export interface PgClientOptions {
  /** Connections the pool may hold open. */
  max: number;
  /** How long a query waits for a connection before it fails, so a dead server is reported instead of hanging start-up. */
  connectionTimeoutMillis: number;
  /** Extra server settings sent when connecting, e.g. `-c search_path=x` (tests use their own schema). */
  options?: string;
}

export const DEFAULT_PG_CLIENT_OPTIONS: Readonly<PgClientOptions> = Object.freeze({ max: 10, connectionTimeoutMillis: 10_000 });

export function createPgClient(connectionString: string, options: Partial<PgClientOptions> = {}): SqlClient {
  const pool = new pg.Pool({ connectionString, ...DEFAULT_PG_CLIENT_OPTIONS, ...options });
  // An idle connection that drops (the server restarts) is emitted here, and an 'error' event
  // with no listener would end the process. The next query that needs it fails and says why.
  pool.on('error', () => {});
  let closing: Promise<void> | null = null;
  return {
    ...executor(pool),
    async transaction(fn) {
      const conn = await pool.connect().catch(rethrow);
      try {
        await conn.query('BEGIN').catch(rethrow);
        const result = await fn(executor(conn));
        await conn.query('COMMIT').catch(rethrow);
        conn.release();
        return result;
      } catch (error) {
        // A connection whose ROLLBACK fails is broken: destroy it rather than return it to the pool.
        await conn.query('ROLLBACK').then(
          () => conn.release(),
          (rollbackError: Error) => conn.release(rollbackError),
        );
        throw error;
      }
    },
    close() {
      // pool.end() throws when called a second time.
      closing ??= pool.end();
      return closing;
    },
  };
}

function executor(db: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await db.query(sql, [...params]).catch(rethrow)).rows as T[];
    },
    async exec(sql: string) {
      // Without parameters pg sends the simple query protocol, which takes several statements.
      await db.query(sql).catch(rethrow);
    },
  };
}

/** `error` from pg, or a DatabaseUnavailableError saying why when it means the server cannot be reached. */
function rethrow(error: unknown): never {
  if (isUnavailable(error)) throw new DatabaseUnavailableError(`the database is unavailable: ${errorReason(error)}`, { cause: error });
  throw error;
}
