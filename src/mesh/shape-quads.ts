/**
 * Quads of the blocks that do not fill their cell: slabs, stairs and doors box by box, plants
 * as two crossed planes. They are few (edits, and plants on the surface), so this path reads
 * the padded volume through plain accessors and is shared as is by both meshers: the greedy
 * mesher's cube faces never include them (faces.ts, faceVisible), and the culled reference
 * emits these same quads, so the two stay comparable.
 *
 * A box face is drawn unless something covers it: an opaque neighbour, a box of the neighbour
 * on the same plane (two slabs side by side), or another box of the same block (a stair's step
 * standing on its tread). Faces on the cell's boundary are lit and shaded like a cube face
 * into the neighbour; faces inside the cell (a slab's top) like a face into the cell itself,
 * with the corner values interpolated to the face's corners.
 */
import {
  Block, WORLD_HEIGHT, BLOCK_FACE_TILE, BLOCK_OPAQUE, BLOCK_PARTIAL, BLOCK_SHAPE, BLOCK_TINTED, doorTile, Shape, shapeBoxes, torchSideTile, type Box16,
} from '../world';
import { blockAt, blockLightAt, faceAO, faceLight, lightAt, tintAt } from './volume-reads';
import { FACE_AXIS, FACE_CORNERS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS } from './faces';
import { passOf } from './mesh-data';
import { PADDED_LAYER, PADDED_SIZE, paddedIndex, stateAtIndex, type PaddedVolume } from './padded-volume';
import { aoOfCorner, blockLightOfCorner, lightOfCorner, type QuadSink } from './quad-sink';
import { CROSS_FACE, packMaterial, packVertex, VERTEX_FIELDS } from './vertex-format';

const FINE_Y = 2 ** VERTEX_FIELDS.fineY.shift;
const FULL_LIGHT_AO = 3;

/** A face rectangle in sixteenths along the face's u and v axes; empty when u0 >= u1 or v0 >= v1. */
interface Rect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

/**
 * `rect` less `cover` where the difference is one rectangle (cover spans it along u or v, or
 * covers it whole); otherwise `rect` unchanged (a covered middle is drawn over, not split).
 */
export function trimRect(rect: Rect, cover: Rect): void {
  const spansU = cover.u0 <= rect.u0 && cover.u1 >= rect.u1;
  const spansV = cover.v0 <= rect.v0 && cover.v1 >= rect.v1;
  if (cover.u1 <= rect.u0 || cover.u0 >= rect.u1 || cover.v1 <= rect.v0 || cover.v0 >= rect.v1) return;
  if (spansU && spansV) {
    rect.u1 = rect.u0;
    return;
  }
  if (spansU) {
    if (cover.v0 <= rect.v0) rect.v0 = cover.v1;
    else if (cover.v1 >= rect.v1) rect.v1 = cover.v0;
  } else if (spansV) {
    if (cover.u0 <= rect.u0) rect.u0 = cover.u1;
    else if (cover.u1 >= rect.u1) rect.u1 = cover.u0;
  }
}

/** The face of `box` looking along `face`, as a rectangle, and its plane (sixteenths along the normal). */
function faceOf(box: Box16, face: number): { rect: Rect; plane: number } {
  const axis = FACE_AXIS[face]!;
  const u = FACE_U_AXIS[face]!;
  const v = FACE_V_AXIS[face]!;
  return { rect: { u0: box[u]!, u1: box[u + 3]!, v0: box[v]!, v1: box[v + 3]! }, plane: FACE_SIGN[face] === 1 ? box[axis + 3]! : box[axis]! };
}

/** Trims `rect` (on `plane`, looking along `face`) by every box of `boxes` whose opposite face lies on `plane`. */
function trimByBoxes(rect: Rect, boxes: readonly Box16[], face: number, plane: number, skip: Box16 | null): void {
  const axis = FACE_AXIS[face]!;
  for (const other of boxes) {
    if (other === skip) continue;
    const otherPlane = FACE_SIGN[face] === 1 ? other[axis] : other[axis + 3];
    if (otherPlane !== plane) continue;
    trimRect(rect, faceOf(other, face ^ 1).rect);
    if (rect.u0 >= rect.u1 || rect.v0 >= rect.v1) return;
  }
}

/** Bilinear value of a corner word's four corners at (u, v) sixteenths across the face, rounded. */
function cornerValue(get: (cu: number, cv: number) => number, u: number, v: number): number {
  const sum = get(0, 0) * (16 - u) * (16 - v) + get(1, 0) * u * (16 - v) + get(0, 1) * (16 - u) * v + get(1, 1) * u * v;
  return Math.floor((sum + 128) / 256);
}

/**
 * The tile of a shape's face: a door's broad faces show the door, a wall torch's sides their
 * own tile, everything else its block's tile.
 */
function shapeTile(block: number, state: number, face: number, box: Box16): number {
  if (BLOCK_SHAPE[block] === Shape.Door) {
    const axis = FACE_AXIS[face]!;
    if (box[axis + 3]! - box[axis]! < 16) return doorTile(state);
  }
  if (BLOCK_SHAPE[block] === Shape.Torch && FACE_AXIS[face] !== 1) return torchSideTile(state);
  return BLOCK_FACE_TILE[block * 6 + face]!;
}

/** Quads of one shaped block at column-local (x, y, z). */
function emitBoxes(sink: QuadSink, volume: PaddedVolume, x: number, y: number, z: number, block: number, state: number): void {
  const boxes = shapeBoxes(block, state);
  const pass = passOf(block);
  const p = [0, 0, 0];
  const cell = [x, y, z];
  for (const box of boxes) {
    for (let face = 0; face < 6; face++) {
      const { rect, plane } = faceOf(box, face);
      trimByBoxes(rect, boxes, face, plane, box);
      if (rect.u0 >= rect.u1 || rect.v0 >= rect.v1) continue;
      const axis = FACE_AXIS[face]!;
      const sign = FACE_SIGN[face]!;
      const onBoundary = plane === (sign === 1 ? 16 : 0);
      // The cell whose light and AO the face takes, and the cell behind it that faceAO and
      // faceLight are asked about (they read the cell in front of the one they are given).
      const front = [x, y, z];
      if (onBoundary) {
        front[axis]! += sign;
        const neighbour = blockAt(volume, front[0]!, front[1]!, front[2]!);
        if (BLOCK_OPAQUE[neighbour]) continue;
        if (BLOCK_PARTIAL[neighbour] && front[1]! >= 0 && front[1]! < WORLD_HEIGHT) {
          const neighbourState = stateAtIndex(volume, paddedIndex(front[0]!, front[1]!, front[2]!));
          trimByBoxes(rect, shapeBoxes(neighbour, neighbourState), face, sign === 1 ? 0 : 16, null);
          if (rect.u0 >= rect.u1 || rect.v0 >= rect.v1) continue;
        }
      }
      const behind = [front[0]!, front[1]!, front[2]!];
      behind[axis]! -= sign;
      const aoWord = faceAO(volume, behind[0]!, behind[1]!, behind[2]!, face);
      const lightWord = faceLight(volume, behind[0]!, behind[1]!, behind[2]!, face);
      const tile = shapeTile(block, state, face, box);
      const ua = FACE_U_AXIS[face]!;
      const va = FACE_V_AXIS[face]!;
      const v: [number, number, number, number] = [0, 0, 0, 0];
      const m: [number, number, number, number] = [0, 0, 0, 0];
      const shade: [number, number, number, number] = [0, 0, 0, 0];
      FACE_CORNERS[face]!.forEach(([cu, cv], i) => {
        const u16 = cu ? rect.u1 : rect.u0;
        const v16 = cv ? rect.v1 : rect.v0;
        p[axis] = cell[axis]! * 16 + plane;
        p[ua] = cell[ua]! * 16 + u16;
        p[va] = cell[va]! * 16 + v16;
        const ao = cornerValue((a, b) => aoOfCorner(aoWord, a, b), u16, v16);
        const light = cornerValue((a, b) => lightOfCorner(lightWord, a, b), u16, v16);
        const blockLight = cornerValue((a, b) => blockLightOfCorner(lightWord, a, b), u16, v16);
        v[i] = packVertex(p[0]! >> 4, p[1]! >> 4, p[2]! >> 4, face, ao, light) + (p[1]! & 15) * FINE_Y;
        m[i] = packMaterial(tile, (p[0]! & 15) | ((p[2]! & 15) << 4), blockLight);
        shade[i] = ao + Math.max(light, blockLight);
      });
      // The diagonal through the brighter pair of corners, as QuadSink.add splits cube faces.
      if (shade[1] + shade[3] > shade[0] + shade[2]) sink.addCorners(pass, [v[1], v[2], v[3], v[0]], [m[1], m[2], m[3], m[0]], y);
      else sink.addCorners(pass, v, m, y);
    }
  }
}

/** A plant: two diagonal planes through the cell, each drawn from both sides, flat-lit by its cell. */
function emitCross(sink: QuadSink, volume: PaddedVolume, x: number, y: number, z: number, block: number): void {
  const light = lightAt(volume, x, y, z);
  const material = packMaterial(BLOCK_FACE_TILE[block * 6]!, tintAt(volume, block, x, z, 0), blockLightAt(volume, x, y, z));
  const corner = (dx: number, dy: number, dz: number) => packVertex(x + dx, y + dy, z + dz, CROSS_FACE, FULL_LIGHT_AO, light);
  const m: [number, number, number, number] = [material, material, material, material];
  const planes = [
    [corner(0, 0, 0), corner(1, 0, 1), corner(1, 1, 1), corner(0, 1, 0)],
    [corner(1, 0, 0), corner(0, 0, 1), corner(0, 1, 1), corner(1, 1, 0)],
  ] as const;
  const pass = passOf(block);
  for (const [a, b, c, d] of planes) {
    sink.addCorners(pass, [a, b, c, d], m, y);
    sink.addCorners(pass, [b, a, d, c], m, y);
  }
}

/**
 * Emits the quads of the partial blocks at `cells` (padded indices inside the column, in
 * ascending order so both meshers emit them alike).
 */
export function emitShapeQuads(sink: QuadSink, volume: PaddedVolume, cells: readonly number[]): void {
  for (const i of cells) {
    const block = volume.blocks[i]!;
    if (block === Block.Air || !BLOCK_PARTIAL[block]) continue;
    const y = Math.floor(i / PADDED_LAYER);
    const rest = i - y * PADDED_LAYER;
    const z = Math.floor(rest / PADDED_SIZE) - 1;
    const x = (rest % PADDED_SIZE) - 1;
    if (BLOCK_SHAPE[block] === Shape.Cross) emitCross(sink, volume, x, y, z, block);
    else emitBoxes(sink, volume, x, y, z, block, stateAtIndex(volume, i));
  }
}

/** Whether a partial block's material is tinted, which shapes cannot be (vertex-format.ts): checked by a test. */
export function shapeTintProblem(): string | null {
  for (let b = 0; b < BLOCK_PARTIAL.length; b++) {
    if (BLOCK_PARTIAL[b] && BLOCK_SHAPE[b] !== Shape.Cross && BLOCK_TINTED[b]) return `block ${b} is a tinted shape`;
  }
  return null;
}
