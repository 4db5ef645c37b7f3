/**
 * How well the greedy mesher merges: quad counts, not timings (docs/architecture.md, "Tests and benchmarks").
 *
 * Issue 4's goal is greedy quads <= 40% of culled quads on default terrain. With AO-exact
 * merging that depends on the terrain more than on the mesher: on the current defaults
 * (scale 256, amplitude 104) no merge that keeps AO exact can go below ~52% around spawn,
 * because terraces one or two blocks wide give most top faces their own AO pattern
 * (scripts/mesh-stats.ts prints both figures). So these tests hold the mesher to that floor
 * instead of to a number the terrain decides.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD_PARAMS, type WorldParams } from '../../src/world';
import { FACE_U_AXIS, FACE_V_AXIS, generatePaddedVolume, meshColumnCulled, meshColumnGreedy, quadCountOf } from '../../src/mesh';
import { faceKey, unitFaces, type UnitFace } from './mesh-helpers';

/**
 * A lower bound for any merging that keeps keys apart: the number of 4-connected regions of
 * unit faces with the same face direction, plane, tile, pass and AO. No rectangle can span
 * two regions, so no mesher can emit fewer quads.
 */
function sameKeyRegions(faces: readonly UnitFace[]): number {
  const key = (f: UnitFace): string => faceKey({ ...f, x: 0, y: 0, z: 0 });
  const byPos = new Map<string, string>();
  const pos = (face: number, x: number, y: number, z: number): string => `${face}:${x},${y},${z}`;
  for (const f of faces) byPos.set(pos(f.face, f.x, f.y, f.z), key(f));
  const seen = new Set<string>();
  let regions = 0;
  for (const f of faces) {
    const start = pos(f.face, f.x, f.y, f.z);
    if (seen.has(start)) continue;
    regions++;
    seen.add(start);
    const k = key(f);
    const stack: [number, number, number][] = [[f.x, f.y, f.z]];
    while (stack.length > 0) {
      const p = stack.pop()!;
      for (const axis of [FACE_U_AXIS[f.face]!, FACE_V_AXIS[f.face]!]) {
        for (const d of [-1, 1]) {
          const q: [number, number, number] = [p[0], p[1], p[2]];
          q[axis] += d;
          const id = pos(f.face, q[0], q[1], q[2]);
          if (!seen.has(id) && byPos.get(id) === k) {
            seen.add(id);
            stack.push(q);
          }
        }
      }
    }
  }
  return regions;
}

function quadTotals(params: Readonly<WorldParams>, columns: readonly (readonly [number, number])[]): { culled: number; greedy: number; regions: number } {
  let culled = 0;
  let greedy = 0;
  let regions = 0;
  for (const [cx, cz] of columns) {
    const volume = generatePaddedVolume(params, cx, cz);
    const c = meshColumnCulled(volume);
    culled += quadCountOf(c);
    greedy += quadCountOf(meshColumnGreedy(volume));
    // Plants' crosses are emitted whole by both meshers, never merged: each is its own floor.
    const shapes: string[] = [];
    regions += sameKeyRegions(unitFaces(c, shapes)) + shapes.length;
  }
  return { culled, greedy, regions };
}

function grid(x0: number, z0: number, n: number, step = 1): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out.push([x0 + i * step, z0 + j * step]);
  return out;
}

describe('greedy merging', () => {
  it('flat terrain: a whole column top becomes one quad, and so does its floor', () => {
    // Classic terrain at amplitude 0 puts every surface at sea level: 256 sand tops and 256 bedrock bottoms
    // per column, open AO, no sides.
    const { culled, greedy } = quadTotals({ ...DEFAULT_WORLD_PARAMS, type: 'classic', amplitude: 0 }, grid(-1, -1, 2));
    expect(culled).toBe(4 * 2 * 256);
    expect(greedy).toBe(4 * 2);
  });

  it('default terrain around spawn: within 10 percent of the fewest quads any AO-exact merge could give', () => {
    const { greedy, regions } = quadTotals(DEFAULT_WORLD_PARAMS, grid(-2, -2, 4));
    expect(greedy).toBeGreaterThanOrEqual(regions);
    expect(greedy).toBeLessThanOrEqual(regions * 1.1);
  });

  // The floor counts connected regions of equal keys, and a region needs one quad only when
  // it is a rectangle. Ground faces nearly are; the flat-shaded leaves of a crown form large
  // regions of crosses and rings, which no rectangle merge covers in one quad, so the bound
  // grows with the trees: measured 1.18 on classic hills, 1.21-1.23 in biomes forests.
  it.each([
    ['classic', 'perlin', 'voxel', 1.2],
    ['classic', 'perlin', '12345', 1.2],
    ['classic', 'simplex', 'voxel', 1.2],
    ['biomes', 'perlin', 'voxel', 1.3],
    ['biomes', 'simplex', '12345', 1.3],
  ] as const)('%s %s %j, far columns: within the bound of the same-key floor', (type, noise, seed, bound) => {
    const { greedy, regions, culled } = quadTotals({ ...DEFAULT_WORLD_PARAMS, type, noise, seed }, grid(-60, 40, 3, 20));
    expect(regions).toBeLessThan(culled);
    expect(greedy).toBeGreaterThanOrEqual(regions);
    expect(greedy).toBeLessThanOrEqual(regions * bound);
  });
});
