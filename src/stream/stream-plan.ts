/**
 * What a use of the streaming machinery passes in besides its payload (docs/architecture.md
 * §4): its request book, what it wants, and its keep rule. Columns (ColumnStreamer: the
 * view-ordered ring, hysteresis) and far regions (LodStreamer: the LOD layout, the swap
 * rule) are the two uses; one loader in the app drives either.
 */
import type { RequestBook } from './request-book';
import type { Keyed, WantedSet } from './wanted-set';

/** Changes to what is on screen, by key. */
export interface ScreenChanges<T> {
  /** Stored results to draw from now on. */
  show: Keyed<T>[];
  /** Stored results to keep but stop drawing. */
  hide: Keyed<T>[];
  /** Stored results to free (their geometry too). */
  drop: Keyed<T>[];
}

export interface StreamPlan<T> {
  readonly book: RequestBook<T>;
  /** What is wanted now, best first. Cached: the same object until the view changes. */
  wanted(): WantedSet<T>;
  /**
   * The keep rule, after a view change or new results: what to show, hide and free now.
   * The book already reflects the answer (drawn flags, freed results), so each change is
   * reported once.
   */
  screenChanges(): ScreenChanges<T>;
  /** Every wanted key is done and the screen holds exactly what the rule wants. */
  isSettled(): boolean;
}
