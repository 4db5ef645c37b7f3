/**
 * Generated terrain of whole columns, kept per thread: the blocks, surface heights and climate
 * tints the terrain function gives a column, before edits. A column lit by a light source in
 * a neighbour needs its whole 3 x 3 neighbourhood (build-volume.ts), which costs about three
 * times a column's own box to generate; the neighbours are usually columns this worker has
 * just built, so their terrain is kept here and copied instead of generated again.
 *
 * A memo of a pure function (the terrain is a function of its parameters and the position),
 * so what it holds never changes a result: only how long it takes.
 */
import { COLUMN_SIZE } from '../world';

const AREA = COLUMN_SIZE * COLUMN_SIZE;

/** One column's generated terrain. */
export interface TerrainTile {
  /** Blocks of layers 0..top, index x + 16 z + 256 y (column-local). Above top: air. */
  blocks: Uint8Array;
  /** Highest layer holding a block (-1: none). */
  top: number;
  /** Surface height and climate tint byte per block column, index x + 16 z. */
  heights: Int16Array;
  tints: Uint8Array;
}

/** Tiles kept per thread: 3 x 3 for the column being built and room for the streaming around it (about 3 MB). */
export const DEFAULT_TILE_CAPACITY = 96;

/** One world's tiles (a thread serves both worlds of the swipe view: each keeps its own). */
export class TerrainTiles {
  /** Insertion order is use order: the first entry is the least recently used. */
  private readonly tiles = new Map<string, TerrainTile>();

  constructor(private readonly capacity = DEFAULT_TILE_CAPACITY) {}

  get(cx: number, cz: number): TerrainTile | undefined {
    const key = `${cx},${cz}`;
    const tile = this.tiles.get(key);
    if (tile) {
      this.tiles.delete(key);
      this.tiles.set(key, tile);
    }
    return tile;
  }

  /**
   * Keeps column (cx, cz)'s terrain, cut from a generated box (`width` x `depth`, layers
   * 0..boxTop, laid out as the terrain fills it) whose block (0, 0) is at box (ox, oz).
   */
  keepFromBox(
    cx: number, cz: number, blocks: Uint8Array, heights: Int16Array, tints: Uint8Array, width: number, depth: number, boxTop: number, ox: number, oz: number,
  ): void {
    const key = `${cx},${cz}`;
    if (this.tiles.has(key)) return;
    const layer = width * depth;
    // The column's own top first (the box's may be a neighbour's), so one array of its size.
    let top = boxTop;
    for (; top >= 0; top--) {
      let any = 0;
      for (let z = 0; z < COLUMN_SIZE && any === 0; z++) {
        const src = ox + width * (oz + z) + layer * top;
        for (let x = 0; x < COLUMN_SIZE; x++) any |= blocks[src + x]!;
      }
      if (any !== 0) break;
    }
    const out = new Uint8Array(AREA * (top + 1));
    for (let y = 0; y <= top; y++) {
      for (let z = 0; z < COLUMN_SIZE; z++) {
        const src = ox + width * (oz + z) + layer * y;
        const dst = COLUMN_SIZE * z + AREA * y;
        for (let x = 0; x < COLUMN_SIZE; x++) out[dst + x] = blocks[src + x]!;
      }
    }
    const tileHeights = new Int16Array(AREA);
    const tileTints = new Uint8Array(AREA);
    for (let z = 0; z < COLUMN_SIZE; z++) {
      for (let x = 0; x < COLUMN_SIZE; x++) {
        tileHeights[x + COLUMN_SIZE * z] = heights[ox + x + width * (oz + z)]!;
        tileTints[x + COLUMN_SIZE * z] = tints[ox + x + width * (oz + z)]!;
      }
    }
    this.tiles.set(key, { blocks: out, top, heights: tileHeights, tints: tileTints });
    if (this.tiles.size > this.capacity) this.tiles.delete(this.tiles.keys().next().value!);
  }

  get size(): number {
    return this.tiles.size;
  }
}

/**
 * Copies `tile` into layers 0..layers-1 of a box (`width` x `depth`) at box (ox, oz), air above
 * its top; its heights and tints likewise into per-column box arrays.
 */
export function copyTileIntoBox(
  tile: TerrainTile, blocks: Uint8Array, heights: Int16Array, tints: Uint8Array, width: number, depth: number, ox: number, oz: number, layers: number,
): void {
  const layer = width * depth;
  const src = tile.blocks;
  // A torch's five columns copy nine tiles each, and byte by byte that was the most of their
  // generation: rows of 16 bytes at offsets that are multiples of 4 go as four 32-bit words.
  const words = (ox | width | layer) % 4 === 0 && blocks.byteOffset % 4 === 0 && src.byteOffset % 4 === 0;
  const to32 = words ? new Uint32Array(blocks.buffer, blocks.byteOffset, blocks.length >> 2) : null;
  const from32 = words ? new Uint32Array(src.buffer, src.byteOffset, src.length >> 2) : null;
  for (let y = 0; y < layers; y++) {
    const inTile = y <= tile.top;
    for (let z = 0; z < COLUMN_SIZE; z++) {
      const to = ox + width * (oz + z) + layer * y;
      if (!inTile) {
        blocks.fill(0, to, to + COLUMN_SIZE);
        continue;
      }
      const from = COLUMN_SIZE * z + AREA * y;
      if (to32 && from32) {
        const t = to >> 2;
        const f = from >> 2;
        to32[t] = from32[f]!;
        to32[t + 1] = from32[f + 1]!;
        to32[t + 2] = from32[f + 2]!;
        to32[t + 3] = from32[f + 3]!;
        continue;
      }
      for (let x = 0; x < COLUMN_SIZE; x++) blocks[to + x] = src[from + x]!;
    }
  }
  for (let z = 0; z < COLUMN_SIZE; z++) {
    for (let x = 0; x < COLUMN_SIZE; x++) {
      heights[ox + x + width * (oz + z)] = tile.heights[x + COLUMN_SIZE * z]!;
      tints[ox + x + width * (oz + z)] = tile.tints[x + COLUMN_SIZE * z]!;
    }
  }
}

/** Worlds whose tiles a thread keeps at once: the two of the swipe view. */
const WORLDS_KEPT = 2;

/** Tiles per world (worldParamsKey), the most recently used worlds only. */
export class WorldTiles {
  private readonly worlds = new Map<string, TerrainTiles>();

  /** The tiles of world `key`, made when first asked for; the least recent world beyond WORLDS_KEPT is forgotten. */
  of(key: string): TerrainTiles {
    let tiles = this.worlds.get(key);
    if (tiles) this.worlds.delete(key);
    else tiles = new TerrainTiles();
    this.worlds.set(key, tiles);
    if (this.worlds.size > WORLDS_KEPT) this.worlds.delete(this.worlds.keys().next().value!);
    return tiles;
  }
}
