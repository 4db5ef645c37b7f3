/** The swept-box move: exact stops, no tunnelling, touching is not overlapping. */
import { describe, expect, it } from 'vitest';
import { bodyBox, moveAxis, moveBox, type Box } from '../../src/physics';
import { fill, flatWorld, makeWorld } from './world';

const box = (minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): Box => ({ minX, minY, minZ, maxX, maxY, maxZ });

describe('moveAxis', () => {
  const empty = makeWorld({});

  it('moves the whole delta through empty space', () => {
    const b = bodyBox(-10.5, 70, -3.25);
    expect(moveAxis(b, 'x', 3.5, empty)).toEqual({ moved: 3.5, hit: false, face: b.maxX + 3.5 });
    expect(moveAxis(b, 'y', -2, empty)).toEqual({ moved: -2, hit: false, face: 68 });
  });

  it('puts a falling box exactly on the integer top of the ground', () => {
    const b = bodyBox(0.5, 65.3, 0.5);
    const m = moveAxis(b, 'y', -1, flatWorld());
    expect(m.hit).toBe(true);
    expect(m.face).toBe(65);
    expect(m.moved).toBeCloseTo(-0.3, 12);
  });

  it('stops a 100-block move at the first solid layer, at negative coordinates too', () => {
    const wall = makeWorld({ solid: fill(-20, 60, -10, -20, 80, 10) });
    const b = bodyBox(-60.5, 65, -0.5);
    const east = moveAxis(b, 'x', 100, wall);
    expect(east).toEqual({ moved: -20 - b.maxX, hit: true, face: -20 });
    const fromEast = bodyBox(20.5, 65, -0.5);
    expect(moveAxis(fromEast, 'x', -100, wall).face).toBe(-19);
    const floor = makeWorld({ solid: fill(-3, -7, -3, 3, -7, 3) });
    expect(moveAxis(bodyBox(-1.7, 90, -2.2), 'y', -100, floor).face).toBe(-6);
  });

  it('does not count a cell it only touches: standing on y = 65 it walks along the floor', () => {
    const b = bodyBox(-5.5, 65, -5.5);
    expect(moveAxis(b, 'x', 10, flatWorld())).toEqual({ moved: 10, hit: false, face: b.maxX + 10 });
    expect(moveAxis(b, 'z', -10, flatWorld()).hit).toBe(false);
  });

  it('slides along a wall its face rests on within rounding, on either side of the boundary', () => {
    const wall = makeWorld({ solid: fill(3, 60, -20, 3, 70, 20) });
    for (const maxX of [3 - 1e-15, 3, 3 + 4e-15]) {
      const b = box(maxX - 0.6, 65, -0.3, maxX, 66.8, 0.3);
      expect(moveAxis(b, 'z', 5, wall).hit).toBe(false);
      expect(moveAxis(b, 'z', -5, wall).hit).toBe(false);
      // ...and the same rounding never lets it into the wall.
      const into = moveAxis(b, 'x', 0.5, wall);
      expect(into.hit).toBe(true);
      expect(into.face).toBe(3);
    }
  });

  it('ignores cells the box already overlaps, so a block placed inside the body does not trap it', () => {
    const world = flatWorld({ solid: [[0, 65, 0]] });
    const b = bodyBox(0.5, 65, 0.5);
    expect(moveAxis(b, 'x', 2, world).hit).toBe(false);
    expect(moveAxis(b, 'x', -2, world).hit).toBe(false);
    expect(moveAxis(b, 'z', 2, world).hit).toBe(false);
    expect(moveAxis(b, 'y', 2, world).hit).toBe(false);
    // The ground below still holds it.
    expect(moveAxis(b, 'y', -1, world)).toMatchObject({ moved: 0, hit: true, face: 65 });
  });

  it('still stops at a solid cell beyond one it overlaps', () => {
    const world = flatWorld({ solid: [[0, 66, 0], [3, 66, 0]] });
    const m = moveAxis(bodyBox(0.5, 65, 0.5), 'x', 5, world);
    expect(m).toMatchObject({ hit: true, face: 3 });
  });

  it('moves nothing for a zero, NaN or infinite delta', () => {
    const b = bodyBox(0.5, 70, 0.5);
    for (const d of [0, NaN, Infinity, -Infinity]) expect(moveAxis(b, 'y', d, flatWorld())).toMatchObject({ moved: 0, hit: false });
  });
});

describe('moveBox', () => {
  it('moves y first, then x, then z, as Minecraft does', () => {
    // A block at (1, 65, 0) on flat ground: going down first, the box drops beside it and
    // then bumps into its side; going across first, it would pass over it and land on top.
    const world = flatWorld({ solid: [[1, 65, 0]] });
    const m = moveBox(box(0.2, 66.2, 0.2, 0.8, 68, 0.8), 1, -1, 0, world);
    expect(m.y.hit).toBe(false);
    expect(m.x).toMatchObject({ hit: true, face: 1 });
    expect(m.box.maxX).toBe(1);
    expect(m.box.minY).toBeCloseTo(65.2, 12);
  });

  it('a blocked axis does not stop the others', () => {
    const world = flatWorld({ solid: fill(-2, 65, -50, -2, 67, 50) });
    const m = moveBox(bodyBox(-0.7, 65, 7.5), -1, -0.1, -3, world);
    expect(m.x).toMatchObject({ hit: true, face: -1 });
    expect(m.y).toMatchObject({ hit: true, face: 65 });
    expect(m.z).toMatchObject({ hit: false, moved: -3 });
    expect(m.box.minX).toBe(-1);
    expect(m.box.minY).toBe(65);
    expect(m.box.minZ).toBeCloseTo(7.5 - 0.3 - 3, 12);
  });
});
