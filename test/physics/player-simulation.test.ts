/** The player at any frame rate: the same motion, no tunnelling, smooth interpolation. */
import { describe, expect, it } from 'vitest';
import { createPlayerState, DEFAULT_PHYSICS_OPTIONS, PLAYER_BODY, PlayerSimulation, stepPlayer, type PlayerInput } from '../../src/physics';
import { EAST, input, STEP } from './simulate';
import { fill, flatWorld, GROUND, makeWorld } from './world';

const HALF = PLAYER_BODY.width / 2;

/** Feeds `sim` frames of 1/fps s for `seconds`, with the input for each frame's start time. */
function drive(sim: PlayerSimulation, fps: number, seconds: number, schedule: (t: number) => PlayerInput, world = flatWorld(), each: (sim: PlayerSimulation) => void = () => {}) {
  for (let k = 0; k < seconds * fps; k++) {
    sim.advance(1 / fps, schedule(k / fps), world);
    each(sim);
  }
}

describe('frame-rate independence', () => {
  // A ledge one block high at x >= 3, to walk into, jump onto and fly off.
  const world = flatWorld({ solid: fill(3, 65, -20, 12, 65, 20) });
  // The input changes on quarter seconds, where frames at 20, 60 and 144 fps all begin.
  const schedule = (t: number): PlayerInput => {
    const heading = { forwardX: 0.8, forwardZ: -0.6 };
    if (t < 1) return input({ ...EAST, forward: true });
    if (t < 1.25) return input({ ...EAST, forward: true, jump: true });
    if (t < 2) return input({ ...heading, forward: true, sprint: true });
    if (t < 3) return input();
    if (t < 4) return input({ mode: 'fly', jump: true, flySpeed: 12 });
    return input({ ...heading, mode: 'fly', forward: true, sprint: true, flySpeed: 12 });
  };

  it('the same inputs at 20, 60 and 144 fps end in bit-identical states, equal to plain 60 Hz steps', () => {
    const reference = createPlayerState(-0.5, GROUND, -0.5);
    for (let n = 0; n < 4.5 * 60; n++) stepPlayer(reference, schedule(n * STEP), world, DEFAULT_PHYSICS_OPTIONS, STEP);
    expect(reference.y).toBeGreaterThan(GROUND + 10); // the run did climb the ledge and take off
    for (const fps of [20, 60, 144]) {
      const sim = new PlayerSimulation(createPlayerState(-0.5, GROUND, -0.5));
      drive(sim, fps, 4.5, schedule, world);
      expect(sim.stepsTaken).toBe(270);
      expect(sim.state).toEqual(reference);
    }
  });
});

describe('no tunnelling', () => {
  const thinFloor = makeWorld({ solid: fill(-5, 10, -5, 5, 10, 5) });
  const thinWall = flatWorld({ solid: fill(8, 65, -5, 8, 90, 5) });

  it('half-second frames through the accumulator never carry the body into or through a floor', () => {
    const sim = new PlayerSimulation(createPlayerState(-1.5, 250, -1.5));
    drive(sim, 2, 10, () => input(), thinFloor, (s) => expect(s.state.y).toBeGreaterThanOrEqual(11));
    expect(sim.state.y).toBe(11);
  });

  it('half-second frames flying at 100 blocks/s stop at a one-block wall', () => {
    const sim = new PlayerSimulation(createPlayerState(-50.5, 70, 0.5));
    drive(sim, 2, 5, () => input({ ...EAST, mode: 'fly', forward: true, flySpeed: 100 }), thinWall, (s) =>
      expect(s.state.x + HALF).toBeLessThanOrEqual(8 + 1e-12),
    );
    expect(sim.state.x + HALF).toBeCloseTo(8, 12);
  });

  it('a single step of 100 blocks stops at the first wall and the first floor', () => {
    const s = createPlayerState(-50.5, 70, 0.5);
    s.vx = 100;
    stepPlayer(s, input({ ...EAST, mode: 'fly', forward: true, flySpeed: 100 }), thinWall, DEFAULT_PHYSICS_OPTIONS, 1);
    expect(s.x + HALF).toBeCloseTo(8, 12);
    expect(s.vx).toBe(0);
    const falling = createPlayerState(0.5, 80, 0.5);
    falling.vy = -100;
    stepPlayer(falling, input(), thinFloor, DEFAULT_PHYSICS_OPTIONS, 1);
    expect(falling.y).toBe(11);
    expect(falling.onGround).toBe(true);
  });
});

describe('PlayerSimulation', () => {
  it('interpolates so that drawn motion is even at 144 fps', () => {
    const sim = new PlayerSimulation(createPlayerState(-0.5, GROUND, 0.5));
    const walk = () => input({ ...EAST, forward: true });
    drive(sim, 144, 2, walk);
    let x = sim.interpolated().x;
    const perFrame = DEFAULT_PHYSICS_OPTIONS.walkSpeed / 144;
    drive(sim, 144, 1, walk, flatWorld(), (s) => {
      const next = s.interpolated().x;
      expect(next - x).toBeCloseTo(perFrame, 9);
      x = next;
    });
  });

  it('interpolated(0) is the state before the last step and interpolated(1) the current one', () => {
    const sim = new PlayerSimulation(createPlayerState(0.5, GROUND + 5, 0.5));
    sim.advance(STEP, input(), flatWorld());
    const before = sim.state.y;
    sim.advance(STEP * 1.5, input(), flatWorld());
    expect(sim.interpolated(0).y).toBe(before);
    expect(sim.interpolated(1).y).toBe(sim.state.y);
    expect(sim.alpha).toBeCloseTo(0.5, 9);
    expect(sim.interpolated().y).toBeCloseTo((before + sim.state.y) / 2, 12);
  });

  it('frame times that are NaN, negative or infinite leave the state finite', () => {
    const sim = new PlayerSimulation(createPlayerState(-3.5, GROUND + 2, -3.5));
    for (const dt of [NaN, -1, -Infinity, Infinity, NaN, 1e308]) {
      sim.advance(dt, input({ ...EAST, forward: true, jump: true }), flatWorld());
      for (const v of Object.values(sim.state)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
      for (const v of Object.values(sim.interpolated())) expect(Number.isFinite(v)).toBe(true);
      expect(Number.isFinite(sim.alpha)).toBe(true);
    }
    expect(Object.values(sim.interpolated(NaN)).every(Number.isFinite)).toBe(true);
  });

  it('teleport puts the body at rest with nothing to interpolate from', () => {
    const sim = new PlayerSimulation(createPlayerState(0.5, GROUND, 0.5));
    drive(sim, 60, 1, () => input({ ...EAST, forward: true }));
    sim.advance(STEP / 2, input(), flatWorld());
    sim.teleport(-100.5, 90, 40.5);
    expect(sim.interpolated(0)).toEqual({ x: -100.5, y: 90, z: 40.5 });
    expect(sim.state).toMatchObject({ vx: 0, vy: 0, vz: 0 });
    expect(sim.alpha).toBe(0);
    expect(sim.stepsTaken).toBe(0);
  });

  it('takes its options', () => {
    const sim = new PlayerSimulation(createPlayerState(0.5, GROUND, 0.5), { walkSpeed: 2 }, { step: 1 / 30 });
    expect(sim.advance(1 / 30, input(), flatWorld())).toBe(1);
    drive(sim, 30, 2, () => input({ ...EAST, forward: true }));
    expect(sim.state.vx).toBeCloseTo(2, 6);
  });
});
