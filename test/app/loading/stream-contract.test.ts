/**
 * The streaming contract, run on both uses of the one machinery (columns and far regions,
 * stream-harness.ts): what reaches the screen when a drawn key is replaced, when the world
 * changes, on edits, on failures, and when replies are stale. The fake sinks record what is
 * drawn, so "drawn" here means what the layer was last told, exactly as the GPU would see it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meshUploadBytes } from '../../../src/app/loading/upload-budget';
import { emptyMeshData } from '../../../src/mesh';
import type { WorkerRequest } from '../../../src/workers';
import { keyOfRequest, USES, type UseHarness } from './stream-harness';

/** Frames, answering every request, until the loader is settled and nothing is open (bounded). */
function settle(h: UseHarness): void {
  for (let i = 0; i < 500; i++) {
    h.frame();
    const open = h.open();
    for (const r of open) h.workerOf(r).answer(r);
    if (open.length === 0 && h.loader.isSettled()) return;
  }
  throw new Error(`${h.name}: streaming did not settle`);
}

function drawnKeys(h: UseHarness): Set<string> {
  return new Set([...h.held].filter(([, held]) => held.drawn).map(([key]) => key));
}

/** The columns covered by what is drawn; fails if any is covered twice. */
function coverOf(h: UseHarness): Set<string> {
  const count = new Map<string, number>();
  for (const key of drawnKeys(h)) for (const c of h.columnsOf(key)) count.set(c, (count.get(c) ?? 0) + 1);
  expect([...count].filter(([, n]) => n > 1), `${h.name}: columns drawn twice`).toEqual([]);
  return new Set(count.keys());
}

function openFor(h: UseHarness, key: string, revision?: number): WorkerRequest {
  const r = h.open().find((x) => keyOfRequest(x) === key && (revision === undefined || x.revision === revision));
  if (!r) throw new Error(`${h.name}: no open request for ${key}${revision === undefined ? '' : ` revision ${revision}`}`);
  return r;
}

/** A wanted key from the middle of the order (not the first asked for). */
function someKey(h: UseHarness): string {
  const keys = h.wantedKeys();
  return keys[Math.floor(keys.length / 2)]!;
}

const couldNotBuild = (h: UseHarness) => h.errors.filter((e) => e.includes('could not be built'));

describe.each(USES)('the streaming contract: $name', ({ make }) => {
  let h: UseHarness;
  beforeEach(() => {
    h = make();
  });
  afterEach(() => {
    // Cancel on leave, never twice: each pool id is cancelled at most once.
    expect(h.cancelled.filter((id, i) => h.cancelled.indexOf(id) !== i)).toEqual([]);
    h.dispose();
  });

  it('loads every wanted key once, each drawn with the current world', () => {
    settle(h);
    const wanted = h.wantedKeys();
    expect(wanted.length).toBeGreaterThan(8);
    expect(drawnKeys(h)).toEqual(new Set(wanted));
    expect(h.held.size).toBe(wanted.length);
    expect(h.sets).toHaveLength(wanted.length);
    for (const key of wanted) expect(h.held.get(key)!.built).toEqual({ key, seed: 'contract', generation: 0, revision: 0 });
    coverOf(h);
  });

  it('replace while visible: a drawn key\'s new mesh is drawn in the very frame it is applied', () => {
    settle(h);
    const key = someKey(h);
    h.edit(key);
    const request = openFor(h, key, 1);
    h.frame();
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { revision: 0 } }); // the old mesh meanwhile
    h.workerOf(request).answer(request);
    h.frame();
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { revision: 1 } });
  });

  it('a new world: every wanted key ends drawn with its mesh; meanwhile nothing is drawn twice and no hole opens', () => {
    settle(h);
    const wanted = h.wantedKeys();
    const cover = coverOf(h);
    const setsBefore = h.sets.length;
    h.setSeed('other');
    for (let i = 0; i < 500; i++) {
      h.frame();
      const now = coverOf(h);
      const lost = [...cover].filter((c) => !now.has(c));
      expect(lost, `${h.name}: columns that lost their cover after ${i} replies`).toEqual([]);
      const [next] = h.open();
      if (!next) break;
      h.workerOf(next).answer(next); // one reply per frame: the swap is watched step by step
    }
    expect(h.loader.isSettled()).toBe(true);
    expect(drawnKeys(h)).toEqual(new Set(wanted));
    expect(h.held.size).toBe(wanted.length);
    for (const key of wanted) expect(h.held.get(key)!.built).toEqual({ key, seed: 'other', generation: 1, revision: 0 });
    // Each key was built once for the new world.
    expect(h.sets.slice(setsBefore).map((b) => b.key).sort()).toEqual([...wanted].sort());
  });

  it('an edit rebuilds the edited key first, and only it; it ends drawn with the new revision', () => {
    settle(h);
    const keys = h.wantedKeys();
    const key = keys[keys.length - 1]!; // last in the usual order
    const setsBefore = h.sets.length;
    h.edit(key);
    expect(h.open().map(keyOfRequest)).toEqual([key]);
    settle(h);
    expect(h.sets.slice(setsBefore)).toEqual([{ key, seed: 'contract', generation: 0, revision: 1 }]);
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { revision: 1 } });
    expect(drawnKeys(h)).toEqual(new Set(keys));
    coverOf(h);
  });

  it('a failed attempt is retried by the pool and the key still ends drawn', () => {
    h.frame();
    const first = h.open()[0]!;
    const key = keyOfRequest(first);
    h.workerOf(first).fail(first, 'flaky');
    expect(h.errors.some((e) => e.includes('flaky') && e.includes('retrying'))).toBe(true);
    settle(h);
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { generation: 0 } });
    expect(couldNotBuild(h)).toEqual([]);
  });

  it('a key that fails on every attempt is reported once, not asked again in this world, and counts as settled; an edit asks again', () => {
    h.frame();
    const first = h.open()[0]!;
    const key = keyOfRequest(first);
    h.workerOf(first).fail(first);
    const retry = openFor(h, key);
    expect(retry.id).toBe(first.id);
    h.workerOf(retry).fail(retry);
    settle(h);
    expect(h.held.has(key)).toBe(false);
    expect(couldNotBuild(h)).toHaveLength(1);
    for (let i = 0; i < 3; i++) h.frame();
    expect(h.open()).toEqual([]);
    expect(h.loader.isSettled()).toBe(true);
    h.edit(key);
    expect(h.open().map(keyOfRequest)).toEqual([key]);
    settle(h);
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { revision: 1 } });
  });

  it('a key that failed for good in one world is asked again in the next', () => {
    h.frame();
    const first = h.open()[0]!;
    const key = keyOfRequest(first);
    h.workerOf(first).fail(first);
    h.workerOf(first).fail(openFor(h, key));
    settle(h);
    expect(h.held.has(key)).toBe(false);
    h.setSeed('other');
    settle(h);
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { seed: 'other', generation: 1 } });
  });

  it('the failure of a request an edit already replaced does not stop the newer one', () => {
    settle(h);
    const key = someKey(h);
    h.edit(key);
    const older = openFor(h, key, 1);
    h.edit(key); // revision 2 replaces the request in flight
    const newer = openFor(h, key, 2);
    h.workerOf(older).fail(older); // cancelled in the pool: its failure is nobody's news now
    h.frame();
    expect(h.open().map((r) => r.id)).toContain(newer.id);
    settle(h);
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { revision: 2 } });
    expect(couldNotBuild(h)).toEqual([]);
  });

  it('a reply of an older world, waiting to be applied when the world changes, is dropped', () => {
    h.look();
    const early = h.open()[0]!;
    h.workerOf(early).answer(early); // waits in the loader for the frame to apply it
    h.setSeed('other');
    h.frame();
    expect(h.sets).toEqual([]);
    expect(h.loader.staleDropped).toBe(1);
    settle(h);
    expect(h.sets.every((b) => b.seed === 'other' && b.generation === 1)).toBe(true);
    expect(drawnKeys(h)).toEqual(new Set(h.wantedKeys()));
  });

  it('a reply of an older revision is dropped; the newer one is drawn', () => {
    settle(h);
    const key = someKey(h);
    h.edit(key);
    const older = openFor(h, key, 1);
    h.workerOf(older).answer(older); // arrives…
    h.edit(key); // …but a second edit makes it stale before it is applied
    h.frame();
    expect(h.loader.staleDropped).toBe(1);
    expect(h.held.get(key)!.built.revision).toBe(0);
    settle(h);
    expect(h.sets.filter((b) => b.key === key).map((b) => b.revision)).toEqual([0, 2]);
    expect(h.held.get(key)).toMatchObject({ drawn: true, built: { revision: 2 } });
  });

  it('leaving cancels requests in flight once and drops replies that were waiting; nothing of the old place is drawn', () => {
    h.look();
    const early = h.open();
    expect(early.length).toBeGreaterThan(0);
    h.workerOf(early[0]!).answer(early[0]!); // waits in the loader
    const oldKeys = new Set(h.wantedKeys());
    h.moveTo(1000);
    h.frame();
    expect(h.loader.staleDropped).toBe(1);
    expect(h.cancelled.length).toBeGreaterThan(0);
    // settle also answers what the workers were still building for the old place: the pool drops it.
    settle(h);
    expect(h.sets.filter((b) => oldKeys.has(b.key))).toEqual([]);
    expect(drawnKeys(h)).toEqual(new Set(h.wantedKeys()));
    expect(h.loader.staleDropped).toBe(1);
  });

  it('a reply to a cancelled request is refused even when its key is asked again for the same world and revision', () => {
    h.look();
    const early = h.open()[0]!;
    const key = keyOfRequest(early);
    h.workerOf(early).answer(early); // waits in the loader
    h.moveTo(1000);
    h.look(); // cancelled
    h.moveTo(0);
    h.look(); // wanted again: asked for (best first) as soon as the pool has room
    while (!h.open().some((r) => keyOfRequest(r) === key)) {
      const cancelled = h.open()[0]; // still running in the worker: its reply frees the place
      if (!cancelled) throw new Error('nothing in flight, and the key was not asked again');
      h.workerOf(cancelled).answer(cancelled);
    }
    const again = openFor(h, key); // same generation, same revision, another request
    expect(again.id).not.toBe(early.id);
    h.frame();
    expect(h.loader.staleDropped).toBe(1);
    expect(h.held.has(key)).toBe(false);
    h.workerOf(again).answer(again);
    h.frame();
    expect(h.held.get(key)?.built.key).toBe(key);
    expect(h.loader.staleDropped).toBe(1);
  });

  it('applies at least one result per frame, and stops once over the budget', () => {
    h.frame();
    for (let i = 0; i < 3; i++) for (const r of h.open()) h.workerOf(r).answer(r); // replies top the pool up
    expect(h.loader.queuedResults).toBeGreaterThanOrEqual(4);
    let t = 0;
    const ticking = () => t++;
    h.frame(0, ticking); // a budget of nothing still applies one
    expect(h.sets).toHaveLength(1);
    const queued = h.loader.queuedResults;
    h.frame(1.5, ticking); // the clock reads 1 more after each result: over 1.5 after the second
    expect(h.sets).toHaveLength(3);
    expect(h.loader.queuedResults).toBe(queued - 2);
  });

  it('stops once a frame\'s upload bytes are spent (after one result at least), and applies what waits best first (in view, nearest), over the next frames', () => {
    h.frame();
    // Replies in the worst order: the last asked for first.
    for (let i = 0; i < 3; i++) for (const r of h.open().reverse()) h.workerOf(r).answer(r);
    expect(h.loader.queuedResults).toBeGreaterThanOrEqual(5);
    h.frame(Number.POSITIVE_INFINITY, () => 0, 0); // no bytes at all still applies one
    expect(h.sets).toHaveLength(1);
    const each = meshUploadBytes(emptyMeshData()); // what every fake mesh costs
    const perFrame: number[] = [];
    while (h.loader.queuedResults > 0) {
      const before = h.sets.length;
      h.frame(Number.POSITIVE_INFINITY, () => 0, 2 * each);
      perFrame.push(h.sets.length - before);
    }
    expect(perFrame.slice(0, -1).every((n) => n === 2)).toBe(true);
    const rank = new Map(h.wantedKeys().map((k, i) => [k, i]));
    const applied = h.sets.map((b) => rank.get(b.key)!);
    expect(applied).toEqual([...applied].sort((a, b) => a - b));
  });

  it('frees what it no longer wants under the budget, at least one more than it put per frame, and is settled only once all is freed', () => {
    settle(h);
    const oldKeys = [...h.held.keys()];
    expect(oldKeys.length).toBeGreaterThan(2);
    h.moveTo(1000);
    let t = 0;
    const ticking = () => t++;
    // Nothing arrived: whatever the budget, one freed, or an eighth of what waits if more.
    const first = Math.max(1, Math.ceil(oldKeys.length / 8));
    h.frame(0, ticking);
    expect(h.calls.filter((c) => c.startsWith('remove'))).toHaveLength(first);
    expect(h.loader.retiringCount).toBe(oldKeys.length - first);
    expect(h.loader.isSettled()).toBe(false);
    // Whatever waits to be freed is not drawn where it could be drawn twice (far regions hide it at once).
    coverOf(h);
    const waiting = h.loader.retiringCount;
    // Then the budget: the clock reads 1 more at each look at it, so 2.5 ms buy two more.
    h.frame(2.5, ticking);
    const second = Math.min(waiting, Math.max(1, Math.ceil(waiting / 8)) + 2);
    expect(h.calls.filter((c) => c.startsWith('remove'))).toHaveLength(first + second);
    settle(h);
    expect(h.loader.retiringCount).toBe(0);
    for (const key of oldKeys) expect(h.held.has(key), key).toBe(false);
    expect(drawnKeys(h)).toEqual(new Set(h.wantedKeys()));
  });

  it('a key dropped and wanted again before its old mesh was freed: the old one goes first, the new one stays', () => {
    settle(h);
    const keys = new Set(h.held.keys());
    h.moveTo(1000);
    h.look(); // dropped, not freed yet
    expect(h.loader.retiringCount).toBe(keys.size);
    h.moveTo(0);
    h.look(); // wanted again and asked for
    for (let i = 0; i < 10 && h.open().length > 0; i++) for (const r of h.open()) h.workerOf(r).answer(r);
    const callsBefore = h.calls.length;
    h.frame(0, () => 0);
    const calls = h.calls.slice(callsBefore);
    expect(calls.filter((c) => c.startsWith('set ') && keys.has(c.slice(4))).length).toBeGreaterThan(0);
    for (const key of keys) {
      const set = calls.lastIndexOf(`set ${key}`);
      if (set === -1) continue;
      expect(calls.indexOf(`remove ${key}`), key).toBeLessThan(set);
      expect(calls.lastIndexOf(`remove ${key}`), key).toBeLessThan(set);
    }
    settle(h);
    expect(drawnKeys(h)).toEqual(new Set(h.wantedKeys()));
    for (const key of h.wantedKeys()) expect(h.held.get(key)?.built.key).toBe(key);
  });
});
