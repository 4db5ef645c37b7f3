/** Fly mode: no gravity, flies at flySpeed, collides unless noClip. */
import { describe, expect, it } from 'vitest';
import { createPlayerState, DEFAULT_PHYSICS_OPTIONS, PLAYER_BODY } from '../../src/physics';
import { EAST, input, run } from './simulate';
import { fill, flatWorld, GROUND } from './world';

const HALF = PLAYER_BODY.width / 2;
const fly = (held: Parameters<typeof input>[0] = {}) => input({ mode: 'fly', flySpeed: 10, ...held });

describe('fly mode', () => {
  it('hovers: with no keys held y does not change at all', () => {
    const s = createPlayerState(-4.5, 90.25, -7.5);
    run(s, fly(), flatWorld(), 5, (p) => expect(p.y).toBe(90.25));
    expect(s.onGround).toBe(false);
  });

  it('a fall that switches to flying eases to a stop instead of dropping on', () => {
    const s = createPlayerState(0.5, 120, 0.5);
    run(s, input(), flatWorld(), 1);
    const { y, vy } = s;
    run(s, fly(), flatWorld(), 2);
    expect(s.vy).toBeCloseTo(0, 6);
    // Easing at rate k from speed v coasts less than v/k further, then holds still.
    expect(y - s.y).toBeGreaterThan(0);
    expect(y - s.y).toBeLessThan(-vy / DEFAULT_PHYSICS_OPTIONS.flyResponsiveness);
  });

  it('rises with jump and sinks with descend at flySpeed, and sprint multiplies it', () => {
    const s = createPlayerState(0.5, 150, 0.5);
    run(s, fly({ jump: true }), flatWorld(), 2);
    expect(s.vy).toBeCloseTo(10, 6);
    run(s, fly({ descend: true, sprint: true }), flatWorld(), 2);
    expect(s.vy).toBeCloseTo(-10 * DEFAULT_PHYSICS_OPTIONS.flySprintFactor, 6);
  });

  it('is no faster on a diagonal than straight ahead', () => {
    const s = createPlayerState(0.5, 100, 0.5);
    run(s, fly({ ...EAST, forward: true, left: true, jump: true }), flatWorld(), 3);
    expect(Math.hypot(s.vx, s.vy, s.vz)).toBeCloseTo(10, 6);
  });

  it('collides with walls and lands on the ground', () => {
    const wall = flatWorld({ solid: fill(-6, 65, -10, -6, 120, 10) });
    const s = createPlayerState(-20.5, 80, 0.5);
    run(s, fly({ ...EAST, forward: true }), wall, 3, (p) => expect(p.x + HALF).toBeLessThanOrEqual(-6 + 1e-12));
    expect(s.x + HALF).toBeCloseTo(-6, 12);
    run(s, fly({ descend: true, sprint: true }), wall, 3);
    expect(s.y).toBe(GROUND);
    expect(s.onGround).toBe(true);
  });

  it('with noClip passes through walls and the ground', () => {
    const wall = flatWorld({ solid: fill(-6, 65, -10, -6, 120, 10) });
    const s = createPlayerState(-20.5, 80, 0.5);
    run(s, fly({ ...EAST, forward: true, noClip: true }), wall, 3);
    expect(s.x - HALF).toBeGreaterThan(-5);
    run(s, fly({ descend: true, noClip: true }), wall, 3);
    expect(s.y).toBeLessThan(GROUND - 5);
    expect(s.onGround).toBe(false);
  });

  it('noClip does nothing while walking: walls still stop the body', () => {
    const wall = flatWorld({ solid: fill(-6, 65, -10, -6, 120, 10) });
    const s = createPlayerState(-10.5, GROUND, 0.5);
    run(s, input({ ...EAST, forward: true, noClip: true }), wall, 3);
    expect(s.x + HALF).toBeCloseTo(-6, 12);
  });

  it('a flySpeed that is NaN or infinite does not move the body', () => {
    for (const flySpeed of [NaN, Infinity]) {
      const s = createPlayerState(0.5, 100, 0.5);
      run(s, fly({ ...EAST, forward: true, flySpeed }), flatWorld(), 1);
      expect(s).toMatchObject({ x: 0.5, y: 100, z: 0.5 });
    }
  });
});
