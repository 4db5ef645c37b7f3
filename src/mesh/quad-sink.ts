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

export class QuadSink {
  private readonly opaque = new GrowableU32();
  private readonly translucent = new GrowableU32();
  private readonly pos = [0, 0, 0];

  /**
   * Adds the quad of `face` whose minimum corner block is (x, y, z) (column-local), spanning
   * w blocks along the face's u axis and h along v. `aoWord` holds its four corner AO values.
   */
  add(translucent: boolean, face: number, x: number, y: number, z: number, w: number, h: number, aoWord: number, tile: number): void {
    const axis = FACE_AXIS[face]!;
    const uAxis = FACE_U_AXIS[face]!;
    const vAxis = FACE_V_AXIS[face]!;
    const corners = FACE_CORNERS[face]!;
    const p = this.pos;
    const out: number[] = [0, 0, 0, 0];
    const ao: number[] = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++) {
      const [cu, cv] = corners[i]!;
      p[0] = x;
      p[1] = y;
      p[2] = z;
      if (FACE_SIGN[face] === 1) p[axis]! += 1;
      p[uAxis]! += cu * w;
      p[vAxis]! += cv * h;
      ao[i] = aoOfCorner(aoWord, cu, cv);
      out[i] = packVertex(p[0]!, p[1]!, p[2]!, face, ao[i]!, tile);
    }
    const target = translucent ? this.translucent : this.opaque;
    // Triangles are (0, 1, 2) and (0, 2, 3): the 0-2 diagonal. When the other pair of
    // corners is brighter, start one corner later so the split runs through them; this is
    // the classic fix for the AO gradient turning anisotropic along the diagonal.
    if (ao[1]! + ao[3]! > ao[0]! + ao[2]!) target.push4(out[1]!, out[2]!, out[3]!, out[0]!);
    else target.push4(out[0]!, out[1]!, out[2]!, out[3]!);
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
