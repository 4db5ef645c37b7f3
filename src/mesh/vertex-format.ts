/**
 * The packed vertex: one uint32 per vertex, decoded in the vertex shader
 * (src/render/voxel-material.ts, which takes its shifts and masks from VERTEX_FIELDS as
 * `#define`s, so this table is the only place the layout is written down). Texture
 * coordinates are not stored: the shader derives them from the position and the face, so a
 * merged quad w blocks wide tiles its texture w times for free.
 *
 *   bits  0..4   x within the column, 0..16
 *   bits  5..9   z within the column, 0..16
 *   bits 10..18  y, 0..256
 *   bits 19..21  face, 0..5 (+x, -x, +y, -y, +z, -z)
 *   bits 22..23  ambient occlusion, 0 (darkest) .. 3 (open)
 *   bits 24..31  texture tile (layer of the texture array)
 */
export const BYTES_PER_VERTEX = 4;

/** Where each field sits: `(v >>> shift) & mask`. */
export const VERTEX_FIELDS = Object.freeze({
  x: Object.freeze({ shift: 0, mask: 31 }),
  z: Object.freeze({ shift: 5, mask: 31 }),
  y: Object.freeze({ shift: 10, mask: 511 }),
  face: Object.freeze({ shift: 19, mask: 7 }),
  ao: Object.freeze({ shift: 22, mask: 3 }),
  tile: Object.freeze({ shift: 24, mask: 255 }),
});

export type VertexField = keyof typeof VERTEX_FIELDS;

const { x: X, z: Z, y: Y, face: FACE, ao: AO, tile: TILE } = VERTEX_FIELDS;

export function packVertex(x: number, y: number, z: number, face: number, ao: number, tile: number): number {
  return ((x << X.shift) | (z << Z.shift) | (y << Y.shift) | (face << FACE.shift) | (ao << AO.shift) | (tile << TILE.shift)) >>> 0;
}

/** One field of a packed vertex. */
export function vertexField(v: number, field: VertexField): number {
  const f = VERTEX_FIELDS[field];
  return (v >>> f.shift) & f.mask;
}

export interface UnpackedVertex {
  x: number;
  y: number;
  z: number;
  face: number;
  ao: number;
  tile: number;
}

export function unpackVertex(v: number): UnpackedVertex {
  return {
    x: vertexField(v, 'x'),
    z: vertexField(v, 'z'),
    y: vertexField(v, 'y'),
    face: vertexField(v, 'face'),
    ao: vertexField(v, 'ao'),
    tile: vertexField(v, 'tile'),
  };
}

/**
 * Bytes the same mesh would take in three.js's usual layout: float32 position, normal
 * and uv plus a float AO per vertex, with a uint32 index. Used to report the saving.
 */
export const UNPACKED_BYTES_PER_VERTEX = (3 + 3 + 2 + 1) * 4;
