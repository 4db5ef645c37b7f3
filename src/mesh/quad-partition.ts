/**
 * A mesh's quads sorted into several meshes by a key per quad (a column, a face direction),
 * each quad copied once, passes kept in order (opaque, cut-out, water) and each quad's own
 * triangle split kept. The renderer draws such parts as items of their own: far terrain by
 * column (lod-pieces.ts) and by the direction its faces look (face-groups.ts).
 */
import type { ColumnMeshData } from './mesh-data';

/** The meshes of keys 0..keyCount-1 that have quads (undefined for the others). */
export function partitionQuads(data: ColumnMeshData, keyCount: number, keyOf: (quad: number) => number): (ColumnMeshData | undefined)[] {
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
  const meshes: (ColumnMeshData | undefined)[] = new Array(keyCount);
  // Where the next quad of each pass goes, per key.
  const next: number[][] = [];
  for (let key = 0; key < keyCount; key++) {
    const [o, c, t] = [counts[key * 3]!, counts[key * 3 + 1]!, counts[key * 3 + 2]!];
    const n = o + c + t;
    next.push([0, o, o + c]);
    if (n === 0) continue;
    meshes[key] = {
      vertices: new Uint32Array(n * 4),
      materials: new Uint16Array(n * 4),
      indices: n * 4 <= 65536 ? new Uint16Array(n * 6) : new Uint32Array(n * 6),
      opaqueIndexCount: o * 6,
      cutoutIndexCount: c * 6,
      translucentIndexCount: t * 6,
    };
  }
  for (let q = 0; q < quads; q++) {
    const key = keys[q]!;
    const mesh = meshes[key]!;
    const to = next[key]![passOf(q)]!++;
    mesh.vertices.set(data.vertices.subarray(q * 4, q * 4 + 4), to * 4);
    mesh.materials.set(data.materials.subarray(q * 4, q * 4 + 4), to * 4);
    for (let k = 0; k < 6; k++) mesh.indices[to * 6 + k] = data.indices[q * 6 + k]! - q * 4 + to * 4;
  }
  return meshes;
}
