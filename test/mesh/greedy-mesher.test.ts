/**
 * The greedy mesher owns its scratch: meshers do not disturb each other, and every call
 * leaves its own mesher ready for the next, whatever came before.
 */
import { describe, expect, it } from 'vitest';
import { Block, DEFAULT_WORLD_PARAMS } from '../../src/world';
import { createGreedyMesher, createPaddedVolume, generatePaddedVolume, MASK_SLICE_STRIDE, meshColumnGreedy, quadCountOf } from '../../src/mesh';
import { unitFaces, volumeOf } from './mesh-helpers';

describe('createGreedyMesher', () => {
  const a = generatePaddedVolume(DEFAULT_WORLD_PARAMS, 0, 0);
  const b = generatePaddedVolume(DEFAULT_WORLD_PARAMS, 37, -12);

  it('meshes like the default mesher, interleaved with another mesher', () => {
    const expectedA = meshColumnGreedy(a);
    const expectedB = meshColumnGreedy(b);
    expect(quadCountOf(expectedA)).toBeGreaterThan(0);
    expect(quadCountOf(expectedB)).toBeGreaterThan(0);
    const m1 = createGreedyMesher();
    const m2 = createGreedyMesher();
    expect(m1.mesh(a)).toEqual(expectedA);
    expect(m2.mesh(b)).toEqual(expectedB);
    expect(m1.mesh(b)).toEqual(expectedB);
    expect(m2.mesh(a)).toEqual(expectedA);
  });

  it('faceKeys gives one non-zero key per unit face, and leaves the mesher clean', () => {
    const mesher = createGreedyMesher();
    const { keys } = mesher.faceKeys(a);
    const faces = unitFaces(mesher.mesh(a));
    expect(faces.length).toBeGreaterThan(0);
    expect(keys.reduce((n, k) => n + (k !== 0 ? 1 : 0), 0)).toBe(faces.length);
    for (const f of faces) {
      // Mask coordinates (s, u, v) of the face, as in face-mask.ts.
      const axis = f.face >> 1;
      const s = axis === 0 ? f.x : axis === 1 ? f.y : f.z;
      const u = axis === 0 ? f.z : f.x;
      const v = axis === 1 ? f.z : f.y;
      expect(keys[f.face * 65536 + s * MASK_SLICE_STRIDE[f.face]! + 16 * v + u]).not.toBe(0);
    }
    // Nothing left behind: an empty volume collects no faces, so this reads the scratch as is.
    const after = mesher.faceKeys(createPaddedVolume()).keys;
    expect(after).toHaveLength(keys.length);
    expect(after.every((k) => k === 0)).toBe(true);
    const small = volumeOf([[5, 10, 5, Block.Stone]]);
    expect(quadCountOf(mesher.mesh(small))).toBe(6);
  });
});
