/**
 * Streams one world onto the screen: requests what its streamer wants through the shared
 * pool (PoolScheduler, as fast as workers free up), cancels what the streamer no longer
 * wants, and applies finished meshes under a per-frame time budget so arriving columns
 * never cause a hitch. Keeps what the HUD shows of the world: cost per column and the
 * surface statistics of the loaded columns.
 */
import type { ColumnMeshes } from '../../render/column-meshes';
import { addMoments, emptyMoments, meanOf, standardDeviationOf } from '../../stats';
import type { ColumnStreamer, ViewCone } from '../../stream';
import type { BuildColumnResult, SurfaceSummary, WorkerError, WorkerResult } from '../../workers/protocol';
import { columnKey, type BlockEdit, type WorldParams } from '../../world';
import type { PoolClient, PoolScheduler } from './pool-scheduler';
import { RecentMean } from './recent-mean';

export interface ColumnLoaderOptions {
  /** Milliseconds per frame that may be spent creating geometries. */
  applyBudgetMs: number;
}

export const DEFAULT_COLUMN_LOADER_OPTIONS: Readonly<ColumnLoaderOptions> = Object.freeze({
  applyBudgetMs: 4,
});

export interface ColumnLoaderEvents {
  /** A column that failed for good, for the console and HUD. */
  error(message: string): void;
  /** Player edits inside a column and its one-block border, sent along with its request. */
  editsFor?(cx: number, cz: number): BlockEdit[];
}

/** Terrain statistics of the loaded columns: heights in blocks, land as a share of 0..1. */
export interface SurfaceStats {
  columns: number;
  meanHeight: number;
  heightStdDev: number;
  landShare: number;
}

export class ColumnLoader implements PoolClient {
  private readonly requestIds = new Map<string, number>();
  private readonly hashes = new Map<string, string>();
  private readonly surfaces = new Map<string, SurfaceSummary>();
  private readonly surfaceTotal: SurfaceSummary = { ...emptyMoments(), land: 0 };
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
    private readonly scheduler: PoolScheduler,
    private readonly events: ColumnLoaderEvents,
    private readonly options: ColumnLoaderOptions = { ...DEFAULT_COLUMN_LOADER_OPTIONS },
  ) {
    this.params = params;
    scheduler.attach(this);
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

  /** One frame of streaming work for a world alone on screen: look, request, apply. */
  frame(cone: ViewCone, now: () => number): void {
    this.look(cone);
    this.requestMore();
    this.apply(now, this.options.applyBudgetMs);
  }

  /**
   * The first step of a frame: the new view, and what it no longer wants cancelled or
   * unloaded. With several worlds on screen, every world looks before any requests, so
   * none asks for columns around last frame's view (WorldSides.frame).
   */
  look(cone: ViewCone): void {
    if (this.disposed) return;
    this.streamer.setView(cone);
    this.sync();
  }

  /** The last step of a frame: turn arrived results into meshes, within `budgetMs`. */
  apply(now: () => number, budgetMs: number): void {
    if (!this.disposed) this.applyArrived(now, budgetMs);
  }

  /** Applies the streamer's cancellations and unloads. */
  private sync(): void {
    const { unload, cancel } = this.streamer.update();
    for (const c of cancel) {
      const key = columnKey(c.cx, c.cz);
      const id = this.requestIds.get(key);
      if (id !== undefined) this.scheduler.cancel(id);
      this.requestIds.delete(key);
    }
    for (const c of unload) {
      this.meshes.remove(c.cx, c.cz);
      const key = columnKey(c.cx, c.cz);
      this.hashes.delete(key);
      this.setSurface(key, null);
    }
  }

  /** Asks the scheduler to fill the pool (fairly, with every other world on screen). */
  private requestMore(): void {
    if (!this.disposed) this.scheduler.topUp();
  }

  /** Hands up to `limit` of the streamer's best wanted columns to the pool. */
  requestUpTo(limit: number): number {
    if (this.disposed) return 0;
    const generation = this.streamer.currentGeneration;
    if (this.scheduler.pool.broken !== null) {
      // The pool already said why; failing each column through it would repeat that per column.
      for (const c of this.streamer.takeRequests(Number.POSITIVE_INFINITY)) {
        this.streamer.fail(c.cx, c.cz, generation, this.streamer.revisionOf(c.cx, c.cz));
      }
      return 0;
    }
    const columns = this.streamer.takeRequests(limit);
    for (const c of columns) {
      const revision = this.streamer.revisionOf(c.cx, c.cz);
      const edits = this.events.editsFor?.(c.cx, c.cz) ?? [];
      const key = columnKey(c.cx, c.cz);
      // An edit re-requests a column whose older request may still be pending.
      const superseded = this.requestIds.get(key);
      if (superseded !== undefined) this.scheduler.cancel(superseded);
      this.requestIds.set(key, this.scheduler.submit(this, { generation, revision, params: this.params, cx: c.cx, cz: c.cz, edits }));
    }
    return columns.length;
  }

  result(r: WorkerResult): void {
    if (!this.disposed && r.type === 'built') this.arrived.push(r);
  }

  private applyArrived(now: () => number, budgetMs: number): void {
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
      this.setSurface(key, r.surface);
      this.columnsBuilt++;
      this.generateMs.add(r.generateMs);
      this.meshMs.add(r.meshMs);
      this.quads.add(r.quads);
      if (now() - start > budgetMs) break;
    }
  }

  /** Replaces (or with null, forgets) a column's share of the surface statistics. */
  private setSurface(key: string, summary: SurfaceSummary | null): void {
    const old = this.surfaces.get(key);
    if (old) {
      addMoments(this.surfaceTotal, old, -1);
      this.surfaceTotal.land -= old.land;
      this.surfaces.delete(key);
    }
    if (summary) {
      addMoments(this.surfaceTotal, summary);
      this.surfaceTotal.land += summary.land;
      this.surfaces.set(key, summary);
    }
  }

  /** Terrain statistics over every column on screen (NaN before the first arrives). */
  surfaceStats(): SurfaceStats {
    const t = this.surfaceTotal;
    return {
      columns: this.surfaces.size,
      meanHeight: meanOf(t),
      heightStdDev: standardDeviationOf(t),
      landShare: t.count > 0 ? t.land / t.count : Number.NaN,
    };
  }

  failed(e: WorkerError): void {
    if (e.type !== 'error') return;
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

  /** Leaves the pool (cancelling this world's requests); the meshes belong to the caller. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.detach(this);
    this.arrived.length = 0;
    this.requestIds.clear();
  }
}
