/**
 * Collects quads as packed vertices, opaque and translucent apart (they are drawn in two
 * passes), and turns them into the typed arrays a worker transfers.
 */
import { FACE_AXIS, FACE_CORNERS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS } from './faces';
import type { ColumnMeshData } from './mesh-data';
import { packVertex } from './vertex-format';

class GrowableU32 {
  data = new Uint32Array(1024);
  length = 0;
  push4(a: number, b: number, c: number, d: number): void {
    if (this.length + 4 > this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    const d0 = this.data;
    const n = this.length;
    d0[n] = a;
    d0[n + 1] = b;
    d0[n + 2] = c;
    d0[n + 3] = d;
    this.length = n + 4;
  }
}

/** AO of corner (cu, cv) inside a packed 8-bit AO word: 2 bits per corner. */
export function aoOfCorner(aoWord: number, cu: number, cv: number): number {
  return (aoWord >>> (2 * (cu + 2 * cv))) & 3;
}

/** Packs four corner AO values (corners (0,0), (1,0), (0,1), (1,1)) into one word. */
export function packCornerAO(a00: number, a10: number, a01: number, a11: number): number {
  return a00 | (a10 << 2) | (a01 << 4) | (a11 << 6);
}

/**
 * Per face and corner (in FACE_CORNERS order): the corner's (cu, cv) and how far a packed
 * vertex moves per block along u and v. Packing is a sum of disjoint bit fields that never
 * carry (x, z <= 16 in 5 bits, y <= 256 in 9), so a corner is the packed minimum corner plus
 * cu * w * uStep + cv * h * vStep. Precomputed so add() allocates nothing: it runs once per
 * emitted quad and showed up at ~15% of greedy meshing when it built arrays per call.
 */
const AXIS_UNIT = [packVertex(1, 0, 0, 0, 0, 0), packVertex(0, 1, 0, 0, 0, 0), packVertex(0, 0, 1, 0, 0, 0)] as const;
const CORNER_CU = new Uint8Array(24);
const CORNER_CV = new Uint8Array(24);
const FACE_U_STEP = new Uint32Array(6);
const FACE_V_STEP = new Uint32Array(6);
/** Added to the packed block position: +1 along the normal for the positive faces. */
const FACE_PLANE_STEP = new Uint32Array(6);
for (let f = 0; f < 6; f++) {
  FACE_U_STEP[f] = AXIS_UNIT[FACE_U_AXIS[f]!];
  FACE_V_STEP[f] = AXIS_UNIT[FACE_V_AXIS[f]!];
  FACE_PLANE_STEP[f] = FACE_SIGN[f] === 1 ? AXIS_UNIT[FACE_AXIS[f]!] : 0;
  FACE_CORNERS[f]!.forEach(([cu, cv], i) => {
    CORNER_CU[f * 4 + i] = cu;
    CORNER_CV[f * 4 + i] = cv;
  });
}
const AO_SHIFT = 22;
/** Module-local alias: under test/bundler transforms an imported call is a property read. */
const pack = packVertex;

export class QuadSink {
  private readonly opaque = new GrowableU32();
  private readonly translucent = new GrowableU32();

  /**
   * Adds the quad of `face` whose minimum corner block is (x, y, z) (column-local), spanning
   * w blocks along the face's u axis and h along v. `aoWord` holds its four corner AO values.
   */
  add(translucent: boolean, face: number, x: number, y: number, z: number, w: number, h: number, aoWord: number, tile: number): void {
    const base = pack(x, y, z, face, 0, tile) + FACE_PLANE_STEP[face]!;
    const du = w * FACE_U_STEP[face]!;
    const dv = h * FACE_V_STEP[face]!;
    const c = face * 4;
    const cu0 = CORNER_CU[c]!, cv0 = CORNER_CV[c]!;
    const cu1 = CORNER_CU[c + 1]!, cv1 = CORNER_CV[c + 1]!;
    const cu2 = CORNER_CU[c + 2]!, cv2 = CORNER_CV[c + 2]!;
    const cu3 = CORNER_CU[c + 3]!, cv3 = CORNER_CV[c + 3]!;
    const ao0 = (aoWord >>> (2 * (cu0 + 2 * cv0))) & 3;
    const ao1 = (aoWord >>> (2 * (cu1 + 2 * cv1))) & 3;
    const ao2 = (aoWord >>> (2 * (cu2 + 2 * cv2))) & 3;
    const ao3 = (aoWord >>> (2 * (cu3 + 2 * cv3))) & 3;
    // base < 2^32 and the added fields are disjoint from it, so the sums stay exact.
    const v0 = base + cu0 * du + cv0 * dv + ao0 * 2 ** AO_SHIFT;
    const v1 = base + cu1 * du + cv1 * dv + ao1 * 2 ** AO_SHIFT;
    const v2 = base + cu2 * du + cv2 * dv + ao2 * 2 ** AO_SHIFT;
    const v3 = base + cu3 * du + cv3 * dv + ao3 * 2 ** AO_SHIFT;
    const target = translucent ? this.translucent : this.opaque;
    // Triangles are (0, 1, 2) and (0, 2, 3): the 0-2 diagonal. When the other pair of
    // corners is brighter, start one corner later so the split runs through them; this is
    // the classic fix for the AO gradient turning anisotropic along the diagonal.
    if (ao1 + ao3 > ao0 + ao2) target.push4(v1, v2, v3, v0);
    else target.push4(v0, v1, v2, v3);
  }

  get quadCount(): number {
    return (this.opaque.length + this.translucent.length) / 4;
  }

  finish(): ColumnMeshData {
    const opaqueVerts = this.opaque.length;
    const vertexCount = opaqueVerts + this.translucent.length;
    const vertices = new Uint32Array(vertexCount);
    vertices.set(this.opaque.data.subarray(0, opaqueVerts));
    vertices.set(this.translucent.data.subarray(0, this.translucent.length), opaqueVerts);
    const quads = vertexCount / 4;
    const indices = vertexCount <= 65536 ? new Uint16Array(quads * 6) : new Uint32Array(quads * 6);
    for (let q = 0, v = 0, i = 0; q < quads; q++, v += 4, i += 6) {
      indices[i] = v;
      indices[i + 1] = v + 1;
      indices[i + 2] = v + 2;
      indices[i + 3] = v;
      indices[i + 4] = v + 2;
      indices[i + 5] = v + 3;
    }
    return {
      vertices,
      indices,
      opaqueIndexCount: (opaqueVerts / 4) * 6,
      translucentIndexCount: (this.translucent.length / 4) * 6,
    };
  }
}
