/**
 * QuadSink is shared by both meshers, so a bug in it would not show up when comparing them.
 * Here it is checked against a plain restatement of the vertex rules: corner positions from
 * faces.ts, AO from the corner's 2 bits and light from its 4, the winding order, the
 * diagonal flip, the material per vertex and the three passes in order.
 */
import { describe, expect, it } from 'vitest';
import { FACE_AXIS, FACE_CORNERS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS, lightOfCorner, packMaterial, packVertex, QuadSink, aoOfCorner } from '../../src/mesh';
import { mulberry32 } from '../support/random';

interface Quad {
  pass: number;
  face: number;
  x: number;
  y: number;
  z: number;
  w: number;
  h: number;
  ao: number;
  light: number;
  tile: number;
  tint: number;
}

function referenceVertices(q: Quad): number[] {
  const verts = FACE_CORNERS[q.face]!.map(([cu, cv]) => {
    const p = [q.x, q.y, q.z];
    if (FACE_SIGN[q.face] === 1) p[FACE_AXIS[q.face]!]! += 1;
    p[FACE_U_AXIS[q.face]!]! += cu * q.w;
    p[FACE_V_AXIS[q.face]!]! += cv * q.h;
    const ao = aoOfCorner(q.ao, cu, cv);
    const light = lightOfCorner(q.light, cu, cv);
    return { packed: packVertex(p[0]!, p[1]!, p[2]!, q.face, ao, light), shade: ao + light };
  });
  const b = verts.map((v) => v.shade);
  const flip = b[1]! + b[3]! > b[0]! + b[2]!;
  const order = flip ? [1, 2, 3, 0] : [0, 1, 2, 3];
  return order.map((i) => verts[i]!.packed);
}

describe('QuadSink', () => {
  it('emits the reference vertices for random quads, opaque first, then cut-out, then translucent, each pass by section', () => {
    const rand = mulberry32(42);
    const int = (n: number): number => Math.floor(rand() * n);
    const quads: Quad[] = [];
    for (let i = 0; i < 5000; i++) {
      const face = int(6);
      const w = 1 + int(16);
      const h = 1 + int(16);
      const p = [int(16), int(256), int(16)];
      // Keep the far corner inside the column: x, z <= 16 and y <= 256.
      const u: number = FACE_U_AXIS[face]!;
      const v: number = FACE_V_AXIS[face]!;
      p[u] = Math.min(p[u]!, (u === 1 ? 256 : 16) - w);
      p[v] = Math.min(p[v]!, (v === 1 ? 256 : 16) - h);
      quads.push({ pass: int(3), face, x: p[0]!, y: p[1]!, z: p[2]!, w, h, ao: int(256), light: int(65536), tile: int(256), tint: int(256) });
    }
    const sink = new QuadSink();
    for (const q of quads) sink.add(q.pass, q.face, q.x, q.y, q.z, q.w, q.h, q.ao, q.light, q.tile, q.tint);
    expect(sink.quadCount).toBe(quads.length);
    const mesh = sink.finish();
    // Within a pass, by the section of the quad's block, top first, in the order added (a stable sort).
    const ordered = [0, 1, 2].flatMap((pass) => quads.filter((q) => q.pass === pass).sort((a, b) => (b.y >> 4) - (a.y >> 4)));
    expect(Array.from(mesh.vertices)).toEqual(ordered.flatMap(referenceVertices));
    const starts = Array.from(mesh.sectionStarts!);
    let at = 0;
    for (let pass = 0; pass < 3; pass++) {
      for (let k = 0; k < 16; k++) {
        expect(starts[pass * 17 + k], `pass ${pass} section ${15 - k}`).toBe(at);
        at += quads.filter((q) => q.pass === pass && q.y >> 4 === 15 - k).length;
      }
      expect(starts[pass * 17 + 16]).toBe(at);
    }
    expect(Array.from(mesh.materials)).toEqual(ordered.flatMap((q) => Array(4).fill(packMaterial(q.tile, q.tint))));
    expect(mesh.opaqueIndexCount).toBe(quads.filter((q) => q.pass === 0).length * 6);
    expect(mesh.cutoutIndexCount).toBe(quads.filter((q) => q.pass === 1).length * 6);
    expect(mesh.translucentIndexCount).toBe(quads.filter((q) => q.pass === 2).length * 6);
    expect(mesh.indices).toBeInstanceOf(Uint16Array);
  });

  it('switches to 32-bit indices past 65536 vertices', () => {
    const sink = new QuadSink();
    for (let i = 0; i < 16385; i++) sink.add(0, 2, i & 15, 10, (i >> 4) & 15, 1, 1, 0xff, 0xffff, 1, 0);
    const mesh = sink.finish();
    expect(mesh.indices).toBeInstanceOf(Uint32Array);
    expect(mesh.indices[mesh.indices.length - 1]).toBe(16385 * 4 - 1);
  });
});
