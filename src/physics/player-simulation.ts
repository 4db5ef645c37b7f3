/**
 * The player as the game drives it: one state, stepped at a fixed rate whatever the frame
 * rate, and the state before the last step kept so the camera can be drawn between the two.
 * A step-up lifts the body half a block in one step; the eye follows it eased (eyeOffset),
 * so walking up stairs glides instead of jolting.
 */
import type { BoxesLookup, CellLookup } from './cells';
import { easeToward } from './ease';
import { FixedStepper, type FixedStepOptions } from './fixed-step';
import { DEFAULT_PHYSICS_OPTIONS, type PhysicsOptions } from './physics-options';
import type { PlayerInput } from './player-input';
import { stepPlayer, type PlayerState } from './player-physics';

export interface Position {
  x: number;
  y: number;
  z: number;
}

export class PlayerSimulation {
  readonly physics: PhysicsOptions;
  private readonly stepper: FixedStepper;
  private readonly previous: Position;
  /** How far the eye hangs below the body's after step-ups (<= 0), now and before the last step. */
  private eyeLag = 0;
  private previousEyeLag = 0;

  constructor(
    readonly state: PlayerState,
    physics: Partial<PhysicsOptions> = {},
    stepping: Partial<FixedStepOptions> = {},
  ) {
    this.physics = { ...DEFAULT_PHYSICS_OPTIONS, ...physics };
    this.stepper = new FixedStepper(stepping);
    this.previous = { x: state.x, y: state.y, z: state.z };
  }

  /**
   * Adds one frame's time (seconds; see FixedStepper.advance for what is capped or ignored)
   * and runs every whole step it completes with `input`; returns how many ran.
   */
  advance(frameDt: number, input: PlayerInput, lookup: CellLookup, boxesAt?: BoxesLookup): number {
    const dt = this.stepper.options.step;
    return this.stepper.advance(frameDt, () => {
      this.previous.x = this.state.x;
      this.previous.y = this.state.y;
      this.previous.z = this.state.z;
      this.previousEyeLag = this.eyeLag;
      stepPlayer(this.state, input, lookup, this.physics, dt, boxesAt);
      // Never more than a step behind: a long staircase must not leave the eye ever lower.
      const lag = Math.max(-this.physics.stepHeight, this.eyeLag - this.state.steppedUp);
      this.eyeLag = easeToward(lag, 0, this.physics.stepEyeRate, dt);
    });
  }

  /**
   * How far below the body's eye the camera sits (0 or negative) between the last two steps:
   * after a step-up it starts one step below and eases back up.
   */
  eyeOffset(alpha: number = this.alpha): number {
    const a = Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : 1;
    return this.previousEyeLag + (this.eyeLag - this.previousEyeLag) * a;
  }

  /** Steps run since construction or the last teleport. */
  get stepsTaken(): number {
    return this.stepper.stepsTaken;
  }

  /** How far the time is into the next step, in [0, 1). */
  get alpha(): number {
    return this.stepper.alpha;
  }

  /**
   * The feet between the state before the last step (alpha 0) and the current one (alpha 1);
   * drawn at the default alpha, motion is smooth at any frame rate, one step behind.
   */
  interpolated(alpha: number = this.alpha): Position {
    const a = Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : 1;
    const p = this.previous;
    const s = this.state;
    return { x: p.x + (s.x - p.x) * a, y: p.y + (s.y - p.y) * a, z: p.z + (s.z - p.z) * a };
  }

  /** Puts the feet at (x, y, z) at rest, with nothing to interpolate from (spawn, respawn). */
  teleport(x: number, y: number, z: number): void {
    Object.assign(this.state, { x, y, z, vx: 0, vy: 0, vz: 0, onGround: false, inWater: false, steppedUp: 0 });
    Object.assign(this.previous, { x, y, z });
    this.eyeLag = 0;
    this.previousEyeLag = 0;
    this.stepper.reset();
  }
}
