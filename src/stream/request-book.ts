/**
 * The bookkeeping every streamed mesh shares, columns and far LOD regions alike
 * (docs/architecture.md §4), with no I/O. For string keys it holds:
 * - the world generation (a seed or parameter change starts a new one) and, per key, the
 *   edit revision in this generation;
 * - per key, the request in flight (with a ticket naming that very request), the result
 *   stored (its generation and revision) and whether it is drawn, and failures for good;
 * - which keys to request next: edited ones first, then the wanted ones best first.
 *
 * Rules:
 * - a reply is accepted only for the request still in flight for its key, and only while
 *   its generation and revision are current and the key is wanted; anything else is stale;
 * - a request that failed for good (the pool already retried it) is not asked again in its
 *   generation unless the key is edited; the failure of a request an edit (or a new
 *   generation) already replaced changes nothing;
 * - a request that is no longer wanted, is of an older generation or revision, or was
 *   replaced by a newer one for its key, is reported to cancel exactly once (takeCancels);
 * - a result for a key with something stored replaces it in place and stays drawn if the
 *   old one was; a result for a new key starts drawn or not as the use's keep rule needs
 *   (`drawNew`), and the keep rule turns it on later with setDrawn.
 */
import type { Keyed, WantedSet } from './wanted-set';

/** One request: which key, for which generation and revision, and which request it is. */
export interface BookRequest<T> extends Keyed<T> {
  readonly generation: number;
  readonly revision: number;
  /** Unique per book: a reply answers this request and no other one for the same key. */
  readonly ticket: number;
}

/** A result held for a key: what it was built for, and whether it is drawn. */
export interface StoredEntry<T> extends Keyed<T> {
  readonly generation: number;
  readonly revision: number;
  readonly drawn: boolean;
}

export interface RequestBookOptions {
  /**
   * Whether a result for a key with nothing stored is drawn at once (columns), or held
   * hidden until the use's keep rule shows it (far regions: the swap rule).
   */
  drawNew: boolean;
}

export const DEFAULT_REQUEST_BOOK_OPTIONS: Readonly<RequestBookOptions> = Object.freeze({
  drawNew: true,
});

/** How many wanted keys have a current result, and how many failed for good. */
export interface BookProgress {
  ready: number;
  failed: number;
  wanted: number;
}

/** A key's state; seen from outside (forEachStored) as its StoredEntry. */
interface KeyState<T> {
  readonly key: string;
  readonly at: T;
  pending: BookRequest<T> | null;
  /** Generation of the stored result; -1 when nothing is stored. */
  generation: number;
  revision: number;
  drawn: boolean;
}

export class RequestBook<T> {
  private readonly options: RequestBookOptions;
  /** Keys with a request in flight or a stored result; the rest are forgotten. */
  private readonly states = new Map<string, KeyState<T>>();
  /** Edit revisions in this generation; absent means 0. */
  private readonly revisions = new Map<string, number>();
  /** Edited keys, in edit order: requested before anything else while wanted. */
  private readonly urgent = new Set<string>();
  /** Keys that failed for good in this generation. */
  private readonly failures = new Set<string>();
  /** Requests replaced by a newer one for the same key, still to be reported to cancel. */
  private superseded: BookRequest<T>[] = [];
  private currentGeneration = 0;
  private nextTicket = 1;

  constructor(options: Partial<RequestBookOptions> = {}) {
    this.options = { ...DEFAULT_REQUEST_BOOK_OPTIONS, ...options };
  }

  get generation(): number {
    return this.currentGeneration;
  }

  /**
   * A new world: every key is wanted again. Stored results stay (and stay drawn) until
   * replaced; requests in flight become stale (takeCancels reports them); edit revisions,
   * urgency and failures belong to the old world and are forgotten.
   */
  newGeneration(): number {
    this.currentGeneration++;
    this.revisions.clear();
    this.urgent.clear();
    this.failures.clear();
    return this.currentGeneration;
  }

  revisionOf(key: string): number {
    return this.revisions.get(key) ?? 0;
  }

  /**
   * The key's content changed (a block edit): its revision is bumped, so a reply already on
   * its way is stale, and it is requested before anything else while wanted; a failure is
   * forgotten (an edit deserves a fresh attempt). Stored results stay drawn meanwhile.
   */
  edit(key: string): void {
    this.revisions.set(key, this.revisionOf(key) + 1);
    this.urgent.delete(key); // re-added at the end: edit order
    this.urgent.add(key);
    this.failures.delete(key);
  }

  /**
   * Up to `limit` requests, marked in flight: edited keys first (those still wanted), then
   * wanted keys in order. Skips keys with a current request or result, or a failure. A key
   * whose older request is still in flight gets a new one; the old one is reported to
   * cancel (takeSuperseded, takeCancels).
   */
  take(limit: number, wanted: WantedSet<T>): BookRequest<T>[] {
    const out: BookRequest<T>[] = [];
    if (!(limit > 0)) return out;
    if (this.takeEditedInto(out, limit, wanted)) return out;
    for (const { key, at } of wanted.list) {
      if (out.length >= limit) break;
      this.request(key, at, out);
    }
    return out;
  }

  /**
   * Every edited key still wanted, as requests marked in flight, in edit order: an edit's
   * re-meshes go to the workers together, whatever the limit of take().
   */
  takeEdited(wanted: WantedSet<T>): BookRequest<T>[] {
    const out: BookRequest<T>[] = [];
    this.takeEditedInto(out, Number.POSITIVE_INFINITY, wanted);
    return out;
  }

  /** Moves edited keys into `out` until it holds `limit`; true if it stopped there. */
  private takeEditedInto(out: BookRequest<T>[], limit: number, wanted: WantedSet<T>): boolean {
    for (const key of this.urgent) {
      if (out.length >= limit) return true;
      this.urgent.delete(key);
      const at = wanted.get(key);
      if (at !== undefined) this.request(key, at, out);
    }
    return false;
  }

  /**
   * A reply to `request` arrived. True if it is to be shown: the book now holds it for its
   * key. False if it is stale (another request, generation or revision, or the key is no
   * longer wanted): the caller drops it.
   */
  arrived(request: BookRequest<T>, wanted: WantedSet<T>): boolean {
    const s = this.states.get(request.key);
    if (!s || !answers(request, s.pending)) return false;
    s.pending = null;
    if (!this.isCurrentRequest(request) || !wanted.has(request.key)) {
      this.forgetIfIdle(request.key, s);
      return false;
    }
    if (s.generation === -1) s.drawn = this.options.drawNew;
    s.generation = request.generation;
    s.revision = request.revision;
    return true;
  }

  /**
   * `request` failed on every attempt. If it is the request in flight for its key, of the
   * current generation and revision, the key failed for good in this generation (a
   * deterministic failure would otherwise loop) and counts as settled; returns true then.
   * A request already replaced, cancelled or of an older world changes nothing else.
   */
  fail(request: BookRequest<T>): boolean {
    const s = this.states.get(request.key);
    if (!s || !answers(request, s.pending)) return false;
    s.pending = null;
    const current = this.isCurrentRequest(request);
    if (current) this.failures.add(request.key);
    this.forgetIfIdle(request.key, s);
    return current;
  }

  /** Requests replaced by newer ones since last asked, each once: cancel them. */
  takeSuperseded(): BookRequest<T>[] {
    const out = this.superseded;
    this.superseded = [];
    return out;
  }

  /**
   * Every request in flight to cancel, each reported once: those replaced by a newer one,
   * those of an older generation or revision, and those for keys no longer wanted.
   */
  takeCancels(wanted: WantedSet<T>): BookRequest<T>[] {
    const out = this.takeSuperseded();
    for (const [key, s] of this.states) {
      const p = s.pending;
      if (!p || (this.isCurrentRequest(p) && wanted.has(key))) continue;
      out.push(p);
      s.pending = null;
      this.forgetIfIdle(key, s);
    }
    return out;
  }

  /** The key shows the current generation's and revision's result. */
  isCurrent(key: string): boolean {
    const s = this.states.get(key);
    return !!s && s.generation === this.currentGeneration && s.revision === this.revisionOf(key);
  }

  isFailed(key: string): boolean {
    return this.failures.has(key);
  }

  /** Needs nothing more in this world: a current result, or a failure for good. */
  isDone(key: string): boolean {
    return this.isCurrent(key) || this.failures.has(key);
  }

  isStored(key: string): boolean {
    const s = this.states.get(key);
    return !!s && s.generation !== -1;
  }

  isDrawn(key: string): boolean {
    return this.states.get(key)?.drawn === true;
  }

  isPending(key: string): boolean {
    return !!this.states.get(key)?.pending;
  }

  /**
   * Visits every result held, any generation, drawn or not. The visitor may drop or
   * setDrawn the entry it is given (a Map walk survives deleting the current entry);
   * the entry is live, so read it before changing it. No copies: the column keep rule
   * walks thousands of entries every frame.
   */
  forEachStored(visit: (entry: StoredEntry<T>) => void): void {
    for (const s of this.states.values()) if (s.generation !== -1) visit(s);
  }

  /** The keep rule drew (or stopped drawing) a stored result. */
  setDrawn(key: string, drawn: boolean): void {
    const s = this.states.get(key);
    if (s && s.generation !== -1) s.drawn = drawn;
  }

  /** The keep rule freed a stored result. A request in flight for the key stays. */
  drop(key: string): void {
    const s = this.states.get(key);
    if (!s) return;
    s.generation = -1;
    s.drawn = false;
    this.forgetIfIdle(key, s);
  }

  progress(wanted: WantedSet<T>): BookProgress {
    let ready = 0;
    let failed = 0;
    for (const { key } of wanted.list) {
      if (this.isCurrent(key)) ready++;
      else if (this.failures.has(key)) failed++;
    }
    return { ready, failed, wanted: wanted.size };
  }

  get pendingCount(): number {
    let n = 0;
    for (const s of this.states.values()) if (s.pending) n++;
    return n;
  }

  get storedCount(): number {
    let n = 0;
    for (const s of this.states.values()) if (s.generation !== -1) n++;
    return n;
  }

  get drawnCount(): number {
    let n = 0;
    for (const s of this.states.values()) if (s.drawn) n++;
    return n;
  }

  /** Adds a request for the key to `out` unless it has a current request or result, or failed. */
  private request(key: string, at: T, out: BookRequest<T>[]): void {
    if (this.failures.has(key)) return;
    const generation = this.currentGeneration;
    const revision = this.revisionOf(key);
    let s = this.states.get(key);
    if (s?.pending && s.pending.generation === generation && s.pending.revision === revision) return;
    if (s && s.generation === generation && s.revision === revision) return;
    if (!s) {
      s = { key, at, pending: null, generation: -1, revision: 0, drawn: false };
      this.states.set(key, s);
    }
    if (s.pending) this.superseded.push(s.pending);
    s.pending = { key, at, generation, revision, ticket: this.nextTicket++ };
    out.push(s.pending);
  }

  private isCurrentRequest(r: BookRequest<T>): boolean {
    return r.generation === this.currentGeneration && r.revision === this.revisionOf(r.key);
  }

  private forgetIfIdle(key: string, s: KeyState<T>): void {
    if (!s.pending && s.generation === -1) this.states.delete(key);
  }
}

/** Whether `r` is the request in flight (a copy of it will do: tickets are unique). */
function answers<T>(r: BookRequest<T>, pending: BookRequest<T> | null): boolean {
  return !!pending && pending.ticket === r.ticket && pending.generation === r.generation && pending.revision === r.revision;
}
