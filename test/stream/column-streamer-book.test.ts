/**
 * ColumnStreamer through its request book: cancelling what left the radius, new worlds,
 * failures and edits, driven as the stream loader drives them.
 */
import { describe, expect, it } from 'vitest';
import { ColumnStreamer } from '../../src/stream';
import { at, complete, disc, keys, loadAll, requestFor, streamerAt, take, update, view } from './column-streamer-driver';

describe('ColumnStreamer: cancelling', () => {
  it('cancels pending requests that left the radius (not the hysteresis radius)', () => {
    const s = streamerAt(0, 0, 2);
    const taken = take(s);
    s.setView(view(1, 0));
    const { cancel, unload } = update(s);
    expect(unload).toEqual([]);
    const expected = [...disc(0, 0, 2)].filter((k) => !disc(1, 0, 2).has(k));
    expect(keys(cancel)).toEqual(new Set(expected));
    expect(cancel).toHaveLength(5);
    expect(s.pendingCount()).toBe(13 - 5);
    // A cancelled column's late result is dropped.
    expect(complete(s, requestFor(taken, -2, 0))).toBe(false);
    expect(s.isLoaded(-2, 0)).toBe(false);
    // Cancels are reported once.
    expect(update(s).cancel).toEqual([]);
  });

  it('teleporting far cancels every pending request', () => {
    const s = streamerAt(0, 0, 2);
    const taken = at(take(s));
    s.setView(view(1000, -1000));
    expect(keys(update(s).cancel)).toEqual(keys(taken));
    expect(s.pendingCount()).toBe(0);
    expect(keys(at(take(s)))).toEqual(disc(1000, -1000, 2));
  });

  it('cancels pending requests of an older generation and asks again in the new one', () => {
    const s = streamerAt(0, 0, 2);
    const taken = take(s);
    expect(s.currentGeneration).toBe(0);
    expect(s.book.newGeneration()).toBe(1);
    const { cancel, unload } = update(s);
    expect(keys(cancel)).toEqual(keys(at(taken)));
    expect(unload).toEqual([]);
    const again = take(s);
    expect(keys(at(again))).toEqual(disc(0, 0, 2));
    // The old generation's results are stale.
    expect(complete(s, requestFor(taken, 0, 0))).toBe(false);
    expect(complete(s, requestFor(again, 0, 0))).toBe(true);
  });
});

describe('ColumnStreamer: generations', () => {
  it('after a new generation, loaded columns stay loaded but are requested again', () => {
    const s = streamerAt(0, 0, 2);
    loadAll(s);
    expect(s.progress()).toEqual({ ready: 13, failed: 0, wanted: 13 });
    s.book.newGeneration();
    expect(update(s)).toEqual({ unload: [], cancel: [] });
    expect(s.loadedCount()).toBe(13); // old meshes remain on screen until replaced
    expect(s.progress()).toEqual({ ready: 0, failed: 0, wanted: 13 });
    const again = take(s);
    expect(keys(at(again))).toEqual(disc(0, 0, 2));
    for (const r of again) expect(s.isLoaded(r.at.cx, r.at.cz)).toBe(true);
    for (const r of again) expect(r.generation).toBe(1);
    for (const r of again) expect(complete(s, r)).toBe(true);
    expect(s.progress()).toEqual({ ready: 13, failed: 0, wanted: 13 });
    expect(s.loadedCount()).toBe(13);
  });

  it('a result of a stale generation is refused and loads nothing', () => {
    const s = streamerAt(0, 0, 2);
    const old = take(s);
    s.book.newGeneration();
    const current = take(s); // without cancels first: the same columns, now at generation 1
    expect(complete(s, requestFor(old, 1, 0))).toBe(false);
    expect(s.isLoaded(1, 0)).toBe(false);
    expect(complete(s, requestFor(current, 1, 0))).toBe(true);
    expect(complete(s, requestFor(current, 1, 0))).toBe(false); // not twice
    // A reply claiming a future generation is not accepted either.
    const r = requestFor(current, 0, 0);
    expect(complete(s, { ...r, generation: 2 })).toBe(false);
  });

  it('a result arriving after a new generation but before the cancels is still stale', () => {
    const s = streamerAt(0, 0, 2);
    const old = take(s);
    s.book.newGeneration(); // the pending requests are still generation 0's
    expect(complete(s, requestFor(old, 0, 0))).toBe(false);
    expect(s.isLoaded(0, 0)).toBe(false);
    expect(s.progress().ready).toBe(0);
  });

  it('an unrequested column is not completed', () => {
    const s = streamerAt(0, 0, 2);
    expect(complete(s, { key: '0,0', at: { cx: 0, cz: 0 }, generation: 0, revision: 0, ticket: 1 })).toBe(false);
    expect(complete(s, { key: '50,50', at: { cx: 50, cz: 50 }, generation: 0, revision: 0, ticket: 1 })).toBe(false);
    expect(s.loadedCount()).toBe(0);
  });

  it('an old world mesh beyond R is unloaded at once (nothing will replace it)', () => {
    const s = streamerAt(0, 0, 3);
    loadAll(s);
    s.setView(view(1, 0));
    expect(update(s).unload).toEqual([]);
    s.book.newGeneration();
    const { unload } = update(s);
    const expected = [...disc(0, 0, 3)].filter((k) => !disc(1, 0, 3).has(k));
    expect(keys(unload)).toEqual(new Set(expected));
  });
});

describe('ColumnStreamer: failures', () => {
  it('a failed column is not asked again in the same generation, counts as failed, and is asked after a new one', () => {
    const s = streamerAt(0, 0, 2);
    const taken = take(s);
    expect(s.book.fail(requestFor(taken, 0, 0))).toBe(true);
    expect(s.pendingCount()).toBe(12);
    expect(take(s)).toEqual([]);
    for (const r of taken) if (r.at.cx !== 0 || r.at.cz !== 0) expect(complete(s, r)).toBe(true);
    expect(s.progress()).toEqual({ ready: 12, failed: 1, wanted: 13 });
    // The cancels and the keep rule keep the failure on record: still not requested.
    update(s);
    expect(take(s)).toEqual([]);
    expect(s.progress().failed).toBe(1);
    expect(s.isSettled()).toBe(true);
    // A late result for the failed request is not applied.
    expect(complete(s, requestFor(taken, 0, 0))).toBe(false);

    s.book.newGeneration();
    update(s);
    expect(s.progress()).toEqual({ ready: 0, failed: 0, wanted: 13 });
    expect(keys(at(take(s))).has('0,0')).toBe(true);
  });

  it('the failure of a stale generation\'s request or of an unknown column is ignored', () => {
    const s = streamerAt(0, 0, 2);
    const old = take(s);
    s.book.newGeneration();
    update(s);
    const current = take(s);
    expect(s.book.fail(requestFor(old, 0, 0))).toBe(false);
    expect(s.book.fail({ key: '9,9', at: { cx: 9, cz: 9 }, generation: 1, revision: 0, ticket: 999 })).toBe(false);
    expect(s.progress().failed).toBe(0);
    expect(complete(s, requestFor(current, 0, 0))).toBe(true);
  });
});

describe('ColumnStreamer: edits (revisions)', () => {
  it('invalidate() makes a loaded column be requested again; an older revision is rejected', () => {
    const s = streamerAt(0, 0, 2);
    const first = take(s);
    for (const r of first) complete(s, r);
    s.invalidate(1, 0);
    expect(s.revisionOf(1, 0)).toBe(1);
    expect(s.revisionOf(0, 0)).toBe(0);
    expect(s.progress()).toEqual({ ready: 12, failed: 0, wanted: 13 });
    expect(update(s)).toEqual({ unload: [], cancel: [] });
    expect(s.isLoaded(1, 0)).toBe(true); // the old mesh stays meanwhile
    const again = take(s);
    expect(at(again)).toEqual([{ cx: 1, cz: 0 }]);
    expect(take(s)).toEqual([]);
    expect(complete(s, requestFor(first, 1, 0))).toBe(false); // the revision-0 request, answered long ago
    expect(complete(s, { ...again[0]!, revision: 0 })).toBe(false); // a reply claiming the old revision
    expect(complete(s, again[0]!)).toBe(true);
    expect(s.progress()).toEqual({ ready: 13, failed: 0, wanted: 13 });
    expect(take(s)).toEqual([]);
  });

  it('an edit while a request is in flight asks again; only the newest revision is accepted', () => {
    const s = streamerAt(0, 0, 2);
    const first = take(s);
    s.invalidate(0, 0);
    s.invalidate(0, 0);
    expect(s.revisionOf(0, 0)).toBe(2);
    const again = take(s);
    expect(at(again)).toEqual([{ cx: 0, cz: 0 }]);
    expect(again[0]!.revision).toBe(2);
    expect(complete(s, requestFor(first, 0, 0))).toBe(false);
    expect(complete(s, { ...again[0]!, revision: 1 })).toBe(false); // revision 1 was never asked for
    expect(complete(s, again[0]!)).toBe(true);
    // The replaced request is reported to cancel, once.
    expect(s.book.takeCancels(s.wanted())).toEqual([requestFor(first, 0, 0)]);
    expect(s.book.takeCancels(s.wanted())).toEqual([]);
  });

  it('the failure of a request an edit already replaced does not cancel the newer request', () => {
    const s = streamerAt(0, 0, 2);
    const first = take(s);
    s.invalidate(0, 0);
    const newer = take(s);
    expect(at(newer)).toEqual([{ cx: 0, cz: 0 }]); // revision 1 now pending
    expect(s.book.fail(requestFor(first, 0, 0))).toBe(false); // the revision-0 request gave up
    expect(s.progress().failed).toBe(0);
    expect(s.pendingCount()).toBe(13);
    expect(complete(s, newer[0]!)).toBe(true);
    // The failure of the current revision does count.
    s.invalidate(1, 0);
    const edited = take(s);
    expect(at(edited)).toEqual([{ cx: 1, cz: 0 }]);
    expect(s.book.fail(edited[0]!)).toBe(true);
    expect(s.progress().failed).toBe(1);
  });

  it('a new generation forgets edit revisions', () => {
    const s = streamerAt(0, 0, 2);
    s.invalidate(0, 0);
    s.book.newGeneration();
    expect(s.revisionOf(0, 0)).toBe(0);
  });
});

describe('ColumnStreamer edits', () => {
  it('re-requests an edited column before any other wanted column', () => {
    const s = new ColumnStreamer({ renderDistance: 3 });
    s.setView({ x: 0.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 });
    update(s);
    const first = take(s, 5);
    for (const r of first) complete(s, r);
    s.invalidate(-2, 1); // loaded? not yet: it is wanted but far down the list
    s.invalidate(first[0]!.at.cx, first[0]!.at.cz);
    const next = at(take(s, 2));
    expect(next).toEqual([{ cx: -2, cz: 1 }, first[0]!.at]);
  });

  it('an edit outside R requests nothing; when the column comes into range it waits its turn', () => {
    const s = streamerAt(0, 0, 2);
    loadAll(s);
    s.invalidate(40, 0);
    expect(take(s)).toEqual([]);
    s.setView(view(41, 0));
    update(s);
    const taken = at(take(s));
    expect(keys(taken)).toEqual(disc(41, 0, 2));
    expect(taken[0]).toEqual({ cx: 41, cz: 0 }); // nearest first: the edit's urgency was spent
    expect(taken.findIndex((c) => c.cx === 40 && c.cz === 0)).toBeGreaterThan(0);
  });
});
