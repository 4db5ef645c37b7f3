/**
 * The packed vertex: two attributes, decoded in the vertex shader
 * (src/render/voxel-material.ts, which takes its shifts and masks from VERTEX_FIELDS and
 * MATERIAL_FIELDS as `#define`s, so these tables are the only place the layout is written
 * down). Texture coordinates are not stored: the shader derives them from the position and
 * the face, so a merged quad w blocks wide tiles its texture w times for free.
 *
 * `packedVertex`, one uint32 per vertex:
 *   bits  0..4   x within the column, 0..16
 *   bits  5..9   z within the column, 0..16
 *   bits 10..18  y, 0..256
 *   bits 19..21  face, 0..5 (+x, -x, +y, -y, +z, -z)
 *   bits 22..23  ambient occlusion, 0 (darkest) .. 3 (open)
 *   bits 24..27  skylight, 0 (dark) .. 15 (open sky), smoothed per corner
 *   bits 28..31  fineY: sixteenths of a block added to y (shapes: a slab's top at y + 8/16)
 *   face 6 is a plant's cross (a diagonal plane, lit as if facing up)
 *
 * `material`, per vertex (the same for the four corners of a quad, but for fineX, fineZ and
 * block light, which are per vertex):
 *   bits  0..7   texture tile (layer of the texture array)
 *   bits  8..15  climate tint byte (biome.ts, climateTint) for tinted tiles (TILE_TINT); for
 *                untinted tiles fineX (bits 8..11) and fineZ (bits 12..15), the sixteenths
 *                added to x and z. Shapes (slabs, stairs, doors) are never tinted, and tinted
 *                cubes and plants sit on whole blocks, so the byte is never needed twice.
 *   bits 16..19  block light, 0..15 (torches, glowstone, lava), smoothed per corner
 * Column meshes store it as a uint32 (BYTES_PER_VERTEX: 8); far terrain, which has no block
 * light, as a uint16 (FAR_BYTES_PER_VERTEX: 6): the shader reads a `uint` either way.
 * The vertex word had no bit left for block light (fineY took the last four), and skylight and
 * block light stay apart because the shader scales only the skylight by the time of day.
 */
import { TILE_TINT } from '../world/blocks';

export const BYTES_PER_VERTEX = 8;
/** Far terrain's vertices: a uint16 material, since block light never shows that far. */
export const FAR_BYTES_PER_VERTEX = 6;

/** Where each field of `packedVertex` sits: `(v >>> shift) & mask`. */
export const VERTEX_FIELDS = Object.freeze({
  x: Object.freeze({ shift: 0, mask: 31 }),
  z: Object.freeze({ shift: 5, mask: 31 }),
  y: Object.freeze({ shift: 10, mask: 511 }),
  face: Object.freeze({ shift: 19, mask: 7 }),
  ao: Object.freeze({ shift: 22, mask: 3 }),
  light: Object.freeze({ shift: 24, mask: 15 }),
  fineY: Object.freeze({ shift: 28, mask: 15 }),
});

/** The cross of a plant (tall grass, flowers): face code 6, beside the six cube faces. */
export const CROSS_FACE = 6;

/** Where each field of `material` sits. */
export const MATERIAL_FIELDS = Object.freeze({
  tile: Object.freeze({ shift: 0, mask: 255 }),
  tint: Object.freeze({ shift: 8, mask: 255 }),
  fineX: Object.freeze({ shift: 8, mask: 15 }),
  fineZ: Object.freeze({ shift: 12, mask: 15 }),
  blockLight: Object.freeze({ shift: 16, mask: 15 }),
});

export type VertexField = keyof typeof VERTEX_FIELDS;
export type MaterialField = keyof typeof MATERIAL_FIELDS;

const { x: X, z: Z, y: Y, face: FACE, ao: AO, light: LIGHT } = VERTEX_FIELDS;
const { tile: TILE, tint: TINT, blockLight: BLOCK_LIGHT } = MATERIAL_FIELDS;

export function packVertex(x: number, y: number, z: number, face: number, ao: number, light: number): number {
  return ((x << X.shift) | (z << Z.shift) | (y << Y.shift) | (face << FACE.shift) | (ao << AO.shift) | (light << LIGHT.shift)) >>> 0;
}

export function packMaterial(tile: number, tint: number, blockLight = 0): number {
  return (tile << TILE.shift) | (tint << TINT.shift) | (blockLight << BLOCK_LIGHT.shift);
}

/** One field of a packed vertex. */
export function vertexField(v: number, field: VertexField): number {
  const f = VERTEX_FIELDS[field];
  return (v >>> f.shift) & f.mask;
}

/** One field of a packed material. */
export function materialField(m: number, field: MaterialField): number {
  const f = MATERIAL_FIELDS[field];
  return (m >>> f.shift) & f.mask;
}

export interface UnpackedVertex {
  x: number;
  y: number;
  z: number;
  face: number;
  ao: number;
  light: number;
  /** Block light 0..15 (torches, glowstone, lava). */
  blockLight: number;
  tile: number;
  tint: number;
  /** Sixteenths added to x, y and z (0 for cube faces). fineX and fineZ only for untinted tiles. */
  fineX: number;
  fineY: number;
  fineZ: number;
}

/** A vertex from its two attributes (material 0 when only the position word is at hand). */
export function unpackVertex(v: number, material = 0): UnpackedVertex {
  // The tint byte is a climate on tinted tiles, sixteenths on the others.
  const fine = TILE_TINT[materialField(material, 'tile')] ? 0 : material;
  return {
    x: vertexField(v, 'x'),
    z: vertexField(v, 'z'),
    y: vertexField(v, 'y'),
    face: vertexField(v, 'face'),
    ao: vertexField(v, 'ao'),
    light: vertexField(v, 'light'),
    blockLight: materialField(material, 'blockLight'),
    tile: materialField(material, 'tile'),
    tint: materialField(material, 'tint'),
    fineX: materialField(fine, 'fineX'),
    fineY: vertexField(v, 'fineY'),
    fineZ: materialField(fine, 'fineZ'),
  };
}

/**
 * Bytes the same mesh would take in three.js's usual layout: float32 position, normal
 * and uv plus a float AO per vertex, with a uint32 index. Used to report the saving.
 */
export const UNPACKED_BYTES_PER_VERTEX = (3 + 3 + 2 + 1) * 4;
