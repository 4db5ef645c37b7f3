import { BLOCK_CUTOUT, BLOCK_TRANSLUCENT } from '../world';

/**
 * A meshed column as plain typed arrays, ready to transfer from a worker and to wrap in a
 * BufferGeometry without copying. Three index ranges over one vertex array, in draw order:
 * opaque quads, then cut-out ones (leaves, alpha-tested), then translucent ones (water).
 */
export interface ColumnMeshData {
  /** Packed vertices, four per quad; see vertex-format.ts. */
  vertices: Uint32Array;
  /** Tile and tint per vertex (vertex-format.ts, MATERIAL_FIELDS), parallel to `vertices`. */
  /** uint32 with block light (column meshes), uint16 without (far terrain): vertex-format.ts. */
  materials: Uint16Array | Uint32Array;
  /** Two triangles per quad. 16-bit when the vertex count allows it. */
  indices: Uint16Array | Uint32Array;
  /** Indices [0, opaqueIndexCount) draw the opaque pass. */
  opaqueIndexCount: number;
  /** The next cutoutIndexCount indices draw the cut-out pass (leaves). */
  cutoutIndexCount: number;
  /** The last translucentIndexCount indices draw water. */
  translucentIndexCount: number;
  /**
   * Within each pass, quads are ordered by section (src/world/sections.ts), by the y of their
   * block, top section first (quad-sink.ts says why); the greedy mesher never merges a quad
   * across sections. Entry p * (SECTIONS_PER_COLUMN + 1) + k is the first quad of section
   * SECTIONS_PER_COLUMN - 1 - k of pass p (MeshPass), counted from the mesh's first quad, and
   * the entry after a pass's last (k = SECTIONS_PER_COLUMN) is where the pass ends: any run of
   * sections of a pass is one contiguous index range, which is what lets the renderer draw
   * only some of a column's sections.
   */
  sectionStarts?: Uint32Array;
  /**
   * The visibility graph of each section, bottom first (src/mesh/section-graph.ts); with
   * sectionStarts, what cave-face culling needs. Absent for meshes that are not columns.
   */
  sectionGraphs?: Uint16Array;
}

/** Which range a quad goes in (QuadSink.add's `pass`). */
export const MeshPass = { Opaque: 0, Cutout: 1, Translucent: 2 } as const;

/** The pass a block's faces are drawn in (MeshPass). */
export function passOf(block: number): number {
  return BLOCK_TRANSLUCENT[block] ? MeshPass.Translucent : BLOCK_CUTOUT[block] ? MeshPass.Cutout : MeshPass.Opaque;
}

export function meshByteLength(mesh: ColumnMeshData): number {
  return mesh.vertices.byteLength + mesh.materials.byteLength + mesh.indices.byteLength;
}

export function quadCountOf(mesh: ColumnMeshData): number {
  return mesh.vertices.length / 4;
}

/** An empty mesh (no quads). */
export function emptyMeshData(): ColumnMeshData {
  return { vertices: new Uint32Array(0), materials: new Uint16Array(0), indices: new Uint16Array(0), opaqueIndexCount: 0, cutoutIndexCount: 0, translucentIndexCount: 0 };
}
