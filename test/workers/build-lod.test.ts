/**
 * buildLodRegion is what a worker runs for a far region: it must answer the request it was
 * given (ids and region echoed), mesh exactly the sampled region, and refuse bad regions.
 */
import { describe, expect, it } from 'vitest';
import { meshLodRegion } from '../../src/mesh';
import { transferablesOf, type BlockEdit, type BuildLodRequest } from '../../src/workers';
import { buildLodRegion } from '../../src/workers/build-lod';
import { Block, DEFAULT_WORLD_PARAMS, lodSampleCoord, sampleLodRegion, terrainFor, type WorldParams } from '../../src/world';

const PARAMS: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };

function request(level: number, rx: number, rz: number, edits: BlockEdit[] = []): BuildLodRequest {
  return { type: 'lod', id: 17, generation: 3, revision: 5, params: PARAMS, level, rx, rz, edits };
}

describe('buildLodRegion', () => {
  it('echoes the request, meshes the sampled region and times the build with the clock it is given', () => {
    let t = 100;
    const result = buildLodRegion(request(3, -2, 7), () => (t += 2.5));
    expect(result).toMatchObject({ type: 'lod-built', id: 17, generation: 3, revision: 5, level: 3, rx: -2, rz: 7, buildMs: 2.5 });
    const expected = meshLodRegion(sampleLodRegion(terrainFor(PARAMS), 3, -2, 7, []), PARAMS.seaLevel);
    expect(Array.from(result.mesh.vertices)).toEqual(Array.from(expected.vertices));
    expect(Array.from(result.mesh.materials)).toEqual(Array.from(expected.materials));
    expect(result.quads).toBe(expected.vertices.length / 4);
    expect(result.quads).toBeGreaterThan(0);
    // The buffers transfer: three distinct ones.
    expect(new Set(transferablesOf(result)).size).toBe(3);
  });

  it('passes edits on to the sampler: a block on a sample point changes the mesh', () => {
    const x = lodSampleCoord(2, 5 * 16 + 4);
    const z = lodSampleCoord(2, -3 * 16 + 9);
    const plain = buildLodRegion(request(2, 5, -3), () => 0);
    const edited = buildLodRegion(request(2, 5, -3, [{ x, y: 200, z, block: Block.Stone }]), () => 0);
    expect(Array.from(edited.mesh.vertices)).not.toEqual(Array.from(plain.mesh.vertices));
  });

  it('rejects a level outside 1..7 and region coordinates that are not whole numbers, with a RangeError', () => {
    for (const level of [0, 8, 2.5, Number.NaN]) expect(() => buildLodRegion(request(level, 0, 0), () => 0)).toThrow(/LOD level must be/);
    expect(() => buildLodRegion(request(1, 0.5, 0), () => 0)).toThrow(RangeError);
    expect(() => buildLodRegion(request(1, 0, Number.NaN), () => 0)).toThrow(/whole numbers/);
  });
});
