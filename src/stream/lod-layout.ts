/**
 * Which far regions to draw around the camera: a restricted quadtree of LOD regions
 * (lod-region.ts) from about the full-detail edge R out to the far distance F. Level 1
 * hugs the edge and levels grow outward, each level-k band roughly R + split*2^k ..
 * R + split*2^(k+1) columns, so a region's cells (2^k blocks) stay about the same size
 * on screen.
 *
 * Distances are squared and in column units, measured from the camera's column centre
 * to the nearest (or farthest) column centre of a region, as in ring.ts: the layout is
 * exact integer arithmetic and depends on nothing but its arguments.
 */
import { DEFAULT_FAR_DISTANCE } from './far-distance';
import { regionChildren, regionSize, type LodRegionCoord } from './lod-region';

export interface LodLayoutOptions {
  /** Full-detail radius R in columns (the column streamer's render distance). */
  renderDistance: number;
  /** LOD reaches columns whose centres are within F columns; F <= R means no LOD. */
  farDistance: number;
  /**
   * LOD also covers the band R - innerMargin .. R under the full-detail columns: while the
   * player flies, edge columns still loading show far terrain instead of holes (the
   * renderer discards LOD pixels where a column's full-detail mesh is loaded).
   */
  innerMargin: number;
  /** A level-k region splits when nearer than R + split * 2^k columns: larger is finer. */
  split: number;
  /** Coarsest level; a level-7 region is 128 columns (2048 blocks) across. */
  maxLevel: number;
}

export const DEFAULT_LOD_LAYOUT_OPTIONS: Readonly<LodLayoutOptions> = Object.freeze({
  renderDistance: 8,
  farDistance: DEFAULT_FAR_DISTANCE,
  // Two columns of fallback: edge columns load within a frame or two of coming into range.
  innerMargin: 2,
  // 1, not 2: a region costs about the same whatever its level (~7 ms in a worker), and at
  // split 2 the 2-block level-1 band alone held 311 of R = 12, F = 64's 537 regions, with
  // cells far smaller on screen than the coarser levels' (measured: split 1 gives about 200).
  split: 1,
  maxLevel: 7,
});

/** A region with its squared nearest distance, the first sort key. */
interface Leaf extends LodRegionCoord {
  readonly near2: number;
}

/** The camera and the squared radii the rules compare against. */
interface Frame {
  readonly cx: number;
  readonly cz: number;
  readonly far2: number;
  /** Squared inner-disc radius, or -1 when the inner disc is empty. */
  readonly inner2: number;
  readonly renderDistance: number;
  readonly split: number;
  readonly maxLevel: number;
}

/**
 * The LOD regions to draw with the camera in column (cameraCx, cameraCz), nearest first
 * (then finer, then by rz, rx). No two overlap; edge neighbours differ by at most one
 * level; every column centre within F but outside the inner disc is covered exactly once.
 */
export function lodLayout(cameraCx: number, cameraCz: number, options: LodLayoutOptions): LodRegionCoord[] {
  const { renderDistance, farDistance, innerMargin, split, maxLevel } = options;
  if (!(farDistance > renderDistance) || farDistance <= 0) return [];
  const inner = renderDistance - innerMargin;
  const frame: Frame = {
    cx: cameraCx,
    cz: cameraCz,
    far2: farDistance * farDistance,
    inner2: inner >= 0 ? inner * inner : -1,
    renderDistance,
    split,
    maxLevel,
  };
  const size = regionSize(maxLevel);
  const rx0 = Math.floor((cameraCx - farDistance) / size);
  const rz0 = Math.floor((cameraCz - farDistance) / size);
  const rx1 = Math.floor((cameraCx + farDistance) / size);
  const rz1 = Math.floor((cameraCz + farDistance) / size);
  // One spare root all round, so neighbour look-ups never leave the index's square.
  const leaves = new LeafIndex((rx0 - 1) * size, (rz0 - 1) * size, (Math.max(rx1 - rx0, rz1 - rz0) + 3) * size);
  for (let rz = rz0; rz <= rz1; rz++) {
    for (let rx = rx0; rx <= rx1; rx++) refine(maxLevel, rx, rz, frame, leaves);
  }
  balance(leaves, frame);
  const out = leaves.leaves();
  out.sort((a, b) => a.near2 - b.near2 || a.level - b.level || a.rz - b.rz || a.rx - b.rx);
  return out.map(({ level, rx, rz }) => ({ level, rx, rz }));
}

/** Adds the leaves under region (level, rx, rz): itself, or its children's, by the distance rule. */
function refine(level: number, rx: number, rz: number, frame: Frame, leaves: LeafIndex): void {
  const near2 = nearest2(level, rx, rz, frame);
  if (!keeps(level, rx, rz, near2, frame)) return; // no descendant could be kept either
  const reach = frame.renderDistance + frame.split * regionSize(level);
  if (level > 1 && near2 < reach * reach) {
    leaves.markSplit(level, rx, rz);
    for (let i = 0; i < 4; i++) refine(level - 1, rx * 2 + (i & 1), rz * 2 + (i >> 1), frame, leaves);
  } else {
    leaves.add({ level, rx, rz, near2 });
  }
}

/**
 * The keep rule: some column centre within F, and not every column centre inside the inner
 * disc (full detail alone covers that). It holds for a region if it holds for any of its
 * descendants, so refine can prune on it.
 */
function keeps(level: number, rx: number, rz: number, near2: number, frame: Frame): boolean {
  if (near2 > frame.far2) return false;
  return frame.inner2 < 0 || farthest2(level, rx, rz, frame) > frame.inner2;
}

/**
 * Restricted quadtree: edge neighbours differ by at most one level, so neighbouring meshes
 * meet with at most a 2:1 step. The distance rule nearly always gives this already; the
 * ripple below makes it a guarantee. For each leaf, the same-size square across each edge
 * is looked up among coarser leaves; one two or more levels coarser is split (its kept
 * children become leaves and are checked in turn). Finer neighbours check themselves.
 */
function balance(leaves: LeafIndex, frame: Frame): void {
  const work = leaves.leaves();
  for (let leaf = work.pop(); leaf; leaf = work.pop()) {
    if (!leaves.has(leaf)) continue; // split meanwhile
    for (let e = 0; e < 4; e++) {
      const rx = leaf.rx + EDGE_DX[e]!;
      const rz = leaf.rz + EDGE_DZ[e]!;
      for (;;) {
        const coarse = leaves.holding(leaf.level, rx, rz, frame.maxLevel);
        if (!coarse || coarse.level <= leaf.level + 1) break;
        leaves.split(coarse);
        for (const child of regionChildren(coarse)) {
          const near2 = nearest2(child.level, child.rx, child.rz, frame);
          if (!keeps(child.level, child.rx, child.rz, near2, frame)) continue;
          const added = { ...child, near2 };
          leaves.add(added);
          work.push(added);
        }
      }
    }
  }
}

const EDGE_DX = [1, -1, 0, 0];
const EDGE_DZ = [0, 0, 1, -1];

/**
 * The quadtree by region: each leaf, and a null for each node that was split, so a look-up
 * climbing from a small region stops at the first split node (the area is finer there)
 * instead of trying every level. Keyed by a number rather than lodRegionKey's string:
 * balancing looks up thousands of regions per layout, and building strings cost more than
 * all the rest. A key is the region's position relative to an origin column that is a
 * multiple of every region size, inside a square `width` columns across (exact while
 * maxLevel * width^2 < 2^53, i.e. for any maxLevel up to about 20).
 */
class LeafIndex {
  private readonly map = new Map<number, Leaf | null>();

  constructor(
    private readonly originCx: number,
    private readonly originCz: number,
    private readonly width: number,
  ) {}

  add(leaf: Leaf): void {
    this.map.set(this.key(leaf.level, leaf.rx, leaf.rz), leaf);
  }

  markSplit(level: number, rx: number, rz: number): void {
    this.map.set(this.key(level, rx, rz), null);
  }

  /** Turns a leaf into a split node; the caller adds the children it keeps. */
  split(leaf: Leaf): void {
    this.markSplit(leaf.level, leaf.rx, leaf.rz);
  }

  has(leaf: Leaf): boolean {
    return this.map.get(this.key(leaf.level, leaf.rx, leaf.rz)) === leaf;
  }

  /**
   * The leaf of this level or coarser (up to maxLevel) containing region (level, rx, rz);
   * undefined if the area is split finer, or has no leaf (pruned, or beyond the roots).
   */
  holding(level: number, rx: number, rz: number, maxLevel: number): Leaf | undefined {
    for (let up = level; up <= maxLevel; up++) {
      const ratio = regionSize(up - level);
      const found = this.map.get(this.key(up, Math.floor(rx / ratio), Math.floor(rz / ratio)));
      if (found !== undefined) return found ?? undefined;
    }
    return undefined;
  }

  leaves(): Leaf[] {
    const out: Leaf[] = [];
    for (const node of this.map.values()) if (node) out.push(node);
    return out;
  }

  /** Unique within the square: local region coordinates are below width / 2^level. */
  private key(level: number, rx: number, rz: number): number {
    const size = regionSize(level);
    const lx = rx - this.originCx / size;
    const lz = rz - this.originCz / size;
    return (level * this.width + lx) * this.width + lz;
  }
}

/** Squared distance from the camera column to the nearest column of region (level, rx, rz). */
function nearest2(level: number, rx: number, rz: number, frame: Frame): number {
  const size = regionSize(level);
  const dx = clamp(frame.cx, rx * size, rx * size + size - 1) - frame.cx;
  const dz = clamp(frame.cz, rz * size, rz * size + size - 1) - frame.cz;
  return dx * dx + dz * dz;
}

/** Squared distance from the camera column to the farthest column of the region (a corner). */
function farthest2(level: number, rx: number, rz: number, frame: Frame): number {
  const size = regionSize(level);
  const dx = Math.max(Math.abs(rx * size - frame.cx), Math.abs(rx * size + size - 1 - frame.cx));
  const dz = Math.max(Math.abs(rz * size - frame.cz), Math.abs(rz * size + size - 1 - frame.cz));
  return dx * dx + dz * dz;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
