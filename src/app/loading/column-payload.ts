/**
 * Columns as a payload of the stream loader: the worker job that builds a column (with the
 * player's edits in it and its border), and what a built column brings: its mesh, its hash,
 * its cost and its terrain surface statistics. Keeps what the HUD and the test API read of
 * the columns on screen.
 */
import type { ColumnMeshData } from '../../mesh';
import { addMoments, emptyMoments, meanOf, standardDeviationOf } from '../../stats';
import type { BookRequest, ColumnCoord, Keyed } from '../../stream';
import type { BuildColumnResult, SurfaceSummary, WorkerError, WorkerResult } from '../../workers/protocol';
import type { ColumnJob } from '../../workers/worker-pool';
import { columnKey, type BlockEdit, type WorldParams } from '../../world';
import { RecentMean } from './recent-mean';
import type { StreamPayload } from './stream-loader';
import { meshUploadBytes } from './upload-budget';

/** Where columns are drawn (the scene's ColumnMeshes): a column is drawn as soon as it is set. */
export interface ColumnSink {
  set(cx: number, cz: number, data: ColumnMeshData): void;
  remove(cx: number, cz: number): void;
}

/** Terrain statistics of the loaded columns: heights in blocks, land as a share of 0..1. */
export interface SurfaceStats {
  columns: number;
  meanHeight: number;
  heightStdDev: number;
  landShare: number;
}

export class ColumnPayload implements StreamPayload<ColumnCoord, BuildColumnResult> {
  private readonly hashes = new Map<string, string>();
  private readonly surfaces = new Map<string, SurfaceSummary>();
  private readonly surfaceTotal: SurfaceSummary = { ...emptyMoments(), land: 0 };
  readonly generateMs = new RecentMean(64);
  readonly meshMs = new RecentMean(64);
  readonly quads = new RecentMean(64);

  constructor(
    private readonly sink: ColumnSink,
    /** Player edits inside a column and its border, sent along with its request. */
    private readonly editsFor: (cx: number, cz: number) => BlockEdit[] = () => [],
  ) {}

  job({ at, generation, revision }: BookRequest<ColumnCoord>, params: WorldParams): ColumnJob {
    return { generation, revision, params, cx: at.cx, cz: at.cz, edits: this.editsFor(at.cx, at.cz) };
  }

  isResult(r: WorkerResult): r is BuildColumnResult {
    return r.type === 'built';
  }

  uploadBytes(r: BuildColumnResult): number {
    return meshUploadBytes(r.mesh);
  }

  isError(e: WorkerError): boolean {
    return e.type === 'error';
  }

  /** Drawn at once: the column keep rule never holds a column hidden, so no show or hide. */
  put({ key, at }: BookRequest<ColumnCoord>, r: BuildColumnResult): void {
    this.sink.set(at.cx, at.cz, r.mesh);
    this.hashes.set(key, r.hash);
    this.setSurface(key, r.surface);
    this.generateMs.add(r.generateMs);
    this.meshMs.add(r.meshMs);
    this.quads.add(r.quads);
  }

  drop({ key, at }: Keyed<ColumnCoord>): void {
    this.sink.remove(at.cx, at.cz);
    this.hashes.delete(key);
    this.setSurface(key, null);
  }

  /** The old world's hashes no longer name what the world is (its meshes stay until replaced). */
  newWorld(): void {
    this.hashes.clear();
  }

  describe({ at }: BookRequest<ColumnCoord>): string {
    return `Column ${at.cx},${at.cz}`;
  }

  hashOf(cx: number, cz: number): string | null {
    return this.hashes.get(columnKey(cx, cz)) ?? null;
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

  /**
   * Replaces (or with null, forgets) a column's share of the surface statistics. Exact:
   * the moments are sums of whole numbers, so subtracting a column undoes adding it.
   */
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
}
