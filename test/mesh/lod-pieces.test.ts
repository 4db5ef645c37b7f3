/**
 * Far regions cut into columns (lod-pieces.ts, as splitLodRegion cuts them in the worker):
 * the mesher keeps level-1 quads inside one column, and the pieces' items hold exactly the
 * region's quads, each in the column of the cell it belongs to (a wall in its solid cell's
 * column), passes in order, each item's indices within its own quads.
 */
import { describe, expect, it } from 'vitest';
import { MeshPass, meshLodRegion } from '../../src/mesh';
import { columnOfQuad } from '../../src/mesh/lod-pieces';
import { splitLodRegion } from '../../src/mesh/lod-split';
import { farItemMesh } from '../../src/render/far-items';
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

describe('cutting far regions into columns', () => {
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
      const split = splitLodRegion(mesh, level);
      const all: string[] = [];
      for (const item of split.items) {
        expect(item.size).toBe(1);
        expect(item.tx).toBeLessThan(columns);
        expect(item.tz).toBeLessThan(columns);
        const itemMesh = farItemMesh(split, item);
        const quads = lodQuads(itemMesh);
        expect(quads.length).toBeGreaterThan(0);
        // Passes in order: opaque, then water, as the index counts say.
        const passes = quads.map((q) => q.pass);
        expect(passes).toEqual([...passes].sort((a, b) => a - b));
        expect(item.opaqueQuads).toBe(passes.filter((p) => p === MeshPass.Opaque).length);
        expect(item.translucentQuads).toBe(passes.filter((p) => p === MeshPass.Translucent).length);
        for (const q of quads) {
          const [cx, cz] = ownCell(q);
          expect([Math.floor(cx / cells), Math.floor(cz / cells)]).toEqual([item.tx, item.tz]);
          if (q.face === Face.PosY) expect([Math.floor((q.max[0] - 1) / cells), Math.floor((q.max[2] - 1) / cells)]).toEqual([item.tx, item.tz]);
        }
        // Indices stay within the item's own quads, two triangles each.
        for (let i = 0; i < itemMesh.indices.length; i++) expect(Math.floor(itemMesh.indices[i]! / 4)).toBe(Math.floor(i / 6));
        all.push(...quads.map(describeQuad));
      }
      expect(all.sort()).toEqual(lodQuads(mesh).map(describeQuad).sort());
    });
  }

  it('a flat level-1 region is one top per column; a coarser one stays whole (one quad)', () => {
    expect(LOD_PIECE_MAX_LEVEL).toBe(1);
    const fine = region(FLAT, 1, 3, -2);
    expect(lodQuads(fine).length).toBe(4);
    expect(splitLodRegion(fine, 1).items.map((i) => [i.tx, i.tz, i.size, i.face, i.opaqueQuads])).toEqual([
      [0, 0, 1, Face.PosY, 1],
      [1, 0, 1, Face.PosY, 1],
      [0, 1, 1, Face.PosY, 1],
      [1, 1, 1, Face.PosY, 1],
    ]);
    const coarse = region(FLAT, 2, 3, -2);
    expect(lodQuads(coarse).length).toBe(1);
    expect(splitLodRegion(coarse, 2).items.map((i) => [i.tx, i.tz, i.size, i.face, i.opaqueQuads])).toEqual([[0, 0, 4, Face.PosY, 1]]);
  });

  it('refuses a mesh whose quads cross column boundaries', () => {
    expect(() => columnOfQuad(region(FLAT, 2, 0, 0).vertices, 0, 4, 4)).toThrow(/crosses a column boundary/);
  });
});
