/**
 * The bookkeeping of streaming, with no I/O: which columns to request next, which to
 * cancel, which to unload. The app feeds it the camera and results; it answers with
 * coordinates. Being pure, every rule here is unit-tested in Node (test/stream).
 *
 * Rules (after noa, Voxelize, Luanti):
 * - columns within renderDistance R are wanted; in-view ones first, then nearest;
 * - a column is unloaded only beyond R + unloadMargin (hysteresis, so a player pacing
 *   along a column border does not reload the same columns over and over);
 * - every request carries the world generation; a parameter change bumps it, old pending
 *   work is cancelled, and loaded columns stay on screen until their replacement arrives.
 */
import { columnKey } from '../world/coords';
import { columnDistance2, columnsInRadius, type ColumnCoord } from './ring';
import { isInView, type ViewCone } from './view-priority';

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

interface ColumnState {
  readonly cx: number;
  readonly cz: number;
  /** Generation of the mesh on screen, or -1. */
  loadedGeneration: number;
  /** Generation of the request in flight, or -1. */
  pendingGeneration: number;
  /** Edit revision of the request in flight / of the mesh on screen. */
  pendingRevision: number;
  loadedRevision: number;
  /** Generation whose request failed for good (not asked again in it), or -1. */
  failedGeneration: number;
}

export interface StreamChanges {
  /** Loaded columns now beyond R + margin: drop their meshes. */
  unload: ColumnCoord[];
  /** Requests in flight that are no longer wanted (out of range or stale): cancel them. */
  cancel: ColumnCoord[];
}

export class ColumnStreamer {
  private readonly options: StreamOptions;
  private readonly states = new Map<string, ColumnState>();
  private readonly revisions = new Map<string, number>();
  /** Edited columns, requested before anything else so an edit shows within a frame or two. */
  private readonly urgent = new Map<string, ColumnCoord>();
  private generation = 0;
  private centerCx = 0;
  private centerCz = 0;
  private cone: ViewCone = { x: 0.5, z: 0.5, dirX: 0, dirZ: 0, cosHalfAngle: 0 };
  /** Wanted columns in priority order; rebuilt lazily when the centre, view or R changes. */
  private wanted: ColumnCoord[] = [];
  private wantedDirty = true;

  constructor(options: Partial<StreamOptions> = {}) {
    this.options = { ...DEFAULT_STREAM_OPTIONS, ...options };
    this.options.renderDistance = clampRenderDistance(this.options.renderDistance);
  }

  get renderDistance(): number {
    return this.options.renderDistance;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  setRenderDistance(radius: number): void {
    const r = clampRenderDistance(radius);
    if (r === this.options.renderDistance) return;
    this.options.renderDistance = r;
    this.wantedDirty = true;
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
      this.wantedDirty = true;
    }
  }

  /** A new world (seed or parameters changed): everything must be rebuilt. */
  bumpGeneration(): number {
    this.generation++;
    this.revisions.clear();
    this.urgent.clear();
    return this.generation;
  }

  /** A block edit in this column: it must be re-meshed, keeping the old mesh meanwhile. */
  invalidate(cx: number, cz: number): void {
    const key = columnKey(cx, cz);
    this.revisions.set(key, (this.revisions.get(key) ?? 0) + 1);
    this.urgent.set(key, { cx, cz });
    const state = this.states.get(key);
    if (state) state.failedGeneration = -1; // an edit deserves a fresh attempt
  }

  revisionOf(cx: number, cz: number): number {
    return this.revisions.get(columnKey(cx, cz)) ?? 0;
  }

  /** Unloads and cancellations implied by the current centre, radius and generation. */
  update(): StreamChanges {
    const unload: ColumnCoord[] = [];
    const cancel: ColumnCoord[] = [];
    const keep = this.options.renderDistance + this.options.unloadMargin;
    const keep2 = keep * keep;
    const r2 = this.options.renderDistance * this.options.renderDistance;
    for (const [key, s] of this.states) {
      const d2 = columnDistance2(s.cx, s.cz, this.centerCx, this.centerCz);
      if (s.pendingGeneration !== -1 && (s.pendingGeneration !== this.generation || d2 > r2)) {
        cancel.push({ cx: s.cx, cz: s.cz });
        s.pendingGeneration = -1;
      }
      // Beyond R + margin a mesh goes; so does an old world's mesh beyond R, since
      // nothing will come to replace it.
      if (s.loadedGeneration !== -1 && (d2 > keep2 || (s.loadedGeneration !== this.generation && d2 > r2))) {
        unload.push({ cx: s.cx, cz: s.cz });
        s.loadedGeneration = -1;
      }
      const failedHere = s.failedGeneration === this.generation && d2 <= keep2;
      if (s.loadedGeneration === -1 && s.pendingGeneration === -1 && !failedHere) this.states.delete(key);
    }
    return { unload, cancel };
  }

  /**
   * Up to `count` columns to request now, best first, marked pending. Includes loaded
   * columns whose mesh is from an older generation or revision.
   */
  takeRequests(count: number): ColumnCoord[] {
    const out: ColumnCoord[] = [];
    if (count <= 0) return out;
    const r2 = this.options.renderDistance * this.options.renderDistance;
    for (const [key, c] of this.urgent) {
      if (out.length >= count) return out;
      this.urgent.delete(key);
      if (columnDistance2(c.cx, c.cz, this.centerCx, this.centerCz) <= r2 && this.markPending(c)) out.push(c);
    }
    for (const c of this.wantedColumns()) {
      if (out.length >= count) break;
      if (this.markPending(c)) out.push(c);
    }
    return out;
  }

  /** Marks a column pending unless it is already pending, current, or failed; says which. */
  private markPending(c: ColumnCoord): boolean {
    const key = columnKey(c.cx, c.cz);
    const s = this.states.get(key);
    const revision = this.revisions.get(key) ?? 0;
    if (s && s.pendingGeneration === this.generation && s.pendingRevision === revision) return false;
    if (s && s.loadedGeneration === this.generation && s.loadedRevision === revision) return false;
    if (s && s.failedGeneration === this.generation) return false;
    const state = s ?? { cx: c.cx, cz: c.cz, loadedGeneration: -1, pendingGeneration: -1, pendingRevision: 0, loadedRevision: 0, failedGeneration: -1 };
    state.pendingGeneration = this.generation;
    state.pendingRevision = revision;
    this.states.set(key, state);
    return true;
  }

  /**
   * A result arrived. Returns false if it is stale (older generation or revision, or the
   * column was cancelled meanwhile): the caller must then drop it.
   */
  complete(cx: number, cz: number, generation: number, revision = 0): boolean {
    const s = this.states.get(columnKey(cx, cz));
    if (!s || s.pendingGeneration !== generation || generation !== this.generation || s.pendingRevision !== revision) return false;
    s.pendingGeneration = -1;
    s.loadedGeneration = generation;
    s.loadedRevision = revision;
    return true;
  }

  /**
   * A request failed on every attempt. It is not asked for again in this generation (a
   * deterministic failure would otherwise loop); it counts as settled for progress.
   * Pass the request's revision: the failure of a request that an edit already replaced
   * must not cancel the newer request (its column would then never be re-meshed).
   */
  fail(cx: number, cz: number, generation: number, revision?: number): void {
    const s = this.states.get(columnKey(cx, cz));
    if (!s || s.pendingGeneration !== generation) return;
    if (revision !== undefined && s.pendingRevision !== revision) return;
    s.pendingGeneration = -1;
    s.failedGeneration = generation;
  }

  /** Columns wanted (within R), in priority order. */
  wantedColumns(): readonly ColumnCoord[] {
    if (this.wantedDirty) {
      const ring = columnsInRadius(this.centerCx, this.centerCz, this.options.renderDistance);
      const inView: ColumnCoord[] = [];
      const behind: ColumnCoord[] = [];
      for (const c of ring) (isInView(this.cone, c.cx, c.cz) ? inView : behind).push(c);
      this.wanted = inView.concat(behind);
      this.wantedDirty = false;
    }
    return this.wanted;
  }

  /**
   * How many wanted columns show a current mesh, and how many failed for good, out of how
   * many are wanted. Loading is complete when ready + failed === wanted.
   */
  progress(): { ready: number; failed: number; wanted: number } {
    const wanted = this.wantedColumns();
    let ready = 0;
    let failed = 0;
    for (const c of wanted) {
      const key = columnKey(c.cx, c.cz);
      const s = this.states.get(key);
      if (!s) continue;
      const revision = this.revisions.get(key) ?? 0;
      if (s.loadedGeneration === this.generation && s.loadedRevision === revision) ready++;
      else if (s.failedGeneration === this.generation) failed++;
    }
    return { ready, failed, wanted: wanted.length };
  }

  /** Columns with a mesh on screen (any generation). */
  loadedCount(): number {
    let n = 0;
    for (const s of this.states.values()) if (s.loadedGeneration !== -1) n++;
    return n;
  }

  /** Loaded columns beyond the render distance, kept by the unload margin. */
  keptBehindCount(): number {
    const r2 = this.options.renderDistance * this.options.renderDistance;
    let n = 0;
    for (const s of this.states.values()) {
      if (s.loadedGeneration !== -1 && columnDistance2(s.cx, s.cz, this.centerCx, this.centerCz) > r2) n++;
    }
    return n;
  }

  pendingCount(): number {
    let n = 0;
    for (const s of this.states.values()) if (s.pendingGeneration !== -1) n++;
    return n;
  }

  isLoaded(cx: number, cz: number): boolean {
    const s = this.states.get(columnKey(cx, cz));
    return !!s && s.loadedGeneration !== -1;
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
