/** Colliding with shapes: slabs, stairs and doors stop a body at their boxes, never at their cell, at any step and speed. */
import { describe, expect, it } from 'vitest';
import { bodyBox, createPlayerState, DEFAULT_PHYSICS_OPTIONS as DEFAULT_OPTIONS, moveAxis, PLAYER_BODY, stepPlayer, type Box16 } from '../../src/physics';
import { Block, collisionBoxes, DOOR_OPEN, DOOR_UPPER, Facing, HALF_TOP } from '../../src/world';
import { input } from './simulate';
import { GROUND, shapedWorld, type ShapedCell } from './world';

const HALF = PLAYER_BODY.width / 2;

/** The shape's boxes, from the world's own table. */
const boxes = (block: number, state: number): readonly Box16[] => collisionBoxes(block, state);

interface Case {
  name: string;
  cells: ShapedCell[];
  /** Where the body falls, centred on (x, z). */
  x: number;
  z: number;
}

const at = (x: number, y: number, z: number, block: number, state: number): ShapedCell => [x, y, z, boxes(block, state)];

const CASES: Case[] = [
  { name: 'a bottom slab', cells: [at(0, GROUND, 0, Block.StoneSlab, 0)], x: 0.5, z: 0.5 },
  { name: 'a top slab', cells: [at(0, GROUND, 0, Block.StoneSlab, HALF_TOP)], x: 0.5, z: 0.5 },
  { name: "a stair's tread", cells: [at(0, GROUND, 0, Block.StoneStairs, Facing.North)], x: 0.5, z: 0.8 },
  { name: "a stair's back", cells: [at(0, GROUND, 0, Block.StoneStairs, Facing.North)], x: 0.5, z: 0.1 },
  { name: 'an upside-down stair', cells: [at(0, GROUND, 0, Block.StoneStairs, Facing.East | HALF_TOP)], x: 0.5, z: 0.5 },
  {
    name: 'a closed door',
    cells: [at(0, GROUND, 0, Block.OakDoor, Facing.North), at(0, GROUND + 1, 0, Block.OakDoor, Facing.North | DOOR_UPPER)],
    x: 0.5,
    z: 0.1,
  },
  {
    name: 'an open door',
    cells: [at(0, GROUND, 0, Block.OakDoor, Facing.North | DOOR_OPEN), at(0, GROUND + 1, 0, Block.OakDoor, Facing.North | DOOR_OPEN | DOOR_UPPER)],
    x: 0.1,
    z: 0.5,
  },
];

/** Reference: the highest top of any box under the body's footprint, by brute force over the listed cells. */
function expectedTop(c: Case): number {
  const body = bodyBox(c.x, 0, c.z);
  let top = GROUND;
  for (const [cx, cy, cz, bs] of c.cells) {
    for (const b of bs) {
      const overlaps = cx + b[3] / 16 > body.minX && cx + b[0] / 16 < body.maxX && cz + b[5] / 16 > body.minZ && cz + b[2] / 16 < body.maxZ;
      if (overlaps) top = Math.max(top, cy + b[4] / 16);
    }
  }
  return top;
}

describe('falling onto shapes', () => {
  const steps = [1 / 240, 1 / 144, 1 / 60, 1 / 30, 0.1, 0.25];
  for (const c of CASES) {
    it(`lands exactly on ${c.name} at every step from 1/240 s to 0.25 s, and stays there`, () => {
      const world = shapedWorld(c.cells);
      const top = expectedTop(c);
      expect(top).toBeGreaterThan(GROUND);
      for (const dt of steps) {
        const s = createPlayerState(c.x, GROUND + 20, c.z);
        for (let t = 0; t < 4; t += dt) {
          stepPlayer(s, input(), world.lookup, DEFAULT_OPTIONS, dt, world.boxesAt);
          expect(s.y).toBeGreaterThanOrEqual(top);
        }
        expect(s.y).toBe(top);
        expect(s.onGround).toBe(true);
      }
    });

    it(`stops a 100-block drop at ${c.name} in one move`, () => {
      const world = shapedWorld(c.cells);
      const move = moveAxis(bodyBox(c.x, GROUND + 60, c.z), 'y', -100, world.lookup, world.boxesAt);
      expect(move.hit).toBe(true);
      expect(move.face).toBe(expectedTop(c));
    });
  }

  it('falls past a shape the footprint misses, to the ground beside it', () => {
    // The open door's panel hugs the west side; the body lands on the floor east of it.
    const world = shapedWorld(CASES[6]!.cells);
    const move = moveAxis(bodyBox(0.6, GROUND + 10, 0.5), 'y', -20, world.lookup, world.boxesAt);
    expect(move.face).toBe(GROUND);
  });

  it('bumps the head on the underside of a top slab, not on its cell', () => {
    const world = shapedWorld([at(0, GROUND + 2, 0, Block.StoneSlab, HALF_TOP)]);
    const move = moveAxis(bodyBox(0.5, GROUND, 0.5), 'y', 3, world.lookup, world.boxesAt);
    expect(move.face).toBe(GROUND + 2.5);
  });
});

describe('walls of shapes', () => {
  it('a closed door stops the body at its panel, which sits inside the cell', () => {
    // Facing east: the panel stands on the east side of cell x = 2, from x = 2 + 13/16.
    const world = shapedWorld([at(2, GROUND, 0, Block.OakDoor, Facing.East), at(2, GROUND + 1, 0, Block.OakDoor, Facing.East | DOOR_UPPER)]);
    const move = moveAxis(bodyBox(0.5, GROUND, 0.5), 'x', 5, world.lookup, world.boxesAt);
    expect(move.face).toBe(2 + 13 / 16);
  });

  it('a 100-block move across stops at a door panel 3/16 thick, from either side', () => {
    const world = shapedWorld([at(2, GROUND, 0, Block.OakDoor, Facing.East)]);
    expect(moveAxis(bodyBox(-60.5, GROUND, 0.5), 'x', 100, world.lookup, world.boxesAt).face).toBe(2 + 13 / 16);
    expect(moveAxis(bodyBox(60.5, GROUND, 0.5), 'x', -100, world.lookup, world.boxesAt).face).toBe(3);
    // Along the panel: the body overlapping its 3/16 meets its end; one beside it passes.
    expect(moveAxis(bodyBox(2.7, GROUND, 60.5), 'z', -100, world.lookup, world.boxesAt).face).toBe(1);
    expect(moveAxis(bodyBox(2.5, GROUND, 60.5), 'z', -100, world.lookup, world.boxesAt).hit).toBe(false);
  });

  it('a box the body already overlaps never traps it: it walks out', () => {
    const world = shapedWorld([at(0, GROUND, 0, Block.StoneSlab, 0)]);
    const inside = bodyBox(0.5, GROUND + 0.25, 0.5);
    expect(moveAxis(inside, 'x', 2, world.lookup, world.boxesAt).hit).toBe(false);
    expect(moveAxis(inside, 'y', 1, world.lookup, world.boxesAt).hit).toBe(false);
  });

  it('walks along the top of a slab without catching on it', () => {
    const world = shapedWorld([at(0, GROUND, 0, Block.StoneSlab, 0), at(1, GROUND, 0, Block.StoneSlab, 0)]);
    const onTop = bodyBox(0.5, GROUND + 0.5, 0.5);
    expect(moveAxis(onTop, 'x', 1, world.lookup, world.boxesAt)).toEqual({ moved: 1, hit: false, face: onTop.maxX + 1 });
  });

  it('without a boxes lookup a Shaped cell is a whole block', () => {
    const world = shapedWorld([at(2, GROUND, 0, Block.StoneSlab, 0)]);
    const move = moveAxis(bodyBox(0.5, GROUND, 0.5), 'x', 5, world.lookup);
    expect(move.face).toBe(2);
    expect(bodyBox(0.5, GROUND, 0.5).maxX).toBeCloseTo(0.5 + HALF, 12);
  });
});

