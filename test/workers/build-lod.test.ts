/**
 * buildLodRegion is what a worker runs for a far region: it must answer the request it was
 * given (ids and region echoed), mesh exactly the sampled region (its items put back
 * together are meshLodRegion's quads, quad for quad), hand its arrays over without copying,
 * and refuse bad regions.
 */
import { describe, expect, it } from 'vitest';
import { meshLodRegion, type ColumnMeshData } from '../../src/mesh';
import type { LodSplit } from '../../src/mesh/lod-split';
import { farItemMesh } from '../../src/render/far-items';
import { transferablesOf, type BlockEdit, type BuildLodRequest } from '../../src/workers';
import { buildLodRegion } from '../../src/workers/build-lod';
import { Block, DEFAULT_WORLD_PARAMS, lodSampleCoord, sampleLodRegion, terrainFor, type WorldParams } from '../../src/world';

const PARAMS: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };

/** Each quad of a mesh as its pass, four vertex words and four materials: what drawing it depends on. */
function quadsOf(mesh: ColumnMeshData): string[] {
  const out: string[] = [];
  const quads = mesh.vertices.length / 4;
  const opaque = mesh.opaqueIndexCount / 6;
  const cutout = mesh.cutoutIndexCount / 6;
  expect(mesh.opaqueIndexCount + mesh.cutoutIndexCount + mesh.translucentIndexCount).toBe(quads * 6);
  for (let q = 0; q < quads; q++) {
    const pass = q < opaque ? 0 : q < opaque + cutout ? 1 : 2;
    // The triangles as corners, not as index values: the same split of the quad wherever it lies.
    const corners = Array.from(mesh.indices.subarray(q * 6, q * 6 + 6), (i) => i - q * 4);
    out.push(JSON.stringify([pass, Array.from(mesh.vertices.subarray(q * 4, q * 4 + 4)), Array.from(mesh.materials.subarray(q * 4, q * 4 + 4)), corners]));
  }
  return out;
}

function itemQuads(split: LodSplit): string[] {
  return split.items.flatMap((item) => quadsOf(farItemMesh(split, item)));
}

function request(level: number, rx: number, rz: number, edits: BlockEdit[] = []): BuildLodRequest {
  return { type: 'lod', id: 17, generation: 3, revision: 5, params: PARAMS, level, rx, rz, edits };
}

describe('buildLodRegion', () => {
  it('echoes the request, meshes the sampled region and times the build with the clock it is given', () => {
    let t = 100;
    const result = buildLodRegion(request(3, -2, 7), () => (t += 2.5));
    expect(result).toMatchObject({ type: 'lod-built', id: 17, generation: 3, revision: 5, level: 3, rx: -2, rz: 7, buildMs: 2.5 });
    const expected = meshLodRegion(sampleLodRegion(terrainFor(PARAMS), 3, -2, 7, []), PARAMS.seaLevel);
    expect(result.quads).toBe(expected.vertices.length / 4);
    expect(result.quads).toBeGreaterThan(0);
  });

  // A level-1 region is cut by column and face, coarser ones by face only.
  for (const [level, rx, rz] of [[1, 20, -36], [1, -3, 5], [4, -2, 7], [6, 1, 0]] as const) {
    it(`level ${level} region (${rx}, ${rz}): its items put back together are exactly meshLodRegion's quads, and cover the arrays`, () => {
      const result = buildLodRegion(request(level, rx, rz), () => 0);
      const expected = meshLodRegion(sampleLodRegion(terrainFor(PARAMS), level, rx, rz, []), PARAMS.seaLevel);
      expect(itemQuads(result.split).sort()).toEqual(quadsOf(expected).sort());
      expect(result.split.items.length).toBeGreaterThan(level === 1 ? 6 : 1);
      // Items follow one another with no gap or overlap.
      let next = 0;
      for (const item of result.split.items) {
        expect(item.firstQuad).toBe(next);
        next += item.opaqueQuads + item.cutoutQuads + item.translucentQuads;
        expect(item.size).toBe(level === 1 ? 1 : 2 ** level);
      }
      expect(next).toBe(result.quads);
    });
  }

  it('hands its three arrays over whole: transferred, not copied', () => {
    const own = buildLodRegion(request(1, 20, -36), () => 0);
    const transfer = transferablesOf(own);
    expect(transfer).toEqual([own.split.vertices.buffer, own.split.materials.buffer, own.split.indices.buffer]);
    expect(new Set(transfer).size).toBe(3); // a buffer listed twice makes postMessage throw
    expect(own.split.vertices.buffer.byteLength).toBe(own.split.vertices.byteLength);
    expect(own.split.materials.buffer.byteLength).toBe(own.split.materials.byteLength);
    expect(own.split.indices.buffer.byteLength).toBe(own.split.indices.byteLength);
    const quads = itemQuads(own.split);
    const clone = structuredClone(own, { transfer });
    expect(own.split.vertices.byteLength).toBe(0);
    expect(own.split.materials.byteLength).toBe(0);
    expect(own.split.indices.byteLength).toBe(0);
    expect(itemQuads(clone.split)).toEqual(quads);
  });

  it('passes edits on to the sampler: a block on a sample point changes the mesh', () => {
    const x = lodSampleCoord(2, 5 * 16 + 4);
    const z = lodSampleCoord(2, -3 * 16 + 9);
    const plain = buildLodRegion(request(2, 5, -3), () => 0);
    const edited = buildLodRegion(request(2, 5, -3, [{ x, y: 200, z, block: Block.Stone }]), () => 0);
    expect(Array.from(edited.split.vertices)).not.toEqual(Array.from(plain.split.vertices));
  });

  it('rejects a level outside 1..7 and region coordinates that are not whole numbers, with a RangeError', () => {
    for (const level of [0, 8, 2.5, Number.NaN]) expect(() => buildLodRegion(request(level, 0, 0), () => 0)).toThrow(/LOD level must be/);
    expect(() => buildLodRegion(request(1, 0.5, 0), () => 0)).toThrow(RangeError);
    expect(() => buildLodRegion(request(1, 0, Number.NaN), () => 0)).toThrow(/whole numbers/);
  });
});
