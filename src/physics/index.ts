/** The player's body and motion: pure, stepped at a fixed rate against a block lookup. */
export { Cell, WHOLE_CELLS, type Box16, type BoxesLookup, type CellKind, type CellLookup } from './cells';
export { type Axis, type Box } from './box';
export { bodyBox, PLAYER_BODY, type BodySize } from './body';
export { boxTouches, CELL_EPSILON } from './overlap';
export { moveAxis, moveBox, type AxisMove, type BoxMove } from './sweep';
export { easeToward } from './ease';
export { DEFAULT_PHYSICS_OPTIONS, type PhysicsOptions } from './physics-options';
export { NO_INPUT, type MoveMode, type PlayerInput } from './player-input';
export { createPlayerState, stepPlayer, type PlayerState } from './player-physics';
export { DEFAULT_FIXED_STEP_OPTIONS, FixedStepper, type FixedStepOptions } from './fixed-step';
export { PlayerSimulation, type Position } from './player-simulation';
