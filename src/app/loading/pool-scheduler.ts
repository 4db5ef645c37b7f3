/**
 * One worker pool shared by every world on screen (one normally, two in compare mode).
 * Each loader is a client: the scheduler routes each reply to the client that asked, and
 * hands free places in the pool out in turns, one column per client per turn, so both
 * sides of the compare view fill in together instead of one waiting for the other.
 */
import type { WorkerError, WorkerResult } from '../../workers/protocol';
import { WorkerPool, type WorkerJob, type WorkerLike } from '../../workers/worker-pool';

export interface PoolClient {
  /** Submits up to `limit` of its best wanted columns through `submit`; returns how many. */
  requestUpTo(limit: number): number;
  /** Submits every re-mesh its edits asked for, as urgent requests, whatever the pool's free places. */
  requestEdited(): void;
  /** Results and failures of this client's own requests only. */
  result(result: WorkerResult): void;
  failed(error: WorkerError): void;
}

export interface PoolSchedulerEvents {
  /** A worker reported or hit an error (before any retry), for the console and HUD. */
  workerError(message: string, willRetry: boolean): void;
}

/**
 * How top-ups asked for by worker messages run: each reply used to top the pool up in its own
 * onmessage task (a wanted-list walk, the job's edits, a postMessage per request), so a burst
 * of replies was a long task outside any frame budget. With slices, replies only ask for a
 * top-up; it runs later in its own task, once for all the replies before it, posting at most
 * `maxPerSlice` requests, the rest in further slices.
 */
export interface TopUpSlices {
  /** Runs `slice` soon in a task of its own (never a microtask: the message's task must end first). */
  schedule(slice: () => void): void;
  maxPerSlice: number;
  /** The scheduler owns its slices: its dispose() calls this. */
  dispose?(): void;
}

/** A slice through a MessageChannel: unlike setTimeout(0), not clamped to 4 ms when nested. */
export function messageChannelSlices(maxPerSlice: number): TopUpSlices {
  const channel = new MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return {
    maxPerSlice,
    schedule(slice) {
      waiting.push(slice);
      channel.port2.postMessage(null);
    },
    dispose() {
      waiting.length = 0;
      channel.port1.onmessage = null;
      channel.port1.close();
    },
  };
}

export class PoolScheduler {
  readonly pool: WorkerPool;
  private readonly clients: PoolClient[] = [];
  /** Who asked for each request still in the pool. */
  private readonly owners = new Map<number, PoolClient>();
  /** The client that gets the first place of the next turn. */
  private turn = 0;
  private toppingUp = false;
  private paused = false;
  private disposed = false;
  /** A slice is scheduled and has not run yet. */
  private sliceQueued = false;

  /** Without `slices`, a reply tops the pool up at once, in its own message's task. */
  constructor(
    createWorker: () => WorkerLike,
    events: PoolSchedulerEvents,
    workers: number,
    private readonly slices: TopUpSlices | null = null,
  ) {
    this.pool = new WorkerPool(
      createWorker,
      {
        result: (r) => {
          this.takeOwner(r.id)?.result(r);
          // Keep workers busy between frames: on a slow-rendering device a frame can take
          // 100 ms, and waiting for it to hand out the next request would idle the pool.
          this.topUpSoon();
        },
        // No top-up here: a failure usually means sick workers, and the next frame asks
        // again anyway; feeding them at once would only fail more columns, one message each.
        failed: (e) => this.takeOwner(e.id)?.failed(e),
        capacityFreed: () => this.topUpSoon(),
        workerError: (message, willRetry) => events.workerError(message, willRetry),
      },
      { size: workers },
    );
  }

  get clientCount(): number {
    return this.clients.length;
  }

  attach(client: PoolClient): void {
    if (!this.clients.includes(client)) this.clients.push(client);
  }

  /** Forgets a client and cancels everything it still has in the pool. */
  detach(client: PoolClient): void {
    const index = this.clients.indexOf(client);
    if (index === -1) return;
    this.clients.splice(index, 1);
    for (const [id, owner] of this.owners) {
      if (owner !== client) continue;
      this.pool.cancel(id);
      this.owners.delete(id);
    }
  }

  submit(client: PoolClient, job: WorkerJob, urgent = false): number {
    const id = this.pool.submit(job, urgent);
    this.owners.set(id, client);
    return id;
  }

  cancel(id: number): void {
    this.pool.cancel(id);
    this.owners.delete(id);
  }

  /**
   * Fills the pool's free places, one per client in turn, until it is full or nobody wants
   * more. Re-entrant calls (a submit that fails at once) are folded into the running one.
   */
  topUp(): void {
    this.fill(Number.POSITIVE_INFINITY);
  }

  /** Fills at most `limit` places; true if it stopped at the limit (more may be wanted). */
  private fill(limit: number): boolean {
    if (this.disposed || this.toppingUp || this.paused) return false;
    this.toppingUp = true;
    let submitted = 0;
    try {
      // Edits first, all of them: they go ahead of the queue with places of their own.
      for (const client of this.clients) client.requestEdited();
      const n = this.clients.length;
      let idle = 0;
      while (n > 0 && idle < n) {
        if (submitted >= limit) return true;
        const free = this.pool.broken !== null ? Number.POSITIVE_INFINITY : this.pool.freeCapacity;
        if (free <= 0) break;
        const client = this.clients[this.turn % n]!;
        this.turn = (this.turn + 1) % n;
        const got = client.requestUpTo(1);
        submitted += got;
        idle = got > 0 ? 0 : idle + 1;
      }
      return false;
    } finally {
      this.toppingUp = false;
    }
  }

  /**
   * A top-up asked for outside a frame (a worker message, an edit): at once without slices,
   * else in the next slice.
   */
  topUpSoon(): void {
    if (!this.slices) {
      this.topUp();
      return;
    }
    if (this.sliceQueued || this.disposed) return;
    this.sliceQueued = true;
    const slices = this.slices;
    slices.schedule(() => {
      this.sliceQueued = false;
      if (this.fill(slices.maxPerSlice)) this.topUpSoon();
    });
  }

  /**
   * Paused, nothing new is handed to the workers (a hidden tab streams for nobody); what
   * they are running finishes and waits in its loader. Resuming fills the pool at once.
   */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (!paused) this.topUp();
  }

  resize(workers: number): void {
    this.pool.resize(workers);
    this.topUp();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.slices?.dispose?.();
    this.pool.dispose();
    this.clients.length = 0;
    this.owners.clear();
  }

  private takeOwner(id: number): PoolClient | undefined {
    const owner = this.owners.get(id);
    this.owners.delete(id);
    return owner;
  }
}
