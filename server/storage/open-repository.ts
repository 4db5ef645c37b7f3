/**
 * The repository the server runs on: PostgreSQL when a database URL is given, else the
 * embedded PGlite on disk in `dataDir` (in memory without one), migrated before it is handed
 * out. Every failure to get there is one Error whose message is a line a person can act on.
 */
import { errorReason } from './database-errors';
import { migrate } from './migrations';
import { createPgClient } from './pg-client';
import { createPgliteClient } from './pglite-client';
import type { SqlClient } from './sql-client';
import { SqlWorldRepository } from './sql-world-repository';

export interface RepositoryConfig {
  /** postgres://user:password@host:port/database; when set, PostgreSQL is used and dataDir is not. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; in memory when undefined. */
  dataDir?: string;
}

export async function openRepository(config: RepositoryConfig): Promise<SqlWorldRepository> {
  const { client, where } = await connect(config);
  try {
    await migrate(client);
  } catch (error) {
    await client.close().catch(() => {});
    failed(`cannot open ${where}`, error);
  }
  return new SqlWorldRepository(client);
}

/** A client for the configured database (not yet connected, for PostgreSQL), and how to name it in a message. */
async function connect({ databaseUrl, dataDir }: RepositoryConfig): Promise<{ client: SqlClient; where: string }> {
  if (databaseUrl !== undefined) return { client: createPgClient(checkDatabaseUrl(databaseUrl)), where: `the PostgreSQL server at ${redacted(databaseUrl)}` };
  const where = dataDir === undefined ? 'the in-memory database' : `the embedded database in ${dataDir}`;
  try {
    return { client: await createPgliteClient(dataDir), where };
  } catch (error) {
    failed(`cannot open ${where}`, error);
  }
}

/** `url` when it names a PostgreSQL database, else an Error saying what is wrong with it. */
export function checkDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DATABASE_URL is not a URL: expected postgres://user:password@host:5432/database`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`);
  }
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) throw new Error(`DATABASE_URL ${redacted(url)} names no host`);
  return url;
}

/** `url` without its password, fit for a log line. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Throws `what`, with the cause's reason on the same line. */
function failed(what: string, error: unknown): never {
  throw new Error(`${what}: ${errorReason(error)}`, { cause: error });
}
