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
   * An analog stick (the touch joystick): ahead (+ forward) and side (+ right), each -1..1.
   * Its length, capped at 1, scales the speed, so a thumb part-way out walks slowly. Only
   * read while no movement key is held: keys give full speed, as they always have.
   */
  stickAhead?: number;
  stickSide?: number;
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
