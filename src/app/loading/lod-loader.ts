/**
 * Streams one world's far terrain: the LOD regions its LodStreamer wants go to the shared
 * worker pool (a client beside the world's column loader, so the two take turns), finished
 * meshes go into the world's LOD layer under the frame's time budget, and the streamer's
 * swap rule decides which stored regions are drawn, so a region that splits or merges is
 * replaced in one frame, never shown together with its replacement nor leaving a hole.
 */
import type { BatchedLayer } from '../../render';
import { lodRegionKey, regionColumnBounds, type LodStreamer } from '../../stream';
import type { BuildLodResult, WorkerError, WorkerResult } from '../../workers/protocol';
import { COLUMN_SIZE, type BlockEdit, type WorldParams } from '../../world';
import type { PoolClient, PoolScheduler } from './pool-scheduler';
import { RecentMean } from './recent-mean';

export interface LodLoaderEvents {
  /** A region that failed for good, for the console and HUD. */
  error(message: string): void;
  /** Player edits inside the columns [cx0, cx1) x [cz0, cz1). */
  editsIn(cx0: number, cz0: number, cx1: number, cz1: number): BlockEdit[];
}

/** A request in the pool: its id, and which generation and revision of the region it builds. */
interface InFlight {
  id: number;
  generation: number;
  revision: number;
}

export class LodLoader implements PoolClient {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly arrived: BuildLodResult[] = [];
  readonly buildMs = new RecentMean(64);
  readonly quads = new RecentMean(64);
  regionsBuilt = 0;
  private params: WorldParams;
  private disposed = false;

  constructor(
    private readonly streamer: LodStreamer,
    private readonly layer: BatchedLayer,
    params: WorldParams,
    private readonly scheduler: PoolScheduler,
    private readonly events: LodLoaderEvents,
  ) {
    this.params = params;
    scheduler.attach(this);
  }

  /** New world parameters: a new generation; the old regions stay drawn until replaced. */
  setParams(params: WorldParams): void {
    this.params = params;
    this.streamer.newGeneration();
    this.cancelUnwanted();
  }

  setViewDistances(renderDistance: number, farDistance: number): void {
    this.streamer.setRenderDistance(renderDistance);
    this.streamer.setFarDistance(farDistance);
    this.sync();
  }

  /** The camera's column: the layout follows it. */
  look(cameraCx: number, cameraCz: number): void {
    if (this.disposed) return;
    this.streamer.setCenter(cameraCx, cameraCz);
    this.sync();
  }

  /** A block changed at (x, z): regions sampling that block column are built again (the old mesh stays meanwhile). */
  editAt(x: number, z: number): void {
    if (this.disposed) return;
    if (this.streamer.editAt(x, z).length > 0) this.scheduler.topUp();
  }

  requestUpTo(limit: number): number {
    if (this.disposed) return 0;
    if (this.scheduler.pool.broken !== null) {
      for (const r of this.streamer.next(Number.POSITIVE_INFINITY)) this.streamer.failed(r.key, r.generation);
      return 0;
    }
    const wanted = this.streamer.next(limit);
    for (const { region, key, generation, revision } of wanted) {
      const superseded = this.inFlight.get(key);
      if (superseded !== undefined) this.scheduler.cancel(superseded.id);
      const b = regionColumnBounds(region);
      const edits = this.events.editsIn(b.cx0, b.cz0, b.cx1, b.cz1);
      const id = this.scheduler.submit(this, { type: 'lod', generation, revision, params: this.params, level: region.level, rx: region.rx, rz: region.rz, edits });
      this.inFlight.set(key, { id, generation, revision });
    }
    return wanted.length;
  }

  result(r: WorkerResult): void {
    if (!this.disposed && r.type === 'lod-built') this.arrived.push(r);
  }

  failed(e: WorkerError): void {
    if (e.type !== 'lod-error') return;
    const key = lodRegionKey(e);
    if (this.inFlight.get(key)?.id === e.id) this.inFlight.delete(key);
    this.streamer.failed(key, e.generation, e.revision);
    this.events.error(`Far region ${key} could not be built: ${e.message}`);
  }

  /** Stores arrived meshes within `budgetMs` (at least one per frame), then applies what to draw. */
  apply(now: () => number, budgetMs: number): void {
    if (this.disposed) return;
    const start = now();
    let stored = false;
    while (this.arrived.length > 0) {
      const r = this.arrived.shift()!;
      const key = lodRegionKey(r);
      if (this.inFlight.get(key)?.id === r.id) this.inFlight.delete(key);
      if (!this.streamer.arrived(key, r.generation, r.revision)) continue;
      const size = COLUMN_SIZE << r.level;
      this.layer.set(key, { x: r.rx * size, z: r.rz * size, scaleXZ: 1 << r.level }, r.mesh);
      // Drawn only when the swap rule says so (takeVisibility below).
      this.layer.setVisible(key, false);
      stored = true;
      this.regionsBuilt++;
      this.buildMs.add(r.buildMs);
      this.quads.add(r.quads);
      if (now() - start > budgetMs) break;
    }
    if (stored) this.applyVisibility();
  }

  /** Every wanted region is drawn (or failed) and nothing waits to be stored. */
  isSettled(): boolean {
    return this.arrived.length === 0 && this.streamer.isSettled();
  }

  /** Regions stored in the layer: drawn, or waiting to take over from the ones they replace. */
  get regionCount(): number {
    return this.layer.count;
  }

  /** Leaves the pool (cancelling this world's requests); the layer belongs to the caller. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.detach(this);
    this.arrived.length = 0;
    this.inFlight.clear();
  }

  private sync(): void {
    this.cancelUnwanted();
    this.applyVisibility();
  }

  private cancelUnwanted(): void {
    for (const { key, generation, revision } of this.streamer.takeCancels()) {
      // Only the request the streamer gave up on: a newer one for the same region stays.
      const request = this.inFlight.get(key);
      if (request === undefined || request.generation !== generation || request.revision !== revision) continue;
      this.scheduler.cancel(request.id);
      this.inFlight.delete(key);
    }
  }

  private applyVisibility(): void {
    const { show, hide, drop } = this.streamer.takeVisibility();
    for (const key of drop) this.layer.remove(key);
    for (const key of hide) this.layer.setVisible(key, false);
    for (const key of show) this.layer.setVisible(key, true);
  }
}
