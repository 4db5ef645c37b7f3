/**
 * The little of a SQL database the storage needs, so one set of queries runs on the embedded
 * PGlite and on a PostgreSQL server alike (pglite-client.ts, pg-client.ts). Queries use $1
 * parameters; bytes go in and come out as Uint8Array (bytea), and a bigint may come back as a
 * string (pg) or a number (PGlite), so readers convert with Number().
 */

/** Runs statements: the client itself, or the one connection a transaction holds. */
export interface SqlExecutor {
  /** One statement with $1.. parameters; its rows. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws (and the error rethrown). Statements must go through `tx`, not the client.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Ends every connection, or shuts the embedded database down; safe to call twice. */
  close(): Promise<void>;
}
