/**
 * Another player's recent poses, and the pose to draw now. Poses arrive about 10 times a
 * second, unevenly; drawing the newest one would move a figure in jerks. So the figure is
 * drawn a little in the past (`delayMs`, one update interval behind the newest), where there
 * is nearly always a pose on each side to blend between: the usual entity interpolation of
 * networked games. When updates stop, the figure stops on the last pose (no guessing ahead);
 * a jump of many blocks (a respawn, a teleport) is drawn at once, not as a fast slide.
 *
 * Pure: times are milliseconds on any clock the caller keeps, passed in.
 */

export interface Pose {
  x: number;
  y: number;
  z: number;
  /** Radians, any turn (compared along the shortest arc). */
  yaw: number;
  pitch: number;
}

export interface PoseBufferOptions {
  /** How far behind the newest arrival poses are drawn. */
  delayMs: number;
  /** Poses kept at most (older ones are dropped first). */
  capacity: number;
  /** A move longer than this, in blocks, is a teleport: drawn at once, the history dropped. */
  teleportDistance: number;
}

export const DEFAULT_POSE_BUFFER_OPTIONS: Readonly<PoseBufferOptions> = Object.freeze({ delayMs: 100, capacity: 16, teleportDistance: 8 });

const TURN = 2 * Math.PI;

/** The turn from `from` to `to` along the shorter way round, in -π..π. */
export function shortestTurn(from: number, to: number): number {
  const d = (((to - from) % TURN) + TURN) % TURN;
  return d > Math.PI ? d - TURN : d;
}

/** `a` to `b` at `t` (0..1), the yaw along the shorter arc. */
export function blendPose(a: Readonly<Pose>, b: Readonly<Pose>, t: number, out: Pose = { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 }): Pose {
  out.x = a.x + (b.x - a.x) * t;
  out.y = a.y + (b.y - a.y) * t;
  out.z = a.z + (b.z - a.z) * t;
  out.yaw = a.yaw + shortestTurn(a.yaw, b.yaw) * t;
  out.pitch = a.pitch + (b.pitch - a.pitch) * t;
  return out;
}

interface Snapshot {
  pose: Pose;
  at: number;
}

export class PoseBuffer {
  private readonly options: PoseBufferOptions;
  /** Oldest first, by arrival time. */
  private snapshots: Snapshot[] = [];

  constructor(options: Partial<PoseBufferOptions> = {}) {
    this.options = { ...DEFAULT_POSE_BUFFER_OPTIONS, ...options };
  }

  get size(): number {
    return this.snapshots.length;
  }

  /**
   * A pose that arrived at `at`. One older than the newest (delivered late, or handed in out
   * of order) takes its place in time; one at the same time as another replaces it. A pose
   * far from the newest is a teleport: it alone is kept, so it is drawn at once.
   */
  push(pose: Readonly<Pose>, at: number): void {
    const snapshot = { pose: { x: pose.x, y: pose.y, z: pose.z, yaw: pose.yaw, pitch: pose.pitch }, at };
    const list = this.snapshots;
    const newest = list[list.length - 1];
    if (!newest || at > newest.at) {
      if (newest && farApart(newest.pose, pose, this.options.teleportDistance)) list.length = 0;
      list.push(snapshot);
    } else {
      let i = list.length - 1;
      while (i > 0 && list[i]!.at > at) i--;
      if (list[i]!.at === at) list[i] = snapshot;
      else if (list[i]!.at < at) list.splice(i + 1, 0, snapshot);
      else list.unshift(snapshot);
    }
    if (list.length > this.options.capacity) list.splice(0, list.length - this.options.capacity);
  }

  /**
   * The pose to draw at `now`: the poses around `now - delayMs` blended, or the nearest end
   * when that time is before the first or after the last (holding, not extrapolating). Null
   * before any pose arrived. Drops the poses no later call can need (times only go forward).
   */
  sample(now: number, out: Pose = { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 }): Pose | null {
    const list = this.snapshots;
    if (list.length === 0) return null;
    const t = now - this.options.delayMs;
    let i = 0;
    while (i < list.length && list[i]!.at <= t) i++;
    // list[i - 1] is the last pose at or before t, list[i] the first after it.
    if (i > 1) list.splice(0, i - 1);
    const before = i > 0 ? list[0]! : null;
    const after = list[i > 0 ? 1 : 0] ?? null;
    if (!before) return blendPose(after!.pose, after!.pose, 0, out);
    if (!after || after === before) return blendPose(before.pose, before.pose, 0, out);
    return blendPose(before.pose, after.pose, (t - before.at) / (after.at - before.at), out);
  }

  clear(): void {
    this.snapshots = [];
  }
}

function farApart(a: Readonly<Pose>, b: Readonly<Pose>, distance: number): boolean {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz > distance * distance;
}
