/**
 * Vertex AO on hand-made corners, in both meshers, and the quad diagonal chosen by AO.
 * AO runs 0 (darkest) .. 3 (open); arrays are corners (0,0), (1,0), (0,1), (1,1) in the
 * face's (u, v): ±y faces span (x, z), ±x faces (z, y), ±z faces (x, y).
 */
import { describe, expect, it } from 'vitest';
import { Block, Face } from '../../src/world';
import { faceAO, meshColumnCulled, meshColumnGreedy, unpackVertex, vertexAO, type ColumnMeshData, type PaddedVolume } from '../../src/mesh';
import { AO_WORD_BY_PATTERN } from '../../src/mesh/ao-table';
import { aoOfCorner } from '../../src/mesh/quad-sink';
import { unitFaces, volumeOf } from './mesh-helpers';

const { Stone, Water } = Block;

/**
 * A stone floor at y = 10 over x, z in 0..5, a wall two high along x = 1 on it, and a
 * block B at (2, 11, 2) standing on the floor against the wall.
 */
function floorWallBlock(): PaddedVolume {
  const blocks: [number, number, number, number][] = [];
  for (let z = 0; z <= 5; z++) {
    for (let x = 0; x <= 5; x++) blocks.push([x, 10, z, Stone]);
    blocks.push([1, 11, z, Stone], [1, 12, z, Stone]);
  }
  blocks.push([2, 11, 2, Stone]);
  return volumeOf(blocks);
}

function aoArray(word: number): number[] {
  return [aoOfCorner(word, 0, 0), aoOfCorner(word, 1, 0), aoOfCorner(word, 0, 1), aoOfCorner(word, 1, 1)];
}

/** AO of the unit face at (x, y, z, face) as the mesh draws it. */
function meshedAO(mesh: ColumnMeshData, x: number, y: number, z: number, face: number): number[] {
  const found = unitFaces(mesh).filter((f) => f.x === x && f.y === y && f.z === z && f.face === face);
  expect(found).toHaveLength(1);
  return found[0]!.ao;
}

const CASES: { name: string; at: [number, number, number]; face: number; ao: number[] }[] = [
  // Wall on its -u side and floor on its -v side meet at corner (0,0): both sides solid.
  { name: 'B facing north, into the wall-floor corner', at: [2, 11, 2], face: Face.NegZ, ao: [0, 1, 1, 3] },
  { name: 'B facing south, the mirror image', at: [2, 11, 2], face: Face.PosZ, ao: [0, 1, 1, 3] },
  { name: 'top of B, next to the wall top', at: [2, 11, 2], face: Face.PosY, ao: [1, 3, 1, 3] },
  { name: 'floor beside B (B on its -x side)', at: [3, 10, 2], face: Face.PosY, ao: [2, 3, 2, 3] },
  { name: 'floor diagonal to B (B at its -x-z corner only)', at: [3, 10, 3], face: Face.PosY, ao: [2, 3, 3, 3] },
  // Wall at -x, B at +z: corner (0,1) has both sides solid; (0,0) has the wall and its corner.
  { name: 'floor between wall and B', at: [2, 10, 1], face: Face.PosY, ao: [1, 3, 0, 2] },
  { name: 'open floor', at: [4, 10, 4], face: Face.PosY, ao: [3, 3, 3, 3] },
  // Floor below (-v side) and both lower corners solid: 3 - 2 at the bottom.
  { name: 'B facing east, floor below only', at: [2, 11, 2], face: Face.PosX, ao: [1, 1, 3, 3] },
];

describe('vertex ambient occlusion', () => {
  it('the AO table agrees with vertexAO for all 256 neighbour patterns', () => {
    for (let p = 0; p < 256; p++) {
      const bit = (i: number): number => (p >> i) & 1;
      const expected = [
        vertexAO(bit(0), bit(2), bit(4)),
        vertexAO(bit(1), bit(2), bit(5)),
        vertexAO(bit(0), bit(3), bit(6)),
        vertexAO(bit(1), bit(3), bit(7)),
      ];
      expect(aoArray(AO_WORD_BY_PATTERN[p]!), `pattern ${p}`).toEqual(expected);
    }
  });

  it('vertexAO: two solid sides hide the corner entirely', () => {
    expect(vertexAO(1, 1, 0)).toBe(0);
    expect(vertexAO(1, 1, 1)).toBe(0);
    expect(vertexAO(1, 0, 1)).toBe(1);
    expect(vertexAO(0, 0, 1)).toBe(2);
    expect(vertexAO(0, 0, 0)).toBe(3);
  });

  const volume = floorWallBlock();
  const meshes = { culled: meshColumnCulled(volume), greedy: meshColumnGreedy(volume) };
  it.each(CASES)('$name', ({ at: [x, y, z], face, ao }) => {
    expect(aoArray(faceAO(volume, x, y, z, face))).toEqual(ao);
    expect(meshedAO(meshes.culled, x, y, z, face)).toEqual(ao);
    expect(meshedAO(meshes.greedy, x, y, z, face)).toEqual(ao);
  });

  it('reads the neighbour columns across the border, corners included', () => {
    const v = volumeOf([[15, 10, 15, Stone], [16, 11, 14, Stone], [16, 11, 16, Stone]]);
    // Top face of (15, 10, 15): +x side open, corners (+x, -z) and (+x, +z) solid.
    expect(aoArray(faceAO(v, 15, 10, 15, Face.PosY))).toEqual([3, 2, 3, 2]);
    expect(meshedAO(meshColumnGreedy(v), 15, 10, 15, Face.PosY)).toEqual([3, 2, 3, 2]);
  });

  it('leaves water unshaded (AO 3 everywhere) even in a corner', () => {
    const v = volumeOf([[2, 10, 2, Water], [1, 11, 2, Stone], [2, 11, 1, Stone]]);
    for (const mesher of [meshColumnCulled, meshColumnGreedy]) {
      const top = unitFaces(mesher(v)).find((f) => f.face === Face.PosY && f.pass === 2)!;
      expect(top.ao).toEqual([3, 3, 3, 3]);
    }
  });
});

describe('quad diagonal', () => {
  /** The two corners, as (cu, cv), shared by both triangles of the quad holding the face. */
  function diagonal(mesh: ColumnMeshData, x: number, y: number, z: number, face: number): { corners: string[]; ao: number[] } {
    for (let q = 0; q < mesh.vertices.length / 4; q++) {
      const vs = [0, 1, 2, 3].map((i) => unpackVertex(mesh.vertices[q * 4 + i]!));
      if (vs[0]!.face !== face) continue;
      const xs = vs.map((v) => v.x);
      const ys = vs.map((v) => v.y);
      const zs = vs.map((v) => v.z);
      const inside = (c: number, cs: number[], isNormal: boolean): boolean =>
        isNormal ? cs.every((k) => k === c || k === c + 1) : c >= Math.min(...cs) && c < Math.max(...cs);
      const axis = face >> 1;
      if (!inside(x, xs, axis === 0) || !inside(y, ys, axis === 1) || !inside(z, zs, axis === 2)) continue;
      // Triangles are (0, 1, 2) and (0, 2, 3): both hold vertices 0 and 2.
      const tri = Array.from(mesh.indices.subarray(q * 6, q * 6 + 6));
      const shared = tri.slice(0, 3).filter((i) => tri.slice(3).includes(i)).map((i) => vs[i - q * 4]!);
      const min = (cs: number[]): number => Math.min(...cs);
      const uOf = (v: { x: number; y: number; z: number }): number => (axis === 0 ? v.z : v.x);
      const vOf = (v: { x: number; y: number; z: number }): number => (axis === 1 ? v.z : v.y);
      const u0 = min(vs.map(uOf));
      const v0 = min(vs.map(vOf));
      return {
        corners: shared.map((v) => `${uOf(v) === u0 ? 0 : 1}${vOf(v) === v0 ? 0 : 1}`).sort(),
        ao: shared.map((v) => v.ao),
      };
    }
    throw new Error('face not found');
  }

  const volume = floorWallBlock();
  it.each([
    ['culled', meshColumnCulled],
    ['greedy', meshColumnGreedy],
  ] as const)('%s: runs through the brighter pair of corners', (_name, mesher) => {
    const mesh = mesher(volume);
    // AO [2,3,3,3]: the dark corner (0,0) must not be on the diagonal, or its shadow would
    // stretch across both triangles; the flipped diagonal joins (1,0) and (0,1).
    expect(diagonal(mesh, 3, 10, 3, Face.PosY)).toEqual({ corners: ['01', '10'], ao: [3, 3] });
    // AO [1,3,0,2]: both pairs sum to 3, a tie keeps the default diagonal (0,0)-(1,1).
    expect(diagonal(mesh, 2, 10, 1, Face.PosY).corners).toEqual(['00', '11']);
    // AO [0,1,1,3]: pair (0,0)+(1,1) sums to 3, the other to 2: no flip.
    expect(diagonal(mesh, 2, 11, 2, Face.NegZ).corners).toEqual(['00', '11']);
    // AO [2,3,2,3]: another tie.
    expect(diagonal(mesh, 3, 10, 2, Face.PosY).corners).toEqual(['00', '11']);
  });

  it.each([
    ['culled', meshColumnCulled],
    ['greedy', meshColumnGreedy],
  ] as const)('%s: flips on a counter-clockwise face too', (_name, mesher) => {
    // Block E in the air with one block diagonal to its -x face, at that face's (-z, -y)
    // corner: AO [2,3,3,3] on a face whose corners run the other way round.
    const mesh = mesher(volumeOf([[8, 20, 8, Stone], [7, 19, 7, Stone]]));
    expect(diagonal(mesh, 8, 20, 8, Face.NegX)).toEqual({ corners: ['01', '10'], ao: [3, 3] });
    expect(diagonal(mesh, 8, 20, 8, Face.PosX).corners).toEqual(['00', '11']);
  });
});
