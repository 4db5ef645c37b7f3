/**
 * Column meshes by section (mesh-data.ts, sectionStarts): every quad lies in the section its
 * range says, side faces included (the greedy merge stops them at a section's top), and the
 * ranges tile each pass exactly. Real columns of the biomes world: cliffs, caves, water.
 */
import { describe, expect, it } from 'vitest';
import { generatePaddedVolume, meshColumnGreedy, unpackVertex } from '../../src/mesh';
import { DEFAULT_WORLD_PARAMS, SECTIONS_PER_COLUMN } from '../../src/world';

describe('column meshes by section', () => {
  it('each section range holds exactly the quads of that section, in every pass', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };
    let tall = 0;
    for (const [cx, cz] of [[0, 0], [3, -2], [-5, 4], [12, 9]] as const) {
      const mesh = meshColumnGreedy(generatePaddedVolume(params, cx, cz));
      const starts = mesh.sectionStarts!;
      const ends = [mesh.opaqueIndexCount, mesh.opaqueIndexCount + mesh.cutoutIndexCount, mesh.vertices.length * 1.5];
      for (let pass = 0; pass < 3; pass++) {
        const row = pass * (SECTIONS_PER_COLUMN + 1);
        expect(starts[row]! * 6).toBe(pass === 0 ? 0 : ends[pass - 1]);
        expect(starts[row + SECTIONS_PER_COLUMN]! * 6).toBe(ends[pass]);
        // Slot k holds section 15 - k: top first.
        for (let k = 0; k < SECTIONS_PER_COLUMN; k++) {
          const s = SECTIONS_PER_COLUMN - 1 - k;
          for (let q = starts[row + k]!; q < starts[row + k + 1]!; q++) {
            const ys = [0, 1, 2, 3].map((c) => unpackVertex(mesh.vertices[q * 4 + c]!).y);
            const lo = Math.min(...ys);
            const hi = Math.max(...ys);
            // A top face of the section's highest layer lies on its upper boundary.
            expect(lo >= 16 * s && hi <= 16 * s + 16, `column ${cx},${cz} quad ${q} y ${lo}..${hi} in section ${s}`).toBe(true);
            if (hi - lo > 1) tall++;
          }
        }
      }
    }
    expect(tall).toBeGreaterThan(0);
  });
});
