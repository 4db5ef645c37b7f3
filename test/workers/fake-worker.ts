/**
 * A WorkerLike for Node: records what the pool posts and lets the test answer by hand,
 * so every interleaving (reply, error reply, crash, late reply) is spelled out in the test.
 */
import { emptyMeshData, type ColumnMeshData } from '../../src/mesh';
import { DEFAULT_WORLD_PARAMS } from '../../src/world';
import type { BuildColumnRequest, BuildColumnResult, ColumnJob, WorkerLike, WorkerPoolEvents } from '../../src/workers';
import type { BuildColumnError } from '../../src/workers';

export class FakeWorker implements WorkerLike {
  readonly posted: BuildColumnRequest[] = [];
  /** Ids the pool cancelled here (its `cancel` messages), in order. */
  readonly cancels: number[] = [];
  terminateCalls = 0;
  /** Ids posted and not answered yet: what the real worker would still be working on. */
  readonly outstanding = new Set<number>();
  /** The most requests this worker ever had outstanding at once. */
  maxOutstanding = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor(readonly index: number) {}

  postMessage(message: unknown): void {
    if (this.terminateCalls > 0) throw new Error(`worker ${this.index} used after terminate()`);
    if ((message as { type: string }).type === 'cancel') {
      this.cancels.push((message as { id: number }).id);
      return;
    }
    const request = message as BuildColumnRequest;
    this.posted.push(request);
    this.outstanding.add(request.id);
    this.maxOutstanding = Math.max(this.maxOutstanding, this.outstanding.size);
  }

  terminate(): void {
    this.terminateCalls++;
  }

  get terminated(): boolean {
    return this.terminateCalls > 0;
  }

  /** Ids posted to this worker, in order. */
  get postedIds(): number[] {
    return this.posted.map((r) => r.id);
  }

  /** Replies 'built' for request `id` (which must have been posted here). */
  replyBuilt(id: number, hash = `hash-${id}`): void {
    const request = this.requestOf(id);
    const reply: BuildColumnResult = {
      type: 'built',
      id,
      generation: request.generation,
      revision: request.revision,
      cx: request.cx,
      cz: request.cz,
      hash,
      mesh: emptyMeshData(),
      quads: 0,
      surface: { count: 0, sum: 0, sumSquares: 0, land: 0 },
      generateMs: 0,
      hashMs: 0,
      meshMs: 0,
    };
    this.deliver(reply);
  }

  /** Replies 'error' for request `id`, as column.worker.ts does when buildColumn throws. */
  replyError(id: number, message = 'boom'): void {
    const request = this.requestOf(id);
    const reply: BuildColumnError = { type: 'error', id, generation: request.generation, revision: request.revision, cx: request.cx, cz: request.cz, message };
    this.deliver(reply);
  }

  /** Says it started request `id`, as the worker's inbox does before building it. */
  start(id: number): void {
    this.requestOf(id);
    this.onmessage?.({ data: { type: 'started', id } } as MessageEvent);
  }

  /** Says it skipped request `id`, cancelled before it started. */
  replyCancelled(id: number): void {
    this.requestOf(id);
    this.deliver({ type: 'cancelled', id });
  }

  /** An uncaught error in the worker (the browser fires `error` on the Worker object). */
  crash(message = 'kaboom'): { defaultPrevented: boolean } {
    const state = { defaultPrevented: false };
    const event = { message, preventDefault: () => (state.defaultPrevented = true) } as unknown as ErrorEvent;
    if (!this.onerror) throw new Error(`worker ${this.index} has no onerror handler`);
    this.onerror(event);
    return state;
  }

  deliver(data: unknown): void {
    if (!this.onmessage) throw new Error(`worker ${this.index} has no onmessage handler`);
    this.outstanding.delete((data as { id: number }).id);
    this.onmessage({ data } as MessageEvent);
  }

  requestOf(id: number): BuildColumnRequest {
    const request = this.posted.find((r) => r.id === id);
    if (!request) throw new Error(`request ${id} was not posted to worker ${this.index}`);
    return request;
  }
}

/** A factory that records every worker it makes. */
export function fakeWorkerFactory(): { create: () => FakeWorker; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  return {
    workers,
    create: () => {
      const w = new FakeWorker(workers.length);
      workers.push(w);
      return w;
    },
  };
}

/** Events that record every call. */
export function recordingEvents(): WorkerPoolEvents & {
  results: BuildColumnResult[];
  failures: BuildColumnError[];
  workerErrors: { message: string; willRetry: boolean }[];
  /** freeCapacity at each capacityFreed call (set `pool` to record it). */
  freeCapacityWhenFreed: number[];
  pool?: { readonly freeCapacity: number };
} {
  const results: BuildColumnResult[] = [];
  const failures: BuildColumnError[] = [];
  const workerErrors: { message: string; willRetry: boolean }[] = [];
  const events: ReturnType<typeof recordingEvents> = {
    results,
    failures,
    workerErrors,
    freeCapacityWhenFreed: [],
    // These tests submit columns only.
    result: (r) => results.push(r as BuildColumnResult),
    failed: (e) => failures.push(e as BuildColumnError),
    workerError: (message, willRetry) => workerErrors.push({ message, willRetry }),
    capacityFreed: () => events.freeCapacityWhenFreed.push(events.pool?.freeCapacity ?? Number.NaN),
  };
  return events;
}

/** A job for column (cx, 0). */
export function job(cx: number, generation = 0, revision = 0): ColumnJob {
  return { generation, revision, params: { ...DEFAULT_WORLD_PARAMS }, cx, cz: 0, edits: [] };
}

/** Stands in for the scene's ColumnMeshes: records what reaches the screen. */
export class SceneRecorder {
  readonly shown = new Map<string, ColumnMeshData>();
  /** "x,z" of every set() call, in order. */
  readonly setCalls: string[] = [];
  /** "set x,z" and "remove x,z", in order. */
  readonly history: string[] = [];
  set(cx: number, cz: number, data: ColumnMeshData): void {
    this.shown.set(`${cx},${cz}`, data);
    this.setCalls.push(`${cx},${cz}`);
    this.history.push(`set ${cx},${cz}`);
  }
  remove(cx: number, cz: number): void {
    this.shown.delete(`${cx},${cz}`);
    this.history.push(`remove ${cx},${cz}`);
  }
}
