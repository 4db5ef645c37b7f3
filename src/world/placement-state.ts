/**
 * The state a placed block takes from how it was placed, as Minecraft does: a log lies along
 * the axis of the face it was placed against; a slab goes in the top half when placed against
 * a block's underside or the upper half of a side; stairs face the way the player looks (so
 * walking on, they climb them) and hang upside down where a top slab would go; a door faces
 * the way the player looks. A door is two blocks: `doorHalves` says which. A torch stands on
 * the top of a block or hangs on its side, never under it, and only on a whole face
 * (`torchPlacement`); it goes with the block it is on (`cellsBrokenWith`).
 */
import { Block, BLOCK_COLLIDES, BLOCK_SHAPE, Shape } from './blocks';
import { WORLD_HEIGHT } from './coords';
import { collisionBoxes, DOOR_OPEN, DOOR_UPPER, Facing, FACING_DIRECTIONS, FACING_MASK, HALF_TOP, TORCH_WALL } from './block-shapes';
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
    case Shape.Torch:
      // On a side it hangs on the wall behind the face (the way the face's normal points back).
      return hit.ny !== 0 ? 0 : TORCH_WALL | facingOf({ x: -hit.nx, y: 0, z: -hit.nz });
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
 * Whether face `face` (+x, -x, +y, -y, +z, -z) of a block in `state` is whole and solid: a
 * cube's, a top slab's top, a stair's back. The boxes of one shape never overlap, so their
 * areas on the cell's side add up to 256 sixteenths² exactly when they cover it.
 */
export function faceIsWhole(block: number, state: number, face: number): boolean {
  const axis = face >> 1;
  const plane = face & 1 ? 0 : 16;
  let area = 0;
  for (const box of collisionBoxes(block, state)) {
    if ((face & 1 ? box[axis] : box[axis + 3]) !== plane) continue;
    const u = axis === 0 ? 1 : 0;
    const v = axis === 2 ? 1 : 2;
    area += (box[u + 3]! - box[u]!) * (box[v + 3]! - box[v]!);
  }
  return area === 256;
}

/** The cell a torch at (x, y, z) in `state` rests on, and the face of it that holds the torch. */
export function torchSupport(x: number, y: number, z: number, state: number): Vec3 & { face: number } {
  if (!(state & TORCH_WALL)) return { x, y: y - 1, z, face: 2 };
  const [dx, dz] = FACING_DIRECTIONS[state & FACING_MASK]!;
  // The wall's face toward the torch: its -x face for a wall to the east, and so on.
  const face = dx > 0 ? 1 : dx < 0 ? 0 : dz > 0 ? 5 : 4;
  return { x: x + dx, y, z: z + dz, face };
}

/**
 * The state of a torch placed at `at` against `hit`, or why it cannot go there: not under a
 * ceiling, not in water or lava, and only on a whole face (Minecraft's rules). Placed into a
 * plant's cell (which gives way) it stands on the ground the plant grew on.
 */
export function torchPlacement(hit: RayHit, at: Vec3, blockAt: StateLookup, stateAt: StateLookup): number | string {
  const here = blockAt(at.x, at.y, at.z);
  if (here === Block.Water) return 'A torch cannot burn under water';
  if (here === Block.Lava) return 'A torch cannot be placed in lava';
  const replacing = at.x === hit.x && at.y === hit.y && at.z === hit.z;
  if (!replacing && hit.ny < 0) return 'A torch cannot hang from a ceiling: place it on a floor or a wall';
  const state = replacing ? 0 : placementState(Block.Torch, hit, at.y, { x: 0, y: 0, z: 0 });
  const s = torchSupport(at.x, at.y, at.z, state);
  if (!faceIsWhole(blockAt(s.x, s.y, s.z), stateAt(s.x, s.y, s.z), s.face)) return 'A torch needs a whole solid face to stand on or hang from';
  return state;
}

/**
 * The state of `block` placed at `at` against `hit` (placementState), or why it cannot go
 * there: what the player's right click asks for.
 */
export function placementStateAt(block: number, hit: RayHit, at: Vec3, direction: Vec3, blockAt: StateLookup, stateAt: StateLookup): number | string {
  if (BLOCK_SHAPE[block] === Shape.Torch) return torchPlacement(hit, at, blockAt, stateAt);
  return placementState(block, hit, at.y, direction);
}

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

/** Where a torch resting on a block can be: above it and on its four sides. */
const HOLDING_SIDES: readonly (readonly [number, number, number])[] = [[0, 1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];

/** Whether the torch at (x, y, z), if there is one, rests on the cell `on`. */
function torchRestsOn(x: number, y: number, z: number, on: Vec3, blockAt: StateLookup, stateAt: StateLookup): boolean {
  if (BLOCK_SHAPE[blockAt(x, y, z)] !== Shape.Torch) return false;
  const s = torchSupport(x, y, z, stateAt(x, y, z));
  return s.x === on.x && s.y === on.y && s.z === on.z;
}

/**
 * The cells breaking the block at (x, y, z) clears: a door goes as a whole, and what it holds
 * goes with it (it would float): a plant on top, a torch standing on it or hanging on its
 * sides.
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
  const held: Vec3[] = [];
  for (const c of cells) {
    for (const [dx, dy, dz] of HOLDING_SIDES) {
      const n = { x: c.x + dx, y: c.y + dy, z: c.z + dz };
      if (torchRestsOn(n.x, n.y, n.z, c, blockAt, stateAt)) held.push(n);
    }
  }
  return [...cells, ...held];
}

