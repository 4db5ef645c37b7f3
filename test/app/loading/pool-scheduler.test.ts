/**
 * One worker pool, several worlds: replies reach the loader that asked, free places are
 * handed out in turns so two sides load together, and a loader that leaves takes its
 * requests with it.
 */
import { describe, expect, it } from 'vitest';
import { messageChannelSlices, PoolScheduler, type PoolClient } from '../../../src/app/loading/pool-scheduler';
import type { BuildColumnError, BuildColumnResult } from '../../../src/workers';
import type { WorkerError, WorkerResult } from '../../../src/workers/protocol';
import { fakeWorkerFactory, job } from '../../workers/fake-worker';

/** A client wanting `want` columns at x = base, base + 1, …, recording what comes back. */
class Client implements PoolClient {
  readonly results: BuildColumnResult[] = [];
  readonly failures: BuildColumnError[] = [];
  readonly submitted: number[] = [];
  private next = 0;
  constructor(
    private readonly scheduler: PoolScheduler,
    private readonly base: number,
    private readonly want: number,
  ) {}
  /** Columns its edits asked to rebuild, handed over all at once by requestEdited. */
  readonly edited: number[] = [];
  readonly urgentSubmitted: number[] = [];
  requestEdited(): void {
    for (const x of this.edited.splice(0)) this.urgentSubmitted.push(this.scheduler.submit(this, job(x), true));
  }
  requestUpTo(limit: number): number {
    let n = 0;
    while (n < limit && this.next < this.want) {
      this.submitted.push(this.scheduler.submit(this, job(this.base + this.next++)));
      n++;
    }
    return n;
  }
  result(r: WorkerResult): void {
    this.results.push(r as BuildColumnResult);
  }
  failed(e: WorkerError): void {
    this.failures.push(e as BuildColumnError);
  }
}

function setup(workers = 2) {
  const factory = fakeWorkerFactory();
  const errors: string[] = [];
  const scheduler = new PoolScheduler(factory.create, { workerError: (m) => errors.push(m) }, workers);
  return { scheduler, workers: factory.workers, errors };
}

describe('PoolScheduler', () => {
  it('hands free places out in turns: two clients get the same share of the pool', () => {
    const { scheduler } = setup(2); // 2 workers x 2 in flight = 4 places
    const left = new Client(scheduler, 0, 50);
    const right = new Client(scheduler, 1000, 50);
    scheduler.attach(left);
    scheduler.attach(right);
    scheduler.topUp();
    expect(left.submitted).toHaveLength(2);
    expect(right.submitted).toHaveLength(2);
    expect(scheduler.pool.freeCapacity).toBe(0);
  });

  it('a top-up first submits every client\'s edits, beyond the free places, then fills those in turns', () => {
    const { scheduler, workers } = setup(1); // 1 worker x 2 in flight
    const left = new Client(scheduler, 0, 50);
    const right = new Client(scheduler, 1000, 50);
    scheduler.attach(left);
    scheduler.attach(right);
    scheduler.topUp();
    left.edited.push(7, 8, 9);
    right.edited.push(1007);
    scheduler.topUp();
    expect(left.urgentSubmitted).toHaveLength(3);
    expect(right.urgentSubmitted).toHaveLength(1);
    // All four are with the worker already, next to the two it had.
    expect(workers[0]!.postedIds).toEqual([left.submitted[0], right.submitted[0], ...left.urgentSubmitted, ...right.urgentSubmitted]);
    expect(left.submitted).toHaveLength(1);
  });

  it('routes every reply to the client that asked, and refills in turns as replies arrive', () => {
    const { scheduler, workers } = setup(2);
    const left = new Client(scheduler, 0, 6);
    const right = new Client(scheduler, 1000, 6);
    scheduler.attach(left);
    scheduler.attach(right);
    scheduler.topUp();
    for (let round = 0; round < 20; round++) {
      for (const w of workers) for (const id of [...w.outstanding]) w.replyBuilt(id);
    }
    expect(left.results.map((r) => r.cx).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(right.results.map((r) => r.cx).sort((a, b) => a - b)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
  });

  it('paused (a hidden tab), nothing new goes out, running work still arrives; resuming fills the pool at once', () => {
    const { scheduler, workers } = setup(2);
    const only = new Client(scheduler, 0, 50);
    scheduler.attach(only);
    scheduler.topUp();
    scheduler.setPaused(true);
    for (const w of workers) for (const id of [...w.outstanding]) w.replyBuilt(id);
    expect(only.results).toHaveLength(4);
    scheduler.topUp();
    expect(only.submitted).toHaveLength(4);
    expect(scheduler.pool.freeCapacity).toBe(4);
    scheduler.setPaused(false);
    expect(only.submitted).toHaveLength(8);
  });

  it('a client alone gets the whole pool', () => {
    const { scheduler } = setup(2);
    const only = new Client(scheduler, 0, 50);
    scheduler.attach(only);
    scheduler.topUp();
    expect(only.submitted).toHaveLength(4);
  });

  it('a detached client loses its requests: queued ones never run, running ones reach nobody, and their places go to the others', () => {
    const { scheduler, workers } = setup(1); // 1 worker x 2 in flight
    const left = new Client(scheduler, 0, 10);
    const right = new Client(scheduler, 1000, 10);
    scheduler.attach(left);
    scheduler.attach(right);
    scheduler.topUp(); // one place each
    // Two more of the left client's requests wait in the pool's queue.
    left.requestUpTo(2);
    expect(scheduler.pool.queuedCount).toBe(2);
    const leftRunning = left.submitted[0]!;
    scheduler.detach(left);
    expect(scheduler.clientCount).toBe(1);
    expect(scheduler.pool.queuedCount).toBe(0); // the queued ones are gone
    // The running one replies: nobody hears of it, and its place goes to the right client at once.
    const rightBefore = right.submitted.length;
    workers[0]!.replyBuilt(leftRunning);
    expect(left.results).toEqual([]);
    expect(right.submitted.length).toBe(rightBefore + 1);
    for (let round = 0; round < 20; round++) for (const w of workers) for (const id of [...w.outstanding]) w.replyBuilt(id);
    expect(left.results).toEqual([]);
    expect(right.results).toHaveLength(10);
    expect(workers[0]!.postedIds).not.toContain(left.submitted[1]);
    expect(workers[0]!.postedIds).not.toContain(left.submitted[2]);
  });

  it('reports worker errors once, and a failure goes to its client only', () => {
    const { scheduler, workers, errors } = setup(1);
    const left = new Client(scheduler, 0, 1);
    const right = new Client(scheduler, 1000, 1);
    scheduler.attach(left);
    scheduler.attach(right);
    scheduler.topUp();
    const leftId = left.submitted[0]!;
    workers[0]!.replyError(leftId, 'bad column');
    workers[0]!.replyError(leftId, 'bad column'); // the retry fails too
    expect(left.failures.map((f) => f.cx)).toEqual([0]);
    expect(right.failures).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('dispose terminates the workers and is safe twice', () => {
    const { scheduler, workers } = setup(2);
    scheduler.dispose();
    scheduler.dispose();
    expect(workers.every((w) => w.terminateCalls === 1)).toBe(true);
  });

  describe('with top-up slices', () => {
    /** Slices that run only when the test says: a fake event loop. */
    function manualSlices(maxPerSlice: number) {
      const queued: (() => void)[] = [];
      let disposed = 0;
      return {
        slices: { maxPerSlice, schedule: (slice: () => void) => void queued.push(slice), dispose: () => void disposed++ },
        queued,
        runOne: () => queued.shift()!(),
        disposed: () => disposed,
      };
    }
    function slicedSetup(workers: number, maxPerSlice: number) {
      const factory = fakeWorkerFactory();
      const loop = manualSlices(maxPerSlice);
      const scheduler = new PoolScheduler(factory.create, { workerError: () => {} }, workers, loop.slices);
      return { scheduler, workers: factory.workers, loop };
    }

    it('a reply asks for a slice instead of posting in its own task; one slice serves every reply before it', () => {
      const { scheduler, workers, loop } = slicedSetup(2, 8);
      const only = new Client(scheduler, 0, 50);
      scheduler.attach(only);
      scheduler.topUp(); // the frame's top-up stays immediate
      expect(only.submitted).toHaveLength(4);
      for (const w of workers) for (const id of [...w.outstanding]) w.replyBuilt(id);
      expect(only.results).toHaveLength(4);
      expect(only.submitted).toHaveLength(4);
      expect(loop.queued).toHaveLength(1);
      loop.runOne();
      expect(only.submitted).toHaveLength(8);
      expect(loop.queued).toHaveLength(0);
    });

    it('a slice posts at most maxPerSlice requests and schedules the next while places are free and wanted', () => {
      const { scheduler, workers, loop } = slicedSetup(2, 1);
      const only = new Client(scheduler, 0, 6);
      scheduler.attach(only);
      scheduler.topUp();
      for (const w of workers) for (const id of [...w.outstanding]) w.replyBuilt(id);
      loop.runOne();
      expect(only.submitted).toHaveLength(5);
      expect(loop.queued).toHaveLength(1);
      loop.runOne();
      expect(only.submitted).toHaveLength(6);
      // The client wants nothing more: the next slice finds nothing and asks for no other.
      loop.runOne();
      expect(only.submitted).toHaveLength(6);
      expect(loop.queued).toHaveLength(0);
    });

    it('topUpSoon shares the pending slice; a disposed scheduler disposes its slices and a late slice posts nothing', () => {
      const { scheduler, workers, loop } = slicedSetup(1, 4);
      const only = new Client(scheduler, 0, 50);
      scheduler.attach(only);
      scheduler.topUpSoon();
      scheduler.topUpSoon();
      expect(loop.queued).toHaveLength(1);
      expect(only.submitted).toHaveLength(0);
      loop.runOne();
      expect(only.submitted).toHaveLength(2);
      workers[0]!.replyBuilt(only.submitted[0]!);
      scheduler.dispose();
      scheduler.dispose();
      expect(loop.disposed()).toBe(1);
      loop.runOne();
      expect(only.submitted).toHaveLength(2);
    });

    it('messageChannelSlices runs slices later, in order, never inside the caller', async () => {
      const slices = messageChannelSlices(3);
      const ran: number[] = [];
      const done = new Promise<void>((resolve) => {
        slices.schedule(() => ran.push(1));
        slices.schedule(() => {
          ran.push(2);
          resolve();
        });
      });
      expect(ran).toEqual([]);
      await done;
      expect(ran).toEqual([1, 2]);
      expect(slices.maxPerSlice).toBe(3);
      slices.dispose?.();
      slices.dispose?.();
    });
  });
});
