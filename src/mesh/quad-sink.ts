/**
 * Collects quads as packed vertices and materials, opaque, cut-out and translucent apart
 * (they are drawn in three passes), and turns them into the typed arrays a worker transfers.
 */
import { FACE_AXIS, FACE_CORNERS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS } from './faces';
import { SECTIONS_PER_COLUMN } from '../world';
import type { ColumnMeshData } from './mesh-data';
import { MATERIAL_FIELDS, packMaterial, packVertex, VERTEX_FIELDS } from './vertex-format';

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
const AO_SHIFT = VERTEX_FIELDS.ao.shift;
/** One level of block light in a material (vertex-format.ts). */
const BLOCK_LIGHT_UNIT = 2 ** MATERIAL_FIELDS.blockLight.shift;
const LIGHT_SHIFT = VERTEX_FIELDS.light.shift;
/** Module-local alias: under test/bundler transforms an imported call is a property read. */
const pack = packVertex;
const packMat = packMaterial;

/**
 * Skylight of corner (cu, cv) inside a corner-light word: 4 bits per corner in bits 0..15,
 * block light likewise in bits 16..31 (blockLightOfCorner).
 */
export function lightOfCorner(lightWord: number, cu: number, cv: number): number {
  return (lightWord >>> (4 * (cu + 2 * cv))) & 15;
}

/** Block light of corner (cu, cv) inside a corner-light word (bits 16..31). */
export function blockLightOfCorner(lightWord: number, cu: number, cv: number): number {
  return (lightWord >>> (16 + 4 * (cu + 2 * cv))) & 15;
}

/**
 * Packs four corner light values (corners (0,0), (1,0), (0,1), (1,1)) into one word, and as
 * many block light values into its upper half; the word is unsigned (block light 8 and up
 * in the last corner sets bit 31).
 */
export function packCornerLight(l00: number, l10: number, l01: number, l11: number, b00 = 0, b10 = 0, b01 = 0, b11 = 0): number {
  return (l00 | (l10 << 4) | (l01 << 8) | (l11 << 12) | (b00 << 16) | (b10 << 20) | (b01 << 24) | (b11 << 28)) >>> 0;
}

/**
 * Quads of one pass: four packed vertices, four materials (a shape's corners differ in fineX
 * and fineZ) and one sort key (section, top first) each.
 */
class PassBuffer {
  readonly vertices = new GrowableU32();
  materials = new Uint32Array(1024);
  sections = new Uint8Array(256);
  quads = 0;
  push(v0: number, v1: number, v2: number, v3: number, m0: number, m1: number, m2: number, m3: number, section: number): void {
    this.vertices.push4(v0, v1, v2, v3);
    if (this.quads === this.sections.length) {
      const next = new Uint32Array(this.materials.length * 2);
      next.set(this.materials);
      this.materials = next;
      const sections = new Uint8Array(this.sections.length * 2);
      sections.set(this.sections);
      this.sections = sections;
    }
    const m = this.materials;
    const at = this.quads * 4;
    m[at] = m0;
    m[at + 1] = m1;
    m[at + 2] = m2;
    m[at + 3] = m3;
    this.sections[this.quads++] = section;
  }
}

const SECTIONS = SECTIONS_PER_COLUMN;
const SECTION_ROW = SECTIONS + 1;

export class QuadSink {
  /** Opaque, cut-out, translucent: the draw order of ColumnMeshData's ranges. */
  private readonly passes = [new PassBuffer(), new PassBuffer(), new PassBuffer()] as const;

  /**
   * `narrow`: materials come out as uint16, without block light (far terrain, which has
   * none: vertex-format.ts, FAR_BYTES_PER_VERTEX).
   */
  constructor(private readonly narrow = false) {}

  /**
   * Adds the quad of `face` whose minimum corner block is (x, y, z) (column-local), spanning
   * w blocks along the face's u axis and h along v, to `pass` (MeshPass). `aoWord` holds its
   * four corner AO values (packCornerAO), `lightWord` its four corner skylight and block
   * light values (packCornerLight); `tile`, `tint` and the block light go in the material.
   */
  add(pass: number, face: number, x: number, y: number, z: number, w: number, h: number, aoWord: number, lightWord: number, tile: number, tint: number): void {
    const base = pack(x, y, z, face, 0, 0) + FACE_PLANE_STEP[face]!;
    const du = w * FACE_U_STEP[face]!;
    const dv = h * FACE_V_STEP[face]!;
    const c = face * 4;
    const cu0 = CORNER_CU[c]!, cv0 = CORNER_CV[c]!;
    const cu1 = CORNER_CU[c + 1]!, cv1 = CORNER_CV[c + 1]!;
    const cu2 = CORNER_CU[c + 2]!, cv2 = CORNER_CV[c + 2]!;
    const cu3 = CORNER_CU[c + 3]!, cv3 = CORNER_CV[c + 3]!;
    const k0 = cu0 + 2 * cv0, k1 = cu1 + 2 * cv1, k2 = cu2 + 2 * cv2, k3 = cu3 + 2 * cv3;
    const ao0 = (aoWord >>> (2 * k0)) & 3;
    const ao1 = (aoWord >>> (2 * k1)) & 3;
    const ao2 = (aoWord >>> (2 * k2)) & 3;
    const ao3 = (aoWord >>> (2 * k3)) & 3;
    const l0 = (lightWord >>> (4 * k0)) & 15;
    const l1 = (lightWord >>> (4 * k1)) & 15;
    const l2 = (lightWord >>> (4 * k2)) & 15;
    const l3 = (lightWord >>> (4 * k3)) & 15;
    const b0 = (lightWord >>> (16 + 4 * k0)) & 15;
    const b1 = (lightWord >>> (16 + 4 * k1)) & 15;
    const b2 = (lightWord >>> (16 + 4 * k2)) & 15;
    const b3 = (lightWord >>> (16 + 4 * k3)) & 15;
    // base < 2^28 and the added fields are disjoint from it, so the sums stay exact.
    const v0 = base + cu0 * du + cv0 * dv + ao0 * 2 ** AO_SHIFT + l0 * 2 ** LIGHT_SHIFT;
    const v1 = base + cu1 * du + cv1 * dv + ao1 * 2 ** AO_SHIFT + l1 * 2 ** LIGHT_SHIFT;
    const v2 = base + cu2 * du + cv2 * dv + ao2 * 2 ** AO_SHIFT + l2 * 2 ** LIGHT_SHIFT;
    const v3 = base + cu3 * du + cv3 * dv + ao3 * 2 ** AO_SHIFT + l3 * 2 ** LIGHT_SHIFT;
    const target = this.passes[pass]!;
    const material = packMat(tile, tint);
    const m0 = material + b0 * BLOCK_LIGHT_UNIT;
    const m1 = material + b1 * BLOCK_LIGHT_UNIT;
    const m2 = material + b2 * BLOCK_LIGHT_UNIT;
    const m3 = material + b3 * BLOCK_LIGHT_UNIT;
    // Where it sorts: the section of the quad's block (y is its lowest block; column quads never
    // cross one), top section first.
    const section = SECTIONS - 1 - (y >= 0 ? Math.min(y >> 4, SECTIONS - 1) : 0);
    // Triangles are (0, 1, 2) and (0, 2, 3): the 0-2 diagonal. When the other pair of
    // corners is brighter (AO plus the brighter light, each step roughly the same change of
    // brightness), start one corner later so the split runs through them; this is the
    // classic fix for the shading gradient turning anisotropic along the diagonal.
    const s0 = ao0 + (l0 > b0 ? l0 : b0);
    const s1 = ao1 + (l1 > b1 ? l1 : b1);
    const s2 = ao2 + (l2 > b2 ? l2 : b2);
    const s3 = ao3 + (l3 > b3 ? l3 : b3);
    if (s1 + s3 > s0 + s2) target.push(v1, v2, v3, v0, m1, m2, m3, m0, section);
    else target.push(v0, v1, v2, v3, m0, m1, m2, m3, section);
  }

  /**
   * Adds a quad given as four packed vertices and their materials, in winding order (shapes
   * and plants, shape-quads.ts, whose corners are not whole blocks); `y` is its block's, for
   * the section it sorts into.
   */
  addCorners(pass: number, v: readonly [number, number, number, number], m: readonly [number, number, number, number], y: number): void {
    const section = SECTIONS - 1 - (y >= 0 ? Math.min(y >> 4, SECTIONS - 1) : 0);
    this.passes[pass]!.push(v[0], v[1], v[2], v[3], m[0], m[1], m[2], m[3], section);
  }

  get quadCount(): number {
    return this.passes[0].quads + this.passes[1].quads + this.passes[2].quads;
  }

  /**
   * The typed arrays: each pass in draw order, and inside it the quads by section from the top
   * down (a stable counting sort, so a section keeps the order quads were added in), with
   * sectionStarts. Top down because the opaque pass is then drawn roughly front to back when
   * seen from above, where players mostly are: the ground is drawn before the caves under it,
   * whose fragments the depth test then throws away unshaded.
   */
  finish(): ColumnMeshData {
    const quads = this.quadCount;
    const vertexCount = quads * 4;
    const vertices = new Uint32Array(vertexCount);
    const materials = this.narrow ? new Uint16Array(vertexCount) : new Uint32Array(vertexCount);
    const sectionStarts = new Uint32Array(3 * SECTION_ROW);
    const next = new Uint32Array(SECTIONS);
    let at = 0;
    this.passes.forEach((p, pass) => {
      next.fill(0);
      for (let q = 0; q < p.quads; q++) next[p.sections[q]!]!++;
      for (let s = 0; s < SECTIONS; s++) {
        const count = next[s]!;
        sectionStarts[pass * SECTION_ROW + s] = at;
        next[s] = at;
        at += count;
      }
      sectionStarts[pass * SECTION_ROW + SECTIONS] = at;
      const src = p.vertices.data;
      for (let q = 0, m = p.materials; q < p.quads; q++) {
        const to = next[p.sections[q]!]!++;
        const i = to * 4;
        const j = q * 4;
        vertices[i] = src[j]!;
        vertices[i + 1] = src[j + 1]!;
        vertices[i + 2] = src[j + 2]!;
        vertices[i + 3] = src[j + 3]!;
        materials[i] = m[j]!;
        materials[i + 1] = m[j + 1]!;
        materials[i + 2] = m[j + 2]!;
        materials[i + 3] = m[j + 3]!;
      }
    });
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
      materials,
      indices,
      opaqueIndexCount: this.passes[0].quads * 6,
      cutoutIndexCount: this.passes[1].quads * 6,
      translucentIndexCount: this.passes[2].quads * 6,
      sectionStarts,
    };
  }
}
