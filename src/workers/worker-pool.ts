/**
 * A pool of column workers. The only code that touches Worker (through WorkerLike, so
 * tests drive it with fakes in Node).
 *
 * - FIFO queue: the streamer already hands requests over best-first, a few at a time, so
 *   the queue stays short and cancelling a queued request costs nothing;
 * - each worker runs at most `maxInFlightPerWorker` loads, enough to hide the message
 *   round trip without queueing much work inside workers;
 * - urgent requests (an edit's re-meshes) go ahead of the queue, to the worker with the
 *   fewest urgent ones (a torch's five columns are split over the workers), in places of
 *   their own: `maxUrgentInFlight` for the whole pool, none of them a load's, so a steady
 *   stream of edits never takes the loads' places (the worker, worker-inbox.ts, runs urgent
 *   ones first, but lets a load through between a few of them);
 * - a cancelled request a worker holds is cancelled there too (a `cancel` message): if the
 *   worker has not started it, it skips it and says so. A cancelled load keeps its place
 *   until the worker answers, so a new world's loads do not pile up behind the old one's;
 *   a cancelled urgent request stops counting at once, so the newest edit of a column never
 *   waits for the places of the re-meshes it replaced;
 * - a failed request (error reply, or the worker crashing while it ran it) is retried once,
 *   then reported; a cancelled one is never retried nor reported. A crash is charged to the
 *   request the worker said it had started (`started`), not to the others it held;
 * - results of cancelled requests are dropped here, stale generations by the caller.
 */
import type { BuildColumnRequest, BuildLodRequest, WorkerError, WorkerOutMessage, WorkerRequest, WorkerResult } from './protocol';

export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface WorkerPoolOptions {
  /** Number of workers; clamped to 1..16. */
  size: number;
  /** Loads (requests not urgent) in flight per worker. */
  maxInFlightPerWorker: number;
  /** Urgent requests in flight in the whole pool, cancelled ones not counted; none takes a load's place. */
  maxUrgentInFlight: number;
  /** Attempts per request before it is reported as failed. */
  maxAttempts: number;
  /**
   * Worker crashes in a row, with no reply in between, after which the pool stops
   * replacing workers: a script that cannot load would otherwise respawn forever.
   */
  maxConsecutiveCrashes: number;
}

export const DEFAULT_WORKER_POOL_OPTIONS: Readonly<WorkerPoolOptions> = Object.freeze({
  size: 1,
  maxInFlightPerWorker: 2,
  maxUrgentInFlight: 8,
  maxAttempts: 2,
  maxConsecutiveCrashes: 4,
});

export type ColumnJob = Omit<BuildColumnRequest, 'type' | 'id'>;
/** A far region at a level of detail; the same workers build it. */
export type LodJob = Omit<BuildLodRequest, 'id'>;
export type WorkerJob = ColumnJob | LodJob;

function isLodJob(job: WorkerJob): job is LodJob {
  return 'type' in job && job.type === 'lod';
}

/** Names a job in messages: "column 3,-4" or "LOD region 2:5,-1". */
export function describeJob(job: WorkerJob): string {
  return isLodJob(job) ? `LOD region ${job.level}:${job.rx},${job.rz}` : `column ${job.cx},${job.cz}`;
}

export interface WorkerPoolEvents {
  result(result: WorkerResult): void;
  /** A request failed on every attempt. */
  failed(error: WorkerError): void;
  /** A worker reported or hit an error (before any retry), for the console and HUD. */
  workerError?(message: string, willRetry: boolean): void;
  /**
   * A cancelled request's reply freed a place, and no result or failure will announce it:
   * a caller that submits only up to freeCapacity may submit more now.
   */
  capacityFreed?(): void;
}

interface Slot {
  worker: WorkerLike;
  inFlight: Map<number, Task>;
  /** The request the worker said it started and has not answered yet: what a crash is charged to. */
  running: number | null;
}

interface Task {
  id: number;
  job: WorkerJob;
  attempts: number;
  /** Cancelled while a worker runs it: its reply is awaited only to free the place. */
  cancelled: boolean;
  /** Queued ahead of the rest, with places of its own (see the top of the file). */
  urgent: boolean;
}

export function defaultPoolSize(hardwareConcurrency: number | undefined): number {
  return clampPoolSize((hardwareConcurrency ?? 2) - 1);
}

export function clampPoolSize(size: number): number {
  if (!Number.isFinite(size)) return 1;
  return Math.min(16, Math.max(1, Math.round(size)));
}

export class WorkerPool {
  private readonly options: WorkerPoolOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private disposed = false;
  private consecutiveCrashes = 0;
  /** Why the pool gave up on its workers, or null while it works. */
  private brokenReason: string | null = null;

  constructor(
    private readonly createWorker: () => WorkerLike,
    private readonly events: WorkerPoolEvents,
    options: Partial<WorkerPoolOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORKER_POOL_OPTIONS, ...options };
    this.resize(this.options.size);
  }

  get size(): number {
    return this.slots.length;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  /** Requests the workers are running, cancelled ones included until they reply. */
  get inFlightCount(): number {
    let n = 0;
    for (const s of this.slots) n += s.inFlight.size;
    return n;
  }

  /** How many more loads the workers could start right now (none once the pool is broken); urgent requests have places of their own. */
  get freeCapacity(): number {
    let loads = 0;
    for (const s of this.slots) loads += loadsIn(s);
    for (const t of this.queue) if (!t.urgent) loads++;
    return Math.max(0, this.slots.length * this.options.maxInFlightPerWorker - loads);
  }

  /** Urgent requests in flight and not cancelled, in the whole pool. */
  get urgentInFlight(): number {
    let n = 0;
    for (const s of this.slots) n += liveUrgentIn(s);
    return n;
  }

  /** Queues a request (an urgent one after the urgent ones already queued, before the rest); returns its id (for cancel). */
  submit(job: WorkerJob, urgent = false): number {
    if (this.disposed) throw new Error('WorkerPool is disposed');
    const task: Task = { id: this.nextId++, job, attempts: 0, cancelled: false, urgent };
    if (this.brokenReason !== null) {
      const reason = this.brokenReason;
      queueMicrotask(() => this.fail(task, reason));
      return task.id;
    }
    if (urgent) {
      const firstNormal = this.queue.findIndex((t) => !t.urgent);
      this.queue.splice(firstNormal === -1 ? this.queue.length : firstNormal, 0, task);
    } else {
      this.queue.push(task);
    }
    this.pump();
    return task.id;
  }

  /**
   * Cancels a request. A queued one never starts; one already running finishes in its
   * worker, keeps its place until then, and its result is dropped. Returns whether the
   * request was still pending (known and not cancelled before).
   */
  cancel(id: number): boolean {
    const q = this.queue.findIndex((t) => t.id === id);
    if (q !== -1) {
      this.queue.splice(q, 1);
      return true;
    }
    for (const slot of this.slots) {
      const task = slot.inFlight.get(id);
      if (task && !task.cancelled) {
        task.cancelled = true;
        slot.worker.postMessage({ type: 'cancel', id });
        // A cancelled urgent request no longer holds an urgent place.
        if (task.urgent) this.pump();
        return true;
      }
    }
    return false;
  }

  /** Grows or shrinks the pool; live work of removed workers goes back to the queue. */
  resize(size: number): void {
    if (this.disposed || this.brokenReason !== null) return;
    const target = clampPoolSize(size);
    while (this.slots.length < target) this.slots.push(this.spawn());
    while (this.slots.length > target) {
      const slot = this.slots.pop()!;
      // Detach like dispose() and onCrash(): a reply already on its way from this worker
      // must not deliver a job that is now queued again (it would arrive twice).
      slot.worker.onmessage = null;
      slot.worker.onerror = null;
      slot.worker.terminate();
      const moved = liveTasks(slot);
      // Moving work is not a failed attempt: give it back, or a moved job would get no retry.
      for (const task of moved) task.attempts--;
      this.requeue(moved);
      slot.inFlight.clear();
    }
    this.options.size = target;
    this.pump();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const slot of this.slots) {
      slot.worker.onmessage = null;
      slot.worker.onerror = null;
      slot.worker.terminate();
    }
    this.slots.length = 0;
    this.queue.length = 0;
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.createWorker(), inFlight: new Map(), running: null };
    slot.worker.onmessage = (event: MessageEvent<WorkerOutMessage>) => this.onReply(slot, event.data);
    slot.worker.onerror = (event: ErrorEvent) => this.onCrash(slot, event);
    return slot;
  }

  /** Starts what the queue's order and the places allow: urgent requests (all ahead of the loads), then loads. */
  private pump(): void {
    if (this.disposed) return;
    let urgentLive = this.urgentInFlight;
    for (let i = 0; i < this.queue.length; ) {
      const task = this.queue[i]!;
      const slot = task.urgent ? (urgentLive < this.options.maxUrgentInFlight ? this.leastUrgent() : undefined) : this.leastLoaded();
      if (!slot) {
        // Loads all wait alike; an urgent request waiting for a place leaves the loads theirs.
        if (!task.urgent) return;
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      if (task.urgent) urgentLive++;
      task.attempts++;
      slot.inFlight.set(task.id, task);
      const { job } = task;
      const request: WorkerRequest = isLodJob(job) ? { ...job, id: task.id } : { type: 'build', id: task.id, ...job };
      if (task.urgent) request.urgent = true;
      slot.worker.postMessage(request);
    }
  }

  /** The worker with the fewest urgent requests, then the fewest requests: a torch's columns are built side by side. */
  private leastUrgent(): Slot | undefined {
    let best: Slot | undefined;
    let bestUrgent = 0;
    for (const s of this.slots) {
      const urgent = liveUrgentIn(s);
      if (!best || urgent < bestUrgent || (urgent === bestUrgent && s.inFlight.size < best.inFlight.size)) {
        best = s;
        bestUrgent = urgent;
      }
    }
    return best;
  }

  /** The least busy worker with a load's place free. */
  private leastLoaded(): Slot | undefined {
    let best: Slot | undefined;
    for (const s of this.slots) {
      if (loadsIn(s) < this.options.maxInFlightPerWorker && (!best || s.inFlight.size < best.inFlight.size)) best = s;
    }
    return best;
  }

  /** Why the workers were given up on (they kept crashing), or null. */
  get broken(): string | null {
    return this.brokenReason;
  }

  private onReply(slot: Slot, reply: WorkerOutMessage): void {
    if (this.disposed) return;
    if (reply.type === 'started') {
      if (slot.inFlight.has(reply.id)) slot.running = reply.id;
      return;
    }
    this.consecutiveCrashes = 0;
    if (slot.running === reply.id) slot.running = null;
    const task = slot.inFlight.get(reply.id);
    if (!task) return;
    slot.inFlight.delete(reply.id);
    if (task.cancelled) {
      this.pump();
      this.events.capacityFreed?.();
      return;
    }
    if (reply.type === 'cancelled') {
      // Only the pool cancels, so this is not expected; the request was not built, so build it again.
      task.attempts--;
      this.requeue([task]);
    } else if (reply.type === 'built' || reply.type === 'lod-built') this.events.result(reply);
    else this.retryOrFail(task, reply.message);
    this.pump();
  }

  /**
   * An uncaught error killed (or may have corrupted) a worker: replace it, and put its work
   * back. Only the request it had started is charged an attempt: the others were waiting in
   * it and could not have caused the crash. With none started (a script that fails to load,
   * a crash between requests), nobody is charged, and a worker that keeps crashing is given
   * up on after maxConsecutiveCrashes, failing them all.
   */
  private onCrash(slot: Slot, event: ErrorEvent): void {
    if (this.disposed) return;
    event.preventDefault?.();
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    slot.worker.onmessage = null;
    slot.worker.onerror = null;
    slot.worker.terminate();
    const orphans = liveTasks(slot);
    slot.inFlight.clear();
    const message = event.message || 'worker crashed';
    if (++this.consecutiveCrashes >= this.options.maxConsecutiveCrashes) {
      this.giveUp(`workers crashed ${this.consecutiveCrashes} times in a row (${message})`, orphans);
      return;
    }
    this.slots[index] = this.spawn();
    const culprit = orphans.find((task) => task.id === slot.running);
    const bystanders = orphans.filter((task) => task !== culprit);
    // Their attempt is given back: they go again as if never posted.
    for (const task of bystanders) task.attempts--;
    this.requeue(bystanders);
    if (culprit) this.retryOrFail(culprit, message);
    else this.events.workerError?.(message, orphans.length > 0);
    this.pump();
  }

  /** Stops all workers and fails every request, now and from now on, with `reason`. */
  private giveUp(reason: string, orphans: Task[]): void {
    this.brokenReason = reason;
    for (const slot of this.slots) {
      slot.worker.onmessage = null;
      slot.worker.onerror = null;
      slot.worker.terminate();
      orphans.push(...liveTasks(slot));
    }
    this.slots.length = 0;
    orphans.push(...this.queue.splice(0));
    this.events.workerError?.(reason, false);
    for (const task of orphans) this.fail(task, reason);
  }

  /** Puts tasks back at the front, the urgent ones of the whole queue still first (a stable sort keeps each kind's order). */
  private requeue(tasks: Task[]): void {
    this.queue.unshift(...tasks);
    this.queue.sort((a, b) => Number(b.urgent) - Number(a.urgent));
  }

  private fail(task: Task, message: string): void {
    const { job, id } = task;
    const { generation, revision } = job;
    this.events.failed(
      isLodJob(job) ? { type: 'lod-error', id, generation, revision, level: job.level, rx: job.rx, rz: job.rz, message } : { type: 'error', id, generation, revision, cx: job.cx, cz: job.cz, message },
    );
  }

  private retryOrFail(task: Task, message: string): void {
    const willRetry = task.attempts < this.options.maxAttempts;
    this.events.workerError?.(`${describeJob(task.job)}: ${message}`, willRetry);
    if (willRetry) {
      this.requeue([task]);
      return;
    }
    this.fail(task, message);
  }
}

/** Loads in flight on the slot, cancelled ones included (the worker may be building them). */
function loadsIn(slot: Slot): number {
  let n = 0;
  for (const t of slot.inFlight.values()) if (!t.urgent) n++;
  return n;
}

/** Urgent requests in flight on the slot and not cancelled. */
function liveUrgentIn(slot: Slot): number {
  let n = 0;
  for (const t of slot.inFlight.values()) if (t.urgent && !t.cancelled) n++;
  return n;
}

/** The slot's in-flight tasks that were not cancelled. */
function liveTasks(slot: Slot): Task[] {
  return [...slot.inFlight.values()].filter((task) => !task.cancelled);
}
