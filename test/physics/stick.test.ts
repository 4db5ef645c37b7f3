/** The analog stick (touch joystick): speed scales with how far it is pushed; keys win over it. */
import { describe, expect, it } from 'vitest';
import { createPlayerState, DEFAULT_PHYSICS_OPTIONS } from '../../src/physics';
import { EAST, input, NORTH, run } from './simulate';
import { flatWorld, GROUND } from './world';

const walkSpeed = DEFAULT_PHYSICS_OPTIONS.walkSpeed;
const onGround = () => createPlayerState(0.5, GROUND, 0.5);

describe('analog stick', () => {
  it('pushed fully ahead walks exactly as the forward key does', () => {
    const byKey = onGround();
    const byStick = onGround();
    run(byKey, input({ ...EAST, forward: true }), flatWorld(), 2);
    run(byStick, input({ ...EAST, stickAhead: 1 }), flatWorld(), 2);
    expect(byStick.x).toBe(byKey.x);
    expect(byStick.z).toBe(byKey.z);
  });

  it('pushed half way walks at half speed, in the pushed direction', () => {
    const s = onGround();
    run(s, input({ ...NORTH, stickSide: 0.5 }), flatWorld(), 2);
    // Right of north (-z) is +x.
    expect(s.vx).toBeCloseTo(walkSpeed / 2, 6);
    expect(s.vz).toBeCloseTo(0, 9);
  });

  it('is capped at full speed however far it reads, and ignores non-finite values', () => {
    const s = onGround();
    run(s, input({ ...EAST, stickAhead: 3, stickSide: 4 }), flatWorld(), 2);
    expect(Math.hypot(s.vx, s.vz)).toBeCloseTo(walkSpeed, 6);
    const still = onGround();
    run(still, input({ ...EAST, stickAhead: Number.NaN, stickSide: Infinity }), flatWorld(), 1);
    expect(still.x).toBe(0.5);
    expect(still.z).toBe(0.5);
  });

  it('keeps its speed under a heading that is not quite a unit vector', () => {
    const s = onGround();
    run(s, input({ forwardX: 0.9, forwardZ: 0, stickAhead: 0.5 }), flatWorld(), 2);
    expect(s.vx).toBeCloseTo(walkSpeed / 2, 6);
  });

  it('gives way to keys: a held key moves at full speed whatever the stick says', () => {
    const s = onGround();
    run(s, input({ ...EAST, back: true, stickAhead: 0.3 }), flatWorld(), 2);
    expect(s.vx).toBeCloseTo(-walkSpeed, 6);
  });

  it('flies slower part-way out and at flySpeed fully out, climbing no faster than keys', () => {
    const half = createPlayerState(0.5, 150, 0.5);
    run(half, input({ ...EAST, mode: 'fly', flySpeed: 10, stickAhead: 0.25 }), flatWorld(), 2);
    expect(half.vx).toBeCloseTo(2.5, 6);
    expect(half.vy).toBe(0);
    const climbing = createPlayerState(0.5, 150, 0.5);
    run(climbing, input({ ...EAST, mode: 'fly', flySpeed: 10, stickAhead: 1, jump: true }), flatWorld(), 2);
    expect(Math.hypot(climbing.vx, climbing.vy, climbing.vz)).toBeCloseTo(10, 6);
  });

  it('with nothing held, a broken heading still asks for no move (as before the stick)', () => {
    const s = onGround();
    run(s, input({ forwardX: Number.NaN, forwardZ: Number.NaN }), flatWorld(), 1);
    expect([s.x, s.vx, s.z, s.vz]).toEqual([0.5, 0, 0.5, 0]);
  });
});
