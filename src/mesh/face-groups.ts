/**
 * A mesh's quads grouped by the direction their faces look (+x, -x, +y, -y, +z, -z), with the
 * nearest and farthest plane of each group, so the renderer can leave out a whole group the
 * camera sees only from behind (Sodium's face culling). The GPU would cull every one of those
 * triangles as back faces anyway, one by one, after running the vertex shader on them: left
 * out, they cost nothing, and the picture cannot change.
 */
import { Face } from '../world';
import type { ColumnMeshData } from './mesh-data';
import { partitionQuads } from './quad-partition';
import { vertexField } from './vertex-format';

export interface FaceGroup {
  /** Face (Face.PosX ...): every quad of the group looks this way. */
  face: number;
  mesh: ColumnMeshData;
  /** The lowest and highest plane of the group's quads on the face's axis (local units: x, y or z). */
  minPlane: number;
  maxPlane: number;
}

const AXIS_FIELD = ['x', 'x', 'y', 'y', 'z', 'z'] as const;

/** `data`'s quads by face, groups without quads left out, in Face order. */
export function groupByFace(data: ColumnMeshData): FaceGroup[] {
  const faceOf = (q: number) => vertexField(data.vertices[q * 4]!, 'face');
  const meshes = partitionQuads(data, 6, faceOf);
  const groups: FaceGroup[] = [];
  meshes.forEach((mesh, face) => {
    if (!mesh) return;
    let minPlane = Infinity;
    let maxPlane = -Infinity;
    for (let v = 0; v < mesh.vertices.length; v++) {
      const plane = vertexField(mesh.vertices[v]!, AXIS_FIELD[face]!);
      if (plane < minPlane) minPlane = plane;
      if (plane > maxPlane) maxPlane = plane;
    }
    groups.push({ face, mesh, minPlane, maxPlane });
  });
  return groups;
}

/**
 * Whether a camera at `eye` (in the group's local units) sees any quad of a group from the
 * front: a +x face on the plane x = p is seen from the front only from x > p, and so on.
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
