/**
 * The two uses of the streaming machinery (columns, far regions), each built as WorldSide
 * builds it: plan, payload and StreamLoader over the real PoolScheduler and WorkerPool,
 * with fake workers that answer when the test says so and fake sinks that record what is
 * drawn, so the contract tests (stream-contract.test.ts) run the same cases on both.
 */
import { ColumnPayload } from '../../../src/app/loading/column-payload';
import { FrameBudget } from '../../../src/app/loading/frame-budget';
import { LodPayload } from '../../../src/app/loading/lod-payload';
import { PoolScheduler } from '../../../src/app/loading/pool-scheduler';
import { StreamLoader } from '../../../src/app/loading/stream-loader';
import { emptyMeshData, type ColumnMeshData } from '../../../src/mesh';
import type { LodSplit } from '../../../src/mesh/lod-split';
import {
  cellSampleBlock,
  ColumnStreamer,
  LodStreamer,
  regionColumnBounds,
  type LodRegionCoord,
  type StreamPlan,
} from '../../../src/stream';
import { errorReplyTo, type WorkerRequest } from '../../../src/workers';
import { columnKey, DEFAULT_WORLD_PARAMS } from '../../../src/world';
import { FakeWorker } from '../../workers/fake-worker';

/** What a mesh was built for: the fake workers tag every mesh they make. */
export interface Built {
  key: string;
  seed: string;
  generation: number;
  revision: number;
}

const builtFor = new WeakMap<ColumnMeshData | LodSplit, Built>();

function meshFor(built: Built): ColumnMeshData {
  const mesh = emptyMeshData();
  builtFor.set(mesh, built);
  return mesh;
}

/** A far region's worker result: no quads, in one item, so it costs the upload budget what a fake column's mesh does. */
function splitFor(built: Built): LodSplit {
  const item = { tx: 0, tz: 0, size: 1, face: 0, minPlane: 0, maxPlane: 0, firstQuad: 0, opaqueQuads: 0, cutoutQuads: 0, translucentQuads: 0 };
  const split = { vertices: new Uint32Array(0), materials: new Uint16Array(0), indices: new Uint16Array(0), items: [item] };
  builtFor.set(split, built);
  return split;
}

/** Answers the requests posted to it on demand: built, or an error (as the worker does when building throws). */
export class StreamWorker extends FakeWorker {
  /** The requests posted and not answered, oldest first (a retried one once, where it was posted again). */
  get open(): WorkerRequest[] {
    const posted = this.posted as unknown as WorkerRequest[];
    return posted.filter((r, i) => this.outstanding.has(r.id) && !posted.slice(i + 1).some((later) => later.id === r.id));
  }

  answer(request: WorkerRequest): void {
    const built = { key: keyOfRequest(request), seed: request.params.seed, generation: request.generation, revision: request.revision };
    const { id, generation, revision } = request;
    if (request.type === 'lod') {
      const { level, rx, rz } = request;
      this.deliver({ type: 'lod-built', id, generation, revision, level, rx, rz, split: splitFor(built), quads: 1, buildMs: 1 });
    } else {
      const { cx, cz } = request;
      const surface = { count: 256, sum: 256 * 70, sumSquares: 256 * 70 * 70, land: 256 };
      this.deliver({ type: 'built', id, generation, revision, cx, cz, hash: `${built.seed}:${built.generation}.${built.revision}`, mesh: meshFor(built), quads: 1, surface, generateMs: 1, hashMs: 0, meshMs: 1 });
    }
  }

  fail(request: WorkerRequest, message = 'boom'): void {
    this.deliver(errorReplyTo(request, message));
  }
}

export function keyOfRequest(r: WorkerRequest): string {
  return r.type === 'lod' ? `${r.level}:${r.rx},${r.rz}` : columnKey(r.cx, r.cz);
}

/** What a sink holds for a key: what the mesh was built for, and whether it is drawn. */
export interface Held {
  built: Built;
  drawn: boolean;
}

/** A use, built and driven the way WorldSide does, with what the tests read of it. */
export interface UseHarness {
  readonly name: string;
  readonly plan: StreamPlan<unknown>;
  readonly loader: StreamLoader<unknown, never>;
  readonly workers: StreamWorker[];
  readonly errors: string[];
  /** What the sink holds, by key. */
  readonly held: Map<string, Held>;
  /** Every sink call, in order ("set k", "hide k", "show k", "remove k"). */
  readonly calls: string[];
  /** What every mesh set into the sink was built for, in order. */
  readonly sets: Built[];
  /** Pool ids the loader cancelled, in order (each must appear once). */
  readonly cancelled: number[];
  /** The keys the plan wants now, best first. */
  wantedKeys(): string[];
  /** The columns a key covers on screen ("cx,cz"). */
  columnsOf(key: string): string[];
  /** The first half of a frame: look at the current view (cancels, keep rule), fill the pool. */
  look(): void;
  /** One frame: look, then apply what arrived (within the budget of time, by the clock given, and of upload bytes). */
  frame(budgetMs?: number, now?: () => number, bytes?: number): void;
  /** Moves the camera to column (cx, 0); takes effect at the next frame. */
  moveTo(cx: number): void;
  /** A block edit that changes the key's mesh, as the editor reports one. */
  edit(key: string): void;
  /** A new world: the same parameters with another seed. */
  setSeed(seed: string): void;
  /** The requests in the workers, not answered yet, oldest first. */
  open(): WorkerRequest[];
  workerOf(request: WorkerRequest): StreamWorker;
  dispose(): void;
}

function schedulerWith(workers: StreamWorker[], errors: string[], size: number): PoolScheduler {
  return new PoolScheduler(
    () => {
      const w = new StreamWorker(workers.length);
      workers.push(w);
      return w;
    },
    { workerError: (m, willRetry) => errors.push(`Worker error${willRetry ? ' (retrying)' : ''}: ${m}`) },
    size,
  );
}

abstract class BaseHarness {
  readonly workers: StreamWorker[] = [];
  readonly errors: string[] = [];
  readonly held = new Map<string, Held>();
  readonly calls: string[] = [];
  readonly sets: Built[] = [];
  readonly cancelled: number[] = [];
  readonly scheduler: PoolScheduler;
  protected cx = 0;
  protected seed = 'contract';

  constructor(workers: number) {
    this.scheduler = schedulerWith(this.workers, this.errors, workers);
    const cancel = this.scheduler.cancel.bind(this.scheduler);
    this.scheduler.cancel = (id: number) => {
      this.cancelled.push(id);
      cancel(id);
    };
  }

  abstract look(): void;

  frame(budgetMs = Number.POSITIVE_INFINITY, now: () => number = () => 0, bytes = Number.POSITIVE_INFINITY): void {
    this.look();
    this.loader.apply(new FrameBudget(now, budgetMs, bytes));
  }

  abstract readonly loader: StreamLoader<never, never>;

  open(): WorkerRequest[] {
    return this.workers.flatMap((w) => w.open);
  }

  workerOf(request: WorkerRequest): StreamWorker {
    const w = this.workers.find((x) => x.outstanding.has(request.id));
    if (!w) throw new Error(`request ${request.id} is not open`);
    return w;
  }

  protected params() {
    return { ...DEFAULT_WORLD_PARAMS, seed: this.seed };
  }

  protected record(call: string, key: string): void {
    this.calls.push(`${call} ${key}`);
  }

  protected setHeld(key: string, data: ColumnMeshData | LodSplit, drawn: boolean): void {
    const built = builtFor.get(data);
    if (!built) throw new Error(`a mesh no fake worker made reached the sink for ${key}`);
    this.held.set(key, { built, drawn });
    this.sets.push(built);
  }
}

/** Columns: ColumnStreamer (R = 2, 13 columns) and ColumnPayload into a recording ColumnMeshes. */
export class ColumnHarness extends BaseHarness implements UseHarness {
  readonly name = 'columns';
  readonly plan: ColumnStreamer;
  readonly loader: StreamLoader<never, never>;

  constructor(renderDistance = 2, workers = 1) {
    super(workers);
    this.plan = new ColumnStreamer({ renderDistance });
    const sink = {
      set: (cx: number, cz: number, data: ColumnMeshData) => {
        this.record('set', columnKey(cx, cz));
        this.setHeld(columnKey(cx, cz), data, true);
      },
      remove: (cx: number, cz: number) => {
        this.record('remove', columnKey(cx, cz));
        this.held.delete(columnKey(cx, cz));
      },
    };
    const payload = new ColumnPayload(sink);
    this.loader = new StreamLoader(this.plan, payload, this.params(), this.scheduler, { error: (m) => this.errors.push(m) }) as unknown as StreamLoader<never, never>;
  }

  wantedKeys(): string[] {
    return this.plan.wanted().list.map((w) => w.key);
  }

  columnsOf(key: string): string[] {
    return [key];
  }

  look(): void {
    this.plan.setView({ x: this.cx + 0.5, z: 0.5, dirX: 1, dirZ: 0, cosHalfAngle: 0.5 });
    this.loader.look();
    this.scheduler.topUp();
  }

  moveTo(cx: number): void {
    this.cx = cx;
  }

  edit(key: string): void {
    this.loader.edited([key]);
  }

  setSeed(seed: string): void {
    this.seed = seed;
    this.loader.setParams(this.params());
  }

  dispose(): void {
    this.loader.dispose();
    this.scheduler.dispose();
  }
}

/** Far regions: LodStreamer (R = 2, F = 12) and LodPayload into a recording LOD layer (drawn when set, as FarTerrain). */
export class LodHarness extends BaseHarness implements UseHarness {
  readonly name = 'far regions';
  readonly plan: LodStreamer;
  readonly loader: StreamLoader<never, never>;

  constructor(renderDistance = 2, farDistance = 12, workers = 1) {
    super(workers);
    this.plan = new LodStreamer({ renderDistance, farDistance });
    const sink = {
      set: (key: string, _placement: unknown, data: LodSplit) => {
        this.record('set', key);
        this.setHeld(key, data, true);
      },
      remove: (key: string) => {
        this.record('remove', key);
        this.held.delete(key);
      },
      setVisible: (key: string, visible: boolean) => {
        this.record(visible ? 'show' : 'hide', key);
        const h = this.held.get(key);
        if (h) h.drawn = visible;
      },
    };
    const payload = new LodPayload(sink);
    this.loader = new StreamLoader(this.plan, payload, this.params(), this.scheduler, { error: (m) => this.errors.push(m) }) as unknown as StreamLoader<never, never>;
  }

  wantedKeys(): string[] {
    return this.plan.wanted().list.map((w) => w.key);
  }

  columnsOf(key: string): string[] {
    const region = this.regionOf(key);
    const b = regionColumnBounds(region);
    const out: string[] = [];
    for (let z = b.cz0; z < b.cz1; z++) for (let x = b.cx0; x < b.cx1; x++) out.push(columnKey(x, z));
    return out;
  }

  look(): void {
    this.plan.setCenter(this.cx, 0);
    this.loader.look();
    this.scheduler.topUp();
  }

  moveTo(cx: number): void {
    this.cx = cx;
  }

  edit(key: string): void {
    const { x, z } = cellSampleBlock(this.regionOf(key), 3, 5);
    if (this.plan.editAt(x, z).length > 0) this.loader.requestMore();
  }

  setSeed(seed: string): void {
    this.seed = seed;
    this.loader.setParams(this.params());
  }

  dispose(): void {
    this.loader.dispose();
    this.scheduler.dispose();
  }

  private regionOf(key: string): LodRegionCoord {
    const m = /^(\d+):(-?\d+),(-?\d+)$/.exec(key);
    if (!m) throw new Error(`not a region key: ${key}`);
    return { level: Number(m[1]), rx: Number(m[2]), rz: Number(m[3]) };
  }
}

/** Both uses, made fresh for each test. */
export const USES: readonly { name: string; make: () => UseHarness }[] = [
  { name: 'columns', make: () => new ColumnHarness() },
  { name: 'far regions', make: () => new LodHarness() },
];
