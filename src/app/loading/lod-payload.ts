/**
 * Far regions as a payload of the stream loader: the worker job that builds a LOD region
 * (with the player's edits inside it), and the region's batched mesh in the world's LOD
 * layer, drawn or held hidden as the swap rule says (docs/architecture.md §5, "Levels of
 * detail: which regions"). Remembers what it told the layer to draw, for the HUD and tests.
 */
import type { LodSplit } from '../../mesh/lod-split';
import type { Placement } from '../../render';
import { regionColumnBounds, regionSize, type BookRequest, type Keyed, type LodRegionCoord } from '../../stream';
import type { BuildLodResult, WorkerError, WorkerResult } from '../../workers/protocol';
import type { LodJob } from '../../workers/worker-pool';
import { COLUMN_SIZE, type BlockEdit, type WorldParams } from '../../world';
import { RecentMean } from './recent-mean';
import type { StreamPayload } from './stream-loader';
import { lodUploadBytes } from './upload-budget';

/** Where far regions are drawn (the scene's FarTerrain for this world). */
export interface LodSink {
  /** Shows the region as the worker split it (drawn), replacing what it had. */
  set(key: string, placement: Placement, split: LodSplit): void;
  remove(key: string): void;
  setVisible(key: string, visible: boolean): void;
}

export class LodPayload implements StreamPayload<LodRegionCoord, BuildLodResult> {
  readonly buildMs = new RecentMean(64);
  readonly quads = new RecentMean(64);
  /** Keys the layer was last told to draw. */
  private readonly drawn = new Set<string>();

  constructor(
    private readonly sink: LodSink,
    /** Player edits inside the columns [cx0, cx1) x [cz0, cz1). */
    private readonly editsIn: (cx0: number, cz0: number, cx1: number, cz1: number) => BlockEdit[] = () => [],
  ) {}

  job({ at, generation, revision }: BookRequest<LodRegionCoord>, params: WorldParams): LodJob {
    const b = regionColumnBounds(at);
    return { type: 'lod', generation, revision, params, level: at.level, rx: at.rx, rz: at.rz, edits: this.editsIn(b.cx0, b.cz0, b.cx1, b.cz1) };
  }

  isResult(r: WorkerResult): r is BuildLodResult {
    return r.type === 'lod-built';
  }

  uploadBytes(r: BuildLodResult): number {
    return lodUploadBytes(r.split);
  }

  isError(e: WorkerError): boolean {
    return e.type === 'lod-error';
  }

  /** The layer draws what it is given; so a region to hold hidden is hidden in the same call. */
  put({ key, at }: BookRequest<LodRegionCoord>, r: BuildLodResult, drawn: boolean): void {
    const span = regionSize(at.level) * COLUMN_SIZE;
    this.sink.set(key, { x: at.rx * span, z: at.rz * span, scaleXZ: regionSize(at.level) }, r.split);
    this.setDrawn(key, drawn);
    this.buildMs.add(r.buildMs);
    this.quads.add(r.quads);
  }

  show({ key }: Keyed<LodRegionCoord>): void {
    this.setDrawn(key, true);
  }

  hide({ key }: Keyed<LodRegionCoord>): void {
    this.setDrawn(key, false);
  }

  drop({ key }: Keyed<LodRegionCoord>): void {
    this.sink.remove(key);
    this.drawn.delete(key);
  }

  describe({ key }: BookRequest<LodRegionCoord>): string {
    return `Far region ${key}`;
  }

  /** Whether the layer was told to draw this region. */
  isDrawn(key: string): boolean {
    return this.drawn.has(key);
  }

  private setDrawn(key: string, drawn: boolean): void {
    this.sink.setVisible(key, drawn);
    if (drawn) this.drawn.add(key);
    else this.drawn.delete(key);
  }
}
