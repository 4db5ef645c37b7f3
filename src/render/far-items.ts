/**
 * Far terrain's items as the LOD worker sends them (src/mesh/lod-split.ts): what the main
 * thread does with them is cheap on purpose, views of the worker's arrays and a comparison
 * per face direction, no copy of a quad.
 */
import type { ColumnMeshData } from '../mesh';
import type { LodItem, LodSplit } from '../mesh/lod-split';
import { Face } from '../world';

/** An item's quads as a mesh of its own: subarray views of the split's arrays. */
export function farItemMesh(split: LodSplit, item: LodItem): ColumnMeshData {
  const quads = item.opaqueQuads + item.cutoutQuads + item.translucentQuads;
  const first = item.firstQuad;
  return {
    vertices: split.vertices.subarray(first * 4, (first + quads) * 4),
    materials: split.materials.subarray(first * 4, (first + quads) * 4),
    indices: split.indices.subarray(first * 6, (first + quads) * 6),
    opaqueIndexCount: item.opaqueQuads * 6,
    cutoutIndexCount: item.cutoutQuads * 6,
    translucentIndexCount: item.translucentQuads * 6,
  };
}

/**
 * Whether a camera at `eye` sees any quad of a face direction from the front, given the
 * direction's lowest and highest plane (same units as `eye`): a +x face on the plane x = p is
 * seen from the front only from x > p, and so on. A direction seen only from behind would
 * have all its triangles culled as back faces by the GPU, so it is left out.
 */
export function groupFacesEye(face: number, minPlane: number, maxPlane: number, eye: { x: number; y: number; z: number }): boolean {
  switch (face) {
    case Face.PosX: return eye.x > minPlane;
    case Face.NegX: return eye.x < maxPlane;
    case Face.PosY: return eye.y > minPlane;
    case Face.NegY: return eye.y < maxPlane;
    case Face.PosZ: return eye.z > minPlane;
    default: return eye.z < maxPlane;
  }
}
