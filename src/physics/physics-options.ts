/**
 * The numbers that make the player feel like Minecraft's: speeds in blocks per second,
 * accelerations in blocks per second², and responsiveness rates (1/s) for how fast velocity
 * eases toward the wished velocity; see ease.ts for why easing never overshoots.
 */
export interface PhysicsOptions {
  /** Downward acceleration on land and in the air. */
  gravity: number;
  /**
   * Upward speed a jump starts with. 8.8 with gravity 32 stepped at 60 Hz lifts the feet to
   * 1.284 blocks (v²/2g = 1.21 in continuous time; the discrete step adds about v·dt/2), so a
   * jump clears a one-block ledge with room to spare and never a two-block wall.
   */
  jumpVelocity: number;
  walkSpeed: number;
  sprintSpeed: number;
  /** How fast horizontal velocity follows the keys while standing: quick starts and stops. */
  groundResponsiveness: number;
  /** The same in the air: a jump keeps most of its momentum, steering changes it slowly. */
  airResponsiveness: number;
  /** Fastest fall: Minecraft's terminal velocity, which also bounds the cost of a sweep. */
  terminalFallSpeed: number;
  /** Horizontal speed in water as a fraction of the speed on land. */
  waterSpeedFactor: number;
  /** How fast velocity follows its target in water, both ways: water drags. */
  waterResponsiveness: number;
  /** Water replaces gravity with a drag toward this slow sinking speed. */
  waterSinkSpeed: number;
  /** Rising speed in water while jump is held (and sinking speed while descend is held). */
  swimSpeed: number;
  /**
   * Lava is water, thicker (Minecraft's moves about a quarter as fast as on land): the same
   * four numbers, used while any part of the body is in lava.
   */
  lavaSpeedFactor: number;
  lavaResponsiveness: number;
  lavaSinkSpeed: number;
  lavaSwimSpeed: number;
  /**
   * Upward speed given while swimming into a wall with jump held near the surface, enough to
   * leave the water and land on a shore one block above it (Minecraft's water jump): 10 lifts
   * the feet about 1.37 blocks above the surface, after the water's drag on the way out.
   */
  shoreLiftVelocity: number;
  /** The lift applies while the feet are within this depth of the water's surface. */
  shoreLiftDepth: number;
  /**
   * Highest ledge a walking body on the ground climbs without a jump (Minecraft's 0.6): a
   * slab or a stair's step (half a block) and the next, never a whole block.
   */
  stepHeight: number;
  /**
   * How fast the camera catches up with the body after a step-up (1/s, see ease.ts): the
   * body rises at once, the eye eases after it instead of jumping half a block in one frame.
   */
  stepEyeRate: number;
  /** Speed factor of sprint in fly mode. */
  flySprintFactor: number;
  /** How fast velocity follows the keys in fly mode, as in FlyControls. */
  flyResponsiveness: number;
}

export const DEFAULT_PHYSICS_OPTIONS: Readonly<PhysicsOptions> = Object.freeze({
  gravity: 32,
  jumpVelocity: 8.8,
  walkSpeed: 4.317,
  sprintSpeed: 5.612,
  groundResponsiveness: 20,
  airResponsiveness: 5,
  terminalFallSpeed: 78,
  waterSpeedFactor: 0.5,
  waterResponsiveness: 5,
  waterSinkSpeed: 2,
  swimSpeed: 3,
  lavaSpeedFactor: 0.25,
  lavaResponsiveness: 2.5,
  lavaSinkSpeed: 1,
  lavaSwimSpeed: 2,
  shoreLiftVelocity: 10,
  shoreLiftDepth: 0.6,
  stepHeight: 0.6,
  stepEyeRate: 20,
  flySprintFactor: 4,
  flyResponsiveness: 10,
});
