/**
 * One world on screen: its streamer, its loader in the shared worker pool and its layer of
 * column meshes. The game normally shows one; compare mode shows two, the same world
 * parameters made with each noise source, each streaming its own columns. Ending compare
 * mode disposes the other side whole: its requests cancelled, its geometries freed.
 */
import type { ColumnMeshes, PassStats, WorldScene } from '../render';
import type { CompareSideData } from '../ui';
import { ColumnStreamer } from '../stream';
import { worldParamsKey, type NoiseSource, type WorldParams } from '../world';
import { ColumnLoader, type ColumnLoaderEvents, type ColumnLoaderOptions } from './column-loader';
import type { PoolScheduler } from './pool-scheduler';

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
}

export class WorldSide {
  readonly streamer: ColumnStreamer;
  readonly loader: ColumnLoader;
  readonly layer: ColumnMeshes;
  /** What this side's render pass submitted in the last frame. */
  lastPass: PassStats = { drawCalls: 0, triangles: 0 };
  private current: WorldParams;
  private currentKey: string;
  private disposed = false;

  constructor(
    params: WorldParams,
    private readonly scene: WorldScene,
    scheduler: PoolScheduler,
    events: ColumnLoaderEvents,
    options: WorldSideOptions,
  ) {
    this.current = { ...params };
    this.currentKey = worldParamsKey(this.current);
    this.streamer = new ColumnStreamer({ renderDistance: options.renderDistance });
    this.layer = scene.createColumnLayer(`columns (${params.noise})`);
    this.loader = new ColumnLoader(this.streamer, this.layer, this.current, scheduler, events, { applyBudgetMs: options.applyBudgetMs });
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
  }

  setRenderDistance(radius: number): void {
    this.streamer.setRenderDistance(radius);
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
    this.scene.removeColumnLayer(this.layer);
  }
}
