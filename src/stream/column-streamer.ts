/**
 * Columns as a use of the request book (docs/architecture.md §4), with no I/O: which
 * columns are wanted, in which order, and which stay on screen. The app feeds it the
 * camera; the book keeps requests, results, generations and revisions.
 *
 * Rules (after noa, Voxelize, Luanti):
 * - columns within renderDistance R are wanted; in-view ones first, then nearest; a
 *   request for a column outside R is cancelled;
 * - a column is unloaded only beyond R + unloadMargin (hysteresis, so a player pacing
 *   along a column border does not reload the same columns over and over), and an old
 *   generation's column beyond R at once (nothing will come to replace it);
 * - a new world's or an edit's result replaces the column's mesh in place; the old one
 *   stays on screen until then.
 */
import { columnKey } from '../world/coords';
import { RequestBook, type BookProgress } from './request-book';
import { columnDistance2, columnsInRadius, type ColumnCoord } from './ring';
import type { ScreenChanges, StreamPlan } from './stream-plan';
import { isInView, type ViewCone } from './view-priority';
import { WantedList, type Keyed, type WantedSet } from './wanted-set';

export interface StreamOptions {
  /** Load radius R in columns. */
  renderDistance: number;
  /** Columns are unloaded beyond R + unloadMargin. */
  unloadMargin: number;
}

export const DEFAULT_STREAM_OPTIONS: Readonly<StreamOptions> = Object.freeze({
  renderDistance: 8,
  unloadMargin: 2,
});

export const RENDER_DISTANCE_RANGE = { min: 2, max: 32 } as const;

export class ColumnStreamer implements StreamPlan<ColumnCoord> {
  /** A column's mesh is drawn as soon as it arrives: there is nothing to swap it with. */
  readonly book = new RequestBook<ColumnCoord>({ drawNew: true });
  private readonly options: StreamOptions;
  private centerCx = 0;
  private centerCz = 0;
  private cone: ViewCone = { x: 0.5, z: 0.5, dirX: 0, dirZ: 0, cosHalfAngle: 0 };
  /** Wanted columns in priority order; null: rebuild when asked (centre, view or R changed). */
  private wantedSet: WantedList<ColumnCoord> | null = null;

  constructor(options: Partial<StreamOptions> = {}) {
    this.options = { ...DEFAULT_STREAM_OPTIONS, ...options };
    this.options.renderDistance = clampRenderDistance(this.options.renderDistance);
  }

  get renderDistance(): number {
    return this.options.renderDistance;
  }

  get currentGeneration(): number {
    return this.book.generation;
  }

  setRenderDistance(radius: number): void {
    const r = clampRenderDistance(radius);
    if (r === this.options.renderDistance) return;
    this.options.renderDistance = r;
    this.wantedSet = null;
  }

  /** Moves the centre of streaming. The cone is in column units; see ViewCone. */
  setView(cone: ViewCone): void {
    const cx = Math.floor(cone.x);
    const cz = Math.floor(cone.z);
    const turned = sector(cone) !== sector(this.cone);
    this.cone = cone;
    if (cx !== this.centerCx || cz !== this.centerCz || turned) {
      this.centerCx = cx;
      this.centerCz = cz;
      this.wantedSet = null;
    }
  }

  /** A block edit in this column: it is re-meshed first, the old mesh shown meanwhile. */
  invalidate(cx: number, cz: number): void {
    this.book.edit(columnKey(cx, cz));
  }

  revisionOf(cx: number, cz: number): number {
    return this.book.revisionOf(columnKey(cx, cz));
  }

  wanted(): WantedSet<ColumnCoord> {
    if (!this.wantedSet) {
      const ring = columnsInRadius(this.centerCx, this.centerCz, this.options.renderDistance);
      const inView: Keyed<ColumnCoord>[] = [];
      const behind: Keyed<ColumnCoord>[] = [];
      for (const c of ring) (isInView(this.cone, c.cx, c.cz) ? inView : behind).push({ key: columnKey(c.cx, c.cz), at: c });
      this.wantedSet = new WantedList(inView.concat(behind));
    }
    return this.wantedSet;
  }

  /** Columns wanted (within R), in priority order. */
  wantedColumns(): ColumnCoord[] {
    return this.wanted().list.map((w) => w.at);
  }

  /** Hysteresis: meshes beyond R + margin go, and an old world's beyond R. Columns are never hidden. */
  screenChanges(): ScreenChanges<ColumnCoord> {
    const keep = this.options.renderDistance + this.options.unloadMargin;
    const keep2 = keep * keep;
    const r2 = this.options.renderDistance * this.options.renderDistance;
    const generation = this.book.generation;
    const drop: Keyed<ColumnCoord>[] = [];
    this.book.forEachStored(({ key, at, generation: built }) => {
      const d2 = columnDistance2(at.cx, at.cz, this.centerCx, this.centerCz);
      if (d2 > keep2 || (built !== generation && d2 > r2)) {
        drop.push({ key, at });
        this.book.drop(key);
      }
    });
    return { show: [], hide: [], drop };
  }

  /** Every wanted column shows a current mesh or failed for good. */
  isSettled(): boolean {
    const p = this.progress();
    return p.ready + p.failed === p.wanted;
  }

  /**
   * How many wanted columns show a current mesh, and how many failed for good, out of how
   * many are wanted. Loading is complete when ready + failed === wanted.
   */
  progress(): BookProgress {
    return this.book.progress(this.wanted());
  }

  /** Columns with a mesh on screen (any generation). */
  loadedCount(): number {
    return this.book.storedCount;
  }

  /** Loaded columns beyond the render distance, kept by the unload margin. */
  keptBehindCount(): number {
    const r2 = this.options.renderDistance * this.options.renderDistance;
    let n = 0;
    this.book.forEachStored(({ at }) => {
      if (columnDistance2(at.cx, at.cz, this.centerCx, this.centerCz) > r2) n++;
    });
    return n;
  }

  pendingCount(): number {
    return this.book.pendingCount;
  }

  isLoaded(cx: number, cz: number): boolean {
    return this.book.isStored(columnKey(cx, cz));
  }
}

export function clampRenderDistance(radius: number): number {
  if (!Number.isFinite(radius)) return DEFAULT_STREAM_OPTIONS.renderDistance;
  return Math.min(RENDER_DISTANCE_RANGE.max, Math.max(RENDER_DISTANCE_RANGE.min, Math.round(radius)));
}

/**
 * Coarse heading (one of 16 sectors), so turning the camera re-sorts the wanted list a
 * few times per revolution rather than every frame. Octant from signs and the larger
 * component, halved again by comparing |x| with 2|z| and vice versa.
 */
function sector(cone: ViewCone): number {
  const x = cone.dirX;
  const z = cone.dirZ;
  if (x === 0 && z === 0) return -1;
  const ax = Math.abs(x);
  const az = Math.abs(z);
  const fine = ax > 2 * az ? 0 : az > 2 * ax ? 2 : 1;
  return (x < 0 ? 1 : 0) | (z < 0 ? 2 : 0) | (fine << 2);
}
