/**
 * The request protocol end to end, without a browser: the stream loader (app) drives the
 * real ColumnStreamer and WorkerPool for columns; fake workers answer with the real
 * buildColumn, through structuredClone with transfer as postMessage would. A stale
 * generation is dropped and a cancelled request never reaches the scene.
 */
import { describe, expect, it } from 'vitest';
import { ColumnPayload } from '../../src/app/loading/column-payload';
import { FrameBudget } from '../../src/app/loading/frame-budget';
import { PoolScheduler } from '../../src/app/loading/pool-scheduler';
import { StreamLoader } from '../../src/app/loading/stream-loader';
import { ColumnStreamer, type ViewCone } from '../../src/stream';
import { transferablesOf, type BuildColumnResult } from '../../src/workers';
import { buildColumn } from '../../src/workers/build-column';
import { DEFAULT_WORLD_PARAMS, generateColumn, hashChunk, type WorldParams } from '../../src/world';
import { FakeWorker, SceneRecorder } from './fake-worker';

/** A fake worker that runs buildColumn when the test says so. */
class BuildingWorker extends FakeWorker {
  private answered = 0;

  /**
   * Answers requests posted and not yet answered, in order, at most `limit` of them
   * (requests posted meanwhile, from the result callback, are answered too).
   */
  answerAll(limit = Number.POSITIVE_INFINITY): number {
    let n = 0;
    while (this.answered < this.posted.length && n < limit) {
      const request = this.posted[this.answered++]!;
      if (this.terminated) continue;
      const result = buildColumn(request, () => 0);
      this.deliver(structuredClone(result, { transfer: transferablesOf(result) }));
      n++;
    }
    return n;
  }
}

function setup(renderDistance: number, params: WorldParams) {
  const streamer = new ColumnStreamer({ renderDistance });
  const scene = new SceneRecorder();
  const workers: BuildingWorker[] = [];
  const errors: string[] = [];
  const results: BuildColumnResult[] = [];
  const scheduler = new PoolScheduler(
    () => {
      const w = new BuildingWorker(workers.length);
      workers.push(w);
      return w;
    },
    { workerError: (m, willRetry) => errors.push(`${m}${willRetry ? ' (retrying)' : ''}`) },
    1,
  );
  const payload = new ColumnPayload(scene);
  const loader = new StreamLoader(streamer, payload, params, scheduler, { error: (m) => errors.push(m) });
  const cone = (x: number, z: number): ViewCone => ({ x: x + 0.5, z: z + 0.5, dirX: 0, dirZ: 0, cosHalfAngle: 0.5 });
  /** One frame of a world alone on screen: look, fill the pool, apply everything arrived. */
  const frame = (view: ViewCone): void => {
    streamer.setView(view);
    loader.look();
    scheduler.topUp();
    loader.apply(new FrameBudget(() => 0, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY));
  };
  /** Frames until every worker is idle and the streamer settled (bounded). */
  const run = (x: number, z: number): void => {
    for (let i = 0; i < 500; i++) {
      frame(cone(x, z));
      const answered = workers.reduce((n, w) => n + w.answerAll(), 0);
      if (answered === 0 && loader.isSettled()) return;
    }
    throw new Error('streaming did not settle');
  };
  return { streamer, scene, workers, errors, results, loader, payload, scheduler, cone, frame, run };
}

describe('worker protocol through the stream loader', () => {
  it('loads the disc with hashes equal to hashChunk on the main thread', () => {
    const params = { ...DEFAULT_WORLD_PARAMS };
    const { scene, loader, run, errors, payload } = setup(2, params);
    run(0, 0);
    expect(scene.shown.size).toBe(13);
    for (const k of scene.shown.keys()) {
      const [cx, cz] = k.split(',').map(Number) as [number, number];
      expect(payload.hashOf(cx, cz)).toBe(hashChunk(generateColumn(params, cx, cz)));
    }
    expect(errors).toEqual([]);
    loader.dispose();
  });

  it('results of an older generation are dropped; the new world replaces every column', () => {
    const oldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'old' };
    const newParams = { ...DEFAULT_WORLD_PARAMS, seed: 'new' };
    const { scene, workers, loader, run, cone, frame, payload } = setup(2, oldParams);
    run(0, 0);
    const setsBefore = scene.setCalls.length;

    // Requests for the old world are in flight when the seed changes.
    loader.setParams(newParams);
    frame(cone(0, 0));
    const worker = workers[0]!;
    const inFlightOld = worker.posted.filter((r) => r.generation === 1).length;
    expect(inFlightOld).toBeGreaterThan(0);
    expect(worker.posted.length).toBe(setsBefore + inFlightOld);
    loader.setParams({ ...newParams }); // generation 2: everything posted so far is stale
    // setParams cancels the in-flight generation-1 requests at once, so the pool drops
    // their results before they reach the loader's own stale check.
    const staleBefore = loader.staleDropped;
    expect(worker.answerAll(inFlightOld)).toBe(inFlightOld); // only the generation-1 requests
    frame(cone(0, 0));
    expect(loader.staleDropped).toBe(staleBefore);
    // Nothing stale reached the scene; the old meshes are still shown meanwhile.
    expect(scene.setCalls.length).toBe(setsBefore);
    expect(scene.shown.size).toBe(13);

    run(0, 0);
    expect(scene.shown.size).toBe(13);
    for (const k of scene.shown.keys()) {
      const [cx, cz] = k.split(',').map(Number) as [number, number];
      expect(payload.hashOf(cx, cz)).toBe(hashChunk(generateColumn(newParams, cx, cz)));
      expect(payload.hashOf(cx, cz)).not.toBe(hashChunk(generateColumn(oldParams, cx, cz)));
    }
    loader.dispose();
  });

  it('a request cancelled because its column left the radius never reaches the scene', () => {
    const { scene, workers, loader, run, cone, frame } = setup(2, { ...DEFAULT_WORLD_PARAMS });
    frame(cone(0, 0));
    const worker = workers[0]!;
    const early = worker.posted.map((r) => `${r.cx},${r.cz}`);
    expect(early.length).toBeGreaterThan(0);
    // Teleport far before any answer: the early requests are cancelled...
    frame(cone(1000, 0));
    // ...so their results, arriving now, are dropped by the pool.
    run(1000, 0);
    for (const k of early) expect(scene.setCalls).not.toContain(k);
    // The pool dropped them; they did not even get as far as the streamer's stale check.
    expect(loader.staleDropped).toBe(0);
    for (const k of scene.shown.keys()) expect(Number(k.split(',')[0])).toBeGreaterThanOrEqual(998);
    expect(scene.shown.size).toBe(13);
    loader.dispose();
  });

  it('a worker crash is retried and the column still loads', () => {
    const { scene, workers, loader, scheduler, cone, run, errors, frame } = setup(2, { ...DEFAULT_WORLD_PARAMS });
    frame(cone(0, 0));
    workers[0]!.crash('simulated');
    expect(workers[0]!.terminated).toBe(true);
    run(0, 0);
    expect(scene.shown.size).toBe(13);
    expect(errors.some((m) => m.includes('simulated') && m.includes('retrying'))).toBe(true);
    loader.dispose();
    scheduler.dispose();
    expect(workers.every((w) => w.terminated)).toBe(true);
  });
});
