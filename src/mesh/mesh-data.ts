/**
 * A meshed column as plain typed arrays, ready to transfer from a worker and to wrap in a
 * BufferGeometry without copying. Opaque quads come first, then translucent (water) ones;
 * both index ranges use the same vertex array.
 */
export interface ColumnMeshData {
  /** Packed vertices, four per quad; see vertex-format.ts. */
  vertices: Uint32Array;
  /** Two triangles per quad. 16-bit when the vertex count allows it. */
  indices: Uint16Array | Uint32Array;
  /** Indices [0, opaqueIndexCount) draw the opaque pass. */
  opaqueIndexCount: number;
  /** Indices [opaqueIndexCount, opaqueIndexCount + translucentIndexCount) draw water. */
  translucentIndexCount: number;
}

export function meshByteLength(mesh: ColumnMeshData): number {
  return mesh.vertices.byteLength + mesh.indices.byteLength;
}

export function quadCountOf(mesh: ColumnMeshData): number {
  return mesh.vertices.length / 4;
}
