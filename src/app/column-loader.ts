/**
 * Wires the pure streamer to the worker pool and the scene: requests what the streamer
 * wants (as fast as workers free up), cancels what it no longer wants, and applies
 * finished meshes under a per-frame time budget so arriving columns never cause a hitch.
 */
import type { ColumnStreamer, ViewCone } from '../stream';
import type { ColumnMeshes } from '../render/column-meshes';
import type { BuildColumnError, BuildColumnResult } from '../workers/protocol';
import { WorkerPool, type WorkerLike } from '../workers/worker-pool';
import { columnKey, type BlockEdit, type WorldParams } from '../world';
import { RecentMean } from './recent-mean';

export interface ColumnLoaderOptions {
  /** Milliseconds per frame that may be spent creating geometries. */
  applyBudgetMs: number;
  workers: number;
}

export const DEFAULT_COLUMN_LOADER_OPTIONS: Readonly<ColumnLoaderOptions> = Object.freeze({
  applyBudgetMs: 4,
  workers: 1,
});

export interface ColumnLoaderEvents {
  /** A worker error (retried or final), for the console and HUD. */
  error(message: string): void;
  /** Player edits inside a column and its one-block border, sent along with its request. */
  editsFor?(cx: number, cz: number): BlockEdit[];
}

export class ColumnLoader {
  readonly pool: WorkerPool;
  private readonly requestIds = new Map<string, number>();
  private readonly hashes = new Map<string, string>();
  private readonly arrived: BuildColumnResult[] = [];
  readonly generateMs = new RecentMean(64);
  readonly meshMs = new RecentMean(64);
  readonly quads = new RecentMean(64);
  /** Results dropped because they were stale or cancelled (for tests and the bench). */
  staleDropped = 0;
  columnsBuilt = 0;
  private params: WorldParams;
  private disposed = false;

  constructor(
    private readonly streamer: ColumnStreamer,
    private readonly meshes: ColumnMeshes,
    params: WorldParams,
    createWorker: () => WorkerLike,
    private readonly events: ColumnLoaderEvents,
    private readonly options: ColumnLoaderOptions = { ...DEFAULT_COLUMN_LOADER_OPTIONS },
  ) {
    this.params = params;
    this.pool = new WorkerPool(
      createWorker,
      {
        result: (r) => {
          this.arrived.push(r);
          // Keep workers busy between frames: on a slow-rendering device a frame can take
          // 100 ms, and waiting for it to hand out the next request would idle the pool.
          this.requestMore();
        },
        failed: (e) => this.onFailed(e),
        capacityFreed: () => this.requestMore(),
        workerError: (message, willRetry) => this.events.error(`Worker error${willRetry ? ' (retrying)' : ''}: ${message}`),
      },
      { size: options.workers },
    );
  }

  /** New world parameters: bump the generation; old meshes stay until replaced. */
  setParams(params: WorldParams): void {
    this.params = params;
    this.streamer.bumpGeneration();
    this.hashes.clear();
    // Cancel the old world's requests now: a result arriving before the next frame tops
    // the pool up, and the new requests would otherwise replace these without cancelling.
    this.sync();
  }

  /** Edits changed these columns: re-mesh them first, keeping the old mesh meanwhile. */
  invalidate(columns: { cx: number; cz: number }[]): void {
    for (const c of columns) this.streamer.invalidate(c.cx, c.cz);
    this.requestMore();
  }

  setWorkers(count: number): void {
    this.pool.resize(count);
  }

  /** One frame of streaming work. */
  frame(cone: ViewCone, now: () => number): void {
    if (this.disposed) return;
    this.streamer.setView(cone);
    this.sync();
    this.requestMore();
    this.applyArrived(now);
  }

  /** Applies the streamer's cancellations and unloads. */
  private sync(): void {
    const { unload, cancel } = this.streamer.update();
    for (const c of cancel) {
      const key = columnKey(c.cx, c.cz);
      const id = this.requestIds.get(key);
      if (id !== undefined) this.pool.cancel(id);
      this.requestIds.delete(key);
    }
    for (const c of unload) {
      this.meshes.remove(c.cx, c.cz);
      this.hashes.delete(columnKey(c.cx, c.cz));
    }
  }

  /** Hands the streamer's best wanted columns to the pool, as many as it can start. */
  private requestMore(): void {
    if (this.disposed) return;
    const generation = this.streamer.currentGeneration;
    if (this.pool.broken !== null) {
      // The pool already said why; failing each column through it would repeat that per column.
      for (const c of this.streamer.takeRequests(Number.POSITIVE_INFINITY)) {
        this.streamer.fail(c.cx, c.cz, generation, this.streamer.revisionOf(c.cx, c.cz));
      }
      return;
    }
    for (const c of this.streamer.takeRequests(this.pool.freeCapacity)) {
      const revision = this.streamer.revisionOf(c.cx, c.cz);
      const edits = this.events.editsFor?.(c.cx, c.cz) ?? [];
      const key = columnKey(c.cx, c.cz);
      // An edit re-requests a column whose older request may still be pending.
      const superseded = this.requestIds.get(key);
      if (superseded !== undefined) this.pool.cancel(superseded);
      this.requestIds.set(key, this.pool.submit({ generation, revision, params: this.params, cx: c.cx, cz: c.cz, edits }));
    }
  }

  private applyArrived(now: () => number): void {
    const start = now();
    // Always apply at least one per frame, so a slow device still makes progress.
    while (this.arrived.length > 0) {
      const r = this.arrived.shift()!;
      const key = columnKey(r.cx, r.cz);
      if (this.requestIds.get(key) === r.id) this.requestIds.delete(key);
      if (!this.streamer.complete(r.cx, r.cz, r.generation, r.revision)) {
        this.staleDropped++;
        continue;
      }
      this.meshes.set(r.cx, r.cz, r.mesh);
      this.hashes.set(key, r.hash);
      this.columnsBuilt++;
      this.generateMs.add(r.generateMs);
      this.meshMs.add(r.meshMs);
      this.quads.add(r.quads);
      if (now() - start > this.options.applyBudgetMs) break;
    }
  }

  private onFailed(e: BuildColumnError): void {
    const key = columnKey(e.cx, e.cz);
    // Only forget the id if it is this request's: a newer one (after an edit) stays cancellable.
    if (this.requestIds.get(key) === e.id) this.requestIds.delete(key);
    this.streamer.fail(e.cx, e.cz, e.generation, e.revision);
    this.events.error(`Column ${e.cx},${e.cz} could not be built: ${e.message}`);
  }

  /** All wanted columns are on screen (or failed for good) and nothing waits to be applied. */
  isSettled(): boolean {
    const p = this.streamer.progress();
    return p.ready + p.failed === p.wanted && this.arrived.length === 0;
  }

  get queuedResults(): number {
    return this.arrived.length;
  }

  hashOf(cx: number, cz: number): string | null {
    return this.hashes.get(columnKey(cx, cz)) ?? null;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pool.dispose();
    this.arrived.length = 0;
  }
}
