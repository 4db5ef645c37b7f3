/**
 * IndexedDB requests and transactions as promises, by hand rather than through `idb`: every
 * promise here is one the caller awaits (idb makes a `done` promise for every transaction,
 * which is reported as an unhandled rejection when an aborted one is not awaited), and the
 * factory the caller passes in is used as it is (idb recognises its objects with `instanceof`
 * against the global IDB classes).
 *
 * A continuation of these promises runs in a microtask while the transaction is still active,
 * so it may issue more requests; any other await (a timer, a fetch) lets the transaction
 * commit first.
 */

/** The result of a request, or its error. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new DOMException('IndexedDB request failed', 'UnknownError'));
  });
}

/**
 * Resolves when the transaction has committed; rejects with why it did not: the failed
 * request's error (QuotaExceededError, ConstraintError…), else an AbortError.
 */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('IndexedDB transaction was aborted', 'AbortError'));
  });
}

/**
 * Runs `body` in a new transaction and resolves with its result once the transaction has
 * committed. Rejects with the first failure: `body`'s error (the transaction is then aborted,
 * so nothing of it is written), or the transaction's (transactionDone). A closed database
 * rejects with InvalidStateError.
 */
export async function transact<T>(db: IDBDatabase, stores: string | string[], mode: IDBTransactionMode, body: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
  const tx = db.transaction(stores, mode);
  const done = transactionDone(tx);
  // Awaited below; until then this only keeps an abort during `body` from counting as unhandled.
  done.catch(() => undefined);
  let result: T;
  try {
    result = await body(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished or aborting: nothing was or will be written.
    }
    throw error;
  }
  await done;
  return result;
}
