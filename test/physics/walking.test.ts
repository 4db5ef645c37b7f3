/** Walking: landing, walls, ceilings, sliding, jumping, speeds, and what the game treats as solid. */
import { describe, expect, it } from 'vitest';
import { Cell, createPlayerState, DEFAULT_PHYSICS_OPTIONS, PLAYER_BODY, stepPlayer, type CellLookup } from '../../src/physics';
import { EAST, input, NORTH, run, STEP, WEST } from './simulate';
import { fill, flatWorld, GROUND } from './world';

const HALF = PLAYER_BODY.width / 2;

describe('landing', () => {
  it('drops from 10 blocks onto the ground with the feet exactly on its top, and stands still to the bit', () => {
    const s = createPlayerState(-7.5, GROUND + 10, 12.5);
    const world = flatWorld();
    run(s, input(), world, 3, (p) => expect(p.y).toBeGreaterThanOrEqual(GROUND));
    expect(s.y).toBe(GROUND);
    expect(s.onGround).toBe(true);
    expect(s.vy).toBe(0);
    const rest = { x: s.x, y: s.y, z: s.z };
    run(s, input(), world, 5, (p) => {
      expect(p.x).toBe(rest.x);
      expect(p.y).toBe(rest.y);
      expect(p.z).toBe(rest.z);
      expect(p.onGround).toBe(true);
    });
  });

  it('is not on the ground in the air', () => {
    const s = createPlayerState(0.5, GROUND + 10, 0.5);
    run(s, input(), flatWorld(), 0.2);
    expect(s.onGround).toBe(false);
    expect(s.vy).toBeLessThan(0);
  });

  it('falls no faster than the terminal speed', () => {
    const s = createPlayerState(0.5, 250, 0.5);
    run(s, input(), flatWorld(), 3);
    expect(s.vy).toBe(-DEFAULT_PHYSICS_OPTIONS.terminalFallSpeed);
  });
});

describe('walls and ceilings', () => {
  const wall = flatWorld({ solid: fill(-3, 65, -10, -3, 70, 10) });

  it('a wall stops the body with its face at the wall, never inside', () => {
    const s = createPlayerState(-8.5, GROUND, 0.5);
    run(s, input({ ...EAST, forward: true }), wall, 3, (p) => expect(p.x + HALF).toBeLessThanOrEqual(-3 + 1e-12));
    expect(s.x + HALF).toBeCloseTo(-3, 12);
    expect(s.vx).toBe(0);
    expect(s.y).toBe(GROUND);
  });

  it('a ceiling stops a jump: the head never enters it and vy is reset', () => {
    const tunnel = flatWorld({ solid: fill(-10, 67, -10, 10, 67, 10) });
    const s = createPlayerState(-2.5, GROUND, -4.5);
    let bumped = false;
    run(s, input({ jump: true }), tunnel, 0.3, (p) => {
      expect(p.y + PLAYER_BODY.height).toBeLessThanOrEqual(67 + 1e-12);
      if (p.y + PLAYER_BODY.height > 67 - 1e-9 && !bumped) {
        bumped = true;
        expect(p.vy).toBe(0);
      }
    });
    expect(bumped).toBe(true);
    run(s, input(), tunnel, 1);
    expect(s.y).toBe(GROUND);
  });
});

describe('sliding along walls', () => {
  const northEast = { forwardX: Math.SQRT1_2, forwardZ: -Math.SQRT1_2 };
  const alongWall = DEFAULT_PHYSICS_OPTIONS.walkSpeed * Math.SQRT1_2;

  it('walking diagonally into a wall keeps moving along it at the speed along it', () => {
    const wall = flatWorld({ solid: fill(-3, 65, -40, -3, 67, 10) });
    const s = createPlayerState(-4.5, GROUND, 0.5);
    run(s, input({ ...northEast, forward: true }), wall, 1);
    expect(s.x + HALF).toBeCloseTo(-3, 12);
    let z = s.z;
    run(s, input({ ...northEast, forward: true }), wall, 2, (p) => {
      expect(p.z).toBeLessThan(z); // never stuck, across every cell boundary of the wall
      z = p.z;
      expect(p.x + HALF).toBeLessThanOrEqual(-3 + 1e-12);
    });
    expect(-s.vz).toBeCloseTo(alongWall, 6);
  });

  it('slides from rest exactly against the wall and exactly on a cell boundary', () => {
    const wall = flatWorld({ solid: fill(-3, 65, -40, -3, 67, 10) });
    const s = createPlayerState(-3 - HALF, GROUND, HALF); // minZ is exactly 0
    run(s, input({ ...northEast, forward: true }), wall, 1);
    expect(s.z).toBeLessThan(HALF - 2);
  });

  it('rounds the outer corner at the end of a wall and carries on', () => {
    const wall = flatWorld({ solid: fill(-3, 65, -4, -3, 67, 10) });
    const s = createPlayerState(-4.5, GROUND, 0.5);
    run(s, input({ ...northEast, forward: true }), wall, 3);
    expect(s.x - HALF).toBeGreaterThan(-2);
    expect(s.z + HALF).toBeLessThan(-4);
  });

  it('slides into the gap of an inner corner and stops there', () => {
    const corner = flatWorld({ solid: [...fill(-3, 65, -10, -3, 67, 10), ...fill(-10, 65, -6, -3, 67, -6)] });
    const s = createPlayerState(-4.5, GROUND, 0.5);
    run(s, input({ ...northEast, forward: true }), corner, 3);
    expect(s.x + HALF).toBeCloseTo(-3, 12);
    expect(s.z - HALF).toBeCloseTo(-5, 12);
    expect(s.vx).toBe(0);
    expect(s.vz).toBe(0);
  });
});

describe('jumping', () => {
  it('lifts the feet at least 1.25 and less than 1.6 blocks', () => {
    const s = createPlayerState(-0.5, GROUND, -0.5);
    let top = 0;
    run(s, input(), flatWorld(), STEP); // settle: a new state is not on the ground yet
    run(s, input({ jump: true }), flatWorld(), STEP);
    run(s, input(), flatWorld(), 1.5, (p) => (top = Math.max(top, p.y - GROUND)));
    expect(top).toBeGreaterThanOrEqual(1.25);
    expect(top).toBeLessThan(1.6);
    expect(s.y).toBe(GROUND);
  });

  it('only jumps from the ground: holding jump in the air does nothing more', () => {
    const s = createPlayerState(0.5, GROUND + 3, 0.5);
    run(s, input({ jump: true }), flatWorld(), 3 * STEP);
    expect(s.vy).toBeLessThan(0);
  });

  it('climbs onto a one-block ledge when jumping while walking into it, and never steps up without a jump', () => {
    const ledge = flatWorld({ solid: fill(2, 65, -5, 10, 65, 5) });
    const s = createPlayerState(0.5, GROUND, 0.5);
    run(s, input({ ...EAST, forward: true }), ledge, 1);
    expect(s.y).toBe(GROUND);
    expect(s.x + HALF).toBeCloseTo(2, 12);
    run(s, input({ ...EAST, forward: true, jump: true }), ledge, 1);
    run(s, input({ ...EAST, forward: true }), ledge, 0.5);
    expect(s.y).toBe(GROUND + 1);
    expect(s.x - HALF).toBeGreaterThan(2);
  });

  it('cannot jump a two-block wall', () => {
    const wall = flatWorld({ solid: fill(2, 65, -5, 10, 66, 5) });
    const s = createPlayerState(0.5, GROUND, 0.5);
    run(s, input({ ...EAST, forward: true, jump: true }), wall, 4, (p) => expect(p.x + HALF).toBeLessThanOrEqual(2 + 1e-12));
    run(s, input(), wall, 1);
    expect(s.y).toBe(GROUND);
  });
});

describe('speeds', () => {
  const heading = { forwardX: 0.6, forwardZ: -0.8 };

  it('walks at 4.317 and sprints at 5.612 blocks per second once up to speed', () => {
    for (const [sprint, speed] of [
      [false, 4.317],
      [true, 5.612],
    ] as const) {
      const s = createPlayerState(-20.5, GROUND, 30.5);
      run(s, input({ ...heading, forward: true, sprint }), flatWorld(), 1);
      const from = { x: s.x, z: s.z };
      run(s, input({ ...heading, forward: true, sprint }), flatWorld(), 1);
      expect(Math.hypot(s.vx, s.vz)).toBeCloseTo(speed, 6);
      expect(Math.hypot(s.x - from.x, s.z - from.z)).toBeCloseTo(speed, 6);
      expect(Math.atan2(s.z - from.z, s.x - from.x)).toBeCloseTo(Math.atan2(-0.8, 0.6), 9);
    }
  });

  it('goes where the heading says: right is (-forwardZ, forwardX), and diagonals are no faster', () => {
    const s = createPlayerState(0.5, GROUND, 0.5);
    run(s, input({ ...NORTH, right: true }), flatWorld(), 1);
    expect(s.x).toBeGreaterThan(3);
    expect(s.z).toBe(0.5);
    const d = createPlayerState(0.5, GROUND, 0.5);
    run(d, input({ ...NORTH, forward: true, left: true }), flatWorld(), 2);
    expect(Math.hypot(d.vx, d.vz)).toBeCloseTo(DEFAULT_PHYSICS_OPTIONS.walkSpeed, 6);
    expect(d.vx).toBeCloseTo(d.vz, 9);
  });

  it('stops quickly and exactly when the keys are released', () => {
    const s = createPlayerState(0.5, GROUND, 0.5);
    run(s, input({ ...EAST, forward: true }), flatWorld(), 1);
    run(s, input(), flatWorld(), 2);
    expect(s.vx).toBe(0);
    const x = s.x;
    run(s, input(), flatWorld(), 1);
    expect(s.x).toBe(x);
  });

  it('follows the keys more slowly in the air than on the ground', () => {
    const onGround = createPlayerState(0.5, GROUND, 0.5);
    run(onGround, input({ ...EAST, forward: true }), flatWorld(), 1);
    const inAir = { ...onGround };
    run(onGround, input(), flatWorld(), 0.1);
    run(inAir, input({ ...EAST, forward: true, jump: true }), flatWorld(), STEP);
    run(inAir, input(), flatWorld(), 0.1, (p) => expect(p.onGround).toBe(false));
    const { walkSpeed, groundResponsiveness, airResponsiveness } = DEFAULT_PHYSICS_OPTIONS;
    expect(onGround.vx).toBeCloseTo(walkSpeed * Math.exp(-groundResponsiveness * 0.1), 6);
    expect(inAir.vx).toBeCloseTo(walkSpeed * Math.exp(-airResponsiveness * 0.1), 6);
  });
});

describe('what the game treats as solid', () => {
  // The game's policy: columns that are not loaded yet are Solid, and so is y < 0.
  const unloadedBeyond: CellLookup = (x, y, z) => (x <= -33 || z >= 17 || y < 0 ? Cell.Solid : Cell.Empty);

  it('cannot walk into columns the lookup calls solid, at negative x and positive z', () => {
    const s = createPlayerState(-28.5, 0, 12.5);
    run(s, input({ ...WEST, forward: true }), unloadedBeyond, 3);
    expect(s.x - HALF).toBeCloseTo(-32, 12);
    run(s, input({ forwardX: 0, forwardZ: 1, forward: true }), unloadedBeyond, 3);
    expect(s.z + HALF).toBeCloseTo(17, 12);
    expect(s.y).toBe(0);
  });

  it('stands on what the lookup calls solid, below y = 0 and at negative coordinates', () => {
    const s = createPlayerState(-12.25, 6, -30.75);
    run(s, input(), unloadedBeyond, 2);
    expect(s.y).toBe(0);
    expect(s.onGround).toBe(true);
  });

  it('lands on a lone block at negative coordinates, not beside it', () => {
    const pillar = flatWorld({ solid: fill(-6, 65, -9, -6, 69, -9) });
    const s = createPlayerState(-5.5, 80, -8.5);
    run(s, input(), pillar, 3);
    expect(s.y).toBe(70);
    const edge = createPlayerState(-6 - HALF + 0.01, 80, -9 - HALF + 0.01); // overlaps the pillar by 0.01
    run(edge, input(), pillar, 3);
    expect(edge.y).toBe(70);
    const beside = createPlayerState(-6 - HALF, 80, -8.5); // touches its side only
    run(beside, input(), pillar, 3);
    expect(beside.y).toBe(GROUND);
  });
});

describe('a block overlapping the body', () => {
  it('does not trap the player: it walks out', () => {
    const world = flatWorld({ solid: [[-1, 65, -1], [-1, 66, -1]] });
    const s = createPlayerState(-0.5, GROUND, -0.5);
    run(s, input({ ...EAST, forward: true }), world, 1);
    expect(s.x - HALF).toBeGreaterThan(0);
    expect(s.y).toBe(GROUND);
  });

  it('feet sunk into the ground (a spawn inside terrain) can jump out onto it', () => {
    const s = createPlayerState(3.5, GROUND - 0.5, -3.5);
    run(s, input({ jump: true }), flatWorld(), 0.5);
    run(s, input(), flatWorld(), 2);
    expect(s.y).toBe(GROUND);
  });
});

describe('bad steps', () => {
  it('a step of 0, a negative, NaN or infinite length changes nothing', () => {
    const s = createPlayerState(0.5, GROUND + 5, 0.5);
    s.vx = 3;
    const before = { ...s };
    for (const dt of [0, -1, NaN, Infinity, -Infinity]) {
      stepPlayer(s, input({ ...EAST, forward: true, jump: true }), flatWorld(), DEFAULT_PHYSICS_OPTIONS, dt);
      expect(s).toEqual(before);
    }
  });
});
