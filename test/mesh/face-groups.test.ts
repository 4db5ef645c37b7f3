/**
 * Face groups (face-groups.ts): a region's quads by face direction, each group with its
 * planes, and a group drawn exactly when the camera sees one of its quads from the front (the
 * quads the GPU would not cull as back faces), checked quad by quad from random eyes.
 */
import { describe, expect, it } from 'vitest';
import { FACE_AXIS, FACE_SIGN, meshLodRegion } from '../../src/mesh';
import { groupByFace, groupFacesEye } from '../../src/mesh/face-groups';
import { DEFAULT_WORLD_PARAMS, sampleLodRegion, terrainFor, type WorldParams } from '../../src/world';
import { mulberry32 } from '../support/random';
import { lodQuads } from './lod-quads';

const BIOMES: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };

describe('groupByFace', () => {
  for (const [level, rx, rz] of [[1, 1, 0], [3, 13, -5], [5, -2, 1]] as const) {
    it(`level ${level} region (${rx}, ${rz}): groups hold exactly its quads, one face each, and face the eye exactly when one quad does`, () => {
      const mesh = meshLodRegion(sampleLodRegion(terrainFor(BIOMES), level, rx, rz, []), BIOMES.seaLevel);
      const groups = groupByFace(mesh);
      const all = lodQuads(mesh).map((q) => JSON.stringify(q)).sort();
      expect(groups.flatMap((g) => lodQuads(g.mesh).map((q) => JSON.stringify(q))).sort()).toEqual(all);
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
