/**
 * ColumnStreamer: the pure bookkeeping of streaming. Expected sets are computed here by
 * brute force over a square, independently of columnsInRadius.
 */
import { describe, expect, it } from 'vitest';
import { ColumnStreamer, clampRenderDistance, DEFAULT_STREAM_OPTIONS, isInView, type ColumnCoord, type ViewCone } from '../../src/stream';

const key = (c: ColumnCoord): string => `${c.cx},${c.cz}`;
const keys = (cs: readonly ColumnCoord[]): Set<string> => new Set(cs.map(key));

/** Camera at the centre of column (cx, cz), looking along (dirX, dirZ). */
function view(cx: number, cz: number, dirX = 0, dirZ = 0, cosHalfAngle = 0.5): ViewCone {
  return { x: cx + 0.5, z: cz + 0.5, dirX, dirZ, cosHalfAngle };
}

/** Every column whose centre is within `radius` columns of (cx, cz)'s centre. */
function disc(cx: number, cz: number, radius: number): Set<string> {
  const out = new Set<string>();
  const r = Math.ceil(radius) + 1;
  for (let z = cz - r; z <= cz + r; z++) {
    for (let x = cx - r; x <= cx + r; x++) {
      if ((x - cx) ** 2 + (z - cz) ** 2 <= radius * radius) out.add(`${x},${z}`);
    }
  }
  return out;
}

const ALL = 100_000;

/** Requests everything wanted and completes it, as if every worker answered at once. */
function loadAll(s: ColumnStreamer): ColumnCoord[] {
  const taken = s.takeRequests(ALL);
  expect(taken.length).toBeGreaterThan(0);
  for (const c of taken) expect(s.complete(c.cx, c.cz, s.currentGeneration, s.revisionOf(c.cx, c.cz))).toBe(true);
  return taken;
}

function streamerAt(cx: number, cz: number, renderDistance: number): ColumnStreamer {
  const s = new ColumnStreamer({ renderDistance });
  s.setView(view(cx, cz));
  return s;
}

describe('ColumnStreamer: what is requested', () => {
  it('requests exactly the disc of radius R around the camera column', () => {
    const s = new ColumnStreamer({ renderDistance: 3 });
    s.setView({ x: 5.3, z: -2.7, dirX: 0, dirZ: 0, cosHalfAngle: 0.5 }); // column (5, -3)
    expect(s.update()).toEqual({ unload: [], cancel: [] });
    const taken = s.takeRequests(ALL);
    expect(taken).toHaveLength(29);
    expect(keys(taken)).toEqual(disc(5, -3, 3));
    expect(s.pendingCount()).toBe(29);
    // Pending requests are not asked for twice.
    expect(s.takeRequests(ALL)).toEqual([]);
  });

  it('default R is 8 (197 columns)', () => {
    const s = new ColumnStreamer();
    expect(s.renderDistance).toBe(8);
    s.setView(view(-100, 40));
    expect(keys(s.takeRequests(ALL))).toEqual(disc(-100, 40, 8));
  });

  it('hands requests out a few at a time, best first, without repeats', () => {
    const s = streamerAt(0, 0, 4);
    const all = s.wantedColumns().slice();
    const got: ColumnCoord[] = [];
    for (;;) {
      const batch = s.takeRequests(3);
      expect(batch.length).toBeLessThanOrEqual(3);
      if (batch.length === 0) break;
      got.push(...batch);
    }
    expect(got).toEqual(all);
    expect(s.takeRequests(0)).toEqual([]);
    expect(s.takeRequests(-1)).toEqual([]);
  });

  it('with no view direction, nearest first', () => {
    const s = streamerAt(2, 2, 5);
    const taken = s.takeRequests(ALL);
    expect(taken[0]).toEqual({ cx: 2, cz: 2 });
    const d2 = taken.map((c) => (c.cx - 2) ** 2 + (c.cz - 2) ** 2);
    for (let i = 1; i < d2.length; i++) expect(d2[i]!).toBeGreaterThanOrEqual(d2[i - 1]!);
  });

  it('in-view columns come before the others, each group nearest first', () => {
    const s = new ColumnStreamer({ renderDistance: 6 });
    const cone = view(0, 0, 1, 0, 0.5); // facing +x, 60° half angle
    s.setView(cone);
    const taken = s.takeRequests(ALL);
    expect(keys(taken)).toEqual(disc(0, 0, 6));

    // Independent classification: within 1.5 columns, or within 60° of +x.
    const visible = (c: ColumnCoord): boolean =>
      c.cx * c.cx + c.cz * c.cz <= 2.25 || Math.abs(Math.atan2(c.cz, c.cx)) <= Math.PI / 3;
    const firstHidden = taken.findIndex((c) => !visible(c));
    expect(firstHidden).toBeGreaterThan(0);
    expect(taken.slice(0, firstHidden).every(visible)).toBe(true);
    expect(taken.slice(firstHidden).some(visible)).toBe(false);
    for (const group of [taken.slice(0, firstHidden), taken.slice(firstHidden)]) {
      for (let i = 1; i < group.length; i++) {
        const a = group[i - 1]!;
        const b = group[i]!;
        expect(a.cx * a.cx + a.cz * a.cz).toBeLessThanOrEqual(b.cx * b.cx + b.cz * b.cz);
      }
    }
    // A far column ahead beats a near column behind.
    const index = (cx: number, cz: number): number => taken.findIndex((c) => c.cx === cx && c.cz === cz);
    expect(index(6, 0)).toBeLessThan(index(-2, 0));
    expect(index(5, 2)).toBeLessThan(index(0, -2));
    // Same classification as isInView on the streamer's own cone.
    expect(taken.slice(0, firstHidden).every((c) => isInView(cone, c.cx, c.cz))).toBe(true);
  });

  it('turning around re-sorts the wanted list', () => {
    const s = new ColumnStreamer({ renderDistance: 6 });
    s.setView(view(0, 0, 1, 0));
    const index = (cx: number, cz: number): number => s.wantedColumns().findIndex((c) => c.cx === cx && c.cz === cz);
    expect(index(5, 0)).toBeLessThan(index(-3, 0));
    s.setView(view(0, 0, -1, 0));
    expect(index(-5, 0)).toBeLessThan(index(3, 0));
    expect(index(3, 0)).toBeGreaterThan(index(-5, 0));
    s.setView(view(0, 0, 0, 1));
    expect(index(0, 5)).toBeLessThan(index(0, -3));
  });

  it('moving the camera moves the disc', () => {
    const s = streamerAt(0, 0, 2);
    loadAll(s);
    s.setView(view(1, 0));
    s.update();
    const taken = s.takeRequests(ALL);
    const expected = [...disc(1, 0, 2)].filter((k) => !disc(0, 0, 2).has(k));
    expect(keys(taken)).toEqual(new Set(expected));
    expect(taken).toHaveLength(5);
  });
});

describe('ColumnStreamer: unloading with hysteresis', () => {
  it('keeps columns between R and R + 2 while the camera moves, unloads beyond R + 2', () => {
    const R = 4;
    const s = streamerAt(0, 0, R);
    const loaded = new Set(loadAll(s).map(key));
    expect(s.loadedCount()).toBe(loaded.size);

    for (let step = 1; step <= 12; step++) {
      s.setView(view(step, 0));
      const { unload, cancel } = s.update();
      expect(cancel).toEqual([]); // nothing pending
      // Exactly the loaded columns now farther than R + 2 go.
      const expectedUnload = [...loaded].filter((k) => {
        const [x, z] = k.split(',').map(Number) as [number, number];
        return (x - step) ** 2 + z * z > (R + 2) ** 2;
      });
      expect(keys(unload)).toEqual(new Set(expectedUnload));
      expect(unload).toHaveLength(expectedUnload.length);
      for (const k of expectedUnload) loaded.delete(k);
      if (step <= 2) expect(unload).toEqual([]); // all within R + 2 of the new centre
      // Some kept columns are between R and R + 2: that is the hysteresis.
      if (step === 2) {
        expect([...loaded].some((k) => {
          const [x, z] = k.split(',').map(Number) as [number, number];
          return (x - step) ** 2 + z * z > R * R;
        })).toBe(true);
      }
      for (const c of s.takeRequests(ALL)) {
        expect(s.complete(c.cx, c.cz, s.currentGeneration)).toBe(true);
        loaded.add(key(c));
      }
      expect(s.loadedCount()).toBe(loaded.size);
      for (const k of loaded) {
        const [x, z] = k.split(',').map(Number) as [number, number];
        expect(s.isLoaded(x, z)).toBe(true);
      }
    }
  });

  it('a column just beyond R is not requested but a loaded one stays; it goes beyond R + 2', () => {
    const s = streamerAt(0, 0, 3);
    loadAll(s);
    expect(s.isLoaded(-3, 0)).toBe(true);
    s.setView(view(2, 0)); // (-3, 0) is now 5 away: between R and R + 2
    expect(s.update().unload).toEqual([]);
    expect(s.isLoaded(-3, 0)).toBe(true);
    expect(keys(s.takeRequests(ALL)).has('-3,0')).toBe(false);
    s.setView(view(3, 0)); // 6 away: beyond R + 2 = 5
    expect(keys(s.update().unload).has('-3,0')).toBe(true);
    expect(s.isLoaded(-3, 0)).toBe(false);
    // Back and forth across a border: once both discs are loaded, nothing unloads or reloads.
    for (const x of [3, 4]) {
      s.setView(view(x, 0));
      s.update();
      for (const c of s.takeRequests(ALL)) s.complete(c.cx, c.cz, s.currentGeneration);
    }
    for (let i = 0; i < 4; i++) {
      s.setView(view(i % 2 === 0 ? 3 : 4, 0));
      expect(s.update().unload).toEqual([]);
      expect(s.takeRequests(ALL)).toEqual([]);
    }
  });

  it('shrinking R unloads beyond the new R + 2 and keeps the margin', () => {
    const s = streamerAt(0, 0, 8);
    loadAll(s);
    s.setRenderDistance(3);
    const { unload } = s.update();
    const before = disc(0, 0, 8);
    const keep = disc(0, 0, 5);
    expect(keys(unload)).toEqual(new Set([...before].filter((k) => !keep.has(k))));
    expect(s.loadedCount()).toBe(keep.size);
    expect(s.progress()).toEqual({ ready: 29, failed: 0, wanted: 29 });
  });

  it('the unload margin is an option', () => {
    const s = new ColumnStreamer({ renderDistance: 3, unloadMargin: 0 });
    s.setView(view(0, 0));
    loadAll(s);
    s.setView(view(1, 0));
    const expected = [...disc(0, 0, 3)].filter((k) => !disc(1, 0, 3).has(k));
    expect(keys(s.update().unload)).toEqual(new Set(expected));
    expect(DEFAULT_STREAM_OPTIONS.unloadMargin).toBe(2);
  });
});

describe('ColumnStreamer: cancelling', () => {
  it('cancels pending requests that left the radius (not the hysteresis radius)', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.setView(view(1, 0));
    const { cancel, unload } = s.update();
    expect(unload).toEqual([]);
    const expected = [...disc(0, 0, 2)].filter((k) => !disc(1, 0, 2).has(k));
    expect(keys(cancel)).toEqual(new Set(expected));
    expect(cancel).toHaveLength(5);
    expect(s.pendingCount()).toBe(13 - 5);
    // A cancelled column's late result is dropped.
    expect(s.complete(-2, 0, 0)).toBe(false);
    expect(s.isLoaded(-2, 0)).toBe(false);
    // Cancels are reported once.
    expect(s.update().cancel).toEqual([]);
  });

  it('teleporting far cancels every pending request', () => {
    const s = streamerAt(0, 0, 2);
    const taken = s.takeRequests(ALL);
    s.setView(view(1000, -1000));
    expect(keys(s.update().cancel)).toEqual(keys(taken));
    expect(s.pendingCount()).toBe(0);
    expect(keys(s.takeRequests(ALL))).toEqual(disc(1000, -1000, 2));
  });

  it('cancels pending requests of an older generation and asks again in the new one', () => {
    const s = streamerAt(0, 0, 2);
    const taken = s.takeRequests(ALL);
    expect(s.currentGeneration).toBe(0);
    expect(s.bumpGeneration()).toBe(1);
    const { cancel, unload } = s.update();
    expect(keys(cancel)).toEqual(keys(taken));
    expect(unload).toEqual([]);
    expect(keys(s.takeRequests(ALL))).toEqual(disc(0, 0, 2));
    // The old generation's results are stale.
    expect(s.complete(0, 0, 0)).toBe(false);
    expect(s.complete(0, 0, 1)).toBe(true);
  });
});

describe('ColumnStreamer: generations', () => {
  it('after bumpGeneration, loaded columns stay loaded but are requested again', () => {
    const s = streamerAt(0, 0, 2);
    loadAll(s);
    expect(s.progress()).toEqual({ ready: 13, failed: 0, wanted: 13 });
    s.bumpGeneration();
    expect(s.update()).toEqual({ unload: [], cancel: [] });
    expect(s.loadedCount()).toBe(13); // old meshes remain on screen until replaced
    expect(s.progress()).toEqual({ ready: 0, failed: 0, wanted: 13 });
    const again = s.takeRequests(ALL);
    expect(keys(again)).toEqual(disc(0, 0, 2));
    for (const c of again) expect(s.isLoaded(c.cx, c.cz)).toBe(true);
    for (const c of again) expect(s.complete(c.cx, c.cz, 1)).toBe(true);
    expect(s.progress()).toEqual({ ready: 13, failed: 0, wanted: 13 });
    expect(s.loadedCount()).toBe(13);
  });

  it('complete() with a stale generation returns false and loads nothing', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.bumpGeneration();
    s.takeRequests(ALL); // without update(): the same columns, now at generation 1
    expect(s.complete(1, 0, 0)).toBe(false);
    expect(s.isLoaded(1, 0)).toBe(false);
    expect(s.complete(1, 0, 1)).toBe(true);
    expect(s.complete(1, 0, 1)).toBe(false); // not twice
    // A result from a future generation is not accepted either.
    expect(s.complete(0, 0, 2)).toBe(false);
  });

  it('a result arriving after bumpGeneration but before update() is still stale', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.bumpGeneration(); // the pending requests are still marked generation 0
    expect(s.complete(0, 0, 0)).toBe(false);
    expect(s.isLoaded(0, 0)).toBe(false);
    expect(s.progress().ready).toBe(0);
  });

  it('an unrequested column is not completed', () => {
    const s = streamerAt(0, 0, 2);
    expect(s.complete(0, 0, 0)).toBe(false);
    expect(s.complete(50, 50, 0)).toBe(false);
    expect(s.loadedCount()).toBe(0);
  });

  it('an old world mesh beyond R is unloaded at once (nothing will replace it)', () => {
    const s = streamerAt(0, 0, 3);
    loadAll(s);
    s.setView(view(1, 0));
    expect(s.update().unload).toEqual([]);
    s.bumpGeneration();
    const { unload } = s.update();
    const expected = [...disc(0, 0, 3)].filter((k) => !disc(1, 0, 3).has(k));
    expect(keys(unload)).toEqual(new Set(expected));
  });
});

describe('ColumnStreamer: failures', () => {
  it('a failed column is not asked again in the same generation, counts as failed, and is asked after a bump', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.fail(0, 0, 0);
    expect(s.pendingCount()).toBe(12);
    expect(s.takeRequests(ALL)).toEqual([]);
    for (const c of disc(0, 0, 2)) {
      const [x, z] = c.split(',').map(Number) as [number, number];
      if (x !== 0 || z !== 0) expect(s.complete(x, z, 0)).toBe(true);
    }
    expect(s.progress()).toEqual({ ready: 12, failed: 1, wanted: 13 });
    // update() keeps the failure on record: still not requested.
    s.update();
    expect(s.takeRequests(ALL)).toEqual([]);
    expect(s.progress().failed).toBe(1);
    // A late result for the failed request is not applied.
    expect(s.complete(0, 0, 0)).toBe(false);

    s.bumpGeneration();
    s.update();
    expect(s.progress()).toEqual({ ready: 0, failed: 0, wanted: 13 });
    expect(keys(s.takeRequests(ALL)).has('0,0')).toBe(true);
  });

  it('fail() for a stale generation or an unknown column is ignored', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.bumpGeneration();
    s.update();
    s.takeRequests(ALL);
    s.fail(0, 0, 0);
    s.fail(9, 9, 1);
    expect(s.progress().failed).toBe(0);
    expect(s.complete(0, 0, 1)).toBe(true);
  });
});

describe('ColumnStreamer: edits (revisions)', () => {
  it('invalidate() makes a loaded column be requested again; an older revision is rejected', () => {
    const s = streamerAt(0, 0, 2);
    loadAll(s);
    s.invalidate(1, 0);
    expect(s.revisionOf(1, 0)).toBe(1);
    expect(s.revisionOf(0, 0)).toBe(0);
    expect(s.progress()).toEqual({ ready: 12, failed: 0, wanted: 13 });
    expect(s.update()).toEqual({ unload: [], cancel: [] });
    expect(s.isLoaded(1, 0)).toBe(true); // the old mesh stays meanwhile
    expect(s.takeRequests(ALL)).toEqual([{ cx: 1, cz: 0 }]);
    expect(s.takeRequests(ALL)).toEqual([]);
    expect(s.complete(1, 0, 0, 0)).toBe(false);
    expect(s.complete(1, 0, 0, 1)).toBe(true);
    expect(s.progress()).toEqual({ ready: 13, failed: 0, wanted: 13 });
    expect(s.takeRequests(ALL)).toEqual([]);
  });

  it('an edit while a request is in flight asks again; only the newest revision is accepted', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.invalidate(0, 0);
    s.invalidate(0, 0);
    expect(s.revisionOf(0, 0)).toBe(2);
    expect(s.takeRequests(ALL)).toEqual([{ cx: 0, cz: 0 }]);
    expect(s.complete(0, 0, 0, 0)).toBe(false);
    expect(s.complete(0, 0, 0, 1)).toBe(false);
    expect(s.complete(0, 0, 0, 2)).toBe(true);
  });

  it('the failure of a request an edit already replaced does not cancel the newer request', () => {
    const s = streamerAt(0, 0, 2);
    s.takeRequests(ALL);
    s.invalidate(0, 0);
    expect(s.takeRequests(ALL)).toEqual([{ cx: 0, cz: 0 }]); // revision 1 now pending
    s.fail(0, 0, 0, 0); // the revision-0 request gave up
    expect(s.progress().failed).toBe(0);
    expect(s.pendingCount()).toBe(13);
    expect(s.complete(0, 0, 0, 1)).toBe(true);
    // The failure of the current revision does count.
    s.invalidate(1, 0);
    expect(s.takeRequests(ALL)).toEqual([{ cx: 1, cz: 0 }]);
    s.fail(1, 0, 0, 1);
    expect(s.progress().failed).toBe(1);
  });

  it('a new generation forgets edit revisions', () => {
    const s = streamerAt(0, 0, 2);
    s.invalidate(0, 0);
    s.bumpGeneration();
    expect(s.revisionOf(0, 0)).toBe(0);
  });
});

describe('ColumnStreamer: render distance and progress', () => {
  it('setRenderDistance clamps to 2..32 and NaN gives the default 8', () => {
    const s = new ColumnStreamer();
    const cases: [number, number][] = [[1, 2], [0, 2], [-5, 2], [2, 2], [7.6, 8], [32, 32], [40, 32], [1e9, 32], [12, 12]];
    for (const [input, expected] of cases) {
      s.setRenderDistance(input);
      expect(s.renderDistance, `input ${input}`).toBe(expected);
    }
    s.setRenderDistance(NaN);
    expect(s.renderDistance).toBe(8);
    expect(new ColumnStreamer({ renderDistance: NaN }).renderDistance).toBe(8);
    expect(new ColumnStreamer({ renderDistance: 100 }).renderDistance).toBe(32);
    expect(new ColumnStreamer({ renderDistance: 0 }).renderDistance).toBe(2);
    expect(clampRenderDistance(Number.POSITIVE_INFINITY)).toBe(8);
  });

  it('setRenderDistance changes what is wanted', () => {
    const s = streamerAt(0, 0, 2);
    expect(s.wantedColumns()).toHaveLength(13);
    s.setRenderDistance(3);
    expect(s.wantedColumns()).toHaveLength(29);
    expect(keys(s.wantedColumns())).toEqual(disc(0, 0, 3));
    s.setRenderDistance(1); // clamped to 2
    expect(s.wantedColumns()).toHaveLength(13);
  });

  it('progress() counts ready, failed and wanted columns; loaded and pending counts follow', () => {
    const s = streamerAt(0, 0, 3);
    expect(s.progress()).toEqual({ ready: 0, failed: 0, wanted: 29 });
    const taken = s.takeRequests(10);
    expect(s.pendingCount()).toBe(10);
    expect(s.loadedCount()).toBe(0);
    for (const c of taken.slice(0, 4)) s.complete(c.cx, c.cz, 0);
    const failedOne = taken[4]!;
    s.fail(failedOne.cx, failedOne.cz, 0);
    expect(s.progress()).toEqual({ ready: 4, failed: 1, wanted: 29 });
    expect(s.pendingCount()).toBe(5);
    expect(s.loadedCount()).toBe(4);
    // Loaded columns outside R (kept by hysteresis) do not count as ready.
    s.setView(view(1, 0));
    s.update();
    const wanted = disc(1, 0, 3);
    const readyNow = taken.slice(0, 4).filter((c) => wanted.has(key(c))).length;
    expect(s.progress().ready).toBe(readyNow);
    expect(s.progress().wanted).toBe(29);
  });
});

describe('ColumnStreamer edits', () => {
  it('re-requests an edited column before any other wanted column', () => {
    const s = new ColumnStreamer({ renderDistance: 3 });
    s.setView({ x: 0.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 });
    s.update();
    const first = s.takeRequests(5);
    for (const c of first) s.complete(c.cx, c.cz, s.currentGeneration, 0);
    s.invalidate(-2, 1); // loaded? not yet: it is wanted but far down the list
    s.invalidate(first[0]!.cx, first[0]!.cz);
    const next = s.takeRequests(2);
    expect(next).toEqual([{ cx: -2, cz: 1 }, first[0]]);
  });
});

