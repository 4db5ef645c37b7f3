/**
 * One world on screen: its streamer, its loader in the shared worker pool and its layer of
 * column meshes, and the same three for its far terrain (LOD regions, drawn under the
 * columns wherever no column is loaded). The game normally shows one; compare mode shows two, the same world
 * parameters made with each noise source, each streaming its own columns. Ending compare
 * mode disposes the other side whole: its requests cancelled, its geometries freed.
 */
import type { BatchedLayer, ColumnMeshes, PassStats, WorldScene } from '../../render';
import type { CompareSideData } from '../../ui';
import { ColumnStreamer, LodStreamer, type ViewCone } from '../../stream';
import { worldParamsKey, type BlockEdit, type NoiseSource, type WorldParams } from '../../world';
import { ColumnLoader, type ColumnLoaderEvents, type ColumnLoaderOptions } from '../loading/column-loader';
import { LodLoader } from '../loading/lod-loader';
import type { PoolScheduler } from '../loading/pool-scheduler';

/** One world on screen, in numbers: what the HUD's compare table shows of it, and more. */
export interface SideSummary extends Omit<CompareSideData, 'label' | 'edits'> {
  noise: NoiseSource;
  pending: number;
  /** Column meshes this side holds. */
  meshes: number;
  /** Columns this side has built and shown since it was created. */
  columnsBuilt: number;
}

export interface WorldSideOptions extends ColumnLoaderOptions {
  renderDistance: number;
  /** How far levels of detail reach, in columns (0: none). */
  farDistance: number;
}

export interface WorldSideEvents extends ColumnLoaderEvents {
  /** Player edits inside the columns [cx0, cx1) x [cz0, cz1), for a far region's request. */
  editsIn(cx0: number, cz0: number, cx1: number, cz1: number): BlockEdit[];
}

export class WorldSide {
  readonly streamer: ColumnStreamer;
  readonly loader: ColumnLoader;
  readonly layer: ColumnMeshes;
  readonly lodStreamer: LodStreamer;
  readonly lod: LodLoader;
  readonly lodLayer: BatchedLayer;
  /** What this side's render pass submitted in the last frame. */
  lastPass: PassStats = { drawCalls: 0, triangles: 0 };
  private current: WorldParams;
  private currentKey: string;
  private disposed = false;

  constructor(
    params: WorldParams,
    private readonly scene: WorldScene,
    scheduler: PoolScheduler,
    events: WorldSideEvents,
    options: WorldSideOptions,
  ) {
    this.current = { ...params };
    this.currentKey = worldParamsKey(this.current);
    this.streamer = new ColumnStreamer({ renderDistance: options.renderDistance });
    this.layer = scene.createColumnLayer(`columns (${params.noise})`);
    this.loader = new ColumnLoader(this.streamer, this.layer, this.current, scheduler, events, { applyBudgetMs: options.applyBudgetMs });
    this.lodStreamer = new LodStreamer({ renderDistance: this.streamer.renderDistance, farDistance: options.farDistance });
    this.lodLayer = scene.createLodLayer(this.layer, `far terrain (${params.noise})`);
    this.lod = new LodLoader(this.lodStreamer, this.lodLayer, this.current, scheduler, { error: events.error, editsIn: events.editsIn });
  }

  get params(): WorldParams {
    return this.current;
  }

  get noise(): NoiseSource {
    return this.current.noise;
  }

  /** worldParamsKey of this side's world: how the editor and saved edits name it. */
  get key(): string {
    return this.currentKey;
  }

  /** A new world for this side: a new generation, old meshes shown until replaced. No-op if unchanged. */
  setParams(params: WorldParams): void {
    const key = worldParamsKey(params);
    if (key === this.currentKey) return;
    this.current = { ...params };
    this.currentKey = key;
    this.loader.setParams(this.current);
    this.lod.setParams(this.current);
  }

  setViewDistances(renderDistance: number, farDistance: number): void {
    this.streamer.setRenderDistance(renderDistance);
    this.lod.setViewDistances(this.streamer.renderDistance, farDistance);
  }

  /**
   * The first step of a frame: the new view, for the columns and the far regions (every
   * side looks before any requests, WorldSides.frame).
   */
  look(cone: ViewCone): void {
    this.loader.look(cone);
    this.lod.look(Math.floor(cone.x), Math.floor(cone.z));
  }

  /** The last step of a frame: arrived columns first (they are near), then far regions, within `budgetMs`. */
  apply(now: () => number, budgetMs: number): void {
    const start = now();
    this.loader.apply(now, budgetMs);
    this.lod.apply(now, Math.max(0, budgetMs - (now() - start)));
  }

  /** A block at (at.x, at.z) changed: its columns are re-meshed, and a far region sampling it rebuilt. */
  edited(columns: { cx: number; cz: number }[], at: { x: number; z: number }): void {
    this.loader.invalidate(columns);
    this.lod.editAt(at.x, at.z);
  }

  /** Every wanted column and far region is on screen (or failed for good). */
  isSettled(): boolean {
    return this.loader.isSettled() && this.lod.isSettled();
  }

  /** Far regions stored (drawn, or waiting to take over from the ones they replace). */
  get lodRegionCount(): number {
    return this.lod.regionCount;
  }

  /** What this side shows and costs: for the HUD's compare table and the test API. */
  summary(): SideSummary {
    const surface = this.loader.surfaceStats();
    return {
      noise: this.noise,
      loaded: this.streamer.loadedCount(),
      pending: this.streamer.pendingCount(),
      meshes: this.layer.count,
      columnsBuilt: this.loader.columnsBuilt,
      generateMs: this.loader.generateMs.mean,
      meshMs: this.loader.meshMs.mean,
      quadsPerColumn: this.loader.quads.mean,
      drawCalls: this.lastPass.drawCalls,
      triangles: this.lastPass.triangles,
      meanHeight: surface.meanHeight,
      heightStdDev: surface.heightStdDev,
      landShare: surface.landShare,
    };
  }

  /** Leaves the pool and frees every geometry of this side. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loader.dispose();
    this.lod.dispose();
    // Takes this world's far-terrain layer with it.
    this.scene.removeColumnLayer(this.layer);
  }
}
