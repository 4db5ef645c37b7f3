/**
 * A mesh's quads sorted by a key per quad (a column, a face direction) into one mesh, key
 * after key, each quad copied once, each key's quads in pass order (opaque, cut-out, water)
 * and each quad's own triangle split kept. A key's indices count from its own first vertex,
 * so a key's quads are a ColumnMeshData of their own as subarray views, with no copy: far
 * terrain's worker sorts a region into the items the renderer draws (lod-split.ts), and the
 * main thread only takes views of them.
 */
import type { ColumnMeshData } from './mesh-data';

export interface QuadPartition {
  vertices: Uint32Array;
  /** uint32 with block light (column meshes), uint16 without (far terrain): vertex-format.ts. */
  materials: Uint16Array | Uint32Array;
  /** 16-bit when every key's vertex count allows it. */
  indices: Uint16Array | Uint32Array;
  /** Quads of key k in pass p (MeshPass) at k * 3 + p. */
  counts: Int32Array;
  /** First quad of key k, counted over all keys; entry keyCount is the total. */
  starts: Int32Array;
}

export function partitionQuads(data: ColumnMeshData, keyCount: number, keyOf: (quad: number) => number): QuadPartition {
  const quads = data.vertices.length / 4;
  const passEnds = [data.opaqueIndexCount / 6, (data.opaqueIndexCount + data.cutoutIndexCount) / 6, quads];
  const passOf = (q: number) => (q < passEnds[0]! ? 0 : q < passEnds[1]! ? 1 : 2);
  const keys = new Int32Array(quads);
  const counts = new Int32Array(keyCount * 3);
  for (let q = 0; q < quads; q++) {
    const key = keyOf(q);
    keys[q] = key;
    counts[key * 3 + passOf(q)]!++;
  }
  const starts = new Int32Array(keyCount + 1);
  // Where the next quad of each key's pass goes.
  const next = new Int32Array(keyCount * 3);
  let largest = 0;
  for (let key = 0; key < keyCount; key++) {
    const start = starts[key]!;
    const [o, c, t] = [counts[key * 3]!, counts[key * 3 + 1]!, counts[key * 3 + 2]!];
    next[key * 3] = start;
    next[key * 3 + 1] = start + o;
    next[key * 3 + 2] = start + o + c;
    starts[key + 1] = start + o + c + t;
    largest = Math.max(largest, o + c + t);
  }
  const vertices = new Uint32Array(quads * 4);
  const materials = new (data.materials.constructor as Uint16ArrayConstructor | Uint32ArrayConstructor)(quads * 4);
  const indices = largest * 4 <= 65536 ? new Uint16Array(quads * 6) : new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    const key = keys[q]!;
    const to = next[key * 3 + passOf(q)]!++;
    vertices.set(data.vertices.subarray(q * 4, q * 4 + 4), to * 4);
    materials.set(data.materials.subarray(q * 4, q * 4 + 4), to * 4);
    const base = (to - starts[key]!) * 4;
    for (let k = 0; k < 6; k++) indices[to * 6 + k] = data.indices[q * 6 + k]! - q * 4 + base;
  }
  return { vertices, materials, indices, counts, starts };
}
