/**
 * Edits on their way to the room, paced by the room's own edit and message limits (a client
 * token bucket mirroring the server's), so a re-send of many pending edits after a reconnect
 * or a database outage is neither refused for the rate nor taken for flooding. Edits leave in
 * the order queued; one queued twice (a re-send) goes once.
 */
import { fullBucket, takeToken, type EditMessage, type NetLimits, type TokenBucket } from '../../net';

export class EditOutbox {
  private readonly queue = new Map<number, EditMessage>();
  private bucket: TokenBucket;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Sends one edit; false when there is no connection (the edit stays queued). */
    private readonly send: (edit: EditMessage) => boolean,
    private readonly limits: Pick<NetLimits, 'editsPerSecond' | 'editBurst'>,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.bucket = fullBucket(limits.editBurst, now());
  }

  push(edits: readonly EditMessage[]): void {
    for (const e of edits) if (!this.queue.has(e.seq)) this.queue.set(e.seq, e);
    this.drain();
  }

  /** Forgets what is queued: after a reconnect, the pending book is queued again whole. */
  clear(): void {
    this.queue.clear();
  }

  get size(): number {
    return this.queue.size;
  }

  drain(): void {
    const { editsPerSecond, editBurst } = this.limits;
    for (const [seq, edit] of this.queue) {
      if (!takeToken(this.bucket, this.now(), editsPerSecond, editBurst)) return this.later(1000 / editsPerSecond);
      if (!this.send(edit)) {
        this.bucket.tokens += 1;
        return;
      }
      this.queue.delete(seq);
    }
  }

  private later(ms: number): void {
    this.timer ??= setTimeout(() => ((this.timer = null), this.drain()), ms);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue.clear();
  }
}
