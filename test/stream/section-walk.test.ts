/**
 * The section walk (src/stream/section-walk.ts) against brute-force visibility: in small
 * hand-built and random worlds of a few columns, every face that a straight line of sight
 * from the eye reaches through see-through cells must lie in a section the walk reached;
 * and the walk must leave out what no line reaches (sealed caves under the ground, the
 * surface seen from a sealed cave), or it culls nothing.
 */
import { describe, expect, it } from 'vitest';
import { computeSectionGraphs, createPaddedVolume, paddedIndex, updatePaddedMaxY } from '../../src/mesh';
import { ARRIVALS_PER_WALK, eyeInOpenCells, FULL_SPAN, NO_SPAN, SectionWalk } from '../../src/stream';
import { ALL_FACE_PAIRS, Block, BLOCK_OPAQUE } from '../../src/world';

type World = (x: number, y: number, z: number) => number;
/** Columns cx, cz in [0, SIDE): the worlds here are 3 x 3 columns, under y = 64. */
const SIDE = 3;
const TOP = 64;

function walkOf(world: World, eye: [number, number, number]): SectionWalk {
  const walk = new SectionWalk();
  for (let cx = 0; cx < SIDE; cx++) {
    for (let cz = 0; cz < SIDE; cz++) {
      const volume = createPaddedVolume();
      for (let y = 0; y < TOP; y++) {
        for (let z = -1; z <= 16; z++) for (let x = -1; x <= 16; x++) volume.blocks[paddedIndex(x, y, z)] = world(cx * 16 + x, y, cz * 16 + z);
      }
      updatePaddedMaxY(volume);
      walk.set(cx, cz, computeSectionGraphs(volume));
    }
  }
  walk.update(...eye);
  return walk;
}

const opaqueAt = (world: World, x: number, y: number, z: number): boolean =>
  x >= 0 && z >= 0 && x < SIDE * 16 && z < SIDE * 16 && y >= 0 && y < TOP && BLOCK_OPAQUE[world(x, y, z)] === 1;

/** Whether the segment from the eye to `to` crosses only see-through cells (a voxel walk, Amanatides and Woo). */
function clearLine(world: World, from: readonly number[], to: readonly number[]): boolean {
  const cell = from.map(Math.floor);
  const end = to.map(Math.floor);
  const dir = to.map((t, i) => t - from[i]!);
  const stepOf = dir.map((d) => (d > 0 ? 1 : -1));
  const tDelta = dir.map((d) => (d === 0 ? Infinity : Math.abs(1 / d)));
  const tMax = dir.map((d, i) => (d === 0 ? Infinity : ((d > 0 ? cell[i]! + 1 - from[i]! : from[i]! - cell[i]!) / Math.abs(d))));
  for (let guard = 0; guard < 1000; guard++) {
    if (opaqueAt(world, cell[0]!, cell[1]!, cell[2]!)) return false;
    if (cell.every((c, i) => c === end[i])) return true;
    const axis = tMax[0]! < tMax[1]! ? (tMax[0]! < tMax[2]! ? 0 : 2) : tMax[1]! < tMax[2]! ? 1 : 2;
    if (tMax[axis]! > 1) return true;
    cell[axis] = cell[axis]! + stepOf[axis]!;
    tMax[axis] = tMax[axis]! + tDelta[axis]!;
  }
  throw new Error('line too long');
}

const FACES = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const;
/** Points on a unit face (fractions along its two tangents), away from edges so no line grazes one. */
const SAMPLES = [[0.5, 0.5], [0.13, 0.21], [0.87, 0.19], [0.17, 0.83], [0.81, 0.88]] as const;

/**
 * Faces of opaque blocks some line of sight reaches, each as the section of its block, and
 * how many faces there are in all.
 */
function seenSections(world: World, eye: [number, number, number]): { seen: Set<string>; faces: number } {
  const seen = new Set<string>();
  let faces = 0;
  for (let y = 0; y < TOP; y++) {
    for (let z = 0; z < SIDE * 16; z++) {
      for (let x = 0; x < SIDE * 16; x++) {
        if (!opaqueAt(world, x, y, z)) continue;
        FACES.forEach(([dx, dy, dz]) => {
          const nx = x + dx, ny = y + dy, nz = z + dz;
          if (opaqueAt(world, nx, ny, nz) || ny < 0) return;
          faces++;
          // The face's plane, on the outside cell's side, and which way it faces: the eye must be in front of it.
          const plane = [x + 0.5 + dx * 0.5, y + 0.5 + dy * 0.5, z + 0.5 + dz * 0.5];
          const front = (eye[0] - plane[0]!) * dx + (eye[1] - plane[1]!) * dy + (eye[2] - plane[2]!) * dz;
          if (front <= 0) return;
          const section = `${Math.floor(x / 16)},${y >> 4},${Math.floor(z / 16)}`;
          if (seen.has(section)) return;
          for (const [a, b] of SAMPLES) {
            const p = dx !== 0 ? [plane[0]! + dx * 1e-4, y + a, z + b] : dy !== 0 ? [x + a, plane[1]! + dy * 1e-4, z + b] : [x + a, y + b, plane[2]! + dz * 1e-4];
            if (clearLine(world, eye, p)) {
              seen.add(section);
              break;
            }
          }
        });
      }
    }
  }
  return { seen, faces };
}

/** Sections of the world the walk did not reach. */
function unreached(walk: SectionWalk): string[] {
  const out: string[] = [];
  for (let cx = 0; cx < SIDE; cx++) for (let cz = 0; cz < SIDE; cz++) for (let sy = 0; sy < TOP / 16; sy++) if (!walk.reached(cx, sy, cz)) out.push(`${cx},${sy},${cz}`);
  return out;
}

function expectConservative(world: World, eye: [number, number, number]): string[] {
  const walk = walkOf(world, eye);
  const { seen } = seenSections(world, eye);
  const missed = [...seen].filter((key) => {
    const [cx, sy, cz] = key.split(',').map(Number) as [number, number, number];
    return !walk.reached(cx, sy, cz);
  });
  expect(missed, `sections seen from ${eye.join(', ')} but not reached`).toEqual([]);
  return unreached(walk);
}

/**
 * Ground at y = 40 over stone; a sealed cave at y 6..20 under column (1, 1) reaching into
 * (2, 1); an open cave under column (0, 2), with a shaft up to the surface at x 5, z 37.
 */
const caves: World = (x, y, z) => {
  if (y === 0) return Block.Bedrock;
  if (y > 40) return Block.Air;
  if (y >= 6 && y <= 20 && x >= 20 && x <= 40 && z >= 20 && z <= 27) return Block.Air;
  if (y >= 10 && y <= 16 && x >= 2 && x <= 12 && z >= 34 && z <= 44) return Block.Air;
  if (y > 10 && x === 5 && z === 37) return Block.Air;
  return y === 40 ? Block.Grass : Block.Stone;
};

describe('section walk', () => {
  it('from above the ground: every face seen is in a reached section; the sealed cave is not reached', () => {
    const left = expectConservative(caves, [24.5, 55.3, 8.5]);
    expect(left).toContain('1,0,1');
    expect(left).toContain('2,1,1');
  });

  it('down the shaft, in the open cave: everything seen is reached, the sealed cave still not', () => {
    const left = expectConservative(caves, [5.5, 13.5, 40.5]);
    expect(left).toContain('1,0,1');
  });

  it('inside the sealed cave: the surface and the open cave are not reached', () => {
    const left = expectConservative(caves, [30.5, 12.5, 23.5]);
    expect(left).toContain('0,0,2');
    expect(left).toContain('0,2,0');
  });

  it('random caves, eyes above and below ground: every face seen is in a reached section', () => {
    let s = 7;
    const random = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const holes = new Set<number>();
    // Blobs of air, so that caves join across sections and columns and some reach the surface.
    for (let i = 0; i < 90; i++) {
      const cx = Math.floor(random() * 48), cy = 4 + Math.floor(random() * 40), cz = Math.floor(random() * 48), r = 1 + Math.floor(random() * 3);
      for (let x = cx - r; x <= cx + r; x++) for (let y = cy - r; y <= cy + r; y++) for (let z = cz - r; z <= cz + r; z++) holes.add(x + 64 * (y + 64 * z));
    }
    const world: World = (x, y, z) => (y > 36 ? Block.Air : y === 0 ? Block.Bedrock : holes.has(x + 64 * (y + 64 * z)) ? Block.Air : Block.Stone);
    const eyes: [number, number, number][] = [[10.5, 50.5, 11.5], [40.2, 38.7, 30.1]];
    for (let i = 0; i < 60 && eyes.length < 5; i++) {
      const e: [number, number, number] = [1 + random() * 46, 2 + random() * 34, 1 + random() * 46];
      if (world(Math.floor(e[0]), Math.floor(e[1]), Math.floor(e[2])) === Block.Air) eyes.push(e);
    }
    let culled = 0;
    for (const eye of eyes) culled += expectConservative(world, eye).length;
    expect(culled).toBeGreaterThan(0);
  });

  it('spans: one run per column, none where nothing is reached, everything where no walk was run', () => {
    const walk = walkOf(caves, [30.5, 12.5, 23.5]);
    const span = walk.span(1, 1);
    expect(span & 0xff).toBe(0);
    expect(span >> 8).toBe(1);
    expect(walk.span(0, 2)).toBe(NO_SPAN);
    expect(new SectionWalk().span(0, 0)).toBe(FULL_SPAN);
  });

  it('walks again only when the eye changes section or a column changes', () => {
    const walk = walkOf(caves, [24.5, 55.3, 8.5]);
    expect(walk.walks).toBe(1);
    expect(walk.update(25.5, 50, 9.5)).toBe(false);
    expect(walk.update(24.5, 70, 8.5)).toBe(true);
    walk.remove(2, 2);
    expect(walk.update(24.5, 70, 8.5)).toBe(true);
    // A column arriving needs no walk (until a few have: ARRIVALS_PER_WALK); one replaced does.
    const graphs = new Uint16Array(16).fill(ALL_FACE_PAIRS);
    walk.set(5, 5, graphs);
    expect(walk.update(24.5, 70, 8.5)).toBe(false);
    for (let i = 1; i < ARRIVALS_PER_WALK; i++) walk.set(6 + i, 5, graphs);
    expect(walk.update(24.5, 70, 8.5)).toBe(true);
    walk.set(5, 5, graphs);
    expect(walk.update(24.5, 70, 8.5)).toBe(true);
  });

  it('the eye must have only see-through cells within the near plane\'s reach', () => {
    expect(eyeInOpenCells(caves, 24.5, 55.3, 8.5, 0.2)).toBe(true);
    expect(eyeInOpenCells(caves, 24.5, 41.1, 8.5, 0.2)).toBe(false);
    expect(eyeInOpenCells(caves, 24.5, 41.3, 8.5, 0.2)).toBe(true);
    expect(eyeInOpenCells(caves, 24.5, 0.1, 8.5, 0.2)).toBe(false);
  });
});
