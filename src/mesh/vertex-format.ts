/**
 * The packed vertex: one uint32 per vertex, decoded in the vertex shader
 * (src/render/voxel-material.ts). Texture coordinates are not stored: the shader derives
 * them from the position and the face, so a merged quad w blocks wide tiles its texture
 * w times for free.
 *
 *   bits  0..4   x within the column, 0..16
 *   bits  5..9   z within the column, 0..16
 *   bits 10..18  y, 0..256
 *   bits 19..21  face, 0..5 (+x, -x, +y, -y, +z, -z)
 *   bits 22..23  ambient occlusion, 0 (darkest) .. 3 (open)
 *   bits 24..31  texture tile (layer of the texture array)
 */
export const BYTES_PER_VERTEX = 4;

export function packVertex(x: number, y: number, z: number, face: number, ao: number, tile: number): number {
  return (x | (z << 5) | (y << 10) | (face << 19) | (ao << 22) | (tile << 24)) >>> 0;
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
    x: v & 31,
    z: (v >>> 5) & 31,
    y: (v >>> 10) & 511,
    face: (v >>> 19) & 7,
    ao: (v >>> 22) & 3,
    tile: v >>> 24,
  };
}

/**
 * Bytes the same mesh would take in three.js's usual layout: float32 position, normal
 * and uv plus a float AO per vertex, with a uint32 index. Used to report the saving.
 */
export const UNPACKED_BYTES_PER_VERTEX = (3 + 3 + 2 + 1) * 4;
