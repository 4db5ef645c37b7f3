/**
 * A column's mesh is a pure function of (params, cx, cz): its border comes from the terrain
 * function, not from whichever neighbours happen to be loaded, and the greedy mesher's
 * shared scratch buffers carry nothing from one column to the next.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD_PARAMS } from '../../src/world';
import { generatePaddedVolume, meshColumnCulled, meshColumnGreedy, paddedIndex, type ColumnMeshData } from '../../src/mesh';

function bytesOf(mesh: ColumnMeshData): { vertices: number[]; indices: number[]; opaque: number; translucent: number } {
  return {
    vertices: Array.from(mesh.vertices),
    indices: Array.from(mesh.indices),
    opaque: mesh.opaqueIndexCount,
    translucent: mesh.translucentIndexCount,
  };
}

const params = { ...DEFAULT_WORLD_PARAMS, seed: 'determinism' };

describe('column meshes are deterministic', () => {
  it('generating a column twice gives the same volume and the same mesh bytes', () => {
    for (const [cx, cz] of [[0, 0], [-3, 7], [123456, -654321]] as const) {
      const a = generatePaddedVolume(params, cx, cz);
      const b = generatePaddedVolume(params, cx, cz);
      expect(b.maxY).toBe(a.maxY);
      expect(Buffer.from(b.blocks).equals(Buffer.from(a.blocks))).toBe(true);
      expect(bytesOf(meshColumnGreedy(b))).toEqual(bytesOf(meshColumnGreedy(a)));
      expect(bytesOf(meshColumnCulled(b))).toEqual(bytesOf(meshColumnCulled(a)));
    }
  });

  it('the greedy mesh of a column does not depend on what was meshed before it', () => {
    const target = generatePaddedVolume(params, 2, 2);
    const first = bytesOf(meshColumnGreedy(target));
    // Taller, rougher and empty columns in between, to dirty every scratch buffer.
    meshColumnGreedy(generatePaddedVolume({ ...params, amplitude: 127, scale: 16, octaves: 8 }, 9, -4));
    meshColumnGreedy(generatePaddedVolume({ ...params, seaLevel: 200 }, 1, 1));
    meshColumnGreedy(generatePaddedVolume({ ...params, amplitude: 0, seaLevel: 1 }, 0, 0));
    expect(bytesOf(meshColumnGreedy(target))).toEqual(first);
  });

  it("a column's border is exactly its neighbours' edge blocks, corners included", () => {
    const cx = -5;
    const cz = 3;
    const centre = generatePaddedVolume(params, cx, cz);
    const top = centre.maxY;
    const neighbours = new Map<string, ReturnType<typeof generatePaddedVolume>>();
    const at = (dx: number, dz: number): ReturnType<typeof generatePaddedVolume> => {
      const key = `${dx},${dz}`;
      if (!neighbours.has(key)) neighbours.set(key, generatePaddedVolume(params, cx + dx, cz + dz));
      return neighbours.get(key)!;
    };
    let compared = 0;
    for (let y = 0; y <= top + 1; y++) {
      for (let z = -1; z <= 16; z++) {
        for (let x = -1; x <= 16; x++) {
          const dx = x < 0 ? -1 : x > 15 ? 1 : 0;
          const dz = z < 0 ? -1 : z > 15 ? 1 : 0;
          if (dx === 0 && dz === 0) continue;
          const own = centre.blocks[paddedIndex(x, y, z)];
          const theirs = at(dx, dz).blocks[paddedIndex(x - 16 * dx, y, z - 16 * dz)];
          if (own !== theirs) expect({ x, y, z, own }).toEqual({ x, y, z, own: theirs });
          compared++;
        }
      }
    }
    expect(compared).toBe((top + 2) * (18 * 18 - 16 * 16));
  });
});
