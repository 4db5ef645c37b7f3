/**
 * One world on screen: its columns and its far terrain (LOD regions, drawn under the
 * columns wherever no column is loaded), each streamed by a StreamLoader through the
 * shared worker pool into this world's layers. The game normally shows one; compare mode
 * shows two, the same world parameters made with each noise source, each streaming its own
 * columns. Ending compare mode disposes the other side whole: its requests cancelled, its
 * geometries freed.
 */
import type { ColumnMeshes, FarTerrain, PassStats, WorldScene } from '../../render';
import type { CompareSideData } from '../../ui';
import { ColumnStreamer, LodStreamer, type ColumnCoord, type LodRegionCoord, type ViewCone } from '../../stream';
import type { BuildColumnResult, BuildLodResult } from '../../workers/protocol';
import { COLUMN_SIZE, columnKey, columnOf, worldParamsKey, type BlockEdit, type NoiseSource, type WorldParams } from '../../world';
import { ColumnPayload, type SurfaceStats } from '../loading/column-payload';
import type { FrameBudget } from '../loading/frame-budget';
import { LodPayload } from '../loading/lod-payload';
import type { PoolScheduler } from '../loading/pool-scheduler';
import type { RecentMean } from '../loading/recent-mean';
import { StreamLoader } from '../loading/stream-loader';

/** One world on screen, in numbers: what the HUD's compare table shows of it, and more. */
export interface SideSummary extends Omit<CompareSideData, 'label' | 'edits'> {
  noise: NoiseSource;
  pending: number;
  /** Column meshes this side holds. */
  meshes: number;
  /** Columns this side has built and shown since it was created. */
  columnsBuilt: number;
  /** Far regions the layout wants now. */
  farWanted: number;
  /** Wanted far regions the LOD layer was told to draw (with any world's mesh). */
  farDrawn: number;
  /** Wanted far regions drawn with this world's current mesh (generation and edits). */
  farCurrent: number;
  /**
   * Whether far terrain is drawn with the per-fragment mask now: a drawn far region lies partly
   * under loaded columns (FarTerrain.masking). False once the view has settled.
   */
  farMasked: boolean;
}

/** What the game reads of a side's column loading (hashes, costs, counts). */
export interface ColumnLoading {
  hashOf(cx: number, cz: number): string | null;
  /** Results dropped because they were stale or cancelled (for tests and the bench). */
  readonly staleDropped: number;
  readonly columnsBuilt: number;
  readonly generateMs: RecentMean;
  readonly meshMs: RecentMean;
  readonly quads: RecentMean;
  surfaceStats(): SurfaceStats;
}

export interface WorldSideOptions {
  renderDistance: number;
  /** How far levels of detail reach, in columns (0: none). */
  farDistance: number;
}

export interface WorldSideEvents {
  /** A column or far region that failed for good, for the console and HUD. */
  error(message: string): void;
  /** Player edits inside a column and its one-block border, for a column's request. */
  editsFor(cx: number, cz: number): BlockEdit[];
  /** Player edits inside the columns [cx0, cx1) x [cz0, cz1), for a far region's request. */
  editsIn(cx0: number, cz0: number, cx1: number, cz1: number): BlockEdit[];
}

export class WorldSide {
  readonly streamer: ColumnStreamer;
  readonly layer: ColumnMeshes;
  readonly columnData: ColumnPayload;
  readonly columns: StreamLoader<ColumnCoord, BuildColumnResult>;
  /** The column loading as the game reads it. */
  readonly loader: ColumnLoading;
  readonly lodStreamer: LodStreamer;
  readonly lodLayer: FarTerrain;
  readonly farData: LodPayload;
  readonly far: StreamLoader<LodRegionCoord, BuildLodResult>;
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
    this.columnData = new ColumnPayload(this.layer, (cx, cz) => events.editsFor(cx, cz));
    this.columns = new StreamLoader(this.streamer, this.columnData, this.current, scheduler, events);
    this.loader = columnLoading(this.columns, this.columnData);
    this.lodStreamer = new LodStreamer({ renderDistance: this.streamer.renderDistance, farDistance: options.farDistance });
    this.lodLayer = scene.createLodLayer(this.layer, `far terrain (${params.noise})`);
    this.farData = new LodPayload(this.lodLayer, (cx0, cz0, cx1, cz1) => events.editsIn(cx0, cz0, cx1, cz1));
    this.far = new StreamLoader(this.lodStreamer, this.farData, this.current, scheduler, events);
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

  /** A new world for this side: a new generation, what is on screen shown until replaced. No-op if unchanged. */
  setParams(params: WorldParams): void {
    const key = worldParamsKey(params);
    if (key === this.currentKey) return;
    this.current = { ...params };
    this.currentKey = key;
    this.columns.setParams(this.current);
    this.far.setParams(this.current);
  }

  /**
   * The same parameters with other edits (another saved world made from the same seed, or an
   * imported copy): every column and far region is built again, the old meshes shown meanwhile.
   */
  rebuild(): void {
    this.columns.setParams(this.current);
    this.far.setParams(this.current);
  }

  setViewDistances(renderDistance: number, farDistance: number): void {
    this.streamer.setRenderDistance(renderDistance);
    this.lodStreamer.setRenderDistance(this.streamer.renderDistance);
    this.lodStreamer.setFarDistance(farDistance);
    this.far.look();
  }

  /**
   * The first step of a frame: the new view, for the columns and the far regions (every
   * side looks before any requests, WorldSides.frame).
   */
  look(cone: ViewCone): void {
    if (this.disposed) return;
    this.streamer.setView(cone);
    this.columns.look();
    this.lodStreamer.setCenter(Math.floor(cone.x), Math.floor(cone.z));
    this.far.look();
  }

  /** The last step of a frame: arrived columns first (they are near), then far regions, within the frame's budget. */
  apply(budget: FrameBudget): void {
    this.columns.apply(budget);
    this.far.apply(budget);
  }

  /**
   * A block at (at.x, at.z) changed: its columns are re-meshed, and a far region sampling it
   * rebuilt. Its own column and any it shares a face with show their new meshes together, or
   * one would show a hole into the other for a frame. The others (the skylight's margin, and
   * the columns a torch's light reaches) show as they come: the edit's own column is built
   * first (EditStore lists it first), so a torch shows lit as soon as a stone would show, and
   * its glow reaches across the border a frame or two later (issue 23's budget: waiting for
   * all five of a torch's columns on a one-worker pool took a frame more than a stone).
   */
  edited(columns: { cx: number; cz: number }[], at: { x: number; z: number }): void {
    if (this.disposed) return;
    const keys = columns.map((c) => columnKey(c.cx, c.cz));
    this.columns.edited(keys, faceColumns(at.x, at.z).map(([cx, cz]) => columnKey(cx, cz)));
    if (this.lodStreamer.editAt(at.x, at.z).length > 0) this.far.requestMore();
  }

  /** Every wanted column and far region is on screen (or failed for good). */
  isSettled(): boolean {
    return this.columns.isSettled() && this.far.isSettled();
  }

  /** Far regions stored (drawn, or waiting to take over from the ones they replace). */
  get lodRegionCount(): number {
    return this.lodLayer.count;
  }

  /** Wanted far regions: how many, how many the layer draws, and how many of those show the current world. */
  farCoverage(): { wanted: number; drawn: number; current: number } {
    const wanted = this.lodStreamer.wanted();
    let drawn = 0;
    let current = 0;
    for (const { key } of wanted.list) {
      if (!this.farData.isDrawn(key)) continue;
      drawn++;
      if (this.lodStreamer.book.isCurrent(key)) current++;
    }
    return { wanted: wanted.size, drawn, current };
  }

  /** What this side shows and costs: for the HUD's compare table and the test API. */
  summary(): SideSummary {
    const surface = this.columnData.surfaceStats();
    const far = this.farCoverage();
    return {
      noise: this.noise,
      loaded: this.streamer.loadedCount(),
      pending: this.streamer.pendingCount(),
      meshes: this.layer.count,
      columnsBuilt: this.columns.built,
      generateMs: this.columnData.generateMs.mean,
      meshMs: this.columnData.meshMs.mean,
      quadsPerColumn: this.columnData.quads.mean,
      drawCalls: this.lastPass.drawCalls,
      triangles: this.lastPass.triangles,
      meanHeight: surface.meanHeight,
      heightStdDev: surface.heightStdDev,
      landShare: surface.landShare,
      farWanted: far.wanted,
      farDrawn: far.drawn,
      farCurrent: far.current,
      farMasked: this.lodLayer.masking,
    };
  }

  /** Leaves the pool and frees every geometry of this side. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.columns.dispose();
    this.far.dispose();
    // Takes this world's far-terrain layer with it.
    this.scene.removeColumnLayer(this.layer);
  }
}

/** The column of block (x, z), and the columns across its faces when it lies on a border. */
export function faceColumns(x: number, z: number): [number, number][] {
  const cx = columnOf(x);
  const cz = columnOf(z);
  const lx = x - cx * COLUMN_SIZE;
  const lz = z - cz * COLUMN_SIZE;
  const out: [number, number][] = [[cx, cz]];
  if (lx === 0) out.push([cx - 1, cz]);
  if (lx === COLUMN_SIZE - 1) out.push([cx + 1, cz]);
  if (lz === 0) out.push([cx, cz - 1]);
  if (lz === COLUMN_SIZE - 1) out.push([cx, cz + 1]);
  return out;
}

/** The column loading's figures as the game reads them, from the loader and its payload. */
function columnLoading(columns: StreamLoader<ColumnCoord, BuildColumnResult>, data: ColumnPayload): ColumnLoading {
  return {
    hashOf: (cx, cz) => data.hashOf(cx, cz),
    get staleDropped() {
      return columns.staleDropped;
    },
    get columnsBuilt() {
      return columns.built;
    },
    generateMs: data.generateMs,
    meshMs: data.meshMs,
    quads: data.quads,
    surfaceStats: () => data.surfaceStats(),
  };
}
