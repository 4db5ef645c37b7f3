/**
 * The underside of the world: looking up from below y = 0, the terrain must be closed, not a
 * shell with its floor missing. Below the world counts as air for both meshers.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD_PARAMS, Face } from '../../src/world';
import { generatePaddedVolume, meshColumnCulled, meshColumnGreedy, quadCountOf, unpackVertex, type ColumnMeshData } from '../../src/mesh';
import { unitFaces } from './mesh-helpers';

/** Quads of `mesh` that look down (-y) from the y = 0 layer. */
function floorQuads(mesh: ColumnMeshData): number {
  let n = 0;
  for (let q = 0; q < quadCountOf(mesh); q++) {
    const v = unpackVertex(mesh.vertices[q * 4]!);
    if (v.face === Face.NegY && v.y === 0) n++;
  }
  return n;
}

describe('the world floor (y = 0) of a generated column', () => {
  const COLUMNS: [number, number][] = [[0, 0], [-3, 7], [250, -300]];

  it.each(COLUMNS)('column (%i, %i): both meshers cover all 256 floor cells with downward faces', (cx, cz) => {
    const volume = generatePaddedVolume(DEFAULT_WORLD_PARAMS, cx, cz);
    for (const mesh of [meshColumnCulled(volume), meshColumnGreedy(volume)]) {
      const floor = unitFaces(mesh).filter((f) => f.face === Face.NegY && f.y === 0);
      expect(floor).toHaveLength(256);
      expect(new Set(floor.map((f) => f.x + 16 * f.z)).size).toBe(256);
      // Nothing lies under the floor to occlude it.
      for (const f of floor) expect(f.ao).toEqual([3, 3, 3, 3]);
    }
  });

  it.each(COLUMNS)('column (%i, %i): the greedy mesher merges the floor into a single quad', (cx, cz) => {
    const volume = generatePaddedVolume(DEFAULT_WORLD_PARAMS, cx, cz);
    expect(floorQuads(meshColumnCulled(volume))).toBe(256);
    expect(floorQuads(meshColumnGreedy(volume))).toBe(1);
  });
});
