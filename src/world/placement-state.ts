/**
 * The state a placed block takes from how it was placed, as Minecraft does: a log lies along
 * the axis of the face it was placed against; a slab goes in the top half when placed against
 * a block's underside or the upper half of a side; stairs face the way the player looks (so
 * walking on, they climb them) and hang upside down where a top slab would go; a door faces
 * the way the player looks. A door is two blocks: `doorHalves` says which.
 */
import { BLOCK_COLLIDES, BLOCK_SHAPE, Shape } from './blocks';
import { WORLD_HEIGHT } from './coords';
import { DOOR_OPEN, DOOR_UPPER, Facing, HALF_TOP } from './block-shapes';
import type { BlockEdit } from './edits';
import type { RayHit } from './raycast';

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** The horizontal direction (Facing) closest to where `direction` points. */
export function facingOf(direction: Vec3): number {
  if (Math.abs(direction.x) > Math.abs(direction.z)) return direction.x > 0 ? Facing.East : Facing.West;
  return direction.z > 0 ? Facing.South : Facing.North;
}

/**
 * Whether a block placed at height `y` against `hit` goes in the upper half: against a
 * block's underside, or against a side above its middle (`hitY` is where the aim met the face).
 */
function upperHalf(hit: RayHit, y: number, hitY: number): boolean {
  if (hit.ny !== 0) return hit.ny < 0;
  return hitY - y > 0.5;
}

/** The state of `block` placed at height `y` against the face of `hit`, aimed along `direction`. */
export function placementState(block: number, hit: RayHit, y: number, direction: Vec3): number {
  const hitY = hit.point.y;
  switch (BLOCK_SHAPE[block]) {
    case Shape.Pillar:
      return hit.nx !== 0 ? 1 : hit.nz !== 0 ? 2 : 0;
    case Shape.Slab:
      return upperHalf(hit, y, hitY) ? HALF_TOP : 0;
    case Shape.Stairs:
      return facingOf(direction) | (upperHalf(hit, y, hitY) ? HALF_TOP : 0);
    case Shape.Door:
      return facingOf(direction);
    default:
      return 0;
  }
}

/** The two cells of a door whose half at (x, y, z) has `state`: lower first. */
export function doorHalves(x: number, y: number, z: number, state: number): { lower: Vec3; upper: Vec3 } {
  const lowerY = state & DOOR_UPPER ? y - 1 : y;
  return { lower: { x, y: lowerY, z }, upper: { x, y: lowerY + 1, z } };
}

/** A door's state with its open flag flipped. */
export function toggledDoor(state: number): number {
  return state ^ DOOR_OPEN;
}

/** Reads a block and its state at a world position. */
export type StateLookup = (x: number, y: number, z: number) => number;

/**
 * The edits that place `block` in `state` at (x, y, z): one, or a door's two halves (the
 * upper needs its cell free: a reason when it is not).
 */
export function placementEdits(block: number, state: number, x: number, y: number, z: number, blockAt: StateLookup): BlockEdit[] | string {
  if (BLOCK_SHAPE[block] !== Shape.Door) return [{ x, y, z, block, state }];
  // Above the world reads as air, but nothing can be built there.
  if (y + 1 >= WORLD_HEIGHT || BLOCK_COLLIDES[blockAt(x, y + 1, z)]) return 'A door needs two free blocks of height';
  return [
    { x, y, z, block, state },
    { x, y: y + 1, z, block, state: state | DOOR_UPPER },
  ];
}

/** The edits that open or close the door whose half is at (x, y, z): both halves, flag flipped. */
export function doorToggleEdits(x: number, y: number, z: number, blockAt: StateLookup, stateAt: StateLookup): BlockEdit[] {
  const block = blockAt(x, y, z);
  const { lower, upper } = doorHalves(x, y, z, stateAt(x, y, z));
  const out: BlockEdit[] = [];
  for (const half of [lower, upper]) {
    // A half broken or replaced by hand is left alone.
    if (blockAt(half.x, half.y, half.z) === block) out.push({ ...half, block, state: toggledDoor(stateAt(half.x, half.y, half.z)) });
  }
  return out;
}

/**
 * The cells breaking the block at (x, y, z) clears: a door goes as a whole, and a plant on top
 * goes with the block it grows on (it would float).
 */
export function cellsBrokenWith(x: number, y: number, z: number, blockAt: StateLookup, stateAt: StateLookup): Vec3[] {
  const block = blockAt(x, y, z);
  let cells: Vec3[] = [{ x, y, z }];
  if (BLOCK_SHAPE[block] === Shape.Door) {
    const { lower, upper } = doorHalves(x, y, z, stateAt(x, y, z));
    cells = [lower, upper].filter((half) => blockAt(half.x, half.y, half.z) === block);
  }
  const top = cells[cells.length - 1]!;
  if (BLOCK_SHAPE[blockAt(top.x, top.y + 1, top.z)] === Shape.Cross) cells.push({ x: top.x, y: top.y + 1, z: top.z });
  return cells;
}
