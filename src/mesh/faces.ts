/**
 * Geometry of the six faces, shared by every mesher. Each face has a normal axis and two
 * tangent axes (u, v); a quad covers [0, w] x [0, h] in (u, v) on the plane one block
 * past the origin block along the normal (or at it, for negative faces).
 */
import { BLOCK_COUNT, BLOCK_CULLS_SELF, BLOCK_CUTOUT, BLOCK_OPAQUE, BLOCK_PARTIAL, BLOCK_TRANSLUCENT, Face } from '../world';

/** Axis index (0 = x, 1 = y, 2 = z) of each face's normal. */
export const FACE_AXIS = [0, 0, 1, 1, 2, 2] as const;
/** +1 or -1: which way the face looks along its axis. */
export const FACE_SIGN = [1, -1, 1, -1, 1, -1] as const;
/** Tangent axes: ±x faces span (z, y), ±y faces (x, z), ±z faces (x, y). */
export const FACE_U_AXIS = [2, 2, 0, 0, 0, 0] as const;
export const FACE_V_AXIS = [1, 1, 2, 2, 1, 1] as const;
/**
 * Corner order in (u, v) so that triangles wind counter-clockwise seen from outside
 * (three.js front faces). u x v points along -normal for +x, +y and -z faces, so
 * those walk the corners the other way round.
 */
const CCW: readonly (readonly [number, number])[] = [[0, 0], [1, 0], [1, 1], [0, 1]];
const CW: readonly (readonly [number, number])[] = [[0, 0], [0, 1], [1, 1], [1, 0]];
export const FACE_CORNERS: readonly (readonly (readonly [number, number])[])[] = [
  CW, CCW, CW, CCW, CCW, CW,
];

export { Face };

/** Skylight outside the world (above and below it): open sky. */
export const OUTSIDE_LIGHT = 15;

/**
 * Classic three-neighbour vertex AO (0fps.net, "Ambient occlusion for Minecraft-like
 * worlds"): two sides and the corner between them, in the layer the face looks into.
 * Returns 0 (both sides solid) .. 3 (nothing around).
 */
export function vertexAO(side1: number, side2: number, corner: number): number {
  if (side1 && side2) return 0;
  return 3 - (side1 + side2 + corner);
}

/**
 * Smooth light of a face corner: the rounded mean light of the see-through cells around the
 * corner in the layer the face looks into (the cells AO reads): the face's own neighbour
 * (always see-through), the two sides, and the diagonal unless both sides are opaque (light
 * does not squeeze between two walls). `o*` are 1 for opaque cells.
 */
export function cornerLight(own: number, side1: number, o1: number, side2: number, o2: number, corner: number, oc: number): number {
  let sum = own;
  let count = 1;
  if (!o1) {
    sum += side1;
    count++;
  }
  if (!o2) {
    sum += side2;
    count++;
  }
  if (!(o1 && o2) && !oc) {
    sum += corner;
    count++;
  }
  return Math.floor((2 * sum + count) / (2 * count));
}

/**
 * The corner light word of a see-through block's face (leaves, water): flat, the light of the
 * cell it looks into at all four corners, with open AO. Smooth light and AO on the faces inside
 * a crown vary from face to face, so the greedy merge could hardly join any: measured on a
 * forest, flat shading halves the leaf quads (1,391 to about 700 per column), and a leaf
 * texture full of holes hides the difference. Leaves still shade the ground and walls around
 * them (they are solid for AO and filter the skylight). Measured on the forest at the spawn
 * of seed "bench": leaf quads per column 1,391 with smooth light, 1,057 flat, about 500 flat
 * with the rounding below.
 */
export function seeThroughFaceLight(own: number): number {
  return SEE_THROUGH_LIGHT_WORD[own]!;
}

/**
 * seeThroughFaceLight by light level: the level rounded up to 3, 7, 11 or 15 (0 stays 0),
 * repeated at the four corners. The skylight drops by one per leaf layer, so without the
 * rounding every layer of a crown would have its own light and no two layers could merge.
 */
export const SEE_THROUGH_LIGHT_WORD: Uint16Array = Uint16Array.from({ length: 16 }, (_, l) => (l === 0 ? 0 : l | 3) * 0x1111);

/**
 * Whether a face of block `a` toward neighbour `b` is drawn. Opaque and cut-out blocks
 * (leaves) show against anything that is not opaque, so leaves keep the faces between them
 * (Minecraft's fancy leaves) and the ground shows under them; glass, which hides its faces
 * toward glass, is the exception. Water only shows against air (so lakes have a surface but
 * no internal walls, and the sea bed shows through), against another see-through block
 * (ice in water), and against a partial block (a slab's empty half). Partial blocks (slabs, stairs, doors, plants) have no cube faces: they are
 * meshed box by box (shape-quads.ts).
 */
export function faceVisible(a: number, b: number): boolean {
  if (a === 0 || BLOCK_PARTIAL[a]) return false;
  if (BLOCK_OPAQUE[a] || BLOCK_CUTOUT[a]) return BLOCK_OPAQUE[b] === 0 && !(BLOCK_CULLS_SELF[a] === 1 && a === b);
  // Water also shows against partial blocks: beside a slab, its side would be a hole.
  return b === 0 || BLOCK_PARTIAL[b] === 1 || (BLOCK_TRANSLUCENT[b] === 1 && b !== a);
}

/** faceVisible for every pair, FACE_SHOWS[a * BLOCK_COUNT + b]: one read in the mesher's inner loop. */
export const FACE_SHOWS: Uint8Array = Uint8Array.from({ length: BLOCK_COUNT * BLOCK_COUNT }, (_, i) =>
  faceVisible(Math.floor(i / BLOCK_COUNT), i % BLOCK_COUNT) ? 1 : 0,
);
