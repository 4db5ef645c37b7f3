/**
 * Far regions cut into columns (lod-pieces.ts): the mesher keeps level-1 quads inside one
 * column, and the pieces hold exactly the region's quads, each in the column of the cell it
 * belongs to (a wall in its solid cell's column), passes in order.
 */
import { describe, expect, it } from 'vitest';
import { MeshPass, meshLodRegion } from '../../src/mesh';
import { cutLodPieces } from '../../src/mesh/lod-pieces';
import { DEFAULT_WORLD_PARAMS, Face, LOD_PIECE_MAX_LEVEL, lodCellSize, sampleLodRegion, terrainFor, type WorldParams } from '../../src/world';
import { lodQuads, type LodQuad } from './lod-quads';

const BIOMES: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };
const FLAT: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'flat' };

function region(params: WorldParams, level: number, rx: number, rz: number) {
  return meshLodRegion(sampleLodRegion(terrainFor(params), level, rx, rz, []), params.seaLevel);
}

/** A quad as a string, for comparing lists of quads whatever their order. */
const describeQuad = (q: LodQuad): string => JSON.stringify([q.pass, q.face, q.tile, q.tint, q.min, q.max]);

/** The cell a quad belongs to, its low corner: a +x / +z wall's solid cell is the one before its plane. */
function ownCell(q: LodQuad): [number, number] {
  return [q.face === Face.PosX ? q.min[0] - 1 : q.min[0], q.face === Face.PosZ ? q.min[2] - 1 : q.min[2]];
}

describe('cutLodPieces', () => {
  // A forest with canopy bumps, mountains, a coast, far out on negative coordinates.
  const places = [
    [1, 40, 8],
    [1, 1728, -576],
    [1, -704, -2016],
    [1, -1280000, 3000],
  ] as const;
  for (const [level, x, z] of places) {
    it(`level ${level} at (${x}, ${z}): pieces hold exactly the region's quads, each inside its column`, () => {
      const span = 16 * lodCellSize(level);
      const mesh = region(BIOMES, level, Math.floor(x / span), Math.floor(z / span));
      const columns = 2 ** level;
      const cells = 16 / columns;
      const pieces = cutLodPieces(mesh, columns, cells);
      const all: string[] = [];
      for (const piece of pieces) {
        const quads = lodQuads(piece.mesh);
        expect(quads.length).toBeGreaterThan(0);
        // Passes in order: opaque, then water, as the index counts say.
        const passes = quads.map((q) => q.pass);
        expect(passes).toEqual([...passes].sort((a, b) => a - b));
        expect(piece.mesh.opaqueIndexCount / 6).toBe(passes.filter((p) => p === MeshPass.Opaque).length);
        expect(piece.mesh.translucentIndexCount / 6).toBe(passes.filter((p) => p === MeshPass.Translucent).length);
        for (const q of quads) {
          const [cx, cz] = ownCell(q);
          expect([Math.floor(cx / cells), Math.floor(cz / cells)]).toEqual([piece.tx, piece.tz]);
          if (q.face === Face.PosY) expect([Math.floor((q.max[0] - 1) / cells), Math.floor((q.max[2] - 1) / cells)]).toEqual([piece.tx, piece.tz]);
        }
        // Indices stay within the piece's own quads, two triangles each.
        for (let i = 0; i < piece.mesh.indices.length; i++) expect(Math.floor(piece.mesh.indices[i]! / 4)).toBe(Math.floor(i / 6));
        all.push(...quads.map(describeQuad));
      }
      expect(all.sort()).toEqual(lodQuads(mesh).map(describeQuad).sort());
    });
  }

  it('a flat level-1 region is one top per column; a coarser one stays whole (one quad)', () => {
    expect(LOD_PIECE_MAX_LEVEL).toBe(1);
    const fine = region(FLAT, 1, 3, -2);
    expect(lodQuads(fine).length).toBe(4);
    expect(cutLodPieces(fine, 2, 8).map((p) => [p.tx, p.tz, p.mesh.vertices.length / 4])).toEqual([
      [0, 0, 1],
      [1, 0, 1],
      [0, 1, 1],
      [1, 1, 1],
    ]);
    const coarse = region(FLAT, 2, 3, -2);
    expect(lodQuads(coarse).length).toBe(1);
  });

  it('refuses a mesh whose quads cross column boundaries', () => {
    expect(() => cutLodPieces(region(FLAT, 2, 0, 0), 4, 4)).toThrow(/crosses a column boundary/);
  });
});
