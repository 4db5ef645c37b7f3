/**
 * LodStreamer: the bookkeeping of far regions. A fake app (requests in flight, meshes with
 * a drawn flag) follows the streamer's answers and checks, after every takeVisibility, that
 * drawn regions never overlap and that no column the layout wants loses its cover.
 */
import { describe, expect, it } from 'vitest';
import {
  cellSampleBlock,
  lodLayout,
  lodRegionKey,
  LodStreamer,
  regionColumnBounds,
  regionsOverlap,
  DEFAULT_LOD_LAYOUT_OPTIONS,
  type LodRegionCoord,
  type LodRequest,
} from '../../src/stream';

const ALL = 100_000;
const requestId = (r: LodRequest): string => `${r.key}@${r.generation}.${r.revision}`;

interface Mesh {
  region: LodRegionCoord;
  generation: number;
  revision: number;
  drawn: boolean;
}

/** What the app does with the streamer's answers: workers, meshes, the scene. */
class FakeApp {
  readonly inFlight = new Map<string, LodRequest>();
  readonly meshes = new Map<string, Mesh>();

  constructor(readonly s: LodStreamer) {}

  request(limit = ALL): LodRequest[] {
    const taken = this.s.next(limit);
    for (const r of taken) this.inFlight.set(requestId(r), r);
    return taken;
  }

  cancel(): LodRequest[] {
    const cancels = this.s.takeCancels();
    for (const c of cancels) expect(this.inFlight.delete(requestId(c)), `cancel of ${requestId(c)}`).toBe(true);
    return cancels;
  }

  /** Answers the requests in flight (those for `keys` only, if given), as workers would. */
  deliver(keys?: Iterable<string>): void {
    const only = keys ? new Set(keys) : null;
    for (const [id, r] of this.inFlight) {
      if (only && !only.has(r.key)) continue;
      this.inFlight.delete(id);
      if (!this.s.arrived(r.key, r.generation, r.revision)) continue;
      const old = this.meshes.get(r.key);
      this.meshes.set(r.key, { region: r.region, generation: r.generation, revision: r.revision, drawn: old?.drawn ?? false });
    }
  }

  /** Applies takeVisibility and checks: no overlap drawn; wanted columns drawn before still are. */
  sync(): { show: string[]; hide: string[]; drop: string[] } {
    const before = columnCover(this.drawn());
    const v = this.s.takeVisibility();
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
function columnCover(regions: readonly LodRegionCoord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of regions) {
    const b = regionColumnBounds(r);
    for (let z = b.cz0; z < b.cz1; z++) {
      for (let x = b.cx0; x < b.cx1; x++) out.set(`${x},${z}`, (out.get(`${x},${z}`) ?? 0) + 1);
    }
  }
  return out;
}

function streamer(cx: number, cz: number, renderDistance = 8, farDistance = 40): LodStreamer {
  const s = new LodStreamer({ renderDistance, farDistance });
  s.setCenter(cx, cz);
  return s;
}

function nearest2(r: LodRegionCoord, cx: number, cz: number): number {
  const b = regionColumnBounds(r);
  const dx = Math.min(Math.max(cx, b.cx0), b.cx1 - 1) - cx;
  const dz = Math.min(Math.max(cz, b.cz0), b.cz1 - 1) - cz;
  return dx * dx + dz * dz;
}

/**
 * A move of the camera along +x, from (0, 0), after which some loaded region P is replaced
 * by exactly its four children.
 */
function findSplit(R: number, F: number): { step: number; parent: LodRegionCoord; children: LodRegionCoord[] } {
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

describe('LodStreamer: requests', () => {
  it('asks for the layout, nearest first, a few at a time, without repeats', () => {
    const s = streamer(-37, -1000, 12, 64);
    const wanted = s.wantedRegions();
    expect(wanted).toEqual(lodLayout(-37, -1000, { ...DEFAULT_LOD_LAYOUT_OPTIONS, renderDistance: 12, farDistance: 64 }));
    const got: LodRequest[] = [];
    for (let batch = s.next(7); batch.length > 0; batch = s.next(7)) {
      expect(batch.length).toBeLessThanOrEqual(7);
      got.push(...batch);
    }
    expect(got.map((r) => r.region)).toEqual(wanted);
    for (let i = 1; i < got.length; i++) {
      expect(nearest2(got[i]!.region, -37, -1000)).toBeGreaterThanOrEqual(nearest2(got[i - 1]!.region, -37, -1000));
    }
    expect(got.every((r) => r.generation === 0 && r.revision === 0 && r.key === lodRegionKey(r.region))).toBe(true);
    expect(s.counts).toEqual({ wanted: wanted.length, stored: 0, visible: 0, pending: wanted.length });
    expect(s.next(0)).toEqual([]);
  });

  it('F <= R wants nothing; F is clamped to 0..128', () => {
    expect(streamer(0, 0, 8, 8).next(ALL)).toEqual([]);
    expect(new LodStreamer({ farDistance: 500 }).farDistance).toBe(128);
    expect(new LodStreamer({ farDistance: -3 }).farDistance).toBe(0);
    expect(new LodStreamer({ farDistance: Number.NaN }).farDistance).toBe(DEFAULT_LOD_LAYOUT_OPTIONS.farDistance);
  });

  it('stores a result only for the request in flight, current and still wanted', () => {
    const s = streamer(0, 0);
    const [a, b, c] = s.next(3) as [LodRequest, LodRequest, LodRequest];
    expect(s.arrived('9:0,0', 0, 0)).toBe(false); // never asked
    expect(s.arrived(a.key, 1, 0)).toBe(false); // wrong generation
    expect(s.arrived(a.key, 0, 1)).toBe(false); // wrong revision
    expect(s.arrived(a.key, 0, 0)).toBe(true);
    expect(s.arrived(a.key, 0, 0)).toBe(false); // answered already
    s.setCenter(10_000, 0); // b is no longer wanted
    expect(s.arrived(b.key, 0, 0)).toBe(false);
    s.newGeneration();
    s.setCenter(0, 0);
    expect(s.arrived(c.key, 0, 0)).toBe(false); // a world ago
    expect(s.counts.stored).toBe(1);
  });
});

describe('LodStreamer: swapping levels', () => {
  it('a split keeps the parent drawn until all four children arrived, then swaps in one step', () => {
    const { step, parent, children } = findSplit(8, 40);
    const app = new FakeApp(streamer(0, 0));
    app.loadAll();
    const parentKey = lodRegionKey(parent);
    const childKeys = children.map(lodRegionKey);
    expect(app.drawnKeys().has(parentKey)).toBe(true);

    app.s.setCenter(step, 0);
    app.cancel();
    app.request();
    for (const k of childKeys.slice(0, 3)) {
      app.deliver([k]);
      const v = app.sync();
      expect(v.drop).not.toContain(parentKey);
      expect(v.show.filter((x) => childKeys.includes(x))).toEqual([]);
      expect(app.drawnKeys().has(parentKey)).toBe(true);
    }
    app.deliver([childKeys[3]!]);
    const v = app.sync();
    expect(v.drop).toContain(parentKey);
    expect(new Set(v.show.filter((x) => childKeys.includes(x)))).toEqual(new Set(childKeys));
    expect(v.hide).toEqual([]);
    app.deliver();
    app.sync();
    expect(app.s.isSettled()).toBe(true);
  });

  it('a merge keeps the four children drawn until the parent arrived, then swaps in one step', () => {
    const { step, parent, children } = findSplit(8, 40);
    const app = new FakeApp(streamer(step, 0));
    app.loadAll();
    const parentKey = lodRegionKey(parent);
    const childKeys = children.map(lodRegionKey);
    for (const k of childKeys) expect(app.drawnKeys().has(k)).toBe(true);

    app.s.setCenter(0, 0);
    app.cancel();
    app.request();
    const others = [...app.inFlight.values()].map((r) => r.key).filter((k) => k !== parentKey);
    app.deliver(others);
    app.sync();
    for (const k of childKeys) expect(app.drawnKeys().has(k)).toBe(true);
    expect(app.s.isSettled()).toBe(false);
    app.deliver([parentKey]);
    const v = app.sync();
    expect(v.show).toEqual([parentKey]);
    expect(new Set(v.drop)).toEqual(new Set(childKeys));
    expect(app.s.isSettled()).toBe(true);
  });

  it('a new world keeps every old mesh drawn until its replacement arrives in place', () => {
    const app = new FakeApp(streamer(3, -5));
    app.loadAll();
    const drawn = app.drawnKeys();
    app.request(); // nothing: all current
    expect(app.inFlight.size).toBe(0);
    expect(app.s.newGeneration()).toBe(1);
    expect(app.s.generation).toBe(1);
    expect(app.s.isSettled()).toBe(false);
    expect(app.sync()).toEqual({ show: [], hide: [], drop: [] });
    const taken = app.request();
    expect(taken).toHaveLength(drawn.size);
    expect(taken.every((r) => r.generation === 1)).toBe(true);
    app.deliver(taken.slice(0, 10).map((r) => r.key));
    expect(app.sync()).toEqual({ show: [], hide: [], drop: [] });
    expect(app.drawnKeys()).toEqual(drawn);
    expect(app.meshes.get(taken[0]!.key)!.generation).toBe(1);
    expect(app.meshes.get(taken[10]!.key)!.generation).toBe(0);
    app.deliver();
    app.sync();
    expect(app.s.isSettled()).toBe(true);
    expect(app.drawnKeys()).toEqual(drawn);
  });

  it('a new world cancels the requests of the old one', () => {
    const app = new FakeApp(streamer(0, 0));
    const old = app.request(5);
    app.s.newGeneration();
    expect(app.cancel().map(requestId).sort()).toEqual(old.map(requestId).sort());
    expect(app.request(5).map((r) => r.generation)).toEqual([1, 1, 1, 1, 1]);
  });

  it('shrinking F drops the regions beyond it at once; F <= R drops everything', () => {
    const app = new FakeApp(streamer(0, 0, 8, 64));
    app.loadAll();
    app.s.setFarDistance(30);
    const v = app.sync();
    expect(v.drop.length).toBeGreaterThan(0);
    expect(new Set(app.meshes.keys())).toEqual(new Set(app.s.wantedRegions().map(lodRegionKey)));
    expect(app.s.isSettled()).toBe(true);
    app.s.setFarDistance(0);
    app.sync();
    expect(app.meshes.size).toBe(0);
    expect(app.s.counts).toEqual({ wanted: 0, stored: 0, visible: 0, pending: 0 });
    expect(app.s.isSettled()).toBe(true);
  });
});

describe('LodStreamer: edits', () => {
  it('editAt picks exactly the wanted or stored regions sampling (x, z), negatives included', () => {
    const app = new FakeApp(streamer(-37, -20, 8, 40));
    app.loadAll();
    // Every sample point of every region held, by brute force.
    const sampledBy = new Map<string, string>();
    for (const r of app.s.wantedRegions()) {
      for (let j = 0; j < 16; j++) {
        for (let i = 0; i < 16; i++) {
          const { x, z } = cellSampleBlock(r, i, j);
          expect(sampledBy.has(`${x},${z}`)).toBe(false);
          sampledBy.set(`${x},${z}`, lodRegionKey(r));
        }
      }
    }
    let hits = 0;
    const wrong: string[] = [];
    for (let z = -1000; z < -600; z += 3) {
      for (let x = -900; x < -400; x += 5) {
        const got = app.s.editAt(x, z).map(lodRegionKey).join();
        const expected = sampledBy.get(`${x},${z}`) ?? '';
        if (got !== expected) wrong.push(`(${x}, ${z}): ${got} instead of ${expected}`);
        if (expected) hits++;
      }
    }
    expect(wrong).toEqual([]);
    expect(hits).toBeGreaterThan(100);
    // A region neither wanted nor stored is not reported (nothing to redo).
    const { x, z } = cellSampleBlock({ level: 2, rx: -5000, rz: 3 }, 1, 1);
    expect(app.s.editAt(x, z)).toEqual([]);
  });

  it('editAt reports a stale region still drawn, but does not request it', () => {
    const { step, parent } = findSplit(8, 40);
    const app = new FakeApp(streamer(0, 0));
    app.loadAll();
    app.s.setCenter(step, 0); // the parent is now stale, drawn until its children arrive
    app.sync();
    const { x, z } = cellSampleBlock(parent, 4, 4);
    expect(app.s.editAt(x, z)).toEqual([parent]);
    expect(app.s.next(ALL).map((r) => r.key)).not.toContain(lodRegionKey(parent));
  });

  it('edited regions are requested again first, and the old mesh stays drawn until then', () => {
    const app = new FakeApp(streamer(-37, -20, 8, 40));
    app.loadAll();
    const wanted = app.s.wantedRegions();
    const far = wanted[wanted.length - 1]!; // last in the normal order
    const near = wanted[5]!;
    for (const r of [far, near]) {
      const { x, z } = cellSampleBlock(r, 7, 2);
      expect(app.s.editAt(x, z)).toEqual([r]);
    }
    expect(app.s.revisionOf(lodRegionKey(far))).toBe(1);
    expect(app.s.isSettled()).toBe(false);
    const again = app.request();
    expect(again.map((r) => r.region)).toEqual([far, near]); // edit order, before anything else
    expect(again.every((r) => r.revision === 1)).toBe(true);
    expect(app.sync()).toEqual({ show: [], hide: [], drop: [] });
    app.deliver();
    expect(app.sync()).toEqual({ show: [], hide: [], drop: [] });
    expect(app.meshes.get(lodRegionKey(far))!.revision).toBe(1);
    expect(app.s.isSettled()).toBe(true);
  });

  it('an edit while a request is in flight supersedes it: the old one is cancelled, its reply refused', () => {
    const app = new FakeApp(streamer(0, 0));
    const [first] = app.request(1) as [LodRequest];
    const { x, z } = cellSampleBlock(first.region, 0, 0);
    app.s.editAt(x, z);
    const [second] = app.request(1) as [LodRequest];
    expect(second.key).toBe(first.key);
    expect(second.revision).toBe(1);
    expect(app.s.arrived(first.key, first.generation, first.revision)).toBe(false);
    expect(app.cancel()).toEqual([first]);
  });

  it('an edit where no region samples changes nothing', () => {
    const s = streamer(0, 0);
    expect(s.editAt(0, 0)).toEqual([]);
    expect(s.editAt(1, 2)).toEqual([]);
  });
});

describe('LodStreamer: moving around', () => {
  it('flying far away and back, with results trickling in, leaves nothing behind', () => {
    const app = new FakeApp(streamer(0, 0, 8, 48));
    app.loadAll();
    const path: number[] = [];
    for (let x = 0; x <= 400; x += 3) path.push(x);
    for (let x = 400; x >= -7; x -= 5) path.push(x);
    path.forEach((x, i) => {
      app.s.setCenter(x, x >> 2);
      app.cancel();
      app.request(40);
      // Half the requests answer per step, in an order of their own.
      const keys = [...app.inFlight.values()].map((r) => r.key).filter((_, j) => (i + j) % 2 === 0);
      app.deliver(keys);
      app.sync();
    });
    expect(app.s.isSettled()).toBe(false);
    app.loadAll();
    const wanted = new Set(app.s.wantedRegions().map(lodRegionKey));
    expect(new Set(app.meshes.keys())).toEqual(wanted);
    expect(app.drawnKeys()).toEqual(wanted);
    const counts = app.s.counts;
    expect(counts).toEqual({ wanted: wanted.size, stored: wanted.size, visible: wanted.size, pending: 0 });
  });

  it('cancels the requests in flight the camera left behind, and only those', () => {
    const app = new FakeApp(streamer(0, 0, 8, 40));
    app.request();
    app.s.setCenter(20, 0);
    const stillWanted = new Set(app.s.wantedRegions().map(lodRegionKey));
    const before = [...app.inFlight.values()];
    const cancels = app.cancel();
    expect(new Set(cancels.map(requestId))).toEqual(new Set(before.filter((r) => !stillWanted.has(r.key)).map(requestId)));
    expect(cancels.length).toBeGreaterThan(0);
    expect([...app.inFlight.values()].every((r) => stillWanted.has(r.key))).toBe(true);
    expect(app.cancel()).toEqual([]);
    const c = cancels[0]!;
    expect(app.s.arrived(c.key, c.generation, c.revision)).toBe(false);
  });

  it('isSettled: all wanted current (or failed), all stored wanted and drawn, nothing in flight', () => {
    const app = new FakeApp(streamer(5, 5, 4, 20));
    expect(app.s.isSettled()).toBe(false); // nothing loaded
    const taken = app.request();
    const failing = taken[2]!;
    expect(app.s.isSettled()).toBe(false); // in flight
    app.s.failed(failing.key, failing.generation, failing.revision);
    app.inFlight.delete(requestId(failing));
    app.deliver();
    expect(app.s.isSettled()).toBe(false); // stored but not yet drawn
    app.sync();
    expect(app.s.isSettled()).toBe(true); // the failed one counts as settled
    expect(app.s.next(ALL)).toEqual([]); // and is not asked again in this world
    app.s.setCenter(6, 5);
    expect(app.s.isSettled()).toBe(false);
    app.loadAll();
    app.s.newGeneration();
    expect(app.s.isSettled()).toBe(false);
    expect(app.s.next(ALL).map((r) => r.key)).toContain(failing.key); // a new world tries again
  });
});
