/**
 * Runs async jobs one at a time, in the order they were given: a job starts only once every
 * job before it has settled, whether it resolved or failed. The world library runs everything
 * that changes which worlds it holds in memory through one queue, so that a world switch's
 * clean-up can never interleave with another switch or with reading a world's edits.
 *
 * A job must not wait for a later job of the same queue (it would wait forever).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Resolves or rejects as `job` does, once it has run after the jobs given before it. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    // The next job waits for this one to settle, not to succeed.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
