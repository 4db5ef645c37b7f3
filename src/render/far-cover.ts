/**
 * Which far-terrain items the full-detail columns cover (docs/architecture.md §7, "Far
 * terrain"). An item is a square of columns (a whole LOD region, or one column of a region cut
 * into columns by the LOD worker, src/mesh/lod-split.ts) that its owner wants drawn or not (the swap rule). The cover
 * answers, as columns load and unload:
 * - drawn: wanted, and not every one of its columns loaded. An item whose columns are all
 *   loaded is left out of the draw entirely, so its triangles never reach the GPU;
 * - partly covered: drawn with some of its columns loaded. Only such an item still needs the
 *   per-fragment mask; `masking` says whether any drawn item is one. Once the view has
 *   settled none is (the items at the full-detail edge are single columns), so far terrain
 *   is drawn with no discard at all and the depth test rejects what near terrain hides.
 * Pure bookkeeping (no three.js), so Node tests cover it.
 */

export interface FarSquare {
  /** The first column (x and z), a multiple of size. */
  cx0: number;
  cz0: number;
  /** Columns along a side: a power of two. */
  size: number;
}

interface Entry extends FarSquare {
  readonly key: string;
  wanted: boolean;
  /** Loaded columns inside the square. */
  inside: number;
}

const columnKey = (cx: number, cz: number): string => `${cx},${cz}`;

export class FarCover {
  private readonly loaded = new Map<string, readonly [number, number]>();
  private readonly entries = new Map<string, Entry>();
  /** Entries by square (size, then the square's index at that size): the look-up from a column. */
  private readonly bySquare = new Map<string, Set<Entry>>();
  /** How many entries there are of each size. */
  private readonly sizes = new Map<number, number>();
  private partial = 0;

  /** `changed(key, drawn)` hears of every change of an item's drawn state made by setLoaded. */
  constructor(private readonly changed: (key: string, drawn: boolean) => void = () => {}) {}

  /** Whether some drawn item has some of its columns loaded (and needs the per-fragment mask). */
  get masking(): boolean {
    return this.partial > 0;
  }

  /** Drawn items partly covered by loaded columns. */
  get partlyCovered(): number {
    return this.partial;
  }

  get itemCount(): number {
    return this.entries.size;
  }

  /** Adds (or replaces) item `key` over `square`; returns whether it is drawn. */
  add(key: string, square: FarSquare, wanted: boolean): boolean {
    this.remove(key);
    const at = squareKey(square.size, square.cx0, square.cz0);
    let set = this.bySquare.get(at);
    // A region comes as up to six items (one per face direction) over the same square: they
    // share its count of loaded columns, kept current by setLoaded, so it is counted once.
    const sibling = set?.values().next().value;
    const inside = sibling ? sibling.inside : this.countLoaded(square);
    const entry: Entry = { key, cx0: square.cx0, cz0: square.cz0, size: square.size, wanted, inside };
    this.entries.set(key, entry);
    if (!set) this.bySquare.set(at, (set = new Set()));
    set.add(entry);
    this.sizes.set(entry.size, (this.sizes.get(entry.size) ?? 0) + 1);
    if (isPartial(entry)) this.partial++;
    return isDrawn(entry);
  }

  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (isPartial(entry)) this.partial--;
    this.entries.delete(key);
    const at = squareKey(entry.size, entry.cx0, entry.cz0);
    const set = this.bySquare.get(at)!;
    set.delete(entry);
    if (set.size === 0) this.bySquare.delete(at);
    const n = this.sizes.get(entry.size)! - 1;
    if (n === 0) this.sizes.delete(entry.size);
    else this.sizes.set(entry.size, n);
  }

  /** The owner's wish for item `key`; returns whether it is drawn (false for an unknown key). */
  setWanted(key: string, wanted: boolean): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.update(entry, () => (entry.wanted = wanted), false);
    return isDrawn(entry);
  }

  isDrawn(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && isDrawn(entry);
  }

  /** Column (cx, cz) loaded at full detail or not; items whose drawn state changes are reported. */
  setLoaded(cx: number, cz: number, loaded: boolean): void {
    const key = columnKey(cx, cz);
    if (loaded === this.loaded.has(key)) return;
    if (loaded) this.loaded.set(key, [cx, cz]);
    else this.loaded.delete(key);
    const step = loaded ? 1 : -1;
    for (const size of this.sizes.keys()) {
      const set = this.bySquare.get(squareKey(size, Math.floor(cx / size) * size, Math.floor(cz / size) * size));
      if (!set) continue;
      for (const entry of set) this.update(entry, () => (entry.inside += step), true);
    }
  }

  /** Applies `change` to an entry, keeping the partial count and reporting a new drawn state. */
  private update(entry: Entry, change: () => void, report: boolean): void {
    const wasDrawn = isDrawn(entry);
    if (isPartial(entry)) this.partial--;
    change();
    if (isPartial(entry)) this.partial++;
    const drawn = isDrawn(entry);
    if (report && drawn !== wasDrawn) this.changed(entry.key, drawn);
  }

  private countLoaded({ cx0, cz0, size }: FarSquare): number {
    let n = 0;
    if (size * size <= this.loaded.size) {
      for (let z = cz0; z < cz0 + size; z++) for (let x = cx0; x < cx0 + size; x++) if (this.loaded.has(columnKey(x, z))) n++;
    } else {
      for (const [x, z] of this.loaded.values()) if (x >= cx0 && x < cx0 + size && z >= cz0 && z < cz0 + size) n++;
    }
    return n;
  }
}

function squareKey(size: number, cx0: number, cz0: number): string {
  return `${size}:${cx0},${cz0}`;
}

function isDrawn(e: Entry): boolean {
  return e.wanted && e.inside < e.size * e.size;
}

function isPartial(e: Entry): boolean {
  return isDrawn(e) && e.inside > 0;
}
