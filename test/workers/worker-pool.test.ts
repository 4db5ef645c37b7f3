/**
 * WorkerPool driven by FakeWorker: every reply, error and crash is delivered by hand, so
 * the tests read as the interleavings they check. No timers, no real workers.
 */
import { describe, expect, it } from 'vitest';
import { clampPoolSize, DEFAULT_WORKER_POOL_OPTIONS, defaultPoolSize, WorkerPool } from '../../src/workers';
import { emptyMeshData } from '../../src/mesh';
import { fakeWorkerFactory, job, recordingEvents, type FakeWorker } from './fake-worker';

function makePool(size: number, maxInFlightPerWorker = 2) {
  const factory = fakeWorkerFactory();
  const events = recordingEvents();
  const pool = new WorkerPool(factory.create, events, { size, maxInFlightPerWorker });
  events.pool = pool;
  return { pool, events, workers: factory.workers };
}

/** All ids posted to any of `workers`, in worker order. */
function allPosted(workers: readonly FakeWorker[]): number[] {
  return workers.flatMap((w) => w.postedIds);
}

function w(workers: readonly FakeWorker[], i: number): FakeWorker {
  const worker = workers[i];
  if (!worker) throw new Error(`no worker ${i}`);
  return worker;
}

describe('pool size', () => {
  it('defaultPoolSize is hardwareConcurrency - 1, at least 1, at most 16', () => {
    expect(defaultPoolSize(8)).toBe(7);
    expect(defaultPoolSize(4)).toBe(3);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(0)).toBe(1);
    expect(defaultPoolSize(undefined)).toBe(1);
    expect(defaultPoolSize(64)).toBe(16);
  });

  it('clampPoolSize rounds into 1..16 and maps non-finite input to 1', () => {
    expect(clampPoolSize(3)).toBe(3);
    expect(clampPoolSize(2.4)).toBe(2);
    expect(clampPoolSize(2.6)).toBe(3);
    expect(clampPoolSize(0)).toBe(1);
    expect(clampPoolSize(-4)).toBe(1);
    expect(clampPoolSize(17)).toBe(16);
    expect(clampPoolSize(NaN)).toBe(1);
    expect(clampPoolSize(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('creates as many workers as the (clamped) size', () => {
    expect(makePool(3).workers).toHaveLength(3);
    expect(makePool(3).pool.size).toBe(3);
    expect(makePool(0).workers).toHaveLength(1);
    expect(makePool(99).pool.size).toBe(16);
    const factory = fakeWorkerFactory();
    const pool = new WorkerPool(factory.create, recordingEvents());
    expect(pool.size).toBe(DEFAULT_WORKER_POOL_OPTIONS.size);
  });
});

describe('scheduling', () => {
  it('posts build requests carrying id, generation, revision and the job', () => {
    const { pool, workers } = makePool(1);
    const id = pool.submit({ ...job(5, 3, 2), cz: -7, edits: [{ x: 80, y: 70, z: -100, block: 2 }] });
    const request = w(workers, 0).requestOf(id);
    expect(request).toMatchObject({ type: 'build', id, generation: 3, revision: 2, cx: 5, cz: -7 });
    expect(request.edits).toEqual([{ x: 80, y: 70, z: -100, block: 2 }]);
    expect(request.params.seed).toBe('voxel');
    // Ids are unique.
    const ids = [id, pool.submit(job(1)), pool.submit(job(2))];
    expect(new Set(ids).size).toBe(3);
  });

  it('never has more than maxInFlightPerWorker requests on one worker', () => {
    const { pool, workers } = makePool(2, 2);
    const ids = Array.from({ length: 7 }, (_, i) => pool.submit(job(i)));
    expect(w(workers, 0).posted).toHaveLength(2);
    expect(w(workers, 1).posted).toHaveLength(2);
    expect(pool.inFlightCount).toBe(4);
    expect(pool.queuedCount).toBe(3);
    // The first four submitted are the ones started.
    expect(new Set(allPosted(workers))).toEqual(new Set(ids.slice(0, 4)));

    const first = w(workers, 0).postedIds[0]!;
    w(workers, 0).replyBuilt(first);
    expect(w(workers, 0).posted).toHaveLength(3);
    expect(w(workers, 1).posted).toHaveLength(2);
    expect(pool.inFlightCount).toBe(4);
    expect(pool.queuedCount).toBe(2);
  });

  it('urgent requests go ahead of the queue in places of their own, maxUrgentInFlight in the whole pool', () => {
    const factory = fakeWorkerFactory();
    const pool = new WorkerPool(factory.create, recordingEvents(), { size: 1, maxInFlightPerWorker: 2, maxUrgentInFlight: 3 });
    const worker = w(factory.workers, 0);
    const normal = Array.from({ length: 4 }, (_, i) => pool.submit(job(i)));
    expect(worker.postedIds).toEqual(normal.slice(0, 2));
    const urgent = Array.from({ length: 4 }, (_, i) => pool.submit(job(100 + i), true));
    // Three urgent places: three start at once, beyond the two loads, and are marked for the worker.
    expect(worker.postedIds).toEqual([...normal.slice(0, 2), ...urgent.slice(0, 3)]);
    expect(worker.requestOf(urgent[0]!).urgent).toBe(true);
    expect(worker.requestOf(normal[0]!).urgent).toBeUndefined();
    expect(pool.urgentInFlight).toBe(3);
    // Urgent work takes no load's place: the loads' capacity is what it was (two in flight, two queued).
    expect(pool.freeCapacity).toBe(0);
    // An urgent reply frees an urgent place: the last urgent request starts.
    worker.replyBuilt(urgent[0]!);
    expect(worker.postedIds.at(-1)).toBe(urgent[3]);
    // A load's reply starts the next load, though urgent requests are in flight.
    worker.replyBuilt(normal[0]!);
    expect(worker.postedIds.at(-1)).toBe(normal[2]);
  });

  it('a steady stream of edits does not stop loads: while urgent requests wait for a place, loads still start', () => {
    const factory = fakeWorkerFactory();
    const pool = new WorkerPool(factory.create, recordingEvents(), { size: 1, maxInFlightPerWorker: 2, maxUrgentInFlight: 2 });
    const worker = w(factory.workers, 0);
    for (let i = 0; i < 6; i++) pool.submit(job(100 + i), true);
    const loads = [pool.submit(job(0)), pool.submit(job(1))];
    // Four urgent requests wait in the queue, ahead of the loads, and yet the loads start.
    expect(pool.queuedCount).toBe(4);
    expect(worker.postedIds.slice(-2)).toEqual(loads);
    expect(pool.freeCapacity).toBe(0);
  });

  it("splits urgent requests over the workers (a torch's five columns are built side by side)", () => {
    const factory = fakeWorkerFactory();
    const pool = new WorkerPool(factory.create, recordingEvents(), { size: 3, maxInFlightPerWorker: 2 });
    pool.submit(job(0));
    pool.submit(job(1));
    for (let i = 0; i < 5; i++) pool.submit(job(100 + i), true);
    const urgentOn = factory.workers.map((x) => x.posted.filter((r) => r.urgent).length);
    expect(urgentOn.sort()).toEqual([1, 2, 2]);
  });

  it('a cancelled urgent request is cancelled in its worker and frees its urgent place at once', () => {
    const factory = fakeWorkerFactory();
    const events = recordingEvents();
    const pool = new WorkerPool(factory.create, events, { size: 1, maxInFlightPerWorker: 2, maxUrgentInFlight: 2 });
    const worker = w(factory.workers, 0);
    const [a, b, c] = [pool.submit(job(0), true), pool.submit(job(0, 0, 1), true), pool.submit(job(0, 0, 2), true)];
    expect(worker.postedIds).toEqual([a, b]);
    // A newer edit of the column replaced `a`: the newest one starts now, not after `a`'s reply.
    expect(pool.cancel(a)).toBe(true);
    expect(worker.cancels).toEqual([a]);
    expect(worker.postedIds).toEqual([a, b, c]);
    expect(pool.urgentInFlight).toBe(2);
    // The worker skipped it; the answer frees nothing more and delivers nothing.
    worker.replyCancelled(a);
    expect(pool.inFlightCount).toBe(2);
    expect(events.results).toEqual([]);
    expect(events.failures).toEqual([]);
  });

  it('a cancelled load keeps its place until its worker answers, then the next load starts', () => {
    const { pool, workers, events } = makePool(1, 1);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    pool.cancel(a);
    expect(w(workers, 0).cancels).toEqual([a]);
    expect(w(workers, 0).postedIds).toEqual([a]);
    w(workers, 0).replyCancelled(a);
    expect(w(workers, 0).postedIds).toEqual([a, b]);
    expect(events.freeCapacityWhenFreed).toHaveLength(1);
  });

  it('starts queued requests in FIFO order', () => {
    const { pool, workers, events } = makePool(1, 1);
    const ids = Array.from({ length: 5 }, (_, i) => pool.submit(job(i)));
    const worker = w(workers, 0);
    for (let i = 0; i < ids.length; i++) {
      expect(worker.postedIds).toEqual(ids.slice(0, i + 1));
      worker.replyBuilt(ids[i]!);
    }
    expect(events.results.map((r) => r.id)).toEqual(ids);
    expect(events.results.map((r) => r.cx)).toEqual([0, 1, 2, 3, 4]);
    expect(pool.inFlightCount).toBe(0);
    expect(pool.queuedCount).toBe(0);
  });

  it('spreads work over the least busy workers', () => {
    const { pool, workers } = makePool(3, 2);
    for (let i = 0; i < 3; i++) pool.submit(job(i));
    expect(workers.map((x) => x.posted.length)).toEqual([1, 1, 1]);
  });

  it('freeCapacity is what can start now: slots × maxInFlight − in flight − queued, never negative', () => {
    const { pool, workers } = makePool(2, 2);
    expect(pool.freeCapacity).toBe(4);
    const a = pool.submit(job(0));
    expect(pool.freeCapacity).toBe(3);
    for (let i = 1; i < 6; i++) pool.submit(job(i));
    expect(pool.inFlightCount).toBe(4);
    expect(pool.queuedCount).toBe(2);
    expect(pool.freeCapacity).toBe(0);
    w(workers, 0).replyBuilt(a); // a queued job takes the free slot
    expect(pool.freeCapacity).toBe(0);
    expect(pool.queuedCount).toBe(1);
  });

  it('queued requests count against freeCapacity', () => {
    const { pool } = makePool(2, 2);
    const ids = Array.from({ length: 6 }, (_, i) => pool.submit(job(i)));
    // Cancelling a queued request frees its place in the queue.
    pool.cancel(ids[5]!);
    expect(pool.inFlightCount).toBe(4);
    expect(pool.queuedCount).toBe(1);
    expect(pool.freeCapacity).toBe(0);
  });

  it('a late or unknown reply is ignored', () => {
    const { pool, workers, events } = makePool(1);
    const id = pool.submit(job(0));
    w(workers, 0).replyBuilt(id);
    w(workers, 0).replyBuilt(id); // duplicate
    w(workers, 0).deliver({ type: 'built', id: 999, generation: 0, revision: 0, cx: 0, cz: 0, hash: '', mesh: emptyMeshData(), quads: 0, generateMs: 0, hashMs: 0, meshMs: 0 });
    expect(events.results.map((r) => r.id)).toEqual([id]);
  });
});

describe('cancel', () => {
  it('a cancelled queued request is never posted', () => {
    const { pool, workers, events } = makePool(1, 1);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    const c = pool.submit(job(2));
    expect(pool.cancel(b)).toBe(true);
    expect(pool.queuedCount).toBe(1);
    w(workers, 0).replyBuilt(a);
    expect(w(workers, 0).postedIds).toEqual([a, c]);
    w(workers, 0).replyBuilt(c);
    expect(allPosted(workers)).not.toContain(b);
    expect(events.results.map((r) => r.id)).toEqual([a, c]);
    expect(pool.cancel(b)).toBe(false); // no longer known
  });

  it('the result of a cancelled in-flight request is not delivered', () => {
    const { pool, workers, events } = makePool(1, 2);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    expect(pool.cancel(a)).toBe(true);
    w(workers, 0).replyBuilt(a);
    w(workers, 0).replyBuilt(b);
    expect(events.results.map((r) => r.id)).toEqual([b]);
    expect(events.failures).toEqual([]);
  });

  it('a cancelled in-flight request keeps its place until its worker replies', () => {
    const { pool, workers } = makePool(1, 2);
    const a = pool.submit(job(0));
    pool.submit(job(1));
    pool.cancel(a);
    // The worker is still building `a`: the pool must not hand it a third job.
    expect(pool.inFlightCount).toBe(2);
    expect(pool.freeCapacity).toBe(0);
    const c = pool.submit(job(2));
    expect(w(workers, 0).postedIds).not.toContain(c);
    expect(pool.cancel(a)).toBe(false); // already cancelled
    w(workers, 0).replyBuilt(a);
    expect(pool.inFlightCount).toBe(2);
    expect(w(workers, 0).postedIds).toContain(c);
  });

  it('tells the caller when a cancelled request frees a place, since no result will', () => {
    const { pool, workers, events } = makePool(1, 2);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    pool.cancel(a);
    w(workers, 0).replyBuilt(a);
    expect(events.freeCapacityWhenFreed).toEqual([1]);
    w(workers, 0).replyBuilt(b); // a result: the caller hears of it through `result`
    expect(events.freeCapacityWhenFreed).toEqual([1]);
  });

  it('after cancelling everything in flight, no worker takes more than maxInFlightPerWorker and new work starts as the cancelled replies arrive', () => {
    const maxInFlight = 2;
    const { pool, workers, events } = makePool(2, maxInFlight);
    const oldIds = Array.from({ length: 6 }, (_, i) => pool.submit(job(i, 1)));
    // A seed change: every pending request of the old world is cancelled, the new world's submitted.
    for (const id of oldIds) pool.cancel(id);
    expect(pool.queuedCount).toBe(0);
    const newIds = Array.from({ length: 4 }, (_, i) => pool.submit(job(i, 2)));
    expect(allPosted(workers).filter((id) => newIds.includes(id))).toEqual([]);

    for (const worker of workers) {
      const before = worker.posted.length;
      const [first, second] = worker.postedIds;
      worker.replyBuilt(first!);
      expect(worker.posted.length).toBe(before + 1); // a new job took the place at once
      worker.replyBuilt(second!);
      expect(worker.posted.length).toBe(before + 2);
    }
    expect(new Set(allPosted(workers).filter((id) => newIds.includes(id)))).toEqual(new Set(newIds));
    for (const worker of workers) expect(worker.maxOutstanding).toBe(maxInFlight);
    expect(events.results).toEqual([]); // the old world's results were dropped
    for (const worker of workers) for (const id of [...worker.outstanding]) worker.replyBuilt(id);
    expect(events.results.map((r) => r.id).sort()).toEqual([...newIds].sort());
  });

  it('an error reply for a cancelled request is not retried nor reported as failed', () => {
    const { pool, workers, events } = makePool(1, 1);
    const a = pool.submit(job(0));
    pool.cancel(a);
    w(workers, 0).replyError(a);
    expect(w(workers, 0).postedIds).toEqual([a]);
    expect(events.failures).toEqual([]);
  });

  it('cancelling an unknown id returns false', () => {
    const { pool } = makePool(1);
    expect(pool.cancel(12345)).toBe(false);
  });
});

describe('errors and retries', () => {
  it("an 'error' reply is retried once, then reported through failed", () => {
    const { pool, workers, events } = makePool(1, 2);
    const id = pool.submit(job(4, 7, 1));
    const worker = w(workers, 0);
    worker.replyError(id, 'boom 1');
    expect(events.workerErrors).toHaveLength(1);
    expect(events.workerErrors[0]!.willRetry).toBe(true);
    expect(events.workerErrors[0]!.message).toContain('boom 1');
    expect(events.workerErrors[0]!.message).toContain('4,0');
    expect(worker.postedIds).toEqual([id, id]); // posted again, same id
    expect(worker.posted[1]).toEqual(worker.posted[0]);
    expect(events.failures).toEqual([]);

    worker.replyError(id, 'boom 2');
    expect(events.workerErrors.map((e) => e.willRetry)).toEqual([true, false]);
    expect(events.failures).toEqual([{ type: 'error', id, generation: 7, revision: 1, cx: 4, cz: 0, message: 'boom 2' }]);
    expect(worker.postedIds).toEqual([id, id]); // not a third time
    expect(events.results).toEqual([]);
    expect(pool.inFlightCount).toBe(0);
    expect(pool.queuedCount).toBe(0);
  });

  it('a retry that succeeds delivers the result once and reports no failure', () => {
    const { pool, workers, events } = makePool(1, 1);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    w(workers, 0).replyError(a);
    // The retry goes ahead of the queue.
    expect(w(workers, 0).postedIds).toEqual([a, a]);
    w(workers, 0).replyBuilt(a);
    w(workers, 0).replyBuilt(b);
    expect(events.results.map((r) => r.id)).toEqual([a, b]);
    expect(events.failures).toEqual([]);
  });

  it('maxAttempts is an option', () => {
    const factory = fakeWorkerFactory();
    const events = recordingEvents();
    const pool = new WorkerPool(factory.create, events, { size: 1, maxAttempts: 3 });
    const id = pool.submit(job(0));
    for (let i = 0; i < 3; i++) w(factory.workers, 0).replyError(id);
    expect(events.workerErrors.map((e) => e.willRetry)).toEqual([true, true, false]);
    expect(events.failures).toHaveLength(1);
  });
});

describe('worker crash', () => {
  it('stops replacing workers that keep crashing, fails all work, and fails later work at once', async () => {
    const { pool, workers, events } = makePool(2, 1);
    const ids = [pool.submit(job(0)), pool.submit(job(1)), pool.submit(job(2))];
    // A worker script that cannot load: every worker dies without ever replying.
    for (let i = 0; i < 100; i++) {
      const live = workers.filter((x) => !x.terminated);
      if (live.length === 0) break;
      live[0]!.crash('script failed to load');
    }
    expect(workers.length).toBeLessThanOrEqual(2 + DEFAULT_WORKER_POOL_OPTIONS.maxConsecutiveCrashes);
    expect(workers.every((x) => x.terminated)).toBe(true);
    expect(pool.size).toBe(0);
    expect(pool.broken).toMatch(/crashed 4 times in a row/);
    expect(events.failures.map((f) => f.id).sort()).toEqual([...ids].sort());
    const late = pool.submit(job(9));
    await Promise.resolve();
    expect(events.failures.map((f) => f.id)).toContain(late);
    expect(pool.freeCapacity).toBe(0); // no worker can start anything
    pool.resize(3);
    expect(workers.every((x) => x.terminated)).toBe(true);
  });

  it('a reply in between resets the crash count', () => {
    const { pool, workers } = makePool(1, 1);
    for (let round = 0; round < 10; round++) {
      const id = pool.submit(job(round));
      const live = workers.filter((x) => !x.terminated);
      live[0]!.crash('flaky');
      const again = workers.filter((x) => !x.terminated)[0]!;
      again.replyBuilt(id);
    }
    expect(pool.broken).toBeNull();
    expect(pool.size).toBe(1);
  });

  it('terminates and replaces the worker and retries its in-flight jobs', () => {
    const { pool, workers, events } = makePool(2, 2);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    const crashed = workers.find((x) => x.postedIds.includes(a))!;
    const healthy = workers.find((x) => x !== crashed)!;
    expect(healthy.postedIds).toEqual([b]);

    const state = crashed.crash('out of memory');
    expect(state.defaultPrevented).toBe(true);
    expect(crashed.terminated).toBe(true);
    expect(crashed.onmessage).toBeNull();
    expect(crashed.onerror).toBeNull();
    expect(workers).toHaveLength(3);
    expect(pool.size).toBe(2);
    expect(events.workerErrors).toEqual([{ message: expect.stringContaining('out of memory') as unknown as string, willRetry: true }]);

    // `a` is posted again, to the fresh worker (the least busy one).
    const fresh = w(workers, 2);
    expect(fresh.postedIds).toEqual([a]);
    fresh.replyBuilt(a);
    healthy.replyBuilt(b);
    expect(events.results.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect(events.failures).toEqual([]);
  });

  it('a job whose worker crashes twice while running it is reported as failed', () => {
    const { pool, workers, events } = makePool(1, 1);
    const a = pool.submit(job(3));
    w(workers, 0).start(a);
    w(workers, 0).crash();
    w(workers, 1).start(a);
    w(workers, 1).crash();
    expect(events.workerErrors.map((e) => e.willRetry)).toEqual([true, false]);
    expect(events.failures.map((f) => [f.id, f.cx])).toEqual([[a, 3]]);
    expect(w(workers, 2).posted).toEqual([]);
    expect(pool.size).toBe(1);
  });

  it('an idle worker crash is reported without retry, and the pool keeps working', () => {
    const { pool, workers, events } = makePool(1, 1);
    w(workers, 0).crash('idle crash');
    expect(events.workerErrors).toEqual([{ message: 'idle crash', willRetry: false }]);
    const id = pool.submit(job(0));
    expect(w(workers, 1).postedIds).toEqual([id]);
  });

  it('a reply already on its way from a crashed worker does not deliver the job twice', () => {
    const { pool, workers, events } = makePool(1, 1);
    const a = pool.submit(job(0));
    const crashed = w(workers, 0);
    const lateHandler = crashed.onmessage;
    crashed.crash();
    lateHandler?.({ data: { ...crashed.requestOf(a), type: 'built', hash: 'late', mesh: emptyMeshData(), quads: 0, generateMs: 0, hashMs: 0, meshMs: 0 } } as MessageEvent);
    w(workers, 1).replyBuilt(a);
    expect(events.results.map((r) => r.hash)).toEqual([`hash-${a}`]);
  });

  it('a cancelled in-flight job is forgotten when workers give up, not reported as failed', () => {
    const { pool, workers, events } = makePool(1, 2);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    pool.cancel(a);
    for (let i = 0; i < 10 && pool.broken === null; i++) workers[workers.length - 1]!.crash('no script');
    expect(pool.broken).not.toBeNull();
    expect(events.failures.map((f) => f.id)).toEqual([b]);
  });

  it('a crash after a cancel does not resurrect the cancelled job', () => {
    const { pool, workers, events } = makePool(1, 2);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    pool.cancel(a);
    w(workers, 0).crash();
    expect(w(workers, 1).postedIds).toEqual([b]);
    w(workers, 1).replyBuilt(b);
    expect(events.results.map((r) => r.id)).toEqual([b]);
  });
});

describe('who a crash is charged to', () => {
  it('only the request the worker had started: the others it held go again without losing an attempt', () => {
    const factory = fakeWorkerFactory();
    const events = recordingEvents();
    const pool = new WorkerPool(factory.create, events, { size: 1, maxInFlightPerWorker: 2, maxUrgentInFlight: 8 });
    const loads = [pool.submit(job(0)), pool.submit(job(1))];
    const urgent = Array.from({ length: 8 }, (_, i) => pool.submit(job(100 + i), true));
    expect(pool.inFlightCount).toBe(10);
    for (let round = 1; round <= 2; round++) {
      const worker = w(factory.workers, round - 1);
      worker.start(urgent[3]!);
      worker.crash('out of memory');
    }
    // The request running at both crashes fails; the nine bystanders were charged nothing.
    expect(events.failures.map((f) => f.id)).toEqual([urgent[3]]);
    expect(events.workerErrors.map((e) => e.willRetry)).toEqual([true, false]);
    const fresh = w(factory.workers, 2);
    expect(new Set(fresh.postedIds)).toEqual(new Set([...loads, ...urgent].filter((id) => id !== urgent[3])));
    // And they still have both attempts: an error reply is retried.
    fresh.replyError(loads[0]!);
    expect(events.failures).toHaveLength(1);
    expect(fresh.postedIds.filter((id) => id === loads[0])).toHaveLength(2);
  });

  it('with nothing started (a crash between requests), nobody is charged and the work goes again', () => {
    const { pool, workers, events } = makePool(1, 2);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    w(workers, 0).start(a);
    w(workers, 0).replyBuilt(a);
    w(workers, 0).crash('between requests');
    expect(events.workerErrors).toEqual([{ message: 'between requests', willRetry: true }]);
    w(workers, 1).crash('again');
    w(workers, 2).replyError(b);
    // Two crashes and an error reply: b's first charged attempt was the error, so it is retried.
    expect(events.failures).toEqual([]);
    expect(w(workers, 2).postedIds).toEqual([b, b]);
  });
});

describe('resize', () => {
  it('growing starts queued work on the new workers', () => {
    const { pool, workers } = makePool(1, 1);
    const ids = [pool.submit(job(0)), pool.submit(job(1)), pool.submit(job(2))];
    expect(pool.queuedCount).toBe(2);
    pool.resize(3);
    expect(pool.size).toBe(3);
    expect(workers).toHaveLength(3);
    expect(pool.queuedCount).toBe(0);
    expect(allPosted(workers)).toEqual(ids);
  });

  it('shrinking terminates workers and moves their in-flight work back to the queue, ahead of newer work', () => {
    const { pool, workers, events } = makePool(3, 1);
    const ids = [0, 1, 2, 3].map((i) => pool.submit(job(i)));
    expect(pool.queuedCount).toBe(1);
    pool.resize(1);
    expect(pool.size).toBe(1);
    expect(w(workers, 1).terminated).toBe(true);
    expect(w(workers, 2).terminated).toBe(true);
    expect(w(workers, 0).terminated).toBe(false);
    expect(pool.inFlightCount).toBe(1);
    expect(pool.queuedCount).toBe(3);

    const survivor = w(workers, 0);
    for (let i = 0; i < 4; i++) {
      const current = survivor.postedIds[i]!;
      survivor.replyBuilt(current);
    }
    // Work of the removed workers ran before the job that was still queued.
    expect(survivor.postedIds[3]).toBe(ids[3]);
    expect(events.results.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(pool.queuedCount + pool.inFlightCount).toBe(0);
  });

  it('a removed worker can no longer deliver results (each job is delivered once)', () => {
    const { pool, workers, events } = makePool(2, 1);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    const removed = w(workers, 1);
    expect(removed.postedIds).toEqual([b]);
    const lateHandler = removed.onmessage;
    pool.resize(1);
    expect(removed.onmessage).toBeNull();
    expect(removed.onerror).toBeNull();
    // Even a reply already on its way when the worker was terminated is ignored.
    lateHandler?.({ data: { ...removed.requestOf(b), type: 'built', hash: 'late', mesh: emptyMeshData(), quads: 0, generateMs: 0, hashMs: 0, meshMs: 0 } } as MessageEvent);
    expect(events.results).toEqual([]);
    w(workers, 0).replyBuilt(a);
    w(workers, 0).replyBuilt(b);
    expect(events.results.map((r) => r.id)).toEqual([a, b]);
    expect(events.results.map((r) => r.hash)).toEqual([`hash-${a}`, `hash-${b}`]);
  });

  it('moving work on a resize does not use up its retry', () => {
    const { pool, workers, events } = makePool(2, 2);
    pool.submit(job(0));
    const b = pool.submit(job(1));
    expect(w(workers, 1).postedIds).toEqual([b]);
    pool.resize(1);
    expect(w(workers, 0).postedIds).toContain(b);
    w(workers, 0).replyError(b);
    expect(events.workerErrors.map((e) => e.willRetry)).toEqual([true]);
    expect(events.failures).toEqual([]);
    w(workers, 0).replyBuilt(b);
    expect(events.results.map((r) => r.id)).toEqual([b]);
  });

  it('a cancelled in-flight job of a removed worker is forgotten, not queued again', () => {
    const { pool, workers, events } = makePool(2, 1);
    const a = pool.submit(job(0));
    const b = pool.submit(job(1));
    expect(w(workers, 1).postedIds).toEqual([b]);
    pool.cancel(b);
    pool.resize(1);
    expect(pool.queuedCount).toBe(0);
    w(workers, 0).replyBuilt(a);
    expect(w(workers, 0).postedIds).toEqual([a]);
    expect(pool.inFlightCount).toBe(0);
    expect(events.results.map((r) => r.id)).toEqual([a]);
  });

  it('resize to the same size changes nothing', () => {
    const { pool, workers } = makePool(2);
    pool.resize(2);
    expect(workers).toHaveLength(2);
    expect(workers.some((x) => x.terminated)).toBe(false);
  });
});

describe('dispose', () => {
  it('terminates all workers, is safe twice, and submit afterwards throws', () => {
    const { pool, workers, events } = makePool(3);
    const id = pool.submit(job(0));
    const busy = workers.find((x) => x.postedIds.includes(id))!;
    const lateHandler = busy.onmessage;
    pool.dispose();
    expect(workers.every((x) => x.terminateCalls === 1)).toBe(true);
    expect(workers.every((x) => x.onmessage === null && x.onerror === null)).toBe(true);
    expect(pool.size).toBe(0);
    expect(pool.queuedCount).toBe(0);
    expect(pool.inFlightCount).toBe(0);
    expect(pool.freeCapacity).toBe(0);

    expect(() => pool.dispose()).not.toThrow();
    expect(workers.every((x) => x.terminateCalls === 1)).toBe(true);

    expect(() => pool.submit(job(1))).toThrow(/disposed/);
    pool.resize(4);
    expect(workers).toHaveLength(3);
    expect(pool.size).toBe(0);
    expect(pool.cancel(id)).toBe(false);

    // A reply that was already on its way is dropped.
    lateHandler?.({ data: { type: 'built', id, generation: 0, revision: 0, cx: 0, cz: 0, hash: 'x', mesh: emptyMeshData(), quads: 0, generateMs: 0, hashMs: 0, meshMs: 0 } } as MessageEvent);
    expect(events.results).toEqual([]);
  });
});
