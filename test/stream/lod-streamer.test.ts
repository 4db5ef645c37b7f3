/**
 * LodStreamer: far regions as a use of the request book, driven by the fake app of
 * lod-streamer-driver.ts, which checks after every screenChanges that drawn regions never
 * overlap and that no column the layout wants loses its cover.
 */
import { describe, expect, it } from 'vitest';
import { cellSampleBlock, lodLayout, lodRegionKey, LodStreamer, DEFAULT_LOD_LAYOUT_OPTIONS } from '../../src/stream';
import { arrived, FakeApp, findSplit, nearest2, next, requestId, streamer, takeVisibility, type LodRequest } from './lod-streamer-driver';
describe('LodStreamer: requests', () => {
  it('asks for the layout, nearest first, a few at a time, without repeats', () => {
    const s = streamer(-37, -1000, 12, 64);
    const wanted = s.wantedRegions();
    expect(wanted).toEqual(lodLayout(-37, -1000, { ...DEFAULT_LOD_LAYOUT_OPTIONS, renderDistance: 12, farDistance: 64 }));
    const got: LodRequest[] = [];
    for (let batch = next(s, 7); batch.length > 0; batch = next(s, 7)) {
      expect(batch.length).toBeLessThanOrEqual(7);
      got.push(...batch);
    }
    expect(got.map((r) => r.at)).toEqual(wanted);
    for (let i = 1; i < got.length; i++) {
      expect(nearest2(got[i]!.at, -37, -1000)).toBeGreaterThanOrEqual(nearest2(got[i - 1]!.at, -37, -1000));
    }
    expect(got.every((r) => r.generation === 0 && r.revision === 0 && r.key === lodRegionKey(r.at))).toBe(true);
    expect(s.counts).toEqual({ wanted: wanted.length, stored: 0, visible: 0, pending: wanted.length });
    expect(next(s, 0)).toEqual([]);
  });

  it('F <= R wants nothing; F is clamped to 0..128', () => {
    expect(next(streamer(0, 0, 8, 8))).toEqual([]);
    expect(new LodStreamer({ farDistance: 500 }).farDistance).toBe(128);
    expect(new LodStreamer({ farDistance: -3 }).farDistance).toBe(0);
    expect(new LodStreamer({ farDistance: Number.NaN }).farDistance).toBe(DEFAULT_LOD_LAYOUT_OPTIONS.farDistance);
  });

  it('stores a result only for the request in flight, current and still wanted', () => {
    const s = streamer(0, 0);
    const [a, b, c] = next(s, 3) as [LodRequest, LodRequest, LodRequest];
    expect(arrived(s, { ...a, key: '9:0,0', at: { level: 9, rx: 0, rz: 0 } })).toBe(false); // never asked
    expect(arrived(s, { ...a, generation: 1 })).toBe(false); // wrong generation
    expect(arrived(s, { ...a, revision: 1 })).toBe(false); // wrong revision
    expect(arrived(s, a)).toBe(true);
    expect(arrived(s, a)).toBe(false); // answered already
    s.setCenter(10_000, 0); // b is no longer wanted
    expect(arrived(s, b)).toBe(false);
    s.book.newGeneration();
    s.setCenter(0, 0);
    expect(arrived(s, c)).toBe(false); // a world ago
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
    expect(app.s.book.newGeneration()).toBe(1);
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

  it('a new region is held hidden until the swap rule shows it; its replacement is drawn at once, in place', () => {
    const s = streamer(0, 0);
    const [r] = next(s, 1) as [LodRequest];
    expect(arrived(s, r)).toBe(true);
    expect(s.book.isDrawn(r.key)).toBe(false);
    expect(takeVisibility(s)).toEqual({ show: [r.key], hide: [], drop: [] });
    expect(s.book.isDrawn(r.key)).toBe(true);
    s.book.newGeneration();
    s.book.takeCancels(s.wanted());
    const again = next(s).find((x) => x.key === r.key)!;
    expect(arrived(s, again)).toBe(true);
    expect(s.book.isDrawn(r.key)).toBe(true); // nothing to show: it never stopped being drawn
    expect(takeVisibility(s)).toEqual({ show: [], hide: [], drop: [] });
    expect(s.counts.visible).toBe(1);
  });

  it('a new world cancels the requests of the old one', () => {
    const app = new FakeApp(streamer(0, 0));
    const old = app.request(5);
    app.s.book.newGeneration();
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
    expect(next(app.s).map((r) => r.key)).not.toContain(lodRegionKey(parent));
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
    expect(again.map((r) => r.at)).toEqual([far, near]); // edit order, before anything else
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
    const { x, z } = cellSampleBlock(first.at, 0, 0);
    app.s.editAt(x, z);
    const [second] = app.request(1) as [LodRequest];
    expect(second.key).toBe(first.key);
    expect(second.revision).toBe(1);
    expect(arrived(app.s, first)).toBe(false);
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
    expect(arrived(app.s, c)).toBe(false);
  });

  it('isSettled: all wanted current (or failed), all stored wanted and drawn, nothing in flight', () => {
    const app = new FakeApp(streamer(5, 5, 4, 20));
    expect(app.s.isSettled()).toBe(false); // nothing loaded
    const taken = app.request();
    const failing = taken[2]!;
    expect(app.s.isSettled()).toBe(false); // in flight
    app.s.book.fail(failing);
    app.inFlight.delete(requestId(failing));
    app.deliver();
    expect(app.s.isSettled()).toBe(false); // stored but not yet drawn
    app.sync();
    expect(app.s.isSettled()).toBe(true); // the failed one counts as settled
    expect(next(app.s)).toEqual([]); // and is not asked again in this world
    app.s.setCenter(6, 5);
    expect(app.s.isSettled()).toBe(false);
    app.loadAll();
    app.s.book.newGeneration();
    expect(app.s.isSettled()).toBe(false);
    expect(next(app.s).map((r) => r.key)).toContain(failing.key); // a new world tries again
  });
});
