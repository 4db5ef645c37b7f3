/**
 * The regions of one LOD layout, indexed for the streamer's questions: is this region
 * wanted, and which wanted regions overlap this (stale) one. Wanted regions never overlap
 * each other (lodLayout), so a region overlaps either one wanted ancestor-or-self, or any
 * number of wanted descendants.
 */
import { ancestorAt, lodRegionKey, regionChildren, type LodRegionCoord } from './lod-region';

export interface KeyedRegion {
  readonly region: LodRegionCoord;
  readonly key: string;
}

export class WantedRegions {
  /** In layout order: nearest first. */
  readonly list: readonly KeyedRegion[];
  private readonly byKey = new Map<string, LodRegionCoord>();
  /** Keys of the strict ancestors of wanted regions, so a search for wanted descendants
   *  only walks down where there are some. */
  private readonly above = new Set<string>();

  constructor(regions: readonly LodRegionCoord[], private readonly maxLevel: number) {
    this.list = regions.map((region) => ({ region, key: lodRegionKey(region) }));
    for (const { region, key } of this.list) {
      this.byKey.set(key, region);
      for (let level = region.level + 1; level <= maxLevel; level++) {
        const up = lodRegionKey(ancestorAt(region, level));
        if (this.above.has(up)) break; // and so are all further up
        this.above.add(up);
      }
    }
  }

  get size(): number {
    return this.list.length;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The wanted regions overlapping r: r itself, its wanted ancestor, or its wanted descendants. */
  overlapping(r: LodRegionCoord): LodRegionCoord[] {
    const key = lodRegionKey(r);
    const self = this.byKey.get(key);
    if (self) return [self];
    for (let level = r.level + 1; level <= this.maxLevel; level++) {
      const up = this.byKey.get(lodRegionKey(ancestorAt(r, level)));
      if (up) return [up];
    }
    const out: LodRegionCoord[] = [];
    if (this.above.has(key)) this.collectBelow(r, out);
    return out;
  }

  private collectBelow(r: LodRegionCoord, out: LodRegionCoord[]): void {
    for (const child of regionChildren(r)) {
      const key = lodRegionKey(child);
      if (this.byKey.has(key)) out.push(child);
      else if (this.above.has(key)) this.collectBelow(child, out);
    }
  }
}
