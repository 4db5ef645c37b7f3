/**
 * The section visibility graph (src/mesh/section-graph.ts) against a brute-force reference:
 * for each pair of faces on its own, a flood from every see-through cell of one face's layer,
 * asking whether it reaches the other's. Hand-made sections, random ones, and real columns of
 * the biomes world with caves.
 */
import { describe, expect, it } from 'vitest';
import { computeSectionGraphs, createPaddedVolume, generatePaddedVolume, paddedIndex, updatePaddedMaxY, type PaddedVolume } from '../../src/mesh';
import { ALL_FACE_PAIRS, Block, BLOCK_OPAQUE, DEFAULT_WORLD_PARAMS, facePairBit, SECTIONS_PER_COLUMN } from '../../src/world';

/** Whether local cell (x, y, z) of a section lies on face f's layer (order +x, -x, +y, -y, +z, -z). */
function onFace(f: number, x: number, y: number, z: number): boolean {
  return [x === 15, x === 0, y === 15, y === 0, z === 15, z === 0][f]!;
}

/** The reference: one flood per face pair, over see-through cells of section s only. */
export function referenceGraph(volume: PaddedVolume, s: number): number {
  const open = (x: number, y: number, z: number) => !BLOCK_OPAQUE[volume.blocks[paddedIndex(x, 16 * s + y, z)]!];
  let graph = 0;
  for (let a = 0; a < 6; a++) {
    for (let b = a + 1; b < 6; b++) {
      const seen = new Set<number>();
      const stack: [number, number, number][] = [];
      for (let x = 0; x < 16; x++) for (let y = 0; y < 16; y++) for (let z = 0; z < 16; z++) {
        if (onFace(a, x, y, z) && open(x, y, z)) {
          seen.add(x + 16 * y + 256 * z);
          stack.push([x, y, z]);
        }
      }
      let joined = false;
      while (stack.length > 0 && !joined) {
        const [x, y, z] = stack.pop()!;
        if (onFace(b, x, y, z)) joined = true;
        for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const) {
          const nx = x + dx, ny = y + dy, nz = z + dz;
          if (nx < 0 || ny < 0 || nz < 0 || nx > 15 || ny > 15 || nz > 15) continue;
          const key = nx + 16 * ny + 256 * nz;
          if (seen.has(key) || !open(nx, ny, nz)) continue;
          seen.add(key);
          stack.push([nx, ny, nz]);
        }
      }
      if (joined) graph |= facePairBit(a, b);
    }
  }
  return graph;
}

/** A volume whose section 0 is stone except the given air cells (local coordinates). */
function stoneSection(air: (x: number, y: number, z: number) => boolean): PaddedVolume {
  const volume = createPaddedVolume();
  for (let y = 0; y < 16; y++) {
    for (let z = -1; z <= 16; z++) for (let x = -1; x <= 16; x++) volume.blocks[paddedIndex(x, y, z)] = air(x, y, z) ? Block.Air : Block.Stone;
  }
  updatePaddedMaxY(volume);
  return volume;
}

/** A small deterministic generator for the random sections (tests only). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('section visibility graph', () => {
  it('all air joins every pair, all stone none; sections above the highest block are air', () => {
    const air = createPaddedVolume();
    expect([...computeSectionGraphs(air)]).toEqual(new Array(SECTIONS_PER_COLUMN).fill(ALL_FACE_PAIRS));
    const stone = stoneSection(() => false);
    const graphs = computeSectionGraphs(stone);
    expect(graphs[0]).toBe(0);
    expect(graphs[1]).toBe(ALL_FACE_PAIRS);
  });

  it('a tunnel along x joins +x and -x only; a sealed pocket joins nothing; an L-bend joins its two ends', () => {
    const tunnel = stoneSection((_x, y, z) => y === 5 && z === 7);
    expect(computeSectionGraphs(tunnel)[0]).toBe(facePairBit(0, 1));
    const pocket = stoneSection((x, y, z) => x > 3 && x < 9 && y > 3 && y < 9 && z > 3 && z < 9);
    expect(computeSectionGraphs(pocket)[0]).toBe(0);
    // Down from the top at (4, z 4) to y = 2, then along +z to the +z face.
    const bend = stoneSection((x, y, z) => x === 4 && ((z === 4 && y >= 2) || (y === 2 && z >= 4)));
    expect(computeSectionGraphs(bend)[0]).toBe(facePairBit(2, 4));
  });

  it('water and leaves are see-through: they join faces as air does', () => {
    const volume = stoneSection((_x, y, z) => y === 5 && z === 7);
    volume.blocks[paddedIndex(3, 5, 7)] = Block.Water;
    volume.blocks[paddedIndex(9, 5, 7)] = Block.Leaves;
    expect(computeSectionGraphs(volume)[0]).toBe(facePairBit(0, 1));
  });

  it('equals the reference on random sections of every density', () => {
    const random = lcg(21);
    for (let round = 0; round < 24; round++) {
      const density = 0.3 + (round % 8) * 0.06;
      const volume = stoneSection(() => random() > density);
      expect(computeSectionGraphs(volume)[0], `round ${round}`).toBe(referenceGraph(volume, 0));
    }
  });

  it('equals the reference on columns of the biomes world, caves and all', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };
    let mixed = 0;
    for (const [cx, cz] of [[0, 0], [3, -2], [-5, 4]] as const) {
      const volume = generatePaddedVolume(params, cx, cz);
      const graphs = computeSectionGraphs(volume);
      for (let s = 0; s < SECTIONS_PER_COLUMN; s++) {
        if (16 * s > volume.maxY) continue;
        expect(graphs[s], `column ${cx},${cz} section ${s}`).toBe(referenceGraph(volume, s));
        if (graphs[s] !== 0 && graphs[s] !== ALL_FACE_PAIRS) mixed++;
      }
    }
    // Not vacuous: some sections are neither sealed nor open.
    expect(mixed).toBeGreaterThan(0);
  });
});
