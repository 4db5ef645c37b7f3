/** Water: slower, sinking slowly, swimming up, and climbing out onto a shore. */
import { describe, expect, it } from 'vitest';
import { createPlayerState, DEFAULT_PHYSICS_OPTIONS } from '../../src/physics';
import { EAST, input, run, WEST } from './simulate';
import { fill, makeWorld } from './world';

/**
 * A lake: a floor whose top is y = 50, water from y = 50 up to its surface at y = 64 for
 * x < 0, and west of x = 0 a shore whose top is y = 65, one block above the water.
 */
const SURFACE = 64;
const SHORE = 65;
const lake = makeWorld({
  floor: (x) => (x >= 0 ? SHORE - 1 : 49),
  water: fill(-30, 50, -10, -1, SURFACE - 1, 10),
});

describe('water', () => {
  const { walkSpeed, waterSpeedFactor, waterSinkSpeed, swimSpeed } = DEFAULT_PHYSICS_OPTIONS;

  it('knows when the body is in it', () => {
    const swimmer = createPlayerState(-10.5, 55, 0.5);
    run(swimmer, input(), lake, 0.1);
    expect(swimmer.inWater).toBe(true);
    const walker = createPlayerState(5.5, SHORE, 0.5);
    run(walker, input(), lake, 0.1);
    expect(walker.inWater).toBe(false);
  });

  it('swims at half the walking speed', () => {
    const s = createPlayerState(-5.5, 58, 0.5);
    run(s, input({ ...WEST, forward: true }), lake, 2);
    const x = s.x;
    run(s, input({ ...WEST, forward: true }), lake, 1, (p) => expect(p.inWater).toBe(true));
    expect(s.vx).toBeCloseTo(-walkSpeed * waterSpeedFactor, 4);
    expect(x - s.x).toBeCloseTo(walkSpeed * waterSpeedFactor, 4);
  });

  it('sinks slowly, never faster than the sinking speed once slowed', () => {
    const s = createPlayerState(-10.5, 62, 0.5);
    run(s, input(), lake, 0.5, (p) => expect(p.vy).toBeGreaterThanOrEqual(-waterSinkSpeed));
    const y = s.y;
    run(s, input(), lake, 1.5);
    expect(s.vy).toBeCloseTo(-waterSinkSpeed, 1);
    expect(y - s.y).toBeLessThan(waterSinkSpeed * 1.5);
    expect(y - s.y).toBeGreaterThan(1);
  });

  it('slows a fast fall into it', () => {
    const s = createPlayerState(-10.5, 120, 0.5);
    run(s, input(), lake, 6);
    expect(s.y).toBe(50);
    expect(s.inWater).toBe(true);
    run(s, input(), lake, 0.5, (p) => expect(p.vy).toBeGreaterThanOrEqual(-waterSinkSpeed));
  });

  it('holding jump rises at the swimming speed and bobs at the surface', () => {
    const s = createPlayerState(-10.5, 50, 0.5);
    run(s, input(), lake, 0.5);
    expect(s.onGround).toBe(true);
    run(s, input({ jump: true }), lake, 2, (p) => expect(p.vy).toBeLessThanOrEqual(swimSpeed));
    expect(s.vy).toBeCloseTo(swimSpeed, 3);
    run(s, input({ jump: true }), lake, 4);
    expect(s.y).toBeGreaterThan(SURFACE - 1);
    run(s, input({ jump: true }), lake, 10, (p) => {
      expect(p.y).toBeLessThan(SURFACE + 0.5);
      expect(p.y).toBeGreaterThan(SURFACE - 1);
    });
  });

  it('swimming into the shore with jump held climbs out onto it', () => {
    const s = createPlayerState(-3.5, 56, 0.5);
    run(s, input({ ...EAST, forward: true, jump: true }), lake, 6);
    run(s, input({ ...EAST, forward: true }), lake, 0.5);
    expect(s.y).toBe(SHORE);
    expect(s.x - 0.3).toBeGreaterThan(0);
    expect(s.onGround).toBe(true);
    expect(s.inWater).toBe(false);
  });

  it('cannot climb out without jump, and the lift is only near the surface', () => {
    const s = createPlayerState(-3.5, 56, 0.5);
    run(s, input({ ...EAST, forward: true }), lake, 4, (p) => expect(p.x + 0.3).toBeLessThanOrEqual(1e-12));
    const deep = createPlayerState(-3.5, 52, 0.5);
    run(deep, input({ ...EAST, forward: true, jump: true }), lake, 6, (p) => {
      if (p.y < SURFACE - 1) expect(p.vy).toBeLessThanOrEqual(swimSpeed);
    });
  });

  it('holding descend sinks at the swimming speed', () => {
    const s = createPlayerState(-10.5, 62, 0.5);
    run(s, input({ descend: true }), lake, 2);
    expect(s.vy).toBeCloseTo(-swimSpeed, 3);
  });
});
