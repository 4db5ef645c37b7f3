/**
 * Shared by the mesher tests: hand-made volumes and the decomposition of a
 * mesh into the unit faces it covers, so meshers with different quad shapes can be compared.
 */
import { expect } from 'vitest';
import {
  createPaddedVolume,
  CROSS_FACE,
  FACE_AXIS,
  FACE_CORNERS,
  FACE_SIGN,
  FACE_U_AXIS,
  FACE_V_AXIS,
  computeSkylight,
  PADDED_SIZE,
  paddedIndex,
  unpackVertex,
  updatePaddedMaxY,
  type ColumnMeshData,
  type PaddedVolume,
} from '../../src/mesh';
import { BLOCK_LIGHT_EMISSION, WORLD_HEIGHT } from '../../src/world';
import { computeBlockLight } from '../../src/mesh/block-light';

/** A volume holding exactly the given blocks ([x, y, z, id]; x and z may be -1 or 16), all at full light. */
export function volumeOf(blocks: readonly (readonly [number, number, number, number])[]): PaddedVolume {
  const volume = createPaddedVolume();
  for (const [x, y, z, id] of blocks) volume.blocks[paddedIndex(x, y, z)] = id;
  updatePaddedMaxY(volume);
  return volume;
}

/**
 * Recomputes a hand-made volume's skylight and block light from its own blocks (as if the
 * world were just this 18 x 18 box): for tests that want light to vary.
 */
export function lightVolume(volume: PaddedVolume): PaddedVolume {
  computeSkylight(volume.blocks, volume.light, PADDED_SIZE, PADDED_SIZE, WORLD_HEIGHT, volume.maxY);
  const sources: number[] = [];
  volume.blocks.forEach((b, i) => {
    if (BLOCK_LIGHT_EMISSION[b]! > 0) sources.push(i);
  });
  volume.blockLight.fill(0);
  computeBlockLight(volume.blocks, volume.blockLight, PADDED_SIZE, PADDED_SIZE, WORLD_HEIGHT, sources);
  volume.hasBlockLight = sources.length > 0;
  return volume;
}

/** One visible unit face: block position, face, tile, tint, pass, and its four corner AO and light values. */
export interface UnitFace {
  x: number;
  y: number;
  z: number;
  face: number;
  tile: number;
  tint: number;
  /** MeshPass: 0 opaque, 1 cut-out, 2 translucent. */
  pass: number;
  /** AO at corners (0,0), (1,0), (0,1), (1,1) in the face's (u, v). */
  ao: [number, number, number, number];
  /** Light at the same corners. */
  light: [number, number, number, number];
  /** Block light at the same corners. */
  blockLight: [number, number, number, number];
}

export function faceKey(f: UnitFace): string {
  return `${f.x},${f.y},${f.z},${f.face},${f.tile},${f.tint},${'oct'[f.pass]},${f.ao.join('')},${f.light.join('.')},${f.blockLight.join('.')}`;
}

/**
 * Every unit face covered by the mesh. Also checks what a quad must satisfy for the
 * decomposition to mean anything: four vertices of one face and tile on one plane,
 * corners in the face's winding order, rotated by one exactly when the flip rule says
 * (QuadSink: the 0-2 diagonal runs through the brighter pair of corners), and the standard
 * index pattern. Problems are collected and asserted once: an expect() per vertex made
 * the random-volume tests take minutes.
 */
export function unitFaces(mesh: ColumnMeshData, shapeQuads?: string[]): UnitFace[] {
  const out: UnitFace[] = [];
  const problems: string[] = [];
  const quads = mesh.vertices.length / 4;
  if (mesh.indices.length !== quads * 6) problems.push(`index count ${mesh.indices.length} for ${quads} quads`);
  if (mesh.opaqueIndexCount + mesh.cutoutIndexCount + mesh.translucentIndexCount !== quads * 6) problems.push('pass index counts do not add up');
  if (mesh.materials.length !== mesh.vertices.length) problems.push('one material per vertex');
  const opaqueQuads = mesh.opaqueIndexCount / 6;
  const cutoutEnd = opaqueQuads + mesh.cutoutIndexCount / 6;
  for (let q = 0; q < quads && problems.length < 10; q++) {
    const base = q * 4;
    const idx = mesh.indices;
    if (idx[q * 6] !== base || idx[q * 6 + 1] !== base + 1 || idx[q * 6 + 2] !== base + 2 || idx[q * 6 + 3] !== base || idx[q * 6 + 4] !== base + 2 || idx[q * 6 + 5] !== base + 3) {
      problems.push(`quad ${q}: unexpected indices`);
    }
    const vs = [0, 1, 2, 3].map((i) => unpackVertex(mesh.vertices[base + i]!, mesh.materials[base + i]!));
    // Plants' crosses and shapes' faces off the block grid (shape-quads.ts) are not unit faces:
    // they are listed whole, for meshers that share that path to be compared exactly.
    if (shapeQuads && vs.some((v) => v.face === CROSS_FACE || v.fineY !== 0 || v.fineX !== 0 || v.fineZ !== 0)) {
      shapeQuads.push([0, 1, 2, 3].map((i) => `${mesh.vertices[base + i]}:${mesh.materials[base + i]}`).join(' '));
      continue;
    }
    const face = vs[0]!.face;
    const tile = vs[0]!.tile;
    const tint = vs[0]!.tint;
    if (face > 5 || vs.some((v) => v.face !== face || v.tile !== tile || v.tint !== tint) || (mesh.vertices[base]! >>> 28) !== 0) {
      problems.push(`quad ${q}: mixed face, tile or tint, or spare bits set`);
      continue;
    }
    const axis = FACE_AXIS[face]!;
    const ua = FACE_U_AXIS[face]!;
    const va = FACE_V_AXIS[face]!;
    const pos = vs.map((v) => [v.x, v.y, v.z] as const);
    const plane = pos[0]![axis];
    const us = pos.map((p) => p[ua]);
    const vvs = pos.map((p) => p[va]);
    const u0 = Math.min(...us);
    const u1 = Math.max(...us);
    const v0 = Math.min(...vvs);
    const v1 = Math.max(...vvs);
    const corners = pos.map((p) => [p[ua] === u1 ? 1 : 0, p[va] === v1 ? 1 : 0] as const);
    const distinct = new Set(corners.map(([a, b]) => a + 2 * b)).size;
    if (pos.some((p) => p[axis] !== plane) || u1 <= u0 || v1 <= v0 || distinct !== 4) {
      problems.push(`quad ${q}: not an axis-aligned rectangle`);
      continue;
    }
    const ao: [number, number, number, number] = [0, 0, 0, 0];
    const light: [number, number, number, number] = [0, 0, 0, 0];
    const blockLight: [number, number, number, number] = [0, 0, 0, 0];
    corners.forEach(([cu, cv], i) => {
      ao[cu + 2 * cv] = vs[i]!.ao;
      light[cu + 2 * cv] = vs[i]!.light;
      blockLight[cu + 2 * cv] = vs[i]!.blockLight;
    });
    // Winding: the stored order is FACE_CORNERS[face], or that rotated by one corner.
    const order = FACE_CORNERS[face]!;
    const rotated = corners[0]![0] !== 0 || corners[0]![1] !== 0;
    const shift = rotated ? 1 : 0;
    if (corners.some(([cu, cv], i) => order[(i + shift) % 4]![0] !== cu || order[(i + shift) % 4]![1] !== cv)) {
      problems.push(`quad ${q}: corners out of winding order`);
    }
    // Flip rule (AO plus the brighter light per corner), in the unrotated corner order.
    const b = order.map(([cu, cv]) => ao[cu + 2 * cv]! + Math.max(light[cu + 2 * cv]!, blockLight[cu + 2 * cv]!));
    if (rotated !== b[1]! + b[3]! > b[0]! + b[2]!) problems.push(`quad ${q}: wrong diagonal for AO ${ao.join('')}, light ${light.join('.')}`);
    const along = plane - (FACE_SIGN[face] === 1 ? 1 : 0);
    for (let u = u0; u < u1; u++) {
      for (let v = v0; v < v1; v++) {
        const p = [0, 0, 0];
        p[axis] = along;
        p[ua] = u;
        p[va] = v;
        out.push({ x: p[0]!, y: p[1]!, z: p[2]!, face, tile, tint, pass: q < opaqueQuads ? 0 : q < cutoutEnd ? 1 : 2, ao: [...ao], light: [...light], blockLight: [...blockLight] });
      }
    }
  }
  expect(problems).toEqual([]);
  return out;
}

/** Unit faces as a sorted list of keys: a multiset. */
export function faceMultiset(mesh: ColumnMeshData): string[] {
  const shapes: string[] = [];
  return [...unitFaces(mesh, shapes).map(faceKey), ...shapes.map((q) => `shape ${q}`)].sort();
}

/**
 * Asserts two meshes cover the same unit faces. Compared as joined text first (fast) and,
 * only on a mismatch, as the few faces each side has that the other lacks (readable).
 */
export function expectSameFaceSet(actual: ColumnMeshData, expected: ColumnMeshData): void {
  const a = faceMultiset(actual);
  const e = faceMultiset(expected);
  if (a.join(';') === e.join(';')) return;
  const count = new Map<string, number>();
  for (const k of e) count.set(k, (count.get(k) ?? 0) + 1);
  const extra: string[] = [];
  for (const k of a) {
    const n = count.get(k) ?? 0;
    if (n > 0) count.set(k, n - 1);
    else extra.push(k);
  }
  const missing = [...count].filter(([, n]) => n > 0).map(([k]) => k);
  expect({ sizes: [a.length, e.length], extra: extra.slice(0, 8), missing: missing.slice(0, 8) }).toEqual({
    sizes: [e.length, e.length],
    extra: [],
    missing: [],
  });
}
