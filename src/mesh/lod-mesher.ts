/**
 * Meshes a sampled far region (src/world/lod-sample.ts) in the columns' own packed vertex
 * format, through QuadSink so winding and packing are the same. Coordinates are in cells:
 * x and z 0..16 (the renderer scales them by 2^level), y in blocks. Each cell is a block
 * column of its sample's height: a top, walls down to whatever beside it is lower, and a
 * water surface where water stands on it. Shading is flat (open AO, full skylight): at these
 * distances per-corner shading would only split quads. A level-1 canopy cell (lod-sample.ts)
 * is no different: its leaves' top and side tiles and tint, in the opaque pass like every
 * other top (no cut-out: at 200 blocks and more the holes would only shimmer), merging with
 * the leaves beside it at the same height.
 * Up to LOD_PIECE_MAX_LEVEL no quad crosses a column boundary (merges stop there): the
 * renderer draws such a region column by column and leaves out the columns loaded in full
 * detail (lod-pieces.ts).
 */
import {
  Block, BLOCK_COUNT, BLOCK_FACE_TILE, LEAF_BLOCKS, BLOCK_FACE_TINTED, Face, FACE_COUNT, LOD_REGION_CELLS, LodSide, lodGridIndex, lodSideIndex, lodTileCells, type LodSamples,
} from '../world';
import type { ColumnMeshData } from './mesh-data';
import { MeshPass } from './mesh-data';
import { packCornerAO, QuadSink } from './quad-sink';

const CELLS = LOD_REGION_CELLS;
/** All four corners open (AO 3) and in full skylight (15). */
const OPEN_AO = 0xff;
const FULL_LIGHT = 0xffff;
/** No quad at this cell (greedyRects key). */
const NONE = -1;

/**
 * The AO of a canopy's walls (level 1: a tree's leaves drawn down to the ground beside it):
 * open at the top, darker at the bottom (corners (u, v) with v = 0 at the foot). Lit evenly,
 * these walls made a forest's edge a pale sheet of leaves from crown to ground, where up
 * close the crowns are over trunks in their shade.
 */
export const CANOPY_WALL_AO = packCornerAO(1, 1, 3, 3);

/** Per block, the AO of its far walls: CANOPY_WALL_AO for leaves, else open. */
const WALL_AO: Uint8Array = (() => {
  const ao = new Uint8Array(BLOCK_COUNT).fill(OPEN_AO);
  for (const b of LEAF_BLOCKS) ao[b] = CANOPY_WALL_AO;
  return ao;
})();

/**
 * Per block and face, the tile a far wall or top shows: the block's own, except that snow
 * shows its top on every side. Its side tile is dirt under a white fringe, which a far wall
 * repeats once a block all the way down a slope: brown stripes where a snowy slope stands,
 * whose steps up close show mostly their white tops.
 */
export const LOD_FACE_TILE: Uint8Array = (() => {
  const tiles = BLOCK_FACE_TILE.slice();
  const snowTop = BLOCK_FACE_TILE[Block.Snow * FACE_COUNT + Face.PosY]!;
  for (let f = 0; f < FACE_COUNT; f++) tiles[Block.Snow * FACE_COUNT + f] = snowTop;
  return tiles;
})();

/** Per LodSide: its face, and the grid step to the neighbour it looks at. */
const SIDES = [
  { side: LodSide.PosX, face: Face.PosX, di: 1, dj: 0 },
  { side: LodSide.NegX, face: Face.NegX, di: -1, dj: 0 },
  { side: LodSide.PosZ, face: Face.PosZ, di: 0, dj: 1 },
  { side: LodSide.NegZ, face: Face.NegZ, di: 0, dj: -1 },
] as const;

export function meshLodRegion(samples: LodSamples, seaLevel: number): ColumnMeshData {
  const sink = new QuadSink(true);
  const tile = lodTileCells(samples.level);
  meshTops(sink, samples, tile);
  meshWalls(sink, samples, tile);
  meshWater(sink, samples, seaLevel, tile);
  return sink.finish();
}

/** The tint a quad of `block` carries on `face`: the cell's tint where that face's tile is tinted, else 0 (as columns do). */
function tintOf(block: number, face: number, tint: number): number {
  return BLOCK_FACE_TINTED[block * FACE_COUNT + face] ? tint : 0;
}

/** The end (exclusive) of the tile of `tile` cells holding cell index a. */
function tileEnd(a: number, tile: number): number {
  return (Math.floor(a / tile) + 1) * tile;
}

/**
 * Greedy rectangles over the 16 x 16 region cells: rectangles of equal non-NONE keys, grown
 * along i then j, never across a multiple of `tile`; calls emit(i, j, w, d, key) once per
 * rectangle.
 */
function greedyRects(keys: Int32Array, tile: number, emit: (i: number, j: number, w: number, d: number, key: number) => void): void {
  for (let j = 0; j < CELLS; j++) {
    for (let i = 0; i < CELLS; ) {
      const key = keys[i + CELLS * j]!;
      if (key === NONE) {
        i++;
        continue;
      }
      const iEnd = tileEnd(i, tile);
      const jEnd = tileEnd(j, tile);
      let w = 1;
      while (i + w < iEnd && keys[i + w + CELLS * j] === key) w++;
      let d = 1;
      grow: while (j + d < jEnd) {
        for (let k = 0; k < w; k++) if (keys[i + k + CELLS * (j + d)] !== key) break grow;
        d++;
      }
      for (let dj = 0; dj < d; dj++) keys.fill(NONE, i + CELLS * (j + dj), i + w + CELLS * (j + dj));
      emit(i, j, w, d, key);
      i += w;
    }
  }
}

/** Tops at h + 1, merged where height, tile and tint agree. Key: h | tile << 9 | tint << 17. */
function meshTops(sink: QuadSink, samples: LodSamples, tile: number): void {
  const keys = new Int32Array(CELLS * CELLS);
  for (let j = 0; j < CELLS; j++) {
    for (let i = 0; i < CELLS; i++) {
      const k = lodGridIndex(i, j);
      const top = samples.tops[k]!;
      const h = samples.heights[k]!;
      keys[i + CELLS * j] = top === Block.Air || h < 0 ? NONE : h | (LOD_FACE_TILE[top * FACE_COUNT + Face.PosY]! << 9) | (tintOf(top, Face.PosY, samples.tints[k]!) << 17);
    }
  }
  greedyRects(keys, tile, (i, j, w, d, key) => {
    sink.add(MeshPass.Opaque, Face.PosY, i, key & 511, j, w, d, OPEN_AO, FULL_LIGHT, (key >>> 9) & 255, key >>> 17);
  });
}

/** Water surfaces at sea level + 1 over the cells water stands on, merged; no water walls. */
function meshWater(sink: QuadSink, samples: LodSamples, seaLevel: number, tileCells: number): void {
  const keys = new Int32Array(CELLS * CELLS);
  for (let j = 0; j < CELLS; j++) for (let i = 0; i < CELLS; i++) keys[i + CELLS * j] = samples.underWater[lodGridIndex(i, j)] ? 1 : NONE;
  const tile = BLOCK_FACE_TILE[Block.Water * FACE_COUNT + Face.PosY]!;
  const tint = tintOf(Block.Water, Face.PosY, 0);
  greedyRects(keys, tileCells, (i, j, w, d) => sink.add(MeshPass.Translucent, Face.PosY, i, seaLevel, j, w, d, OPEN_AO, FULL_LIGHT, tile, tint));
}

/**
 * Walls: each side of a cell that is higher than what lies beyond it (the grid neighbour,
 * ring included, and the side's floor: skirts and cut walls) gets a face from that lower top
 * (floor + 1) up to its own (h + 1), with the top block's side tile. Runs of cells along the
 * side with the same wall merge into one quad, within a tile. Snow's walls are snow (LOD_FACE_TILE);
 * leaves' walls darken towards their foot (CANOPY_WALL_AO).
 */
function meshWalls(sink: QuadSink, samples: LodSamples, tile: number): void {
  const { heights, tops, tints, sideFloors } = samples;
  for (const { side, face, di, dj } of SIDES) {
    // ±x walls run along z (j), ±z walls along x (i): the face's u axis (faces.ts).
    const alongI = dj !== 0;
    for (let a = 0; a < CELLS; a++) {
      let run = 0;
      let runKey = NONE;
      let runFloor = 0;
      let runStart = 0;
      let runAo = OPEN_AO;
      const flush = (): void => {
        if (runKey === NONE) return;
        const h = runKey & 511;
        const i = alongI ? runStart : a;
        const j = alongI ? a : runStart;
        sink.add(MeshPass.Opaque, face, i, runFloor + 1, j, run, h - runFloor, runAo, FULL_LIGHT, (runKey >>> 9) & 255, runKey >>> 17);
      };
      for (let b = 0; b < CELLS; b++) {
        const i = alongI ? b : a;
        const j = alongI ? a : b;
        const k = lodGridIndex(i, j);
        const h = heights[k]!;
        const top = tops[k]!;
        // Never below y = 0: an edited cell may have no ground at all (height -1).
        const floor = Math.max(-1, Math.min(heights[lodGridIndex(i + di, j + dj)]!, sideFloors[lodSideIndex(side, i, j)]!));
        let key = NONE;
        if (top !== Block.Air && floor < h) key = h | (LOD_FACE_TILE[top * FACE_COUNT + face]! << 9) | (tintOf(top, face, tints[k]!) << 17);
        // The key's tile tells leaves from the rest, so a run never mixes wall AOs.
        if (key !== NONE && key === runKey && floor === runFloor && b % tile !== 0) {
          run++;
          continue;
        }
        flush();
        runKey = key;
        runFloor = floor;
        runAo = WALL_AO[top]!;
        runStart = b;
        run = 1;
      }
      flush();
    }
  }
}
