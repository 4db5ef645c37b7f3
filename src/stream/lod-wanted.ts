/**
 * The regions of one LOD layout, indexed for the streamer's questions: is this region
 * wanted, and which wanted regions overlap this (stale) one. Wanted regions never overlap
 * each other (lodLayout), so a region overlaps either one wanted ancestor-or-self, or any
 * number of wanted descendants.
 */
import { ancestorAt, lodRegionKey, regionChildren, type LodRegionCoord } from './lod-region';
import { WantedList } from './wanted-set';

export class WantedRegions extends WantedList<LodRegionCoord> {
  /** Keys of the strict ancestors of wanted regions, so a search for wanted descendants
   *  only walks down where there are some. */
  private readonly above = new Set<string>();

  constructor(regions: readonly LodRegionCoord[], private readonly maxLevel: number) {
    super(regions.map((at) => ({ key: lodRegionKey(at), at })));
    for (const { at } of this.list) {
      for (let level = at.level + 1; level <= maxLevel; level++) {
        const up = lodRegionKey(ancestorAt(at, level));
        if (this.above.has(up)) break; // and so are all further up
        this.above.add(up);
      }
    }
  }

  /** The wanted regions overlapping r: r itself, its wanted ancestor, or its wanted descendants. */
  overlapping(r: LodRegionCoord): LodRegionCoord[] {
    const self = this.get(lodRegionKey(r));
    if (self) return [self];
    for (let level = r.level + 1; level <= this.maxLevel; level++) {
      const up = this.get(lodRegionKey(ancestorAt(r, level)));
      if (up) return [up];
    }
    const out: LodRegionCoord[] = [];
    if (this.above.has(lodRegionKey(r))) this.collectBelow(r, out);
    return out;
  }

  private collectBelow(r: LodRegionCoord, out: LodRegionCoord[]): void {
    for (const child of regionChildren(r)) {
      const key = lodRegionKey(child);
      if (this.has(key)) out.push(child);
      else if (this.above.has(key)) this.collectBelow(child, out);
    }
  }
}
