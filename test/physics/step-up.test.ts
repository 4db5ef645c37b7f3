/** Stepping up: a walking body climbs a slab or a stair's step without a jump, never a whole block or a door. */
import { describe, expect, it } from 'vitest';
import { createPlayerState, DEFAULT_PHYSICS_OPTIONS, PLAYER_BODY, PlayerSimulation, stepPlayer, type Box16 } from '../../src/physics';
import { Block, collisionBoxes, DOOR_OPEN, DOOR_UPPER, Facing, HALF_TOP } from '../../src/world';
import { EAST, input, STEP } from './simulate';
import { fill, flatWorld, GROUND, shapedWorld, type ShapedCell, type ShapedWorld } from './world';

const HALF = PLAYER_BODY.width / 2;
const at = (x: number, y: number, z: number, block: number, state = 0): ShapedCell => [x, y, z, collisionBoxes(block, state) as readonly Box16[]];
const WALK_EAST = input({ ...EAST, forward: true });
/** A run of bottom slabs from x = 2 to 12, long enough that nothing walks off its end. */
const SLAB_RUN = Array.from({ length: 11 }, (_, i) => at(2 + i, GROUND, 0, Block.StoneSlab));

/** Walks east with W alone for `seconds` from (0.5, GROUND, 0.5), at the game's fixed step. */
function walkEast(world: ShapedWorld, seconds: number, afterStep: (y: number) => void = () => {}) {
  const s = createPlayerState(0.5, GROUND, 0.5);
  s.onGround = true;
  for (let i = 0; i < Math.round(seconds / STEP); i++) {
    stepPlayer(s, WALK_EAST, world.lookup, DEFAULT_PHYSICS_OPTIONS, STEP, world.boxesAt);
    afterStep(s.y);
  }
  return s;
}

describe('stepping up', () => {
  it('walks onto a bottom slab without jumping', () => {
    const s = walkEast(shapedWorld(SLAB_RUN), 2, (y) => expect(y).toBeLessThanOrEqual(GROUND + 0.5));
    expect(s.y).toBe(GROUND + 0.5);
    expect(s.x).toBeGreaterThan(3);
    expect(s.onGround).toBe(true);
  });

  it('walks up a staircase facing away, step by step, onto the landing at its top', () => {
    // Stairs facing east (their high back on the east side), on solid supports, then a landing.
    const world = shapedWorld(
      [at(2, GROUND, 0, Block.StoneStairs, Facing.East), at(3, GROUND + 1, 0, Block.StoneStairs, Facing.East), at(4, GROUND + 2, 0, Block.StoneStairs, Facing.East)],
      flatWorld({ solid: [...fill(3, GROUND, 0, 3, GROUND, 0), ...fill(4, GROUND, 0, 4, GROUND + 1, 0), ...fill(5, GROUND, -2, 12, GROUND + 2, 2)] }),
    );
    let previous = GROUND;
    const s = walkEast(world, 2.5, (y) => {
      // Never more than one step at a time, never down on the way up.
      expect(y - previous).toBeLessThanOrEqual(DEFAULT_PHYSICS_OPTIONS.stepHeight);
      expect(y).toBeGreaterThanOrEqual(previous - 0.02);
      previous = y;
    });
    expect(s.y).toBe(GROUND + 3);
    expect(s.x).toBeGreaterThan(6);
  });

  it('a whole block stops the body: no step-up without a jump', () => {
    const s = walkEast(shapedWorld([], flatWorld({ solid: [[2, GROUND, 0]] })), 2);
    expect(s.y).toBe(GROUND);
    expect(s.x + HALF).toBeCloseTo(2, 12);
  });

  it('a top slab at the feet is a wall, not a step', () => {
    const s = walkEast(shapedWorld([at(2, GROUND, 0, Block.StoneSlab, HALF_TOP)]), 2);
    expect(s.y).toBe(GROUND);
    expect(s.x + HALF).toBeCloseTo(2, 12);
  });

  it('a closed door two blocks high blocks the way', () => {
    const world = shapedWorld([at(2, GROUND, 0, Block.OakDoor, Facing.West), at(2, GROUND + 1, 0, Block.OakDoor, Facing.West | DOOR_UPPER)]);
    const s = walkEast(world, 2);
    expect(s.y).toBe(GROUND);
    expect(s.x + HALF).toBeCloseTo(2, 12);
  });

  it('an open door lets the body through its doorway', () => {
    const walls = fill(2, GROUND, -1, 2, GROUND + 2, -1).concat(fill(2, GROUND, 1, 2, GROUND + 2, 1), fill(2, GROUND + 2, 0, 2, GROUND + 2, 0));
    const world = shapedWorld(
      [at(2, GROUND, 0, Block.OakDoor, Facing.West | DOOR_OPEN), at(2, GROUND + 1, 0, Block.OakDoor, Facing.West | DOOR_OPEN | DOOR_UPPER)],
      flatWorld({ solid: walls }),
    );
    const s = walkEast(world, 2);
    expect(s.y).toBe(GROUND);
    expect(s.x).toBeGreaterThan(4);
  });

  it('does not step in fly mode: flight keeps its old behaviour', () => {
    const world = shapedWorld([at(2, GROUND, 0, Block.StoneSlab)]);
    const s = createPlayerState(0.5, GROUND, 0.5);
    for (let i = 0; i < 120; i++) stepPlayer(s, input({ ...EAST, forward: true, mode: 'fly' }), world.lookup, DEFAULT_PHYSICS_OPTIONS, STEP, world.boxesAt);
    expect(s.y).toBe(GROUND);
    expect(s.x + HALF).toBeCloseTo(2, 12);
  });

  it('does not step under a ceiling too low to stand on the step', () => {
    const world = shapedWorld([at(2, GROUND, 0, Block.StoneSlab)], flatWorld({ solid: fill(0, GROUND + 2, -1, 5, GROUND + 2, 1) }));
    const s = walkEast(world, 2);
    expect(s.y).toBe(GROUND);
    expect(s.x + HALF).toBeCloseTo(2, 12);
  });
});

describe('the eye over a step', () => {
  it('eases up after the body instead of jumping half a block in one step, and settles at the eye', () => {
    const world = shapedWorld(SLAB_RUN);
    const sim = new PlayerSimulation(createPlayerState(0.5, GROUND, 0.5));
    sim.state.onGround = true;
    const eye = () => sim.interpolated(1).y + sim.eyeOffset(1);
    let last = eye();
    let biggest = 0;
    for (let i = 0; i < 120; i++) {
      sim.advance(STEP, WALK_EAST, world.lookup, world.boxesAt);
      biggest = Math.max(biggest, eye() - last);
      last = eye();
    }
    expect(sim.state.y).toBe(GROUND + 0.5);
    expect(biggest).toBeGreaterThan(0);
    expect(biggest).toBeLessThan(0.2);
    expect(sim.eyeOffset()).toBe(0);
  });
});
