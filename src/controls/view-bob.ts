/**
 * View bobbing, as in Minecraft: while walking on the ground the eye dips once a step and
 * sways a little to the side once every two steps, by the distance walked (not by time, so
 * standing still never bobs and a sprint bobs faster), its size growing with the horizontal
 * speed. Flying, falling, swimming or with the setting off it fades out.
 *
 * Only the drawn camera bobs: the caller offsets a copy of the pose for the renderer, and the
 * body, the aim ray, the saved position and the link keep the steady eye. Render code, not
 * world generation, so Math.sin is fine here.
 */
import type { CameraPose } from './camera-pose';

export interface ViewBobOptions {
  /** How far the eye dips at the bottom of a step at full size, in blocks (Minecraft's is 0.1). */
  dip: number;
  /** How far it sways sideways at full size, in blocks. */
  sway: number;
  /** Blocks walked per step (one dip); Minecraft's 1 / 0.6. */
  stride: number;
  /** Horizontal speed at which the bob is full size: walking speed. */
  fullSpeed: number;
  /**
   * How fast (1/s) the size follows the speed and the ground contact, so landing, taking off
   * or starting to fly fades the bob in or out over a fraction of a second instead of popping.
   */
  response: number;
}

export const DEFAULT_VIEW_BOB_OPTIONS: Readonly<ViewBobOptions> = Object.freeze({
  dip: 0.06,
  sway: 0.03,
  stride: 1 / 0.6,
  fullSpeed: 4.3,
  response: 8,
});

/** What the bob follows: the body's horizontal speed, and whether it is walking on the ground with bobbing on. */
export interface BobMotion {
  speed: number;
  bobbing: boolean;
}

/** The motion of a body in `mode` (walking bobs only on the ground and out of water), bobbing `enabled` or not. */
export function bobMotionOf(body: { vx: number; vz: number; onGround: boolean; inWater: boolean }, mode: 'walk' | 'fly', enabled: boolean): BobMotion {
  const speed = Math.sqrt(body.vx * body.vx + body.vz * body.vz);
  return { speed: Number.isFinite(speed) ? speed : 0, bobbing: enabled && mode === 'walk' && body.onGround && !body.inWater };
}

/** Below this size the bob is over: exactly zero, not a drift of micrometres. */
const SETTLED = 1e-4;

export class ViewBob {
  readonly options: ViewBobOptions;
  /** Blocks walked while bobbing, modulo two strides (one full sway), so the number never grows. */
  private walked = 0;
  /** Size of the bob, 0 (none) to 1 (full). */
  private size = 0;
  private readonly drawn: CameraPose = { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 };

  constructor(options: Partial<ViewBobOptions> = {}) {
    this.options = { ...DEFAULT_VIEW_BOB_OPTIONS, ...options };
  }

  /** Advances by a frame of `dt` seconds; a dt that is not a positive finite number changes nothing. */
  update(dt: number, motion: BobMotion): void {
    if (!(dt > 0) || !Number.isFinite(dt)) return;
    const o = this.options;
    const speed = Number.isFinite(motion.speed) && motion.speed > 0 ? motion.speed : 0;
    const target = motion.bobbing ? Math.min(1, speed / o.fullSpeed) : 0;
    this.size += (target - this.size) * (1 - Math.exp(-o.response * dt));
    if (target === 0 && this.size < SETTLED) this.size = 0;
    if (motion.bobbing) this.walked = (this.walked + speed * dt) % (2 * o.stride);
  }

  /** Size of the bob now, 0 to 1. */
  get amplitude(): number {
    return this.size;
  }

  /** How far the eye is moved now, in world blocks, for a camera turned by `yaw` (the sway is along its right). */
  offset(yaw: number): { x: number; y: number; z: number } {
    if (this.size === 0) return { x: 0, y: 0, z: 0 };
    const o = this.options;
    const phase = (Math.PI * this.walked) / o.stride;
    const side = o.sway * this.size * Math.sin(phase);
    // The camera's right on the ground (camera-pose.ts's groundAxes): (cos yaw, -sin yaw).
    return { x: side * Math.cos(yaw), y: -o.dip * this.size * Math.abs(Math.cos(phase)), z: -side * Math.sin(yaw) };
  }

  /** The pose to draw: `pose` moved by the bob. One object reused every call, so copy it to keep it. */
  drawnPose(pose: Readonly<CameraPose>): Readonly<CameraPose> {
    const d = this.offset(pose.yaw);
    Object.assign(this.drawn, pose);
    this.drawn.x += d.x;
    this.drawn.y += d.y;
    this.drawn.z += d.z;
    return this.drawn;
  }
}
