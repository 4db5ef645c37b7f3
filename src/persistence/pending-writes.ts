/**
 * Writes under way, so a caller can wait until everything asked so far has been written or
 * has failed (WorldLibrary.flush: a test, or a page about to reload, reads back what it saved).
 */
export class PendingWrites {
  private readonly writes = new Set<Promise<unknown>>();

  /** Tracks `write` until it settles; returns it. */
  track<T>(write: Promise<T>): Promise<T> {
    this.writes.add(write);
    const done = () => void this.writes.delete(write);
    write.then(done, done);
    return write;
  }

  /** Resolves when every write tracked so far has settled (never rejects). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.writes]);
  }
}
