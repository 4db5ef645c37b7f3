/**
 * Columns streamed by the stream loader (ColumnStreamer + ColumnPayload + StreamLoader, as
 * WorldSide builds them), with fake workers that build for real and a fake scene, to check
 * what reaches the screen: stale generations and cancelled columns never do, and failures
 * settle instead of looping.
 */
import { describe, expect, it } from 'vitest';
import { ColumnPayload } from '../../../src/app/loading/column-payload';
import { FrameBudget } from '../../../src/app/loading/frame-budget';
import { PoolScheduler } from '../../../src/app/loading/pool-scheduler';
import { EDIT_WAIT_FRAMES, StreamLoader } from '../../../src/app/loading/stream-loader';
import { faceColumns } from '../../../src/app/session/world-side';
import { ColumnStreamer, type ViewCone } from '../../../src/stream';
import type { BuildColumnRequest } from '../../../src/workers';
import { buildColumn } from '../../../src/workers/build-column';
import { columnKey, DEFAULT_WORLD_PARAMS } from '../../../src/world';
import { FakeWorker, SceneRecorder } from '../../workers/fake-worker';

/** The shared fake, answering its oldest unanswered request on demand. */
class QueueWorker extends FakeWorker {
  /** Requests posted and not answered yet, oldest first (tests may reorder it). */
  readonly inbox: BuildColumnRequest[] = [];
  override postMessage(message: unknown): void {
    super.postMessage(message);
    // A cancel changes nothing here: this worker builds what it was sent, as one that had already started it.
    if ((message as { type: string }).type !== 'cancel') this.inbox.push(message as BuildColumnRequest);
  }
  /** Builds the oldest request for real (as the worker would) and replies. */
  replyNext(): BuildColumnRequest | undefined {
    const request = this.inbox.shift();
    if (request) this.deliver(buildColumn(request, () => 0));
    return request;
  }
  failNext(message: string): BuildColumnRequest | undefined {
    const request = this.inbox.shift();
    if (request) this.replyError(request.id, message);
    return request;
  }
}

function setup(renderDistance = 2) {
  const workers: QueueWorker[] = [];
  const streamer = new ColumnStreamer({ renderDistance });
  const meshes = new SceneRecorder();
  const errors: string[] = [];
  const scheduler = new PoolScheduler(
    () => {
      const w = new QueueWorker(workers.length);
      workers.push(w);
      return w;
    },
    { workerError: (m, willRetry) => errors.push(`Worker error${willRetry ? ' (retrying)' : ''}: ${m}`) },
    1,
  );
  const payload = new ColumnPayload(meshes);
  const loader = new StreamLoader(streamer, payload, { ...DEFAULT_WORLD_PARAMS }, scheduler, { error: (m) => errors.push(m) });
  const at = (x: number, z: number): ViewCone => ({ x, z, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 });
  /** One frame of a world alone on screen, as WorldSides runs it: look, fill the pool, apply. */
  const frame = (cone: ViewCone) => {
    streamer.setView(cone);
    loader.look();
    scheduler.topUp();
    loader.apply(new FrameBudget(() => 0, 1000, Number.POSITIVE_INFINITY));
  };
  /** Runs frames, answering every request, until the world is settled. */
  const settle = (cone: ViewCone) => {
    frame(cone);
    for (let i = 0; i < 1000 && !loader.isSettled(); i++) {
      for (const w of workers) while (w.replyNext());
      frame(cone);
    }
  };
  return { loader, payload, scheduler, streamer, meshes, workers, errors, at, frame, settle };
}

describe('columns through the stream loader', () => {
  it('loads the whole disc and records hashes', () => {
    const { loader, meshes, at, settle, payload } = setup(2);
    settle(at(0.5, 0.5));
    expect(loader.isSettled()).toBe(true);
    expect(meshes.shown.size).toBe(13); // R = 2 disc
    expect(payload.hashOf(0, 0)).toMatch(/^[0-9a-f]{16}$/);
    expect(payload.hashOf(5, 5)).toBeNull();
  });

  it('drops a result of an older generation instead of showing it', () => {
    const { loader, meshes, workers, at, settle, frame } = setup(2);
    frame(at(0.5, 0.5));
    const worker = workers[0]!;
    expect(worker.inbox.length).toBeGreaterThan(0);
    const oldGeneration = worker.inbox[0]!.generation;
    worker.replyNext(); // an old-generation result arrives and waits to be applied…
    loader.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'another' }); // …when the world changes
    const postedBefore = worker.posted.length;
    frame(at(0.5, 0.5));
    expect(meshes.history.filter((h) => h.startsWith('set'))).toEqual([]);
    expect(loader.staleDropped).toBe(1);
    settle(at(0.5, 0.5));
    expect(meshes.shown.size).toBe(13);
    // The new world was requested in full, and nothing of the old one after the change.
    const postedAfter = worker.posted.slice(postedBefore);
    expect(postedAfter.length).toBeGreaterThanOrEqual(13);
    expect(postedAfter.filter((r) => r.generation === oldGeneration)).toEqual([]);
  });

  it('never shows a column that left the radius while it was being built, and cancels queued ones', () => {
    const { meshes, workers, at, frame } = setup(2);
    frame(at(0.5, 0.5));
    const worker = workers[0]!;
    const inFlight = worker.inbox.map((r) => `${r.cx},${r.cz}`);
    expect(inFlight.length).toBe(2); // maxInFlightPerWorker
    frame(at(100.5, 0.5)); // fly far away: everything near the origin is unwanted
    while (worker.replyNext());
    frame(at(100.5, 0.5));
    for (const key of inFlight) expect(meshes.shown.has(key)).toBe(false);
    expect(meshes.shown.size).toBeGreaterThan(0);
    expect([...meshes.shown.keys()].filter((k) => Number(k.split(',')[0]) < 98)).toEqual([]);
  });

  it('a worker freed by a cancelled request gets new work at once, not a frame later', () => {
    const { loader, streamer, workers, at, frame } = setup(2);
    frame(at(0.5, 0.5));
    const worker = workers[0]!;
    const old = worker.inbox.map((r) => r.id);
    expect(old).toHaveLength(2);
    loader.setParams({ ...DEFAULT_WORLD_PARAMS, seed: 'another' }); // cancels both
    frame(at(0.5, 0.5));
    expect(worker.inbox.map((r) => r.id)).toEqual(old); // the worker is still busy with them
    worker.replyNext();
    expect(worker.inbox).toHaveLength(2);
    expect(worker.inbox[1]!.generation).toBe(streamer.currentGeneration);
  });

  it('unloads columns beyond R + 2 and frees them from the scene', () => {
    const { meshes, at, settle } = setup(2);
    settle(at(0.5, 0.5));
    settle(at(10.5, 0.5));
    expect(meshes.shown.has('0,0')).toBe(false);
    expect(meshes.history).toContain('remove 0,0');
    expect(meshes.shown.size).toBe(13);
  });

  it('retries a failing column once, then reports it and settles without looping', () => {
    const { loader, workers, errors, at, frame, payload } = setup(2);
    frame(at(0.5, 0.5));
    const worker = workers[0]!;
    const first = worker.failNext('boom')!;
    // The retry goes out again for the same column.
    const retried = worker.inbox.find((r) => r.cx === first.cx && r.cz === first.cz);
    expect(retried).toBeDefined();
    worker.inbox.splice(worker.inbox.indexOf(retried!), 1);
    worker.inbox.unshift(retried!);
    worker.failNext('boom again');
    expect(errors.some((e) => e.includes('retrying'))).toBe(true);
    expect(errors.some((e) => e.includes(`Column ${first.cx},${first.cz} could not be built`))).toBe(true);
    for (let i = 0; i < 100 && !loader.isSettled(); i++) {
      frame(at(0.5, 0.5));
      while (worker.replyNext());
    }
    expect(loader.isSettled()).toBe(true);
    expect(payload.hashOf(first.cx, first.cz)).toBeNull();
  });

  it('shows the new meshes of a border block’s two columns in the same frame, never one without the other', () => {
    const { loader, meshes, workers, at, settle, frame } = setup(2);
    settle(at(0.5, 0.5));
    const worker = workers[0]!;
    const own = columnKey(0, 0);
    const across = columnKey(1, 0);
    loader.edited([own, across, columnKey(0, 1)], [own, across]);
    const sets = () => meshes.history.slice(before).filter((h) => h.startsWith('set'));
    const before = meshes.history.length;
    // Every rebuild but the one across the face comes back, frame after frame.
    for (let i = 0; i < 5; i++) {
      frame(at(0.5, 0.5));
      const waiting = worker.inbox.findIndex((r) => r.cx === 1 && r.cz === 0);
      const held = waiting >= 0 ? worker.inbox.splice(waiting, 1) : [];
      while (worker.replyNext());
      worker.inbox.unshift(...held);
    }
    frame(at(0.5, 0.5));
    expect(worker.inbox.some((r) => r.cx === 1 && r.cz === 0)).toBe(true);
    // The light-only neighbour is shown; the block's own column waits for the one across.
    expect(sets()).toEqual(['set 0,1']);
    while (worker.replyNext());
    frame(at(0.5, 0.5));
    expect(sets().slice(1).sort()).toEqual(['set 0,0', 'set 1,0']);
    expect(loader.isSettled()).toBe(true);
  });

  it('groups a block with the columns across its faces only (faceColumns)', () => {
    expect(faceColumns(5, 5)).toEqual([[0, 0]]);
    expect(faceColumns(15, 5)).toEqual([[0, 0], [1, 0]]);
    expect(faceColumns(-16, -1)).toEqual([[-1, -1], [-2, -1], [-1, 0]]);
    expect(faceColumns(16, 31)).toEqual([[1, 1], [0, 1], [1, 2]]);
  });

  it('stops waiting for the other column of an edit after EDIT_WAIT_FRAMES', () => {
    const { loader, meshes, workers, at, settle, frame } = setup(2);
    settle(at(0.5, 0.5));
    const worker = workers[0]!;
    loader.edited([columnKey(0, 0), columnKey(-1, 0)], [columnKey(0, 0), columnKey(-1, 0)]);
    const before = meshes.history.length;
    for (let i = 0; i <= EDIT_WAIT_FRAMES + 1; i++) {
      frame(at(0.5, 0.5));
      const waiting = worker.inbox.findIndex((r) => r.cx === -1 && r.cz === 0);
      const held = waiting >= 0 ? worker.inbox.splice(waiting, 1) : [];
      while (worker.replyNext());
      worker.inbox.unshift(...held);
    }
    expect(meshes.history.slice(before)).toEqual(['set 0,0']);
  });

  it('an edit that re-requests a column cancels the request it supersedes', () => {
    const { loader, scheduler, workers, at, settle, frame } = setup(2);
    settle(at(0.5, 0.5));
    const worker = workers[0]!;
    loader.edited([columnKey(0, 0)]);
    const first = worker.inbox.find((r) => r.cx === 0 && r.cz === 0)!;
    expect(first).toBeDefined();
    loader.edited([columnKey(0, 0)]); // a second edit before the first re-mesh is back
    const second = worker.inbox.find((r) => r.cx === 0 && r.cz === 0 && r.id !== first.id)!;
    expect(second).toBeDefined();
    expect(second.revision).toBeGreaterThan(first.revision);
    expect(scheduler.pool.cancel(first.id)).toBe(false); // the loader already cancelled it
    const dropped = loader.staleDropped;
    while (worker.replyNext());
    frame(at(0.5, 0.5));
    expect(loader.staleDropped).toBe(dropped); // the pool dropped it; the loader never saw it
    expect(loader.isSettled()).toBe(true);
  });

  it('when the workers give up, every wanted column fails at once with one message saying why', async () => {
    const { loader, scheduler, streamer, workers, errors, at, frame } = setup(2);
    frame(at(0.5, 0.5));
    const inFlightAtGiveUp = workers[0]!.inbox.length;
    for (let i = 0; i < 10 && scheduler.pool.broken === null; i++) workers[workers.length - 1]!.crash('script failed to load');
    expect(scheduler.pool.broken).not.toBeNull();
    frame(at(0.5, 0.5));
    expect(loader.isSettled()).toBe(true);
    const progress = streamer.progress();
    expect(progress.wanted).toBe(13);
    expect(progress.failed).toBe(13);
    await Promise.resolve();
    expect(errors.filter((e) => e.startsWith('Worker error') && e.includes('crashed 4 times in a row'))).toHaveLength(1);
    // Only the columns that were being built are reported one by one (with the reason: none was
    // started, so no crash was charged to them before the pool gave up).
    expect(errors.filter((e) => e.includes('could not be built'))).toHaveLength(inFlightAtGiveUp);
  });

  it('dispose leaves the shared pool, cancelling its requests, and is safe twice; the pool lives on', () => {
    const { loader, scheduler, workers, at, frame } = setup(2);
    frame(at(0.5, 0.5));
    expect(scheduler.pool.inFlightCount).toBeGreaterThan(0);
    loader.dispose();
    loader.dispose();
    expect(scheduler.clientCount).toBe(0);
    expect(workers.every((w) => w.terminateCalls === 0)).toBe(true);
    // What was in flight is cancelled: replies free places and reach nobody.
    while (workers[0]!.replyNext());
    expect(scheduler.pool.inFlightCount).toBe(0);
    expect(loader.built).toBe(0);
    scheduler.dispose();
    scheduler.dispose();
    expect(workers.every((w) => w.terminateCalls === 1)).toBe(true);
  });
});
