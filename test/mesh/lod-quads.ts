/**
 * Reads a LOD mesh back into quads (boxes in cell coordinates, one axis flat), and asks
 * whether a region's walls cover a given stretch: what the LOD mesher tests check against.
 */
import { FACE_AXIS, MeshPass, unpackVertex, type ColumnMeshData } from '../../src/mesh';

export interface LodQuad {
  pass: number;
  face: number;
  tile: number;
  tint: number;
  ao: number[];
  /** Each corner's y, in the order of `ao` and `light`. */
  cornerY: number[];
  light: number[];
  /** Extent per axis (x, y, z): [min, max]; min === max along the face's axis. */
  min: [number, number, number];
  max: [number, number, number];
}

export function lodQuads(mesh: ColumnMeshData): LodQuad[] {
  const out: LodQuad[] = [];
  const opaqueQuads = mesh.opaqueIndexCount / 6;
  const cutoutQuads = mesh.cutoutIndexCount / 6;
  for (let q = 0; q < mesh.vertices.length / 4; q++) {
    const corners = [0, 1, 2, 3].map((c) => unpackVertex(mesh.vertices[q * 4 + c]!, mesh.materials[q * 4 + c]));
    const xs = corners.map((c) => [c.x, c.y, c.z] as const);
    out.push({
      pass: q < opaqueQuads ? MeshPass.Opaque : q < opaqueQuads + cutoutQuads ? MeshPass.Cutout : MeshPass.Translucent,
      face: corners[0]!.face,
      tile: corners[0]!.tile,
      tint: corners[0]!.tint,
      ao: corners.map((c) => c.ao),
      cornerY: corners.map((c) => c.y),
      light: corners.map((c) => c.light),
      min: [0, 1, 2].map((a) => Math.min(...xs.map((v) => v[a]!))) as [number, number, number],
      max: [0, 1, 2].map((a) => Math.max(...xs.map((v) => v[a]!))) as [number, number, number],
    });
    // Every corner of a quad has the same face and material.
    for (const c of corners) if (c.face !== corners[0]!.face || c.tile !== corners[0]!.tile || c.tint !== corners[0]!.tint) throw new Error(`quad ${q} mixes corners`);
  }
  return out;
}

/**
 * Whether the walls of `face` (±x or ±z) on the plane `plane` (cell units) cover the cell
 * side from `along` to `along + 1` (cell units along the other horizontal axis) over y in
 * [y0, y1]. Merged walls may span more cells; several may stack.
 */
export function wallCovers(quads: readonly LodQuad[], face: number, plane: number, along: number, y0: number, y1: number): boolean {
  const axis = FACE_AXIS[face]!;
  const alongAxis = axis === 0 ? 2 : 0;
  const spans = quads
    .filter((q) => q.face === face && q.pass === MeshPass.Opaque && q.min[axis] === plane && q.min[alongAxis] <= along && q.max[alongAxis] >= along + 1)
    .map((q) => [q.min[1], q.max[1]] as const)
    .sort((a, b) => a[0] - b[0]);
  let reached = y0;
  for (const [lo, hi] of spans) if (lo <= reached && hi > reached) reached = hi;
  return reached >= y1;
}
