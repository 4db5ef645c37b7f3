import { describe, expect, it } from 'vitest';
import { raycastBlocks } from '../../src/world';
import { lcg } from '../support/random';

const solidAt = (cells: [number, number, number][]) => {
  const set = new Set(cells.map((c) => c.join(',')));
  return (x: number, y: number, z: number) => set.has(`${x},${y},${z}`);
};

/** Reference: march in tiny steps and report the first solid cell (and where it entered). */
function marchReference(isSolid: (x: number, y: number, z: number) => boolean, o: number[], d: number[], max: number) {
  const step = 1e-4;
  for (let t = 0; t <= max; t += step) {
    const p = [o[0]! + d[0]! * t, o[1]! + d[1]! * t, o[2]! + d[2]! * t].map(Math.floor) as [number, number, number];
    if (isSolid(...p)) return p;
  }
  return null;
}

describe('raycastBlocks', () => {
  it('hits the block straight ahead and reports the face it entered', () => {
    const hit = raycastBlocks(solidAt([[5, 0, 0]]), { x: 0.5, y: 0.5, z: 0.5 }, { x: 1, y: 0, z: 0 }, 10);
    expect(hit).toMatchObject({ x: 5, y: 0, z: 0, nx: -1, ny: 0, nz: 0 });
    expect(hit!.distance).toBeCloseTo(4.5, 12);
    const down = raycastBlocks(solidAt([[0, -3, 0]]), { x: 0.5, y: 0.5, z: 0.5 }, { x: 0, y: -1, z: 0 }, 10);
    expect(down).toMatchObject({ x: 0, y: -3, z: 0, nx: 0, ny: 1, nz: 0 });
  });

  it('stops at the reach and ignores bad rays', () => {
    expect(raycastBlocks(solidAt([[20, 0, 0]]), { x: 0.5, y: 0.5, z: 0.5 }, { x: 1, y: 0, z: 0 }, 10)).toBeNull();
    expect(raycastBlocks(() => true, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, 10)).toBeNull();
    expect(raycastBlocks(() => true, { x: Number.NaN, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, 10)).toBeNull();
  });

  it('visits the same first block as fine marching on random rays (negative coordinates too)', () => {
    const rand = lcg(12345);
    const cells: [number, number, number][] = [];
    for (let i = 0; i < 150; i++) cells.push([Math.floor(rand() * 16 - 8), Math.floor(rand() * 16 - 8), Math.floor(rand() * 16 - 8)]);
    const isSolid = solidAt(cells);
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const o = [rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1];
      const d = [rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1];
      const len = Math.hypot(d[0]!, d[1]!, d[2]!);
      const dir = d.map((v) => v / len);
      if (isSolid(...(o.map(Math.floor) as [number, number, number]))) continue;
      const hit = raycastBlocks(isSolid, { x: o[0]!, y: o[1]!, z: o[2]! }, { x: dir[0]!, y: dir[1]!, z: dir[2]! }, 12);
      const ref = marchReference(isSolid, o, dir, 12);
      expect(hit ? [hit.x, hit.y, hit.z] : null).toEqual(ref);
      if (hit) {
        compared++;
        // The entered face points back toward the ray origin.
        expect(hit.nx * dir[0]! + hit.ny * dir[1]! + hit.nz * dir[2]!).toBeLessThan(0);
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
