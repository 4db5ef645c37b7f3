/**
 * The player as the keys and the mouse drive them: held actions become the physics input,
 * mouse movement turns the view, the wheel (with Alt) sets the flight speed, and the fixed-step
 * simulation in src/physics moves the body. The camera sits at the body's eye in both modes,
 * drawn between the last two physics steps so motion is smooth at any frame rate.
 *
 * Keys and `setInput` (the test API) feed the same held set, so a test drives exactly what a
 * player's keys drive. The touch joystick is an analog stick beside them (`setStick`).
 */
import {
  bodyBox,
  CELL_EPSILON,
  createPlayerState,
  PLAYER_BODY,
  PlayerSimulation,
  type BoxesLookup,
  type CellLookup,
  type PlayerInput,
  type PlayerState,
} from '../physics';
import type { PlayerMode } from '../storage/world-record';
import { clampPitch, groundAxes, type CameraPose } from './camera-pose';
import type { MoveAction } from './key-bindings';

export interface PlayerControlOptions {
  /** Flight cruising speed in blocks per second, and its wheel range. */
  flySpeed: number;
  minFlySpeed: number;
  maxFlySpeed: number;
  /** Speed factor per wheel notch (Alt + wheel). */
  wheelStep: number;
  /** Radians of turn per pixel of mouse movement (three's PointerLockControls uses 0.002): the base the multipliers scale. */
  lookSensitivity: number;
  /**
   * Radians of turn per CSS pixel a finger drags: higher than the mouse's, since a phone's
   * half screen is a few hundred pixels and a drag across it should turn about 90°.
   */
  touchLookSensitivity: number;
  /** The player's multipliers of the two bases above, one per look source (settings: 1 is the base). */
  mouseSensitivity: number;
  touchSensitivity: number;
  /** Moving down looks up, for every source. */
  invertY: boolean;
}

export const DEFAULT_PLAYER_CONTROL_OPTIONS: Readonly<PlayerControlOptions> = Object.freeze({
  flySpeed: 24,
  minFlySpeed: 2,
  maxFlySpeed: 400,
  wheelStep: 1.15,
  lookSensitivity: 0.002,
  touchLookSensitivity: 0.007,
  mouseSensitivity: 1,
  touchSensitivity: 1,
  invertY: false,
});

/** What turned the view: a mouse (pixels of movement) or a finger dragging on a touch screen. */
export type LookSource = 'mouse' | 'touch';

/** What keys and the mouse move: held actions, mouse look and the speed wheel. */
export interface MovementControls {
  setHeld(action: MoveAction, down: boolean): void;
  releaseAll(): void;
  look(dxPixels: number, dyPixels: number, source?: LookSource): void;
  wheel(deltaY: number): void;
}

/** The inputs a test can hold, in the physics' words. */
export interface HeldInput {
  forward?: boolean;
  back?: boolean;
  left?: boolean;
  right?: boolean;
  jump?: boolean;
  sprint?: boolean;
  descend?: boolean;
}

/** Physics input names for the key actions (jump is Space, which flies up; descend is Shift). */
const ACTION_OF_INPUT: Readonly<Record<keyof HeldInput, MoveAction>> = {
  forward: 'forward',
  back: 'back',
  left: 'left',
  right: 'right',
  jump: 'up',
  sprint: 'sprint',
  descend: 'down',
};

export class PlayerController implements MovementControls {
  readonly options: PlayerControlOptions;
  readonly simulation: PlayerSimulation;
  private readonly held = new Set<MoveAction>();
  /**
   * Keys pressed since the last physics step: a tap of Space shorter than a frame (a slow
   * device draws a frame every 300 ms) still jumps once, instead of falling between steps.
   */
  private readonly tapped = new Set<MoveAction>();
  /** The touch joystick: ahead and side, -1..1 each (0, 0 at rest). */
  private stickAhead = 0;
  private stickSide = 0;
  private modeNow: PlayerMode;
  noClip = false;

  constructor(
    private readonly pose: CameraPose,
    mode: PlayerMode,
    options: Partial<PlayerControlOptions> = {},
  ) {
    this.options = { ...DEFAULT_PLAYER_CONTROL_OPTIONS, ...options };
    this.modeNow = mode;
    // A frame of up to a second is integrated whole (in 1/60 s steps, so nothing tunnels): a
    // slow device at 3 fps must still walk at the speed it promises. Longer gaps are pauses.
    this.simulation = new PlayerSimulation(createPlayerState(pose.x, pose.y - PLAYER_BODY.eyeHeight, pose.z), {}, { maxFrameSeconds: 1 });
  }

  get mode(): PlayerMode {
    return this.modeNow;
  }

  /** Walk or fly; switching keeps the body where it is, at rest vertically (no leftover jump or climb). */
  setMode(mode: PlayerMode): void {
    if (mode === this.modeNow) return;
    this.modeNow = mode;
    this.simulation.state.vy = 0;
  }

  get state(): Readonly<PlayerState> {
    return this.simulation.state;
  }

  setHeld(action: MoveAction, down: boolean): void {
    if (down) {
      this.held.add(action);
      this.tapped.add(action);
    } else this.held.delete(action);
  }

  /** Holds exactly these inputs (the rest are let go): the test API's way to press keys. */
  setInput(input: HeldInput): void {
    this.held.clear();
    for (const [name, action] of Object.entries(ACTION_OF_INPUT) as [keyof HeldInput, MoveAction][]) if (input[name] === true) this.held.add(action);
  }

  /** Lets go of every key and the stick (focus lost, mouse released): nothing keeps moving on its own. */
  releaseAll(): void {
    this.held.clear();
    this.tapped.clear();
    this.setStick(0, 0);
  }

  /** The touch joystick's deflection: ahead (+ forward) and side (+ right), -1..1 each. */
  setStick(ahead: number, side: number): void {
    this.stickAhead = Number.isFinite(ahead) ? ahead : 0;
    this.stickSide = Number.isFinite(side) ? side : 0;
  }

  /** Turns the view by a movement of (dx, dy) pixels from `source`, at that source's sensitivity. */
  look(dxPixels: number, dyPixels: number, source: LookSource = 'mouse'): void {
    if (!Number.isFinite(dxPixels) || !Number.isFinite(dyPixels)) return;
    const o = this.options;
    const k = source === 'touch' ? o.touchLookSensitivity * o.touchSensitivity : o.lookSensitivity * o.mouseSensitivity;
    this.pose.yaw -= dxPixels * k;
    this.pose.pitch = clampPitch(this.pose.pitch - (o.invertY ? -dyPixels : dyPixels) * k);
  }

  /** The player's look settings (multipliers and invert Y); the base lookSensitivity stays. */
  setLook(look: Pick<PlayerControlOptions, 'mouseSensitivity' | 'touchSensitivity' | 'invertY'>): void {
    this.options.mouseSensitivity = look.mouseSensitivity;
    this.options.touchSensitivity = look.touchSensitivity;
    this.options.invertY = look.invertY;
  }

  /** One wheel notch (with Alt): up (negative deltaY) flies faster. */
  wheel(deltaY: number): void {
    if (deltaY === 0 || !Number.isFinite(deltaY)) return;
    const o = this.options;
    const factor = deltaY < 0 ? o.wheelStep : 1 / o.wheelStep;
    o.flySpeed = Math.min(o.maxFlySpeed, Math.max(o.minFlySpeed, o.flySpeed * factor));
  }

  /** Speed the body moves at now, in blocks per second. */
  get currentSpeed(): number {
    const s = this.simulation.state;
    return Math.sqrt(s.vx * s.vx + s.vy * s.vy + s.vz * s.vz);
  }

  /** In words, for the HUD. */
  get describe(): string {
    const s = this.simulation.state;
    if (this.modeNow === 'fly') return this.noClip ? 'flying, no-clip' : 'flying';
    if (s.inWater) return 'swimming';
    return s.onGround ? 'walking' : 'walking (in the air)';
  }

  private input(): PlayerInput {
    const { forwardX, forwardZ } = groundAxes(this.pose.yaw);
    const h = (a: MoveAction) => this.held.has(a) || this.tapped.has(a);
    return {
      forward: h('forward'),
      back: h('back'),
      left: h('left'),
      right: h('right'),
      jump: h('up'),
      sprint: h('sprint'),
      descend: h('down'),
      stickAhead: this.stickAhead,
      stickSide: this.stickSide,
      forwardX,
      forwardZ,
      mode: this.modeNow,
      noClip: this.noClip,
      flySpeed: this.options.flySpeed,
    };
  }

  /**
   * Runs the physics for a frame of `frameDt` seconds against `lookup` (and `boxesAt` for its
   * Shaped cells) and puts the camera at the eye, eased after a step-up. `hold` keeps the body
   * where it is (its ground has not arrived yet).
   */
  update(frameDt: number, lookup: CellLookup, hold: boolean, boxesAt?: BoxesLookup): void {
    if (!hold && this.simulation.advance(frameDt, this.input(), lookup, boxesAt) > 0) this.tapped.clear();
    const feet = this.simulation.interpolated();
    this.pose.x = feet.x;
    this.pose.y = feet.y + PLAYER_BODY.eyeHeight + this.simulation.eyeOffset();
    this.pose.z = feet.z;
  }

  /**
   * The camera was moved from outside (teleport, a new world, a clamp): the body follows it, at
   * rest. The eye's lag after a step-up is taken out first, so a clamp never sinks the feet
   * into the stair they stand on.
   */
  syncToPose(): void {
    this.simulation.teleport(this.pose.x, this.pose.y - PLAYER_BODY.eyeHeight - this.simulation.eyeOffset(), this.pose.z);
  }

  /** Stops at once, where it is. */
  stop(): void {
    const s = this.simulation.state;
    this.simulation.teleport(s.x, s.y, s.z);
  }

  /** Whether a solid block at cell (x, y, z) would overlap the body (and so must not be placed). */
  occupies(x: number, y: number, z: number): boolean {
    if (this.modeNow === 'fly' && this.noClip) return false;
    const s = this.simulation.state;
    const box = bodyBox(s.x, s.y, s.z);
    const e = CELL_EPSILON;
    return x + 1 > box.minX + e && x < box.maxX - e && y + 1 > box.minY + e && y < box.maxY - e && z + 1 > box.minZ + e && z < box.maxZ - e;
  }
}
