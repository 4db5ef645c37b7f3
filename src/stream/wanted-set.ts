/**
 * What a use of the request book wants on screen (docs/architecture.md §4): the columns of
 * the ring around the camera, or the far regions of the LOD layout. Keys are strings (maps
 * and sets compare them by value); each carries the coordinate the use builds it from.
 */

/** A key and the coordinate it names. */
export interface Keyed<T> {
  readonly key: string;
  readonly at: T;
}

/** The wanted keys, best first, and a fast membership test. */
export interface WantedSet<T> {
  readonly list: readonly Keyed<T>[];
  readonly size: number;
  has(key: string): boolean;
  /** The coordinate of a wanted key, or undefined if it is not wanted. */
  get(key: string): T | undefined;
}

/** A WantedSet over a fixed list (the list's order is the request order). */
export class WantedList<T> implements WantedSet<T> {
  private readonly byKey = new Map<string, T>();

  constructor(readonly list: readonly Keyed<T>[]) {
    for (const { key, at } of list) this.byKey.set(key, at);
  }

  get size(): number {
    return this.list.length;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string): T | undefined {
    return this.byKey.get(key);
  }
}
