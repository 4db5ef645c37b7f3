/**
 * Skylight as the worker builds it (issue 10): caves are dark, open ground is fully lit, and
 * a column's light is a pure function of the world, whichever neighbours exist, reaching
 * across the column edge exactly as far as the spread does (LIGHT_MARGIN).
 */
import { describe, expect, it } from 'vitest';
import { generatePaddedVolume, LIGHT_MARGIN, paddedIndex, PADDED_SIZE, unpackVertex, type ColumnMeshData } from '../../src/mesh';
import type { BlockEdit, BuildColumnResult } from '../../src/workers';
import { buildColumn } from '../../src/workers/build-column';
import { Block, COLUMN_SIZE, DEFAULT_WORLD_PARAMS, Face, WORLD_HEIGHT, type WorldParams } from '../../src/world';
import { mulberry32 } from '../support/random';

// Classic terrain: open hills with few trees, so many top faces have nothing but sky around them.
const params: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: 'light' };

function build(cx: number, cz: number, edits: BlockEdit[] = []): BuildColumnResult {
  return buildColumn({ type: 'build', id: 1, generation: 0, revision: 0, params, cx, cz, edits }, () => 0);
}

/** Every quad as its four unpacked vertices. */
function quads(mesh: ColumnMeshData): ReturnType<typeof unpackVertex>[][] {
  const out = [];
  for (let q = 0; q < mesh.vertices.length / 4; q++) {
    out.push([0, 1, 2, 3].map((i) => unpackVertex(mesh.vertices[q * 4 + i]!, mesh.materials[q * 4 + i]!)));
  }
  return out;
}

/** A box of air edits, [x0, x1] x [y0, y1] x [z0, z1] inclusive, in world coordinates. */
function dig(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): BlockEdit[] {
  const out: BlockEdit[] = [];
  for (let y = y0; y <= y1; y++) for (let z = z0; z <= z1; z++) for (let x = x0; x <= x1; x++) out.push({ x, y, z, block: Block.Air });
  return out;
}

describe('skylight in built columns', () => {
  it('the faces of a hollow sealed in stone are dark (light 0 in every corner)', () => {
    const cx = 2, cz = -3, x0 = cx * COLUMN_SIZE, z0 = cz * COLUMN_SIZE;
    const result = build(cx, cz, dig(x0 + 6, x0 + 8, 20, 22, z0 + 6, z0 + 8));
    // The hollow's walls: faces of blocks around it looking into it.
    const inside = quads(result.mesh).filter((vs) => vs.every((v) => v.y >= 20 && v.y <= 23 && v.x >= 6 && v.x <= 9 && v.z >= 6 && v.z <= 9));
    expect(inside.length).toBeGreaterThanOrEqual(6);
    for (const vs of inside) for (const v of vs) expect(v.light).toBe(0);
  });

  it('the open surface is fully lit: top faces with open sky around them have light 15 in every corner', () => {
    const result = build(0, 0);
    const volume = generatePaddedVolume(params, 0, 0);
    /** Nothing but air above y in block column (x, z). */
    const open = (x: number, y: number, z: number): boolean => {
      for (let yy = y + 1; yy < WORLD_HEIGHT; yy++) if (volume.blocks[paddedIndex(x, yy, z)] !== Block.Air) return false;
      return true;
    };
    const tops = quads(result.mesh).filter((vs) => vs[0]!.face === Face.PosY);
    let checked = 0;
    for (const vs of tops) {
      const y = vs[0]!.y - 1;
      const xs = vs.map((v) => v.x), zs = vs.map((v) => v.z);
      let sky = true;
      for (let x = Math.min(...xs) - 1; x <= Math.max(...xs) && sky; x++) for (let z = Math.min(...zs) - 1; z <= Math.max(...zs) && sky; z++) sky = open(x, y, z);
      if (!sky) continue;
      checked++;
      for (const v of vs) expect(v.light).toBe(15);
    }
    // On hills most tops have a higher step beside them (its corner reads that wall); the rest are checked.
    expect(checked).toBeGreaterThan(5);
  });

  it('a shaft to the sky 3 blocks beyond the column edge lights the edge face through a tunnel (the margin works)', () => {
    const cx = 5, cz = 7, x0 = cx * COLUMN_SIZE, z0 = cz * COLUMN_SIZE;
    const y = 30;
    const z = z0 + 8;
    // A tunnel from x0 - 4 to x0 - 1 at depth y, ending at the column's edge block x0.
    const tunnel = dig(x0 - LIGHT_MARGIN, x0 - 1, y, y, z, z);
    const shaft = dig(x0 - LIGHT_MARGIN, x0 - LIGHT_MARGIN, y + 1, WORLD_HEIGHT - 1, z, z);
    const edgeFace = (r: BuildColumnResult) =>
      quads(r.mesh).find((vs) => vs[0]!.face === Face.NegX && vs.every((v) => v.x === 0 && v.y >= y && v.y <= y + 1 && v.z >= 8 && v.z <= 9));
    const sealed = edgeFace(build(cx, cz, tunnel));
    expect(sealed).toBeDefined();
    expect(sealed!.map((v) => v.light)).toEqual([0, 0, 0, 0]);
    const open = edgeFace(build(cx, cz, [...tunnel, ...shaft]));
    // 15 at the shaft, then 11, 7 and 3 in the border cell the face looks into.
    expect(open!.map((v) => v.light)).toEqual([3, 3, 3, 3]);
  });

  it("a column's light does not depend on its neighbours: overlapping cells agree between neighbouring builds", () => {
    const rand = mulberry32(7);
    // Some edits near the shared edge: a pit open to the sky and a tunnel under the border.
    const edits = [...dig(14, 17, 34, WORLD_HEIGHT - 1, 5, 7), ...dig(8, 23, 34, 34, 6, 6)];
    for (let i = 0; i < 4; i++) {
      const a = generatePaddedVolume(params, 0, 0, undefined, edits);
      const b = generatePaddedVolume(params, 1, 0, undefined, edits);
      // a's x = 15, 16 are b's x = -1, 0.
      for (let y = 0; y < WORLD_HEIGHT; y++) {
        for (let z = -1; z <= COLUMN_SIZE; z++) {
          for (const [ax, bx] of [[15, -1], [16, 0]] as const) {
            const ia = paddedIndex(ax, y, z);
            const ib = paddedIndex(bx, y, z);
            if (a.blocks[ia] !== b.blocks[ib] || a.light[ia] !== b.light[ib]) {
              expect({ y, z, ax, a: [a.blocks[ia], a.light[ia]], b: [b.blocks[ib], b.light[ib]] }).toBeNull();
            }
          }
        }
      }
      // Built alone, after others, or again: the same bytes.
      const order = [[0, 0], [1, 0], [0, 1], [-1, 0]].sort(() => rand() - 0.5);
      const results = new Map(order.map(([cx, cz]) => [`${cx},${cz}`, build(cx!, cz!, edits)]));
      const alone = build(1, 0, edits);
      expect(Array.from(results.get('1,0')!.mesh.vertices)).toEqual(Array.from(alone.mesh.vertices));
      expect(Array.from(results.get('1,0')!.mesh.materials)).toEqual(Array.from(alone.mesh.materials));
    }
    // The pit really lights cells in both volumes (the comparison is not of zeros only).
    const a = generatePaddedVolume(params, 0, 0, undefined, edits);
    expect(a.light[paddedIndex(16, 34, 6)]).toBe(15);
    expect(a.light[paddedIndex(13, 34, 6)]).toBe(11);
    expect(a.light[paddedIndex(11, 34, 6)]).toBe(3);
    expect(a.light[paddedIndex(10, 34, 6)]).toBe(0);
    expect(PADDED_SIZE).toBe(18);
  });
});
