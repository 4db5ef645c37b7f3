/**
 * The bookkeeping of far terrain, with no I/O: like ColumnStreamer, but for the LOD
 * regions of lodLayout. The app feeds it the camera column and results; it answers with
 * region keys: what to request, what to cancel, what to show, hide and free.
 *
 * Swapping levels without holes or double drawing. A stored region that left the layout
 * is "stale" (a parent whose children are now wanted, children merged into their parent,
 * the far edge after F shrank). While it is drawn:
 * - it stays drawn until every wanted region overlapping it has a current mesh (or failed
 *   for good); then it is freed, and those regions shown, in the same takeVisibility;
 * - a stored wanted region overlapping it stays hidden meanwhile, so a parent and its
 *   children are never drawn together and the switch is atomic;
 * - if it overlaps no wanted region (the camera left, F shrank) it is freed at once.
 * A stale region not drawn has nothing to keep covered and is freed at once too.
 * A wanted region stored from an older generation or revision stays drawn: its
 * replacement has the same key and simply overwrites it when it arrives.
 */
import { clampRenderDistance } from './column-streamer';
import { clampFarDistance } from './far-distance';
import { DEFAULT_LOD_LAYOUT_OPTIONS, lodLayout, type LodLayoutOptions } from './lod-layout';
import { lodRegionKey, regionSampledAt, type LodRegionCoord } from './lod-region';
import { WantedRegions } from './lod-wanted';

/** R and F, plus the layout's tuning (DEFAULT_LOD_LAYOUT_OPTIONS documents each field). */
export type LodStreamOptions = LodLayoutOptions;

/** One request: which region, for which world generation and edit revision. */
export interface LodRequest {
  readonly region: LodRegionCoord;
  readonly key: string;
  readonly generation: number;
  readonly revision: number;
}

/** Changes to what is drawn, by region key. */
export interface LodVisibility {
  /** Stored meshes to draw from now on. */
  show: string[];
  /**
   * Stored meshes to keep but stop drawing (a stale region overlapping them is drawn).
   * With the rules above it is always empty: new meshes start hidden, and drawn regions
   * never overlap, so a drawn wanted region is never under a drawn stale one. It is part
   * of the answer so callers already handle it if the rules grow (e.g. hysteresis).
   */
  hide: string[];
  /** Stored meshes to free. */
  drop: string[];
}

export interface LodCounts {
  wanted: number;
  /** Meshes held, any generation, drawn or not. */
  stored: number;
  visible: number;
  /** Requests in flight. */
  pending: number;
}

interface RegionState {
  readonly region: LodRegionCoord;
  readonly key: string;
  /** Generation and revision of the stored mesh; generation -1 when none. */
  storedGeneration: number;
  storedRevision: number;
  /** Generation and revision of the request in flight; generation -1 when none. */
  pendingGeneration: number;
  pendingRevision: number;
  /** Generation whose request failed for good (not asked again in it), or -1. */
  failedGeneration: number;
  /** Drawn, as last told by takeVisibility. A newly stored mesh starts hidden. */
  visible: boolean;
}

export class LodStreamer {
  private readonly options: LodStreamOptions;
  private readonly states = new Map<string, RegionState>();
  /** Edit revisions in this generation; absent means 0. */
  private readonly revisions = new Map<string, number>();
  /** Edited wanted regions, requested before anything else. */
  private readonly urgent = new Map<string, LodRegionCoord>();
  /** Requests replaced by a newer one for the same key (edit or new generation): cancel them. */
  private superseded: LodRequest[] = [];
  private currentGeneration = 0;
  private centerCx = 0;
  private centerCz = 0;
  private layout: WantedRegions | null = null; // null: recompute before use

  constructor(options: Partial<LodStreamOptions> = {}) {
    this.options = { ...DEFAULT_LOD_LAYOUT_OPTIONS, ...options };
    this.options.renderDistance = clampRenderDistance(this.options.renderDistance);
    this.options.farDistance = clampFarDistance(this.options.farDistance);
  }

  get generation(): number {
    return this.currentGeneration;
  }

  get renderDistance(): number {
    return this.options.renderDistance;
  }

  get farDistance(): number {
    return this.options.farDistance;
  }

  /** The camera's column. The layout is recomputed only when it changes. */
  setCenter(cx: number, cz: number): void {
    if (cx === this.centerCx && cz === this.centerCz) return;
    this.centerCx = cx;
    this.centerCz = cz;
    this.layout = null;
  }

  setRenderDistance(radius: number): void {
    const r = clampRenderDistance(radius);
    if (r === this.options.renderDistance) return;
    this.options.renderDistance = r;
    this.layout = null;
  }

  setFarDistance(distance: number): void {
    const f = clampFarDistance(distance);
    if (f === this.options.farDistance) return;
    this.options.farDistance = f;
    this.layout = null;
  }

  /**
   * The world's parameters changed: every region is wanted again. Stored meshes stay drawn
   * until replaced; requests in flight are superseded (takeCancels lists them).
   */
  newGeneration(): number {
    this.currentGeneration++;
    this.revisions.clear();
    this.urgent.clear();
    return this.currentGeneration;
  }

  /** The wanted regions, nearest first. */
  wantedRegions(): readonly LodRegionCoord[] {
    return this.wanted().list.map((w) => w.region);
  }

  isWanted(key: string): boolean {
    return this.wanted().has(key);
  }

  revisionOf(key: string): number {
    return this.revisions.get(key) ?? 0;
  }

  /**
   * Up to `limit` wanted regions with neither a current mesh nor a current request, edited
   * ones first, then nearest first; marks them pending. Failed regions are not asked again
   * in the same generation (unless edited).
   */
  next(limit: number): LodRequest[] {
    const out: LodRequest[] = [];
    const wanted = this.wanted();
    for (const [key, region] of this.urgent) {
      if (out.length >= limit) return out;
      this.urgent.delete(key);
      if (wanted.has(key)) this.request(region, key, out);
    }
    for (const { region, key } of wanted.list) {
      if (out.length >= limit) break;
      this.request(region, key, out);
    }
    return out;
  }

  /** Adds a request for the region to `out` unless it is current, in flight or failed. */
  private request(region: LodRegionCoord, key: string, out: LodRequest[]): void {
    const generation = this.currentGeneration;
    const revision = this.revisionOf(key);
    const s = this.states.get(key) ?? this.track(region, key);
    if (s.pendingGeneration === generation && s.pendingRevision === revision) return;
    if (s.storedGeneration === generation && s.storedRevision === revision) return;
    if (s.failedGeneration === generation) return;
    if (s.pendingGeneration !== -1) {
      this.superseded.push({ region, key, generation: s.pendingGeneration, revision: s.pendingRevision });
    }
    s.pendingGeneration = generation;
    s.pendingRevision = revision;
    out.push({ region, key, generation, revision });
  }

  /**
   * A block edit at (x, z). It changes the regions that sample that block (cell (i, j) of a
   * level-k region samples (x0 + i*s + s/2, z0 + j*s + s/2), s = 2^k; see cellSampleBlock):
   * at most one region, since a block is a sample point of at most one level. Its revision
   * is bumped and, if wanted, it is requested again before anything else; the mesh on
   * screen stays until the new one arrives. Returns it if it is wanted or stored.
   */
  editAt(x: number, z: number): LodRegionCoord[] {
    const region = regionSampledAt(x, z, this.options.maxLevel);
    if (!region) return [];
    const key = lodRegionKey(region);
    // Bumped even when untracked: a reply already on its way for an older request of a
    // region that comes back into the layout must not pass for the edited one.
    this.revisions.set(key, this.revisionOf(key) + 1);
    const s = this.states.get(key);
    if (s) s.failedGeneration = -1; // an edit deserves a fresh attempt
    const wanted = this.wanted().has(key);
    if (wanted) this.urgent.set(key, region);
    return wanted || (s !== undefined && s.storedGeneration !== -1) ? [region] : [];
  }

  /**
   * A result arrived. True if it should be stored: it answers the request in flight, for
   * the current generation and revision, and the region is still wanted. A mesh for a new
   * key starts hidden (takeVisibility says when to show it); one for a key already stored
   * replaces that mesh in place, drawn or not as before. On false, discard the result.
   */
  arrived(key: string, generation: number, revision: number): boolean {
    const s = this.states.get(key);
    if (!s || s.pendingGeneration !== generation || s.pendingRevision !== revision) return false;
    s.pendingGeneration = -1;
    const current = generation === this.currentGeneration && revision === this.revisionOf(key);
    if (!current || !this.wanted().has(key)) {
      this.forgetIfIdle(s);
      return false;
    }
    s.storedGeneration = generation;
    s.storedRevision = revision;
    return true;
  }

  /**
   * The request failed on every attempt: not asked again in this generation (a
   * deterministic failure would otherwise loop); it counts as settled. Pass the revision
   * so the failure of a request an edit already replaced does not cancel the newer one.
   */
  failed(key: string, generation: number, revision?: number): void {
    const s = this.states.get(key);
    if (!s || s.pendingGeneration !== generation) return;
    if (revision !== undefined && s.pendingRevision !== revision) return;
    s.pendingGeneration = -1;
    if (generation === this.currentGeneration) s.failedGeneration = generation;
    this.forgetIfIdle(s);
  }

  /** Requests in flight that are no longer wanted, or superseded: the caller cancels them. */
  takeCancels(): LodRequest[] {
    const out = this.superseded;
    this.superseded = [];
    const wanted = this.wanted();
    for (const s of this.states.values()) {
      if (s.pendingGeneration === -1) continue;
      if (s.pendingGeneration === this.currentGeneration && wanted.has(s.key)) continue;
      out.push({ region: s.region, key: s.key, generation: s.pendingGeneration, revision: s.pendingRevision });
      s.pendingGeneration = -1;
      this.forgetIfIdle(s);
    }
    return out;
  }

  /**
   * What to draw, after results or a camera move (the swap rule in the header). Updates
   * the visible flags, so each change is reported once.
   */
  takeVisibility(): LodVisibility {
    const wanted = this.wanted();
    const show: string[] = [];
    const hide: string[] = [];
    const drop: string[] = [];
    /** Wanted regions under a stale region that stays drawn. */
    const covered = new Set<string>();
    for (const s of this.states.values()) {
      if (s.storedGeneration === -1 || wanted.has(s.key)) continue;
      const under = s.visible ? wanted.overlapping(s.region) : [];
      const waiting = under.filter((w) => !this.isDone(lodRegionKey(w)));
      if (waiting.length > 0) {
        for (const w of under) covered.add(lodRegionKey(w));
        continue;
      }
      drop.push(s.key);
      s.storedGeneration = -1;
      s.visible = false;
      this.forgetIfIdle(s);
    }
    for (const s of this.states.values()) {
      if (s.storedGeneration === -1 || !wanted.has(s.key)) {
        this.forgetIfIdle(s); // e.g. a failure remembered for a region the camera left
        continue;
      }
      const visible = !covered.has(s.key);
      if (visible !== s.visible) (visible ? show : hide).push(s.key);
      s.visible = visible;
    }
    return { show, hide, drop };
  }

  /**
   * Every wanted region has a current mesh (or failed for good), every stored mesh is
   * wanted and drawn, and nothing is in flight: the screen shows exactly the layout.
   */
  isSettled(): boolean {
    const wanted = this.wanted();
    for (const { key } of wanted.list) if (!this.isDone(key)) return false;
    for (const s of this.states.values()) {
      if (s.pendingGeneration !== -1) return false;
      if (s.storedGeneration !== -1 && !(s.visible && wanted.has(s.key))) return false;
    }
    return true;
  }

  get counts(): LodCounts {
    const counts = { wanted: this.wanted().size, stored: 0, visible: 0, pending: 0 };
    for (const s of this.states.values()) {
      if (s.storedGeneration !== -1) counts.stored++;
      if (s.visible) counts.visible++;
      if (s.pendingGeneration !== -1) counts.pending++;
    }
    return counts;
  }

  /** A wanted region that needs nothing more: current mesh, or failed for good. */
  private isDone(key: string): boolean {
    const s = this.states.get(key);
    if (!s) return false;
    if (s.failedGeneration === this.currentGeneration) return true;
    return s.storedGeneration === this.currentGeneration && s.storedRevision === this.revisionOf(key);
  }

  private wanted(): WantedRegions {
    if (!this.layout) {
      const regions = lodLayout(this.centerCx, this.centerCz, this.options);
      this.layout = new WantedRegions(regions, this.options.maxLevel);
    }
    return this.layout;
  }

  private track(region: LodRegionCoord, key: string): RegionState {
    const s: RegionState = {
      region,
      key,
      storedGeneration: -1,
      storedRevision: 0,
      pendingGeneration: -1,
      pendingRevision: 0,
      failedGeneration: -1,
      visible: false,
    };
    this.states.set(key, s);
    return s;
  }

  /** Drops the state of a region holding nothing, unless it must remember a failure. */
  private forgetIfIdle(s: RegionState): void {
    if (s.storedGeneration !== -1 || s.pendingGeneration !== -1) return;
    if (s.failedGeneration === this.currentGeneration && this.wanted().has(s.key)) return;
    this.states.delete(s.key);
  }
}
