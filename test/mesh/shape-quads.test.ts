/**
 * Shape quads against a reference that knows nothing of boxes and planes: each shaped cell
 * rasterised at sixteenths, and every sixteenth-face of it whose neighbour sixteenth is empty
 * (in the cell, or in the neighbouring cell: full for opaque cubes, its boxes for shapes) is
 * exposed. The meshers must cover exactly the exposed sixteenth-faces, each once.
 */
import { describe, expect, it } from 'vitest';
import {
  Block, BLOCK_OPAQUE, BLOCK_PARTIAL, BLOCK_SHAPE, DOOR_OPEN, DOOR_UPPER, HALF_TOP, Shape, shapeBoxes, TORCH_WALL, validState,
} from '../../src/world';
import {
  CROSS_FACE, FACE_AXIS, FACE_SIGN, FACE_U_AXIS, FACE_V_AXIS, meshColumnCulled, meshColumnGreedy, paddedIndex, trimRect, unpackVertex,
  type ColumnMeshData, type PaddedVolume,
} from '../../src/mesh';
import { mulberry32 } from '../support/random';
import { expectSameFaceSet, volumeOf } from './mesh-helpers';

const SHAPED = [
  Block.StoneSlab, Block.OakSlab, Block.BrickStairs, Block.StoneStairs, Block.OakStairs, Block.OakDoor, Block.CobblestoneSlab, Block.Torch,
];
const CUBES = [Block.Stone, Block.Glass, Block.Leaves, Block.Water, Block.Dirt];

function randomState(block: number, rand: () => number): number {
  for (;;) {
    const shape = BLOCK_SHAPE[block];
    const s =
      shape === Shape.Slab ? (rand() < 0.5 ? HALF_TOP : 0)
      : shape === Shape.Stairs ? Math.floor(rand() * 4) | (rand() < 0.4 ? HALF_TOP : 0)
      : shape === Shape.Torch ? (rand() < 0.3 ? 0 : TORCH_WALL | Math.floor(rand() * 4))
      : Math.floor(rand() * 4) | (rand() < 0.5 ? DOOR_OPEN : 0) | (rand() < 0.5 ? DOOR_UPPER : 0);
    if (validState(block, s)) return s;
  }
}

/** A small random world of shapes and cubes around y = 40, states included. */
function shapeVolume(seed: number, density: number): PaddedVolume {
  const rand = mulberry32(seed);
  const cells: [number, number, number, number][] = [];
  const states: [number, number][] = [];
  for (let y = 38; y < 42; y++) {
    for (let z = -1; z <= 6; z++) {
      for (let x = -1; x <= 6; x++) {
        if (rand() > density) continue;
        const shaped = rand() < 0.6;
        const block = shaped ? SHAPED[Math.floor(rand() * SHAPED.length)]! : CUBES[Math.floor(rand() * CUBES.length)]!;
        cells.push([x, y, z, block]);
        if (shaped) states.push([paddedIndex(x, y, z), randomState(block, rand)]);
      }
    }
  }
  const volume = volumeOf(cells);
  for (const [i, s] of states) volume.states.set(i, s);
  return volume;
}

/**
 * Whether sixteenth (i, j, k) of the cell at (x, y, z), i..k possibly -1 or 16 (then in the
 * neighbour), is filled. A torch's stick hides nothing of a neighbour (`from`, the block asking)
 * but another torch: what it touches is drawn behind it, not cut around it.
 */
function filled(volume: PaddedVolume, x: number, y: number, z: number, i: number, j: number, k: number, from = Block.Torch as number): boolean {
  const cx = x + Math.floor(i / 16), cy = y + Math.floor(j / 16), cz = z + Math.floor(k / 16);
  const li = ((i % 16) + 16) % 16, lj = ((j % 16) + 16) % 16, lk = ((k % 16) + 16) % 16;
  if (cx < -1 || cx > 16 || cz < -1 || cz > 16) return false;
  const at = paddedIndex(cx, cy, cz);
  const block = volume.blocks[at]!;
  if (BLOCK_OPAQUE[block]) return true;
  if (!BLOCK_PARTIAL[block] || BLOCK_SHAPE[block] === Shape.Cross) return false;
  if (block === Block.Torch && from !== Block.Torch) return false;
  return shapeBoxes(block, volume.states.get(at) ?? 0).some((b) => li >= b[0] && li < b[3] && lj >= b[1] && lj < b[4] && lk >= b[2] && lk < b[5]);
}

/** Exposed sixteenth-faces of every shaped cell inside the column: "x,y,z face" in sixteenths of the world. */
function exposedFaces(volume: PaddedVolume): string[] {
  const out: string[] = [];
  for (let y = 38; y < 42; y++) {
    for (let z = 0; z <= 6; z++) {
      for (let x = 0; x <= 6; x++) {
        const block = volume.blocks[paddedIndex(x, y, z)]!;
        if (!BLOCK_PARTIAL[block] || BLOCK_SHAPE[block] === Shape.Cross) continue;
        for (let i = 0; i < 16; i++) {
          for (let j = 0; j < 16; j++) {
            for (let k = 0; k < 16; k++) {
              if (!filled(volume, x, y, z, i, j, k)) continue;
              for (let face = 0; face < 6; face++) {
                const d = [0, 0, 0];
                d[FACE_AXIS[face]!] = FACE_SIGN[face]!;
                if (!filled(volume, x, y, z, i + d[0]!, j + d[1]!, k + d[2]!, block)) out.push(`${x * 16 + i},${y * 16 + j},${z * 16 + k} ${face}`);
              }
            }
          }
        }
      }
    }
  }
  return out.sort();
}

/** The sixteenth-faces the mesh's shape quads cover, in the same notation (cube faces and crosses left out). */
function meshedShapeFaces(mesh: ColumnMeshData, volume: PaddedVolume): string[] {
  const out: string[] = [];
  for (let q = 0; q < mesh.vertices.length / 4; q++) {
    const vs = [0, 1, 2, 3].map((c) => unpackVertex(mesh.vertices[q * 4 + c]!, mesh.materials[q * 4 + c]!));
    const face = vs[0]!.face;
    if (face === CROSS_FACE) continue;
    const pos = vs.map((v) => [v.x * 16 + v.fineX, v.y * 16 + v.fineY, v.z * 16 + v.fineZ]);
    const axis = FACE_AXIS[face]!, ua = FACE_U_AXIS[face]!, va = FACE_V_AXIS[face]!;
    const plane = pos[0]![axis]!;
    const u0 = Math.min(...pos.map((p) => p[ua]!)), u1 = Math.max(...pos.map((p) => p[ua]!));
    const v0 = Math.min(...pos.map((p) => p[va]!)), v1 = Math.max(...pos.map((p) => p[va]!));
    // Which block the quad belongs to: the cell just behind the face's first sixteenth.
    const behind = [0, 0, 0];
    behind[axis] = FACE_SIGN[face] === 1 ? plane - 1 : plane;
    behind[ua] = u0;
    behind[va] = v0;
    const block = volume.blocks[paddedIndex(Math.floor(behind[0]! / 16), Math.floor(behind[1]! / 16), Math.floor(behind[2]! / 16))]!;
    if (!BLOCK_PARTIAL[block]) continue;
    for (let u = u0; u < u1; u++) {
      for (let v = v0; v < v1; v++) {
        const p = [0, 0, 0];
        p[axis] = behind[axis]!;
        p[ua] = u;
        p[va] = v;
        out.push(`${p[0]},${p[1]},${p[2]} ${face}`);
      }
    }
  }
  return out.sort();
}

/** Sorted lists compared by their differences, which stay readable (and fast) when they are long. */
function expectSameList(actual: string[], expected: string[], volume: PaddedVolume): void {
  const want = new Set(expected);
  const got = new Set(actual);
  const describeAt = (key: string) => {
    const [x, y, z] = key.split(' ')[0]!.split(',').map((n) => Math.floor(Number(n) / 16));
    const at = paddedIndex(x!, y!, z!);
    return `${key} in ${volume.blocks[at]}:${volume.states.get(at) ?? 0}`;
  };
  const extra = actual.filter((k) => !want.has(k)).slice(0, 5).map(describeAt);
  const missing = expected.filter((k) => !got.has(k)).slice(0, 5).map(describeAt);
  expect({ extra, missing, twice: actual.length - got.size }).toEqual({ extra: [], missing: [], twice: 0 });
}

describe('shape quads', () => {
  it('trims a face by a cover spanning it along u or v, and keeps it whole around a hole', () => {
    const rect = { u0: 0, u1: 16, v0: 0, v1: 16 };
    trimRect(rect, { u0: 0, u1: 16, v0: 0, v1: 8 });
    expect(rect).toEqual({ u0: 0, u1: 16, v0: 8, v1: 16 });
    trimRect(rect, { u0: 8, u1: 16, v0: 0, v1: 16 });
    expect(rect).toEqual({ u0: 0, u1: 8, v0: 8, v1: 16 });
    const whole = { u0: 0, u1: 16, v0: 0, v1: 16 };
    trimRect(whole, { u0: 4, u1: 12, v0: 4, v1: 12 });
    expect(whole).toEqual({ u0: 0, u1: 16, v0: 0, v1: 16 });
  });

  it('a bottom slab on the ground shows its top and four half sides, not its bottom', () => {
    const volume = volumeOf([[5, 40, 5, Block.Stone], [5, 41, 5, Block.StoneSlab]]);
    const faces = meshedShapeFaces(meshColumnGreedy(volume), volume);
    // 16 x 16 on top, 16 x 8 on each side.
    expect(faces).toHaveLength(256 + 4 * 128);
    expectSameList(faces, exposedFaces(volume), volume);
  });

  it.each([0.2, 0.5])('cover exactly the exposed sixteenths of random shapes (density %f)', (density) => {
    for (let i = 0; i < 2; i++) {
      const volume = shapeVolume(Math.floor(density * 100) * 10 + i, density);
      const mesh = meshColumnGreedy(volume);
      expectSameList(meshedShapeFaces(mesh, volume), exposedFaces(volume), volume);
      expectSameFaceSet(mesh, meshColumnCulled(volume));
    }
  });

  it('plants are two crossed planes seen from both sides, tinted where their tile is', () => {
    const volume = volumeOf([[3, 40, 3, Block.Grass], [3, 41, 3, Block.TallGrass], [6, 40, 6, Block.Grass], [6, 41, 6, Block.Poppy]]);
    volume.tints.fill(0x3c);
    const mesh = meshColumnGreedy(volume);
    const crosses = [];
    for (let q = 0; q < mesh.vertices.length / 4; q++) {
      const v = unpackVertex(mesh.vertices[q * 4]!, mesh.materials[q * 4]!);
      if (v.face === CROSS_FACE) crosses.push(v);
    }
    expect(crosses).toHaveLength(8);
    expect(crosses.filter((v) => v.x <= 4 && v.z <= 4).every((v) => v.tint === 0x3c)).toBe(true);
    expect(crosses.filter((v) => v.x >= 6).every((v) => v.tint === 0)).toBe(true);
  });

  it('logs lying along x or z show their rings on the ends and turned bark, and still merge', () => {
    const cells: [number, number, number, number][] = [];
    for (let x = 2; x < 8; x++) cells.push([x, 40, 4, Block.Log]);
    const volume = volumeOf(cells);
    for (let x = 2; x < 8; x++) volume.states.set(paddedIndex(x, 40, 4), 1);
    const greedy = meshColumnGreedy(volume);
    expectSameFaceSet(greedy, meshColumnCulled(volume));
    // Four long sides merged whole, two ends: six quads.
    expect(greedy.vertices.length / 4).toBe(6);
  });
});
