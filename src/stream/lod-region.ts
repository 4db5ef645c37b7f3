/**
 * A far-terrain region at a level of detail: a quadtree node over columns. A region of
 * level k covers the 2^k x 2^k columns from column (rx * 2^k, rz * 2^k) and is drawn as
 * 16 x 16 cells of 2^k x 2^k blocks (docs/architecture.md, "Levels of detail"). Nodes are
 * aligned to their size, so two regions overlap only when one contains the other.
 *
 * Region sizes are powers of two and coordinates are integers, so Math.floor of a division
 * by the size is exact and correct for negative coordinates (column -1 is in region -1 at
 * every level); shifts are avoided because they wrap beyond 2^31.
 */
import { COLUMN_SIZE } from '../world/coords';

export interface LodRegionCoord {
  /** 1 is the finest level (2 x 2 columns); a level-k region is 2^k columns across. */
  readonly level: number;
  readonly rx: number;
  readonly rz: number;
}

/** A half-open range of columns: cx0 <= cx < cx1, cz0 <= cz < cz1. */
export interface ColumnBounds {
  readonly cx0: number;
  readonly cz0: number;
  readonly cx1: number;
  readonly cz1: number;
}

/** Columns across a region of this level: 2^level (level 0..52). */
export function regionSize(level: number): number {
  return POWERS_OF_TWO[level]!;
}

/** A table, because `2 ** level` with a variable level compiles to a slow Math.pow call,
 *  and the layout asks for sizes thousands of times per camera move. */
const POWERS_OF_TWO: readonly number[] = Array.from({ length: 53 }, (_, k) => 2 ** k);

/** A stable string key for a region, for maps and sets, e.g. "3:-2,5". */
export function lodRegionKey(r: LodRegionCoord): string {
  return `${r.level}:${r.rx},${r.rz}`;
}

export function regionColumnBounds(r: LodRegionCoord): ColumnBounds {
  const size = regionSize(r.level);
  return { cx0: r.rx * size, cz0: r.rz * size, cx1: (r.rx + 1) * size, cz1: (r.rz + 1) * size };
}

/** The level-`level` region holding column (cx, cz). */
export function regionAt(level: number, cx: number, cz: number): LodRegionCoord {
  const size = regionSize(level);
  return { level, rx: Math.floor(cx / size), rz: Math.floor(cz / size) };
}

/** The region of `level` (>= r.level) that contains r. */
export function ancestorAt(r: LodRegionCoord, level: number): LodRegionCoord {
  const ratio = regionSize(level - r.level);
  return { level, rx: Math.floor(r.rx / ratio), rz: Math.floor(r.rz / ratio) };
}

/** The four regions one level finer that tile r (r.level must be >= 2). */
export function regionChildren(r: LodRegionCoord): LodRegionCoord[] {
  const level = r.level - 1;
  const x = r.rx * 2;
  const z = r.rz * 2;
  return [
    { level, rx: x, rz: z },
    { level, rx: x + 1, rz: z },
    { level, rx: x, rz: z + 1 },
    { level, rx: x + 1, rz: z + 1 },
  ];
}

/** Quadtree nodes overlap iff the coarser one contains the finer one. */
export function regionsOverlap(a: LodRegionCoord, b: LodRegionCoord): boolean {
  const [fine, coarse] = a.level <= b.level ? [a, b] : [b, a];
  const up = ancestorAt(fine, coarse.level);
  return up.rx === coarse.rx && up.rz === coarse.rz;
}

/**
 * The block that cell (i, j), 0..15, of region r samples: the block nearest the cell's
 * centre, (x0 + i*s + s/2, z0 + j*s + s/2) with s = 2^level and (x0, z0) the region's first
 * block. Workers sample there; edits there change the region's surface.
 */
export function cellSampleBlock(r: LodRegionCoord, i: number, j: number): { x: number; z: number } {
  const s = regionSize(r.level);
  const span = s * COLUMN_SIZE;
  return { x: r.rx * span + i * s + s / 2, z: r.rz * span + j * s + s / 2 };
}

/**
 * The region (level 1..maxLevel) that samples block (x, z), or null. Block x is a sample
 * point of level k iff x mod 2^k = 2^(k-1), i.e. its lowest set bit is bit k-1; so a block
 * is a sample point of at most one level (and only if x and z share that lowest bit), and
 * most blocks are sampled by no region at all.
 */
export function regionSampledAt(x: number, z: number, maxLevel: number): LodRegionCoord | null {
  for (let level = 1; level <= maxLevel; level++) {
    const s = regionSize(level);
    if (floorMod(x, s) === s / 2 && floorMod(z, s) === s / 2) {
      return regionAt(level, Math.floor(x / COLUMN_SIZE), Math.floor(z / COLUMN_SIZE));
    }
  }
  return null;
}

function floorMod(a: number, m: number): number {
  return a - Math.floor(a / m) * m;
}
