/**
 * ColumnStreamer: which columns are wanted, in which order, and which stay on screen
 * (hysteresis). Expected sets are computed here by brute force over a square,
 * independently of columnsInRadius. Requests, replies, failures and edits through its
 * book: column-streamer-book.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ColumnStreamer, clampRenderDistance, DEFAULT_STREAM_OPTIONS, isInView, type ColumnCoord } from '../../src/stream';
import { ALL, at, complete, disc, key, keys, loadAll, streamerAt, take, update, view } from './column-streamer-driver';

describe('ColumnStreamer: what is requested', () => {
  it('requests exactly the disc of radius R around the camera column', () => {
    const s = new ColumnStreamer({ renderDistance: 3 });
    s.setView({ x: 5.3, z: -2.7, dirX: 0, dirZ: 0, cosHalfAngle: 0.5 }); // column (5, -3)
    expect(update(s)).toEqual({ unload: [], cancel: [] });
    const taken = at(take(s, ALL));
    expect(taken).toHaveLength(29);
    expect(keys(taken)).toEqual(disc(5, -3, 3));
    expect(s.pendingCount()).toBe(29);
    // Pending requests are not asked for twice.
    expect(at(take(s, ALL))).toEqual([]);
  });

  it('default R is 8 (197 columns)', () => {
    const s = new ColumnStreamer();
    expect(s.renderDistance).toBe(8);
    s.setView(view(-100, 40));
    expect(keys(at(take(s, ALL)))).toEqual(disc(-100, 40, 8));
  });

  it('hands requests out a few at a time, best first, without repeats', () => {
    const s = streamerAt(0, 0, 4);
    const all = s.wantedColumns().slice();
    const got: ColumnCoord[] = [];
    for (;;) {
      const batch = at(take(s, 3));
      expect(batch.length).toBeLessThanOrEqual(3);
      if (batch.length === 0) break;
      got.push(...batch);
    }
    expect(got).toEqual(all);
    expect(at(take(s, 0))).toEqual([]);
    expect(at(take(s, -1))).toEqual([]);
  });

  it('with no view direction, nearest first', () => {
    const s = streamerAt(2, 2, 5);
    const taken = at(take(s, ALL));
    expect(taken[0]).toEqual({ cx: 2, cz: 2 });
    const d2 = taken.map((c) => (c.cx - 2) ** 2 + (c.cz - 2) ** 2);
    for (let i = 1; i < d2.length; i++) expect(d2[i]!).toBeGreaterThanOrEqual(d2[i - 1]!);
  });

  it('in-view columns come before the others, each group nearest first', () => {
    const s = new ColumnStreamer({ renderDistance: 6 });
    const cone = view(0, 0, 1, 0, 0.5); // facing +x, 60° half angle
    s.setView(cone);
    const taken = at(take(s, ALL));
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
    update(s);
    const taken = at(take(s, ALL));
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
      const { unload, cancel } = update(s);
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
      for (const r of take(s)) {
        expect(complete(s, r)).toBe(true);
        loaded.add(key(r.at));
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
    expect(update(s).unload).toEqual([]);
    expect(s.isLoaded(-3, 0)).toBe(true);
    expect(keys(at(take(s, ALL))).has('-3,0')).toBe(false);
    s.setView(view(3, 0)); // 6 away: beyond R + 2 = 5
    expect(keys(update(s).unload).has('-3,0')).toBe(true);
    expect(s.isLoaded(-3, 0)).toBe(false);
    // Back and forth across a border: once both discs are loaded, nothing unloads or reloads.
    for (const x of [3, 4]) {
      s.setView(view(x, 0));
      update(s);
      for (const r of take(s)) complete(s, r);
    }
    for (let i = 0; i < 4; i++) {
      s.setView(view(i % 2 === 0 ? 3 : 4, 0));
      expect(update(s).unload).toEqual([]);
      expect(at(take(s, ALL))).toEqual([]);
    }
  });

  it('shrinking R unloads beyond the new R + 2 and keeps the margin', () => {
    const s = streamerAt(0, 0, 8);
    loadAll(s);
    s.setRenderDistance(3);
    const { unload } = update(s);
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
    expect(keys(update(s).unload)).toEqual(new Set(expected));
    expect(DEFAULT_STREAM_OPTIONS.unloadMargin).toBe(2);
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
    const taken = take(s, 10);
    expect(s.pendingCount()).toBe(10);
    expect(s.loadedCount()).toBe(0);
    for (const r of taken.slice(0, 4)) complete(s, r);
    s.book.fail(taken[4]!);
    expect(s.progress()).toEqual({ ready: 4, failed: 1, wanted: 29 });
    expect(s.pendingCount()).toBe(5);
    expect(s.loadedCount()).toBe(4);
    // Loaded columns outside R (kept by hysteresis) do not count as ready.
    s.setView(view(1, 0));
    update(s);
    const wanted = disc(1, 0, 3);
    const readyNow = taken.slice(0, 4).filter((r) => wanted.has(key(r.at))).length;
    expect(s.progress().ready).toBe(readyNow);
    expect(s.progress().wanted).toBe(29);
  });
});
