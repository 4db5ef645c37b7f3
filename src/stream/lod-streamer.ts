/**
 * Far regions as a use of the request book (docs/architecture.md §4, §5 "Levels of
 * detail: which regions"), with no I/O: the regions of lodLayout are wanted, nearest
 * first, and one swap rule decides which stored regions are drawn.
 *
 * Swapping levels without holes or double drawing. A stored region that left the layout
 * is "stale" (a parent whose children are now wanted, children merged into their parent,
 * the far edge after F shrank). While it is drawn:
 * - it stays drawn until every wanted region overlapping it is done (a current mesh, or
 *   failed for good); then it is freed, and those regions shown, in the same screenChanges;
 * - a stored wanted region overlapping it stays hidden meanwhile, so a parent and its
 *   children are never drawn together and the switch is atomic;
 * - if it overlaps no wanted region (the camera left, F shrank) it is freed at once.
 * A stale region not drawn has nothing to keep covered and is freed at once too.
 * A wanted region's new mesh (new world, edit) replaces the old one in place, drawn as the
 * old one was (the book keeps the drawn flag), so a replacement never opens a hole.
 */
import { clampRenderDistance } from './column-streamer';
import { clampFarDistance } from './far-distance';
import { DEFAULT_LOD_LAYOUT_OPTIONS, lodLayout, type LodLayoutOptions } from './lod-layout';
import { lodRegionKey, regionSampledAt, type LodRegionCoord } from './lod-region';
import { WantedRegions } from './lod-wanted';
import { RequestBook } from './request-book';
import type { ScreenChanges, StreamPlan } from './stream-plan';
import type { Keyed } from './wanted-set';

/** R and F, plus the layout's tuning (DEFAULT_LOD_LAYOUT_OPTIONS documents each field). */
export type LodStreamOptions = LodLayoutOptions;

export interface LodCounts {
  wanted: number;
  /** Meshes held, any generation, drawn or not. */
  stored: number;
  visible: number;
  /** Requests in flight. */
  pending: number;
}

export class LodStreamer implements StreamPlan<LodRegionCoord> {
  /** A new region starts hidden: the swap rule shows it when nothing old overlaps it. */
  readonly book = new RequestBook<LodRegionCoord>({ drawNew: false });
  private readonly options: LodStreamOptions;
  private centerCx = 0;
  private centerCz = 0;
  private layout: WantedRegions | null = null; // null: recompute before use

  constructor(options: Partial<LodStreamOptions> = {}) {
    this.options = { ...DEFAULT_LOD_LAYOUT_OPTIONS, ...options };
    this.options.renderDistance = clampRenderDistance(this.options.renderDistance);
    this.options.farDistance = clampFarDistance(this.options.farDistance);
  }

  get generation(): number {
    return this.book.generation;
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

  wanted(): WantedRegions {
    if (!this.layout) this.layout = new WantedRegions(lodLayout(this.centerCx, this.centerCz, this.options), this.options.maxLevel);
    return this.layout;
  }

  /** The wanted regions, nearest first. */
  wantedRegions(): LodRegionCoord[] {
    return this.wanted().list.map((w) => w.at);
  }

  isWanted(key: string): boolean {
    return this.wanted().has(key);
  }

  revisionOf(key: string): number {
    return this.book.revisionOf(key);
  }

  /**
   * A block edit at (x, z). It changes the regions that sample that block (cell (i, j) of a
   * level-k region samples (x0 + i*s + s/2, z0 + j*s + s/2), s = 2^k; see cellSampleBlock):
   * at most one region, since a block is a sample point of at most one level. Its revision
   * is bumped (even when untracked: a reply already on its way for a region that comes
   * back into the layout must not pass for the edited one) and, if wanted, it is requested
   * again before anything else; the mesh on screen stays until the new one arrives.
   * Returns the region if it is wanted or stored (something to redo), else nothing.
   */
  editAt(x: number, z: number): LodRegionCoord[] {
    const region = regionSampledAt(x, z, this.options.maxLevel);
    if (!region) return [];
    const key = lodRegionKey(region);
    this.book.edit(key);
    return this.isWanted(key) || this.book.isStored(key) ? [region] : [];
  }

  /** The swap rule (see the header). */
  screenChanges(): ScreenChanges<LodRegionCoord> {
    const wanted = this.wanted();
    const book = this.book;
    const show: Keyed<LodRegionCoord>[] = [];
    const hide: Keyed<LodRegionCoord>[] = [];
    const drop: Keyed<LodRegionCoord>[] = [];
    /** Wanted regions under a stale region that stays drawn. */
    const covered = new Set<string>();
    book.forEachStored(({ key, at, drawn }) => {
      if (wanted.has(key)) return;
      const under = drawn ? wanted.overlapping(at) : [];
      if (under.some((w) => !book.isDone(lodRegionKey(w)))) {
        for (const w of under) covered.add(lodRegionKey(w));
        return;
      }
      drop.push({ key, at });
      book.drop(key);
    });
    book.forEachStored(({ key, at, drawn }) => {
      if (!wanted.has(key)) return;
      const visible = !covered.has(key);
      if (visible === drawn) return;
      (visible ? show : hide).push({ key, at });
      book.setDrawn(key, visible);
    });
    return { show, hide, drop };
  }

  /**
   * Every wanted region has a current mesh (or failed for good), every stored mesh is
   * wanted and drawn, and nothing is in flight: the screen shows exactly the layout.
   */
  isSettled(): boolean {
    const wanted = this.wanted();
    for (const { key } of wanted.list) if (!this.book.isDone(key)) return false;
    if (this.book.pendingCount > 0) return false;
    let settled = true;
    this.book.forEachStored(({ key, drawn }) => {
      if (!drawn || !wanted.has(key)) settled = false;
    });
    return settled;
  }

  get counts(): LodCounts {
    return { wanted: this.wanted().size, stored: this.book.storedCount, visible: this.book.drawnCount, pending: this.book.pendingCount };
  }
}
