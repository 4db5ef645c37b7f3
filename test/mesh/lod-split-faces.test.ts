/**
 * Face directions (splitLodRegion, in the LOD worker): a region's (or piece's) quads by face
 * direction, each item with its planes, and an item drawn exactly when the camera sees one of
 * its quads from the front (groupFacesEye: the quads the GPU would not cull as back faces),
 * checked quad by quad from random eyes.
 */
import { describe, expect, it } from 'vitest';
import { FACE_AXIS, FACE_SIGN, meshLodRegion } from '../../src/mesh';
import { splitLodRegion } from '../../src/mesh/lod-split';
import { farItemMesh, groupFacesEye } from '../../src/render/far-items';
import { DEFAULT_WORLD_PARAMS, sampleLodRegion, terrainFor, type WorldParams } from '../../src/world';
import { mulberry32 } from '../support/random';
import { lodQuads } from './lod-quads';

const BIOMES: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };

describe('splitLodRegion by face direction', () => {
  for (const [level, rx, rz] of [[1, 1, 0], [3, 13, -5], [5, -2, 1]] as const) {
    it(`level ${level} region (${rx}, ${rz}): items hold exactly its quads, one face each, and face the eye exactly when one quad does`, () => {
      const mesh = meshLodRegion(sampleLodRegion(terrainFor(BIOMES), level, rx, rz, []), BIOMES.seaLevel);
      const split = splitLodRegion(mesh, level);
      const groups = split.items.map((item) => ({ ...item, mesh: farItemMesh(split, item) }));
      const all = lodQuads(mesh).map((q) => JSON.stringify(q)).sort();
      expect(groups.flatMap((g) => lodQuads(g.mesh).map((q) => JSON.stringify(q))).sort()).toEqual(all);
      // One item per face direction of each piece (a level-1 region's columns, or a coarser region whole).
      const keys = groups.map((g) => `${g.tx},${g.tz},${g.face}`);
      expect(new Set(keys).size).toBe(keys.length);
      const random = mulberry32(level * 1000 + rx);
      for (const g of groups) {
        const quads = lodQuads(g.mesh);
        const axis = FACE_AXIS[g.face]!;
        for (const q of quads) expect(q.face).toBe(g.face);
        expect(g.minPlane).toBe(Math.min(...quads.map((q) => q.min[axis]!)));
        expect(g.maxPlane).toBe(Math.max(...quads.map((q) => q.min[axis]!)));
        for (let i = 0; i < 200; i++) {
          const eye = { x: random() * 48 - 16, y: random() * 300 - 20, z: random() * 48 - 16 };
          const e = [eye.x, eye.y, eye.z];
          // A quad is seen from the front when the eye is on its normal's side of its plane.
          const front = quads.some((q) => (e[axis]! - q.min[axis]!) * FACE_SIGN[g.face]! > 0);
          expect(groupFacesEye(g.face, g.minPlane, g.maxPlane, eye)).toBe(front);
        }
      }
    });
  }
});
