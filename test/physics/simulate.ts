/** Driving the player step by step in tests, at the game's fixed 60 Hz. */
import { DEFAULT_PHYSICS_OPTIONS, NO_INPUT, stepPlayer, type CellLookup, type PhysicsOptions, type PlayerInput, type PlayerState } from '../../src/physics';

export const STEP = 1 / 60;

/** Headings along the ground, as the caller would compute them from the camera's yaw. */
export const EAST = { forwardX: 1, forwardZ: 0 } as const;
export const WEST = { forwardX: -1, forwardZ: 0 } as const;
export const NORTH = { forwardX: 0, forwardZ: -1 } as const;

export function input(held: Partial<PlayerInput> = {}): PlayerInput {
  return { ...NO_INPUT, ...held };
}

/**
 * Steps `state` for `seconds` (rounded to whole steps) with a fixed input, calling
 * `afterStep` after each step; returns the number of steps.
 */
export function run(
  state: PlayerState,
  held: PlayerInput,
  lookup: CellLookup,
  seconds: number,
  afterStep: (s: PlayerState, step: number) => void = () => {},
  options: PhysicsOptions = DEFAULT_PHYSICS_OPTIONS,
): number {
  const steps = Math.round(seconds / STEP);
  for (let i = 0; i < steps; i++) {
    stepPlayer(state, held, lookup, options, STEP);
    afterStep(state, i);
  }
  return steps;
}

/** Highest feet y over `seconds`. */
export function apex(state: PlayerState, held: PlayerInput, lookup: CellLookup, seconds: number): number {
  let top = state.y;
  run(state, held, lookup, seconds, (s) => (top = Math.max(top, s.y)));
  return top;
}
