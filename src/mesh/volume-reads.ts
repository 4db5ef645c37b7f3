/**
 * What a face's shading reads from a padded volume, through plain accessors: the block and
 * light around it, its AO and corner light words, its tint. The culled reference mesher and the
 * shape quads (shape-quads.ts) both use these; the greedy mesher has its own unrolled copies
 * over its work volume, checked against these face by face.
 */
import { BLOCK_FACE_TINTED, BLOCK_OPAQUE, BLOCK_SOLID, WORLD_HEIGHT } from '../world';
import { cornerLight, FACE_AXIS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS, OUTSIDE_LIGHT, seeThroughFaceLight, vertexAO } from './faces';
import { paddedIndex, PADDED_SIZE, type PaddedVolume } from './padded-volume';
import { packCornerAO, packCornerLight } from './quad-sink';

/**
 * Block at column-local (x, y, z). Outside the world, above and below, is air: the camera can
 * go under y = 0, and from there the terrain must look closed, so the floor's faces show.
 */
export function blockAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  if (y >= WORLD_HEIGHT || y < 0) return 0;
  return volume.blocks[paddedIndex(x, y, z)]!;
}

/** Skylight at column-local (x, y, z); OUTSIDE_LIGHT above and below the world. */
export function lightAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  if (y >= WORLD_HEIGHT || y < 0) return OUTSIDE_LIGHT;
  return volume.light[paddedIndex(x, y, z)]!;
}

/** Block light at column-local (x, y, z); 0 above and below the world. */
export function blockLightAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  if (y >= WORLD_HEIGHT || y < 0 || !volume.hasBlockLight) return 0;
  return volume.blockLight[paddedIndex(x, y, z)]!;
}

/** Calls `read(du, dv)` on the cells around the face's outside neighbour, in its plane. */
function aroundFace<T>(x: number, y: number, z: number, face: number, read: (p: number[]) => T): (du: number, dv: number) => T {
  const n = [x, y, z];
  n[FACE_AXIS[face]!]! += FACE_SIGN[face]!;
  const u = FACE_U_AXIS[face]!;
  const v = FACE_V_AXIS[face]!;
  return (du, dv) => {
    const p = [n[0]!, n[1]!, n[2]!];
    p[u]! += du;
    p[v]! += dv;
    return read(p);
  };
}

/** AO word for the face of block (x, y, z) looking along `face`. */
export function faceAO(volume: PaddedVolume, x: number, y: number, z: number, face: number): number {
  const solid = aroundFace(x, y, z, face, (p) => BLOCK_SOLID[blockAt(volume, p[0]!, p[1]!, p[2]!)]!);
  const ao = (du: number, dv: number): number => vertexAO(solid(du, 0), solid(0, dv), solid(du, dv));
  return packCornerAO(ao(-1, -1), ao(1, -1), ao(-1, 1), ao(1, 1));
}

/**
 * Corner light word (packCornerLight: skylight, then block light) for the face of block
 * (x, y, z) looking along `face`: each light smoothed over the same cells.
 */
export function faceLight(volume: PaddedVolume, x: number, y: number, z: number, face: number): number {
  const sky = aroundFace(x, y, z, face, (p) => lightAt(volume, p[0]!, p[1]!, p[2]!));
  const block = aroundFace(x, y, z, face, (p) => blockLightAt(volume, p[0]!, p[1]!, p[2]!));
  const opaque = aroundFace(x, y, z, face, (p) => BLOCK_OPAQUE[blockAt(volume, p[0]!, p[1]!, p[2]!)]!);
  const corner = (light: (du: number, dv: number) => number, du: number, dv: number): number =>
    cornerLight(light(0, 0), light(du, 0), opaque(du, 0), light(0, dv), opaque(0, dv), light(du, dv), opaque(du, dv));
  const corners = (light: (du: number, dv: number) => number) => [corner(light, -1, -1), corner(light, 1, -1), corner(light, -1, 1), corner(light, 1, 1)] as const;
  const [s00, s10, s01, s11] = corners(sky);
  const [b00, b10, b01, b11] = corners(block);
  return packCornerLight(s00, s10, s01, s11, b00, b10, b01, b11);
}

/** The corner light word of a see-through block's face into cell (x, y, z): flat, both lights (faces.ts, seeThroughFaceLight). */
export function seeThroughLightAt(volume: PaddedVolume, x: number, y: number, z: number): number {
  return seeThroughFaceLight(lightAt(volume, x, y, z)) + seeThroughFaceLight(blockLightAt(volume, x, y, z)) * 65536;
}

/** The tint byte a block's face carries: its column's climate tint if that face's tile is tinted, else 0. */
export function tintAt(volume: PaddedVolume, block: number, x: number, z: number, face: number): number {
  return BLOCK_FACE_TINTED[block * 6 + face] ? volume.tints[x + 1 + PADDED_SIZE * (z + 1)]! : 0;
}

