/**
 * What the player asks for during one step: held keys, where the camera faces and how it
 * moves. Plain data, so the game builds it from its key bindings and tests write it out.
 */
export type MoveMode = 'walk' | 'fly';

export interface PlayerInput {
  forward: boolean;
  back: boolean;
  left: boolean;
  right: boolean;
  /** Jump on land, swim up in water, rise in fly mode. */
  jump: boolean;
  sprint: boolean;
  /** Sink in water, go down in fly mode; nothing on land. */
  descend: boolean;
  /**
   * Unit vector along the ground where the camera faces (groundAxes in app/camera-pose);
   * right is (-forwardZ, forwardX), so yaw 0 faces -z with +x on the right.
   */
  forwardX: number;
  forwardZ: number;
  mode: MoveMode;
  /** Fly through blocks. Fly mode only: walking always collides. */
  noClip: boolean;
  /** Cruising speed in fly mode, blocks per second, before sprint. */
  flySpeed: number;
}

/** Nothing held, facing north (-z), walking. Spread it to write an input: `{ ...NO_INPUT, forward: true }`. */
export const NO_INPUT: Readonly<PlayerInput> = Object.freeze({
  forward: false,
  back: false,
  left: false,
  right: false,
  jump: false,
  sprint: false,
  descend: false,
  forwardX: 0,
  forwardZ: -1,
  mode: 'walk',
  noClip: false,
  flySpeed: 24,
});
