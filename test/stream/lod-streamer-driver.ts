/**
 * Driving a LodStreamer as the stream loader does: a fake app (requests in flight, meshes
 * with a drawn flag) follows the book's and the swap rule's answers and checks, after every
 * screenChanges, that drawn regions never overlap and that no column the layout wants
 * loses its cover. Plus the layout helpers the LodStreamer tests share.
 */
import { expect } from 'vitest';
import {
  lodLayout,
  lodRegionKey,
  LodStreamer,
  regionColumnBounds,
  regionsOverlap,
  DEFAULT_LOD_LAYOUT_OPTIONS,
  type BookRequest,
  type LodRegionCoord,
} from '../../src/stream';

export type LodRequest = BookRequest<LodRegionCoord>;

export const ALL = 100_000;
export const requestId = (r: LodRequest): string => `${r.key}@${r.generation}.${r.revision}#${r.ticket}`;
/** Up to `limit` requests from the streamer's book, best first. */
export const next = (s: LodStreamer, limit = ALL): LodRequest[] => s.book.take(limit, s.wanted());
/** A reply to `r` arrived: true if the book keeps it. */
export const arrived = (s: LodStreamer, r: LodRequest): boolean => s.book.arrived(r, s.wanted());
/** The swap rule's answer, by key. */
export function takeVisibility(s: LodStreamer): { show: string[]; hide: string[]; drop: string[] } {
  const v = s.screenChanges();
  return { show: v.show.map((x) => x.key), hide: v.hide.map((x) => x.key), drop: v.drop.map((x) => x.key) };
}

interface Mesh {
  region: LodRegionCoord;
  generation: number;
  revision: number;
  drawn: boolean;
}

/** What the app does with the streamer's answers: workers, meshes, the scene. */
export class FakeApp {
  readonly inFlight = new Map<string, LodRequest>();
  readonly meshes = new Map<string, Mesh>();

  constructor(readonly s: LodStreamer) {}

  request(limit = ALL): LodRequest[] {
    const taken = next(this.s, limit);
    for (const r of taken) this.inFlight.set(requestId(r), r);
    return taken;
  }

  cancel(): LodRequest[] {
    const cancels = this.s.book.takeCancels(this.s.wanted());
    for (const c of cancels) expect(this.inFlight.delete(requestId(c)), `cancel of ${requestId(c)}`).toBe(true);
    return cancels;
  }

  /** Answers the requests in flight (those for `keys` only, if given), as workers would. */
  deliver(keys?: Iterable<string>): void {
    const only = keys ? new Set(keys) : null;
    for (const [id, r] of this.inFlight) {
      if (only && !only.has(r.key)) continue;
      this.inFlight.delete(id);
      if (!arrived(this.s, r)) continue;
      // A replacement is drawn as the mesh it replaces was; a new region starts hidden.
      this.meshes.set(r.key, { region: r.at, generation: r.generation, revision: r.revision, drawn: this.s.book.isDrawn(r.key) });
    }
  }

  /** Applies the swap rule's answer and checks: no overlap drawn; wanted columns drawn before still are. */
  sync(): { show: string[]; hide: string[]; drop: string[] } {
    const before = columnCover(this.drawn());
    const v = takeVisibility(this.s);
    const wrong: string[] = [];
    for (const k of v.show) {
      if (this.meshes.get(k)?.drawn !== false) wrong.push(`show ${k}`);
      else this.meshes.get(k)!.drawn = true;
    }
    for (const k of v.hide) this.meshes.get(k)!.drawn = false;
    for (const k of v.drop) if (!this.meshes.delete(k)) wrong.push(`drop ${k}`);
    expect(wrong).toEqual([]);
    const drawn = this.drawn();
    const after = columnCover(drawn);
    expect([...after].filter(([, n]) => n > 1), 'columns drawn twice').toEqual([]);
    const lost = [...columnCover(this.s.wantedRegions()).keys()].filter((c) => before.has(c) && !after.has(c));
    expect(lost, 'wanted columns that lost their cover').toEqual([]);
    expect(this.s.counts.stored).toBe(this.meshes.size);
    expect(this.s.counts.visible).toBe(drawn.length);
    return v;
  }

  /** Requests, answers and syncs until nothing is left to do. */
  loadAll(): void {
    this.cancel();
    this.request();
    this.deliver();
    this.sync();
    expect(this.s.isSettled()).toBe(true);
  }

  drawn(): LodRegionCoord[] {
    return [...this.meshes.values()].filter((m) => m.drawn).map((m) => m.region);
  }

  drawnKeys(): Set<string> {
    return new Set(this.drawn().map(lodRegionKey));
  }
}

/** How many of the regions cover each column. */
export function columnCover(regions: readonly LodRegionCoord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of regions) {
    const b = regionColumnBounds(r);
    for (let z = b.cz0; z < b.cz1; z++) {
      for (let x = b.cx0; x < b.cx1; x++) out.set(`${x},${z}`, (out.get(`${x},${z}`) ?? 0) + 1);
    }
  }
  return out;
}

export function streamer(cx: number, cz: number, renderDistance = 8, farDistance = 40): LodStreamer {
  const s = new LodStreamer({ renderDistance, farDistance });
  s.setCenter(cx, cz);
  return s;
}

export function nearest2(r: LodRegionCoord, cx: number, cz: number): number {
  const b = regionColumnBounds(r);
  const dx = Math.min(Math.max(cx, b.cx0), b.cx1 - 1) - cx;
  const dz = Math.min(Math.max(cz, b.cz0), b.cz1 - 1) - cz;
  return dx * dx + dz * dz;
}

/**
 * A move of the camera along +x, from (0, 0), after which some loaded region P is replaced
 * by exactly its four children.
 */
export function findSplit(R: number, F: number): { step: number; parent: LodRegionCoord; children: LodRegionCoord[] } {
  const o = { ...DEFAULT_LOD_LAYOUT_OPTIONS, renderDistance: R, farDistance: F };
  const home = lodLayout(0, 0, o);
  for (let step = 1; step < 64; step++) {
    const moved = lodLayout(step, 0, o);
    const movedKeys = new Set(moved.map(lodRegionKey));
    for (const p of home) {
      if (movedKeys.has(lodRegionKey(p)) || p.level < 2) continue;
      const under = moved.filter((w) => regionsOverlap(w, p));
      if (under.length === 4 && under.every((w) => w.level === p.level - 1)) return { step, parent: p, children: under };
    }
  }
  throw new Error('no split found');
}

