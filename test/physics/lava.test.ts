/** Lava: not walked on as stone is; the body sinks into it and swims, slower than in water. */
import { describe, expect, it } from 'vitest';
import { createPlayerState, DEFAULT_PHYSICS_OPTIONS } from '../../src/physics';
import { input, run, WEST } from './simulate';
import { fill, makeWorld } from './world';

/** A pool's top at y = 64: lava from y = 56 up for x < 0, stone (its top also 64) for x >= 0; a floor at 55 under both. */
const SURFACE = 64;
const pool = makeWorld({
  floor: (x) => (x >= 0 ? SURFACE - 1 : 55),
  lava: fill(-30, 56, -10, -1, SURFACE - 1, 10),
});
/** The same pool of water, to compare. */
const lake = makeWorld({
  floor: (x) => (x >= 0 ? SURFACE - 1 : 55),
  water: fill(-30, 56, -10, -1, SURFACE - 1, 10),
});

describe('lava', () => {
  const { walkSpeed, lavaSpeedFactor, lavaSinkSpeed, waterSinkSpeed, lavaSwimSpeed } = DEFAULT_PHYSICS_OPTIONS;

  it('is not stood on: dropped from above, the body lands on the stone but sinks into the lava', () => {
    const onStone = createPlayerState(5.5, SURFACE + 2, 0.5);
    run(onStone, input(), pool, 2);
    expect(onStone.y).toBe(SURFACE);
    expect(onStone.onGround).toBe(true);
    const inLava = createPlayerState(-10.5, SURFACE + 2, 0.5);
    run(inLava, input(), pool, 2);
    expect(inLava.y).toBeLessThan(SURFACE - 1);
    expect(inLava.inWater).toBe(true);
    expect(inLava.onGround).toBe(false);
  });

  it('sinks more slowly than water, never faster than its sinking speed once slowed', () => {
    const inLava = createPlayerState(-10.5, 62, 0.5);
    const inWater = createPlayerState(-10.5, 62, 0.5);
    run(inLava, input(), pool, 1);
    run(inWater, input(), lake, 1);
    expect(62 - inLava.y).toBeLessThan(62 - inWater.y);
    run(inLava, input(), pool, 2, (p) => expect(p.vy).toBeGreaterThanOrEqual(-lavaSinkSpeed - 1e-9));
    expect(inLava.vy).toBeCloseTo(-lavaSinkSpeed, 1);
    expect(lavaSinkSpeed).toBeLessThan(waterSinkSpeed);
  });

  it('is waded through at a quarter of the walking speed, and swum up slowly', () => {
    const s = createPlayerState(-5.5, 58, 0.5);
    run(s, input({ ...WEST, forward: true }), pool, 3);
    expect(s.vx).toBeCloseTo(-walkSpeed * lavaSpeedFactor, 3);
    const rise = createPlayerState(-10.5, 56, 0.5);
    run(rise, input({ jump: true }), pool, 3, (p) => expect(p.vy).toBeLessThanOrEqual(lavaSwimSpeed));
    expect(rise.y).toBeGreaterThan(57);
  });
});
