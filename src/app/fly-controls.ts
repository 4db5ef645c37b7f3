/**
 * Free flight: the held movement actions move the camera relative to where it looks
 * (forward and strafe along the ground, up and down along y), sprint multiplies the speed,
 * the wheel changes it, and mouse movement turns the view. Velocity eases toward the
 * target so starts and stops feel smooth. No DOM and no three.js: GameInput feeds it
 * actions, and it moves a CameraPose, so Node tests can fly it frame by frame.
 */
import { clampPitch, groundAxes, type CameraPose } from './camera-pose';
import type { MoveAction } from './key-bindings';

export interface FlyOptions {
  /** Cruising speed in blocks per second. */
  speed: number;
  minSpeed: number;
  maxSpeed: number;
  /** Multiplier while sprinting. */
  sprintFactor: number;
  /** How fast velocity follows the keys (1/s); higher is snappier. */
  responsiveness: number;
  /** Radians of turn per pixel of mouse movement (three's PointerLockControls uses 0.002). */
  lookSensitivity: number;
  /** Speed factor per wheel notch. */
  wheelStep: number;
}

export const DEFAULT_FLY_OPTIONS: Readonly<FlyOptions> = Object.freeze({
  speed: 24,
  minSpeed: 2,
  maxSpeed: 400,
  sprintFactor: 4,
  responsiveness: 10,
  lookSensitivity: 0.002,
  wheelStep: 1.15,
});

export class FlyControls {
  readonly options: FlyOptions;
  private readonly held = new Set<MoveAction>();
  private vx = 0;
  private vy = 0;
  private vz = 0;

  constructor(
    private readonly pose: CameraPose,
    options: Partial<FlyOptions> = {},
  ) {
    this.options = { ...DEFAULT_FLY_OPTIONS, ...options };
  }

  setHeld(action: MoveAction, down: boolean): void {
    if (down) this.held.add(action);
    else this.held.delete(action);
  }

  /** Lets go of every key (focus lost, mouse released): nothing keeps flying on its own. */
  releaseAll(): void {
    this.held.clear();
  }

  get sprinting(): boolean {
    return this.held.has('sprint');
  }

  /** Current speed in blocks per second, sprint included. */
  get currentSpeed(): number {
    return this.options.speed * (this.sprinting ? this.options.sprintFactor : 1);
  }

  /** Turns the view by a mouse movement in pixels (right and down are positive). */
  look(dxPixels: number, dyPixels: number): void {
    const k = this.options.lookSensitivity;
    this.pose.yaw -= dxPixels * k;
    this.pose.pitch = clampPitch(this.pose.pitch - dyPixels * k);
  }

  /** One wheel notch: up (negative deltaY) is faster. */
  wheel(deltaY: number): void {
    if (deltaY === 0 || !Number.isFinite(deltaY)) return;
    const o = this.options;
    const factor = deltaY < 0 ? o.wheelStep : 1 / o.wheelStep;
    o.speed = Math.min(o.maxSpeed, Math.max(o.minSpeed, o.speed * factor));
  }

  /** Advances the pose by dt seconds of real time. */
  update(dt: number): void {
    if (!(dt > 0)) return;
    const k = (a: MoveAction) => (this.held.has(a) ? 1 : 0);
    const { forwardX, forwardZ, rightX, rightZ } = groundAxes(this.pose.yaw);
    const ahead = k('forward') - k('back');
    const side = k('right') - k('left');
    let tx = forwardX * ahead + rightX * side;
    let tz = forwardZ * ahead + rightZ * side;
    let ty = k('up') - k('down');
    const len2 = tx * tx + ty * ty + tz * tz;
    const scale = this.currentSpeed / (len2 > 1 ? Math.sqrt(len2) : 1);
    tx *= scale;
    ty *= scale;
    tz *= scale;
    const blend = 1 - Math.exp(-this.options.responsiveness * dt);
    this.vx += (tx - this.vx) * blend;
    this.vy += (ty - this.vy) * blend;
    this.vz += (tz - this.vz) * blend;
    if (len2 === 0 && this.vx * this.vx + this.vy * this.vy + this.vz * this.vz < 1e-6) this.vx = this.vy = this.vz = 0;
    this.pose.x += this.vx * dt;
    this.pose.y += this.vy * dt;
    this.pose.z += this.vz * dt;
  }

  /** Stops at once (teleport, world change). */
  stop(): void {
    this.vx = this.vy = this.vz = 0;
  }
}
