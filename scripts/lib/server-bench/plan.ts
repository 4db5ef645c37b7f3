/**
 * Where each simulated player of `npm run bench:server` walks and builds: pure, so a unit test
 * checks that every edit is within the room's reach of where the player last said it was, and
 * that no two edits of a run set the same block (so "acknowledged edits missing" can compare
 * each acknowledged edit with the database one for one).
 *
 * Player `lane` owns a strip of blocks 32 long at z = lane * LANE_SPACING, stacked up from
 * BASE_Y: edit k goes along the strip and back, one row higher each pass. The player stands
 * just beside and above the block it builds next and walks on from one to the next at the edit
 * rate, so its pose is never more than a couple of blocks from its next edit.
 */
import type { Position } from '../../../src/net';

export interface WalkPlan {
  /** Blocks along x before the next row. */
  length: number;
  /** Rows stacked up: the plan holds length × rows edits. */
  rows: number;
  /** Blocks between two players' strips along z. */
  laneSpacing: number;
  /** The strips' lowest y: above the terrain, so every edit places a block in the air. */
  baseY: number;
}

export const DEFAULT_WALK_PLAN: Readonly<WalkPlan> = Object.freeze({ length: 32, rows: 64, laneSpacing: 4, baseY: 150 });

/** Where the player stands relative to the block it builds (its corner): two up, two aside. */
const STAND = { x: 0.5, y: 2.5, z: 2.5 } as const;

/** How many edits one player can make before its strip is full. */
export function planCapacity(plan: WalkPlan = DEFAULT_WALK_PLAN): number {
  return plan.length * plan.rows;
}

/** The block of player `lane`'s edit k (k from 0, below planCapacity). */
export function editTarget(lane: number, k: number, plan: WalkPlan = DEFAULT_WALK_PLAN): Position {
  if (k < 0 || k >= planCapacity(plan)) throw new RangeError(`edit ${k} is beyond the plan's ${planCapacity(plan)} blocks`);
  const row = Math.floor(k / plan.length);
  const col = k % plan.length;
  return { x: row % 2 === 0 ? col : plan.length - 1 - col, y: plan.baseY + row, z: lane * plan.laneSpacing };
}

/**
 * The pose of player `lane` after `progress` edits' worth of walking (progress = edit rate ×
 * seconds since it started): beside edit floor(progress), on its way to the next one.
 */
export function poseAt(lane: number, progress: number, plan: WalkPlan = DEFAULT_WALK_PLAN): Position {
  const last = planCapacity(plan) - 1;
  const u = Math.min(Math.max(progress, 0), last);
  const k = Math.min(Math.floor(u), last);
  const a = editTarget(lane, k, plan);
  const b = editTarget(lane, Math.min(k + 1, last), plan);
  const f = u - k;
  return { x: a.x + (b.x - a.x) * f + STAND.x, y: a.y + (b.y - a.y) * f + STAND.y, z: a.z + STAND.z };
}
