/**
 * Leaves and water are shaded flat: open AO, and the light of the cell each face looks into,
 * rounded up to 3, 7, 11 or 15, at all four corners. That is what lets the faces inside a crown
 * merge (faces.ts, seeThroughFaceLight).
 */
import { describe, expect, it } from 'vitest';
import { meshColumnCulled, meshColumnGreedy } from '../../src/mesh';
import { SEE_THROUGH_LIGHT_WORD, seeThroughFaceLight } from '../../src/mesh/faces';
import { Block } from '../../src/world';
import { expectSameFaceSet, lightVolume, unitFaces, volumeOf } from './mesh-helpers';

describe('see-through blocks are shaded flat', () => {
  it('rounds a light level up to a step of 4 at every corner, and keeps darkness dark', () => {
    expect([0, 1, 3, 4, 7, 8, 11, 12, 14, 15].map((l) => seeThroughFaceLight(l) & 15)).toEqual([0, 3, 3, 7, 7, 11, 11, 15, 15, 15]);
    for (let l = 0; l < 16; l++) {
      const word = SEE_THROUGH_LIGHT_WORD[l]!;
      expect([word & 15, (word >>> 4) & 15, (word >>> 8) & 15, word >>> 12]).toEqual(Array(4).fill(word & 15));
    }
  });

  it('a crown of leaves beside a stone wall: leaf faces have open AO and one light, stone faces still get AO from the leaves', () => {
    const blocks: [number, number, number, number][] = [];
    for (let x = 4; x <= 8; x++) for (let z = 4; z <= 8; z++) for (let y = 100; y <= 103; y++) blocks.push([x, y, z, Block.Leaves]);
    for (let y = 95; y <= 104; y++) for (let z = 3; z <= 9; z++) blocks.push([9, y, z, Block.Stone]);
    const volume = lightVolume(volumeOf(blocks));
    const culled = meshColumnCulled(volume);
    expectSameFaceSet(meshColumnGreedy(volume), culled);
    const faces = unitFaces(culled);
    const leaves = faces.filter((f) => f.pass === 1);
    // Fancy leaves: the faces between leaves are there, six per leaf block inside the crown.
    expect(leaves.length).toBeGreaterThan(5 * 5 * 4 * 2);
    for (const f of leaves) {
      expect(f.ao).toEqual([3, 3, 3, 3]);
      expect(new Set(f.light).size).toBe(1);
      expect([0, 3, 7, 11, 15]).toContain(f.light[0]);
    }
    // The stone wall's faces toward the crown are shaded by it: leaves are solid for AO.
    const wallTowardLeaves = faces.filter((f) => f.pass === 0 && f.x === 9 && f.face === 1 && f.y >= 100 && f.y <= 103 && f.z >= 4 && f.z <= 8);
    expect(wallTowardLeaves.length).toBe(5 * 4);
    // In the middle of the crown every corner of the wall is boxed in by leaves: darkest AO.
    for (const f of wallTowardLeaves.filter((w) => w.z >= 5 && w.z <= 7 && w.y >= 101 && w.y <= 102)) expect(f.ao).toEqual([0, 0, 0, 0]);
  });
});
