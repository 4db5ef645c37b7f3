/**
 * A far region's mesh sorted into the items the renderer draws (docs/architecture.md §7, "Far
 * terrain"), in the LOD worker: on the main thread the sorting copied every quad of every
 * arriving region, per arrival, beside drawing. Now the main thread only takes subarray views
 * of the items (src/render/far-items.ts) and places them.
 * - a region up to LOD_PIECE_MAX_LEVEL is cut into one piece per column (lod-pieces.ts), so
 *   a piece whose column is loaded in full detail is simply not drawn;
 * - every piece, or a coarser region whole, is split by the direction its faces look, with
 *   the nearest and farthest plane of each direction, so the renderer leaves out a direction
 *   the camera sees only from behind (Sodium's face culling): the GPU would cull each of
 *   those triangles as a back face anyway, after running the vertex shader on it.
 * All items share three arrays (quad-partition.ts), so the worker transfers three buffers
 * however many items a region has.
 */
import { COLUMN_SIZE, LOD_PIECE_MAX_LEVEL, LOD_REGION_CELLS, lodCellSize } from '../world';
import { columnOfQuad } from './lod-pieces';
import type { ColumnMeshData } from './mesh-data';
import { partitionQuads } from './quad-partition';
import { vertexField } from './vertex-format';

/** One item: a face direction of a piece of a region (or of the whole region). */
export interface LodItem {
  /** The item's square of columns: from column (tx, tz) of the region, `size` columns on a side. */
  tx: number;
  tz: number;
  size: number;
  /** Face (Face.PosX ...): every quad of the item looks this way. */
  face: number;
  /** The lowest and highest plane of its quads on the face's axis, in the mesh's units (x and z in cells, y in blocks). */
  minPlane: number;
  maxPlane: number;
  /** Its quads: from firstQuad of the split's arrays, opaque, then cut-out, then water. */
  firstQuad: number;
  opaqueQuads: number;
  cutoutQuads: number;
  translucentQuads: number;
}

/** A region's items over shared arrays; each item's indices count from its own first vertex. */
export interface LodSplit {
  vertices: Uint32Array;
  /** uint32 with block light (column meshes), uint16 without (far terrain): vertex-format.ts. */
  materials: Uint16Array | Uint32Array;
  indices: Uint16Array | Uint32Array;
  /** Items with quads only, by piece (tz, then tx), then in Face order. */
  items: LodItem[];
}

const FACES = 6;
const AXIS_FIELD = ['x', 'x', 'y', 'y', 'z', 'z'] as const;

/** `data` (meshLodRegion's mesh of a level-`level` region) as its items. */
export function splitLodRegion(data: ColumnMeshData, level: number): LodSplit {
  // LOD_REGION_CELLS cells of 2^level blocks: 2^level columns on a side.
  const columns = (LOD_REGION_CELLS * lodCellSize(level)) / COLUMN_SIZE;
  const cut = level <= LOD_PIECE_MAX_LEVEL;
  const pieces = cut ? columns : 1;
  const cellsPerColumn = LOD_REGION_CELLS / columns;
  const faceOf = (q: number) => vertexField(data.vertices[q * 4]!, 'face');
  const keyOf = cut ? (q: number) => columnOfQuad(data.vertices, q, cellsPerColumn, columns) * FACES + faceOf(q) : faceOf;
  const { vertices, materials, indices, counts, starts } = partitionQuads(data, pieces * pieces * FACES, keyOf);
  const items: LodItem[] = [];
  for (let key = 0; key < pieces * pieces * FACES; key++) {
    const firstQuad = starts[key]!;
    const end = starts[key + 1]!;
    if (end === firstQuad) continue;
    const face = key % FACES;
    const piece = (key - face) / FACES;
    let minPlane = Infinity;
    let maxPlane = -Infinity;
    // A quad is flat on its face's axis: its first corner gives its plane.
    for (let q = firstQuad; q < end; q++) {
      const plane = vertexField(vertices[q * 4]!, AXIS_FIELD[face]!);
      if (plane < minPlane) minPlane = plane;
      if (plane > maxPlane) maxPlane = plane;
    }
    items.push({
      tx: piece % pieces,
      tz: Math.floor(piece / pieces),
      size: cut ? 1 : columns,
      face,
      minPlane,
      maxPlane,
      firstQuad,
      opaqueQuads: counts[key * 3]!,
      cutoutQuads: counts[key * 3 + 1]!,
      translucentQuads: counts[key * 3 + 2]!,
    });
  }
  return { vertices, materials, indices, items };
}
