/**
 * Trees by biome, placed by a hash of (seed, x, z) like classic's: a tree is a pure function
 * of its trunk's position and the ground there, so a box only needs the trees within
 * TREE_REACH of it (its margin) to agree with every other box about every block.
 *
 * Leaves fill only air; logs fill air or leaves. Where crowns overlap, the tree first in
 * (z, x) order wins; every box visits trees in that order, so overlaps agree too.
 */
import { hashInts } from '../../noise';
import { Biome } from '../biome';
import { Block } from '../blocks';

export const TREE_REACH = 2;

export const TreeKind = { None: 0, Oak: 1, Birch: 2, Spruce: 3, Acacia: 4, Cactus: 5 } as const;

/** Trees per 1000 suitable columns, by biome id (Biome order). */
const DENSITY: readonly number[] = [
  0, // ocean
  0, // deep ocean
  0, // beach
  4, // plains
  28, // forest
  26, // birch forest
  5, // desert (cacti)
  5, // savanna
  12, // swamp
  22, // taiga
  4, // snowy plains
  3, // mountains
  0, // snowy peaks
  0, // river
];

/** The densest biome's density: treeAt's hash test fails everywhere at or above it. */
const MAX_DENSITY = Math.max(...DENSITY);

/**
 * Whether treeAt may find a tree at (wx, wz) in some biome: its hash test at the densest
 * biome's density. False rules a tree out without the column's ground, biome or top block
 * (about 97% of columns).
 */
export function mayHaveTree(treeSeed: number, wx: number, wz: number): boolean {
  return (hashInts(treeSeed, wx, wz) >>> 0) % 1000 < MAX_DENSITY;
}

/**
 * The tree at (wx, wz), packed kind | trunkHeight << 4 (0: none), given the biome and the
 * top block at its ground height h. Only on grass (snow too for spruce, sand for cactus),
 * and only above the sea: never in water.
 */
export function treeAt(treeSeed: number, biome: number, top: number, h: number, seaLevel: number, wx: number, wz: number): number {
  const density = DENSITY[biome] ?? 0;
  if (density === 0 || h <= seaLevel) return 0;
  const hash = hashInts(treeSeed, wx, wz) >>> 0;
  if (hash % 1000 >= density) return 0;
  const pick = (hash >>> 12) & 15;
  let kind: number;
  switch (biome) {
    case Biome.Desert:
      return top === Block.Sand ? TreeKind.Cactus | ((1 + (pick % 3)) << 4) : 0;
    case Biome.Taiga:
    case Biome.SnowyPlains:
    case Biome.Mountains:
      if (top !== Block.Grass && top !== Block.Snow) return 0;
      return TreeKind.Spruce | ((6 + (pick & 3)) << 4);
    case Biome.BirchForest:
      kind = TreeKind.Birch;
      break;
    case Biome.Savanna:
      kind = TreeKind.Acacia;
      break;
    case Biome.Forest:
      kind = pick < 3 ? TreeKind.Birch : TreeKind.Oak;
      break;
    case Biome.Plains:
      kind = pick < 2 ? TreeKind.Birch : TreeKind.Oak;
      break;
    default:
      kind = TreeKind.Oak;
  }
  if (top !== Block.Grass) return 0;
  const trunk = kind === TreeKind.Birch ? 5 + (pick & 3) : kind === TreeKind.Acacia ? 4 + (pick & 1) : 4 + ((pick >>> 2) & 3);
  return kind | (trunk << 4);
}

export type Put = (x: number, y: number, z: number, block: number) => void;

/**
 * Stamps tree `tree` (from treeAt) with its trunk on ground height h at box-relative (tx, tz).
 * `put` does the bounds and the replace rules.
 */
export function stampTree(put: Put, tree: number, treeSeed: number, tx: number, tz: number, h: number, wx: number, wz: number): void {
  const kind = tree & 15;
  const trunk = tree >>> 4;
  const crown = h + trunk;
  if (kind === TreeKind.Cactus) {
    for (let y = h + 1; y <= crown; y++) put(tx, y, tz, Block.Cactus);
    return;
  }
  const log = kind === TreeKind.Birch ? Block.BirchLog : kind === TreeKind.Spruce ? Block.SpruceLog : Block.Log;
  const leaves = kind === TreeKind.Birch ? Block.BirchLeaves : kind === TreeKind.Spruce ? Block.SpruceLeaves : Block.Leaves;
  if (kind === TreeKind.Spruce) {
    // A cone: a tip above the trunk, then rings of radius 1, 2, 1, 2 ... down to 3 above ground.
    put(tx, crown + 1, tz, leaves);
    for (let y = crown; y >= h + 3; y--) {
      const r = y === crown ? 0 : (crown - y) % 2 === 1 ? 1 : 2;
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          if (r === 2 && (dx === r || dx === -r) && (dz === r || dz === -r)) continue;
          put(tx + dx, y, tz + dz, leaves);
        }
      }
    }
  } else if (kind === TreeKind.Acacia) {
    // A flat, wide crown: radius 2 at the top of the trunk, radius 1 above it.
    for (let dz = -2; dz <= 2; dz++) {
      for (let dx = -2; dx <= 2; dx++) {
        if ((dx === 2 || dx === -2) && (dz === 2 || dz === -2)) continue;
        put(tx + dx, crown, tz + dz, leaves);
      }
    }
    for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) put(tx + dx, crown + 1, tz + dz, leaves);
  } else {
    // Oak and birch: classic's rounded crown.
    for (let y = crown - 2; y <= crown + 1; y++) {
      const r = y < crown ? 2 : 1;
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          if ((dx === r || dx === -r) && (dz === r || dz === -r) && (y === crown + 1 || (hashInts(treeSeed, wx + dx, wz + dz, y) & 1) === 0)) continue;
          put(tx + dx, y, tz + dz, leaves);
        }
      }
    }
  }
  for (let y = h + 1; y <= crown; y++) put(tx, y, tz, log);
}
