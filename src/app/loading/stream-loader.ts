/**
 * Streams one kind of mesh of one world onto the screen (docs/architecture.md §4): what
 * its plan wants goes to the shared worker pool (PoolScheduler, as fast as workers free
 * up), what it no longer wants is cancelled, and finished results are applied under a
 * per-frame budget of time and upload bytes (FrameBudget), best first (in view and nearest),
 * at least one per frame, so arriving meshes never cause a hitch and a slow device still
 * progresses. Columns and far regions are two uses of it: each
 * passes its plan (request book, wanted set, keep rule) and its payload (the worker job,
 * and what to do with a result).
 */
import type { BookRequest, Keyed, StreamPlan, WantedSet } from '../../stream';
import type { WorkerError, WorkerResult } from '../../workers/protocol';
import type { WorkerJob } from '../../workers/worker-pool';
import type { WorldParams } from '../../world';
import type { FrameBudget } from './frame-budget';
import type { PoolClient, PoolScheduler } from './pool-scheduler';

/** What one use does with requests and results; the loader does the rest. */
export interface StreamPayload<T, R extends WorkerResult> {
  /** The worker job that builds `request` in the world of `params`. */
  job(request: BookRequest<T>, params: WorldParams): WorkerJob;
  /** This use's results among the replies (the scheduler only routes a client its own). */
  isResult(result: WorkerResult): result is R;
  isError(error: WorkerError): boolean;
  /** Bytes putting the result on screen uploads to the GPU (an estimate, for the frame's budget). */
  uploadBytes(result: R): number;
  /** Puts an accepted result on screen, replacing what its key showed: drawn or held hidden. */
  put(request: BookRequest<T>, result: R, drawn: boolean): void;
  /** Draws or stops drawing a stored result; left out by a use whose keep rule never hides (columns). */
  show?(item: Keyed<T>): void;
  hide?(item: Keyed<T>): void;
  /** Frees what the key shows (its geometry too). */
  drop(item: Keyed<T>): void;
  /** A new world: forget what only describes the old one (left out when nothing does). */
  newWorld?(): void;
  /** How the player reads the request's subject in an error message, e.g. "Column 3,-4". */
  describe(request: BookRequest<T>): string;
}

export interface StreamLoaderEvents {
  /** A request that failed for good, for the console and HUD. */
  error(message: string): void;
}

/** A frame frees at least this share (1 / RETIRE_SHARE) of the dropped meshes waiting. */
const RETIRE_SHARE = 8;
/**
 * Frames the results of keys edited together wait for one another at most (a key whose
 * rebuild failed or is slow must not hold the others' back for long).
 */
export const EDIT_WAIT_FRAMES = 30;

/** A result waiting to be applied, with the request it answers. */
interface Arrived<T, R> {
  request: BookRequest<T>;
  result: R;
}

export class StreamLoader<T, R extends WorkerResult> implements PoolClient {
  /** Requests in the pool, by pool id, and the pool id of each, by book ticket. */
  private readonly byPoolId = new Map<number, BookRequest<T>>();
  private readonly poolIdOf = new Map<number, number>();
  private readonly arrived: Arrived<T, R>[] = [];
  /**
   * Keys the plan dropped whose meshes are still to be freed, oldest first. Freeing (removing
   * a mesh from its batch, emptying a bucket) is most of a swap's cost and a far ring's level
   * change drops dozens at once, so it runs under the frame's budget; what the player sees
   * changes at once all the same, since a dropped region is hidden when dropped.
   */
  private readonly retiring = new Map<string, Keyed<T>>();
  /** Each wanted key's place in the wanted order (best first), for the wanted set it was made from. */
  private ranks: { of: WantedSet<T>; rank: Map<string, number> } | null = null;
  /**
   * Keys edited together whose results are put on screen in one frame (edited's `together`),
   * and how many frames they have waited.
   */
  private readonly editWaits = new Map<string, number>();
  /** Results arrived since the waiting ones were last put in order. */
  private unordered = false;
  /** Results refused as stale when applied (older world or revision, cancelled, unwanted). */
  staleDropped = 0;
  /** Results applied since this loader was made. */
  built = 0;
  private params: WorldParams;
  private disposed = false;

  constructor(
    readonly plan: StreamPlan<T>,
    readonly payload: StreamPayload<T, R>,
    params: WorldParams,
    private readonly scheduler: PoolScheduler,
    private readonly events: StreamLoaderEvents,
  ) {
    this.params = params;
    scheduler.attach(this);
  }

  /**
   * New world parameters: a new generation; what is on screen stays until replaced. The old
   * world's requests are cancelled now: a result arriving before the next frame tops the
   * pool up, and new requests must not go out while old ones still hold workers' places.
   */
  setParams(params: WorldParams): void {
    if (this.disposed) return;
    this.params = params;
    this.editWaits.clear();
    this.plan.book.newGeneration();
    this.payload.newWorld?.();
    this.sync();
  }

  /**
   * Edits changed these keys: they are rebuilt first, their meshes shown meanwhile. The keys
   * in `together` (a block on a column's border: its column and the one across that face)
   * show their new meshes in the same frame, or one would show a hole into the other (the
   * block gone from one mesh, the face it uncovers not yet in the next) until its result came.
   */
  edited(keys: readonly string[], together: readonly string[] = []): void {
    if (this.disposed) return;
    for (const key of keys) this.plan.book.edit(key);
    if (together.length > 1) for (const key of together) this.editWaits.set(key, this.editWaits.get(key) ?? 0);
    this.requestMore();
  }

  /**
   * Asks the scheduler to fill the pool (fairly, with every other client), in its next slice:
   * an edit's input task must not also post its re-mesh requests.
   */
  requestMore(): void {
    if (!this.disposed) this.scheduler.topUpSoon();
  }

  /**
   * The first step of a frame, after the caller moved the plan's view: what is no longer
   * wanted is cancelled, and the keep rule applied. With several worlds on screen, every
   * loader looks before any requests (WorldSides.frame).
   */
  look(): void {
    if (!this.disposed) this.sync();
  }

  /** Hands up to `limit` of the plan's best wanted keys to the pool; returns how many. */
  requestUpTo(limit: number): number {
    if (this.disposed) return 0;
    return this.submit(this.plan.book.take(limit, this.plan.wanted()), false);
  }

  /** Hands every edited key still wanted to the pool at once, as urgent requests. */
  requestEdited(): void {
    if (!this.disposed) this.submit(this.plan.book.takeEdited(this.plan.wanted()), true);
  }

  private submit(requests: BookRequest<T>[], urgent: boolean): number {
    const book = this.plan.book;
    if (this.scheduler.pool.broken !== null) {
      // The pool already said why; failing each request through it would repeat that per key.
      for (const request of [...requests, ...book.take(Number.POSITIVE_INFINITY, this.plan.wanted())]) book.fail(request);
      this.cancel(book.takeSuperseded());
      return 0;
    }
    this.cancel(book.takeSuperseded());
    for (const request of requests) {
      const id = this.scheduler.submit(this, this.payload.job(request, this.params), urgent);
      this.byPoolId.set(id, request);
      this.poolIdOf.set(request.ticket, id);
    }
    return requests.length;
  }

  result(r: WorkerResult): void {
    if (this.disposed || !this.payload.isResult(r)) return;
    const request = this.takeRequest(r.id);
    if (request) {
      this.arrived.push({ request, result: r });
      this.unordered = true;
    }
  }

  failed(e: WorkerError): void {
    if (this.disposed || !this.payload.isError(e)) return;
    const request = this.takeRequest(e.id);
    if (!request) return;
    this.plan.book.fail(request);
    this.events.error(`${this.payload.describe(request)} could not be built: ${e.message}`);
  }

  /**
   * The last step of a frame: applies arrived results, best first (the wanted order: in view,
   * nearest), while the frame's budget of time and upload bytes lasts, at least one; the rest
   * wait for the next frame. Then frees dropped meshes while the budget lasts, at least one
   * more than it put.
   */
  apply(budget: FrameBudget): void {
    if (this.disposed) return;
    const wanted = this.plan.wanted();
    this.bestFirst(wanted);
    let applied = 0;
    if (this.editWaits.size > 0) {
      if (this.editsReady(wanted)) {
        // All of them now, whatever the budget: edits are few and their columns near.
        for (let i = 0; i < this.arrived.length; ) {
          const { request, result } = this.arrived[i]!;
          if (!this.editWaits.has(request.key)) {
            i++;
            continue;
          }
          this.arrived.splice(i, 1);
          if (this.putResult(request, result, wanted, budget)) applied++;
        }
        this.editWaits.clear();
      } else for (const [key, frames] of this.editWaits) this.editWaits.set(key, frames + 1);
    }
    for (let i = 0; i < this.arrived.length; ) {
      const { request, result } = this.arrived[i]!;
      // Still waiting for the rest of its edit.
      if (this.editWaits.has(request.key)) {
        i++;
        continue;
      }
      // An unwanted result costs nothing: it is refused below.
      if (applied > 0 && wanted.has(request.key) && !budget.fits(this.payload.uploadBytes(result))) break;
      this.arrived.splice(i, 1);
      if (this.putResult(request, result, wanted, budget)) applied++;
    }
    // New results may complete a swap (far regions) in this same frame.
    if (applied > 0) this.applyScreenChanges();
    // At least one more than were put, so meshes held never outgrow those wanted for long, and
    // an eighth of what waits, so a backlog left by catching up (results spent the budget)
    // drains in a few frames instead of holding ready() back at one a frame.
    this.retire(budget, Math.max(applied + 1, Math.ceil(this.retiring.size / RETIRE_SHARE)));
  }

  /** Every wanted key is on screen (or failed for good) and nothing waits to be applied or freed. */
  isSettled(): boolean {
    return this.arrived.length === 0 && this.retiring.size === 0 && this.plan.isSettled();
  }

  /** Dropped meshes still to be freed. */
  get retiringCount(): number {
    return this.retiring.size;
  }

  get queuedResults(): number {
    return this.arrived.length;
  }

  /** Leaves the pool (cancelling this loader's requests); what is on screen belongs to the caller. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.detach(this);
    this.arrived.length = 0;
    this.editWaits.clear();
    // The caller frees what is on screen, these meshes with the rest.
    this.retiring.clear();
    this.ranks = null;
    this.byPoolId.clear();
    this.poolIdOf.clear();
  }

  private sync(): void {
    this.cancel(this.plan.book.takeCancels(this.plan.wanted()));
    this.applyScreenChanges();
  }

  private applyScreenChanges(): void {
    const { drop, hide, show } = this.plan.screenChanges();
    for (const item of drop) {
      this.payload.hide?.(item);
      this.retiring.set(item.key, item);
    }
    for (const item of hide) this.payload.hide?.(item);
    for (const item of show) this.payload.show?.(item);
  }

  /** Shows an arrived result, or refuses it as stale; true when shown. */
  private putResult(request: BookRequest<T>, result: R, wanted: WantedSet<T>, budget: FrameBudget): boolean {
    if (!this.plan.book.arrived(request, wanted)) {
      this.staleDropped++;
      return false;
    }
    // The old mesh of a key dropped and wanted again goes first: it must not free the new one.
    this.retireNow(request.key);
    this.payload.put(request, result, this.plan.book.isDrawn(request.key));
    budget.spend(this.payload.uploadBytes(result));
    this.built++;
    return true;
  }

  /**
   * Whether the keys edited together can go on screen: each is unwanted now, already shows
   * its current revision (or failed for good), or has that revision's result waiting here;
   * or they have waited EDIT_WAIT_FRAMES.
   */
  private editsReady(wanted: WantedSet<T>): boolean {
    const book = this.plan.book;
    for (const [key, frames] of this.editWaits) {
      if (frames >= EDIT_WAIT_FRAMES) return true;
      if (!wanted.has(key) || book.isDone(key)) continue;
      const current = (a: Arrived<T, R>) => a.request.key === key && a.request.generation === book.generation && a.request.revision === book.revisionOf(key);
      if (!this.arrived.some(current)) return false;
    }
    return true;
  }

  /** Frees dropped meshes, oldest first, while the frame's budget lasts, at least `minimum`. */
  private retire(budget: FrameBudget, minimum: number): void {
    let freed = 0;
    for (const [key, item] of this.retiring) {
      if (freed >= minimum && !budget.fits(0)) break;
      freed++;
      this.retiring.delete(key);
      this.payload.drop(item);
    }
  }

  private retireNow(key: string): void {
    const item = this.retiring.get(key);
    if (!item) return;
    this.retiring.delete(key);
    this.payload.drop(item);
  }

  /** Cancels requests the book gave up on; one whose reply already arrived is refused when applied. */
  private cancel(requests: readonly BookRequest<T>[]): void {
    for (const request of requests) {
      const id = this.poolIdOf.get(request.ticket);
      if (id === undefined) continue;
      this.scheduler.cancel(id);
      this.poolIdOf.delete(request.ticket);
      this.byPoolId.delete(id);
    }
  }

  /**
   * Orders the waiting results as the plan wants them (results no longer wanted first: they
   * are dropped at no cost). Results arrive in the order workers finish, and a frame whose
   * bytes are spent leaves the rest for later: the nearest must not wait behind the far.
   */
  private bestFirst(wanted: WantedSet<T>): void {
    if (this.arrived.length < 2) return;
    if (!this.unordered && this.ranks?.of === wanted) return;
    this.unordered = false;
    if (this.ranks?.of !== wanted) {
      const rank = new Map<string, number>();
      wanted.list.forEach(({ key }, i) => rank.set(key, i));
      this.ranks = { of: wanted, rank };
    }
    const rank = this.ranks.rank;
    const rankOf = (a: Arrived<T, R>) => rank.get(a.request.key) ?? -1;
    this.arrived.sort((a, b) => rankOf(a) - rankOf(b));
  }

  private takeRequest(poolId: number): BookRequest<T> | undefined {
    const request = this.byPoolId.get(poolId);
    if (!request) return undefined;
    this.byPoolId.delete(poolId);
    this.poolIdOf.delete(request.ticket);
    return request;
  }
}
