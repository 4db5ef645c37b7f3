/**
 * Telling "the database is down" apart from "the database refused this": a room keeps edits
 * pending through the first and rejects them for the second. Node's own connection errors
 * also come with empty messages (an AggregateError per refused address), so this says why.
 */

/** The database could not be reached or went away mid-query; the same call may succeed later. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** One line saying why `error` happened, even for an AggregateError with no message of its own. */
export function errorReason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorReason(error.errors[0]);
  if (error instanceof Error) return (error.message || (error as NodeJS.ErrnoException).code || error.name).split('\n')[0]!;
  return String(error);
}

/**
 * Whether `error` from pg means no server to talk to: anything but an error the server sent
 * (those carry a `severity`), or one it sent because it is starting, stopping or lost the
 * connection (SQLSTATE classes 08 and 57P).
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { severity, code } = error as Error & { severity?: string; code?: string };
  if (severity === undefined) return true;
  return code !== undefined && (code.startsWith('08') || code.startsWith('57P'));
}
