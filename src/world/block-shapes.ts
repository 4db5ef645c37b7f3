/**
 * Block state and the boxes of shapes beyond the cube. A state is one byte stored with an
 * edit (generated terrain has none: state 0), read per shape (BLOCK_SHAPE):
 *
 *   pillar (logs)  bits 0..1  axis: 0 up (y), 1 along x, 2 along z
 *   slab           bit  2     top half (0: bottom half)
 *   stairs         bits 0..1  facing: the side the high back stands on (FACING_DIRECTIONS)
 *                  bit  2     upside down (hangs from the top half)
 *   door           bits 0..1  facing: the side of its cell the closed door stands on
 *                  bit  3     open (swung against the side to its left)
 *                  bit  4     upper half (the block above the lower half)
 *   torch          bit  2     on a wall (0: standing on the block below)
 *                  bits 0..1  on a wall: facing, the side of its cell the wall it hangs on is
 *                             (0 standing; a standing torch with facing bits is no state)
 *
 * Every other bit must be 0 (validState) for an edit the player makes; other stored bits are
 * ignored (meaningfulState). Boxes are in sixteenths of a block, [x0, y0, z0, x1,
 * y1, z1] within the cell, so each face of a shape sits on a texel row of its tile: what the
 * mesher, the collision and the raycast all read, from the one table built here.
 */
import { Block, BLOCK_COLLIDES, BLOCK_COUNT, BLOCK_SHAPE, Shape, Tile } from './blocks';

/** A box in sixteenths of a block: x0, y0, z0, x1, y1, z1, within the cell (0..16). */
export type Box16 = readonly [number, number, number, number, number, number];

/** The four horizontal directions a stair or door faces, as (dx, dz): north (-z), east, south, west. */
export const FACING_DIRECTIONS: readonly (readonly [number, number])[] = [[0, -1], [1, 0], [0, 1], [-1, 0]];
export const Facing = { North: 0, East: 1, South: 2, West: 3 } as const;

export const PILLAR_AXIS_MASK = 3;
export const HALF_TOP = 4;
export const FACING_MASK = 3;
export const DOOR_OPEN = 8;
export const DOOR_UPPER = 16;
export const TORCH_WALL = 4;

/** Door thickness in sixteenths, as Minecraft's. */
export const DOOR_THICKNESS = 3;

const FULL: Box16 = [0, 0, 0, 16, 16, 16];
const NO_BOXES: readonly Box16[] = [];

/** The state bits a shape uses; a state with any other bit set is refused. */
const STATE_BITS: Record<number, number> = {
  [Shape.Cube]: 0,
  [Shape.Pillar]: PILLAR_AXIS_MASK,
  [Shape.Slab]: HALF_TOP,
  [Shape.Stairs]: FACING_MASK | HALF_TOP,
  [Shape.Door]: FACING_MASK | DOOR_OPEN | DOOR_UPPER,
  [Shape.Cross]: 0,
  [Shape.Torch]: FACING_MASK | TORCH_WALL,
};

/** Whether `state` means something for `block` (integer 0..255 with only its shape's bits set; a pillar's axis 0..2). */
export function validState(block: number, state: number): boolean {
  if (!Number.isInteger(state) || state < 0 || state > 255) return false;
  const shape = BLOCK_SHAPE[block] ?? Shape.Cube;
  if ((state & ~STATE_BITS[shape]!) !== 0) return false;
  if (shape === Shape.Torch) return (state & TORCH_WALL) !== 0 || state === 0;
  return shape !== Shape.Pillar || (state & PILLAR_AXIS_MASK) !== 3;
}

/**
 * What a state byte means for `block`: its shape's bits only (a pillar's axis 3 read as
 * upright). Stored bytes are kept as they are (a newer build may give them meaning); this is
 * how every reader (mesher, collision, aim) takes them, so no byte can make a block vanish.
 */
export function meaningfulState(block: number, state: number): number {
  const shape = BLOCK_SHAPE[block] ?? Shape.Cube;
  const s = state & STATE_BITS[shape]!;
  if (shape === Shape.Torch) return s & TORCH_WALL ? s : 0;
  return shape === Shape.Pillar && s === 3 ? 0 : s;
}

/** The box of the half of a cell on side `facing` (0..3), between heights y0 and y1. */
function halfBox(facing: number, y0: number, y1: number): Box16 {
  const [dx, dz] = FACING_DIRECTIONS[facing]!;
  const x0 = dx > 0 ? 8 : 0;
  const x1 = dx < 0 ? 8 : 16;
  const z0 = dz > 0 ? 8 : 0;
  const z1 = dz < 0 ? 8 : 16;
  return [x0, y0, z0, x1, y1, z1];
}

/** A slab DOOR_THICKNESS thick against side `facing` of the cell, full height. */
function panelBox(facing: number): Box16 {
  const [dx, dz] = FACING_DIRECTIONS[facing]!;
  const t = DOOR_THICKNESS;
  if (dx !== 0) return dx > 0 ? [16 - t, 0, 0, 16, 16, 16] : [0, 0, 0, t, 16, 16];
  return dz > 0 ? [0, 0, 16 - t, 16, 16, 16] : [0, 0, 0, 16, 16, t];
}

/** How high a wall torch's stick starts: Minecraft's hangs 3.5 up, tilted; ours is upright. */
const TORCH_WALL_RAISE = 3;

/**
 * A torch's stick, 2 wide and 10 tall as Minecraft's: standing in the middle, or upright against the wall on side `facing`
 * (touching it), `grow` sixteenths fatter on each side but the wall's and 0 below (the aim's
 * box is a little larger, so a 2-wide stick is easy to hit).
 */
function torchBox(state: number, grow: number): Box16 {
  const c0 = 7 - grow;
  const c1 = 9 + grow;
  if (!(state & TORCH_WALL)) return [c0, 0, c0, c1, 10, c1];
  const [dx, dz] = FACING_DIRECTIONS[state & FACING_MASK]!;
  const y0 = TORCH_WALL_RAISE;
  const y1 = TORCH_WALL_RAISE + 10;
  const deep = 2 + 2 * grow;
  if (dx !== 0) return dx > 0 ? [16 - deep, y0, c0, 16, y1, c1] : [0, y0, c0, deep, y1, c1];
  return dz > 0 ? [c0, y0, 16 - deep, c1, y1, 16] : [c0, y0, 0, c1, y1, deep];
}

function boxesFor(shape: number, state: number): readonly Box16[] {
  switch (shape) {
    case Shape.Cube:
    case Shape.Pillar:
      return [FULL];
    case Shape.Slab:
      return [state & HALF_TOP ? [0, 8, 0, 16, 16, 16] : [0, 0, 0, 16, 8, 16]];
    case Shape.Stairs: {
      // The full half (the tread, or the ceiling upside down) and the step against the back.
      const top = (state & HALF_TOP) !== 0;
      const facing = state & FACING_MASK;
      return top ? [[0, 8, 0, 16, 16, 16], halfBox(facing, 0, 8)] : [[0, 0, 0, 16, 8, 16], halfBox(facing, 8, 16)];
    }
    case Shape.Door: {
      // Open, it swings a quarter turn onto the side to the left of its facing (seen from the
      // side it was placed from), leaving the doorway clear.
      const facing = state & FACING_MASK;
      return [panelBox(state & DOOR_OPEN ? (facing + 3) & 3 : facing)];
    }
    case Shape.Torch:
      return [torchBox(state, 0)];
    default:
      return NO_BOXES;
  }
}

/** SHAPE_BOXES[block * 256 + state]: built once, so the hot paths read a table. */
const SHAPE_BOXES: (readonly Box16[])[] = [];
for (let block = 0; block < BLOCK_COUNT; block++) {
  for (let state = 0; state < 256; state++) {
    SHAPE_BOXES[block * 256 + state] = block === Block.Air ? NO_BOXES : boxesFor(BLOCK_SHAPE[block]!, meaningfulState(block, state));
  }
}

/** What block `block` in state `state` looks like: its boxes (none for air and plants; plants are drawn as crosses). */
export function shapeBoxes(block: number, state: number): readonly Box16[] {
  return SHAPE_BOXES[block * 256 + (state & 255)] ?? NO_BOXES;
}

/** What the player collides with: the shape's boxes for blocks that collide, none otherwise. */
export function collisionBoxes(block: number, state: number): readonly Box16[] {
  return BLOCK_COLLIDES[block] ? shapeBoxes(block, state) : NO_BOXES;
}

/** The smallest box around `boxes` (a stair's two boxes make its whole cell). */
export function boundsOf(boxes: readonly Box16[]): Box16 {
  const b = [16, 16, 16, 0, 0, 0];
  for (const box of boxes) {
    for (let i = 0; i < 3; i++) {
      b[i] = Math.min(b[i]!, box[i]!);
      b[i + 3] = Math.max(b[i + 3]!, box[i + 3]!);
    }
  }
  return b as unknown as Box16;
}

/** A plant's box for aiming: smaller than its cell, as Minecraft's. */
const PLANT_BOX: readonly Box16[] = [[2, 0, 2, 14, 13, 14]];

/** A torch's boxes for aiming, per meaningful state: its stick grown by 1 on every free side. */
const TORCH_AIM: (readonly Box16[])[] = Array.from({ length: 8 }, (_, state) => [torchBox(state, 1)]);

/** What aiming hits: the shape's boxes, a plant's or a torch's larger box, the whole cell for water and cubes. */
export function selectionBoxes(block: number, state: number): readonly Box16[] {
  if (block === Block.Air) return NO_BOXES;
  if (BLOCK_SHAPE[block] === Shape.Cross) return PLANT_BOX;
  if (BLOCK_SHAPE[block] === Shape.Torch) return TORCH_AIM[meaningfulState(block, state)]!;
  const boxes = shapeBoxes(block, state);
  return boxes.length > 0 ? boxes : [FULL];
}

/**
 * The tile a log shows on `face` when lying along `axis` (PILLAR_AXIS_MASK): its rings on the
 * two faces the axis goes through, and its bark turned a quarter wherever the grain then runs
 * across the texture (vertex-format.ts: ±x faces take u from z, ±y faces from x, ±z from x).
 */
export function pillarTile(upright: number, axis: number, face: number): number {
  const along = face >> 1;
  const axisIndex = axis === 1 ? 0 : axis === 2 ? 2 : 1;
  if (along === axisIndex) return Tile.LogTop;
  if (axis === 0) return upright;
  // Lying along x: the grain runs along u on every side face. Along z: along u on ±x faces
  // and along v on ±y faces, where the upright bark already runs.
  if (axis === 2 && along === 1) return upright;
  return TURNED_BARK[upright] ?? upright;
}

const TURNED_BARK: Record<number, number> = {
  [Tile.LogSide]: Tile.LogSideTurned,
  [Tile.BirchLogSide]: Tile.BirchLogSideTurned,
  [Tile.SpruceLogSide]: Tile.SpruceLogSideTurned,
};

/**
 * The tile a torch shows on a side `face`: the tile's texels follow the face's position in its
 * cell (vertex-format.ts), so a wall torch's stick, raised and against the cell's side, reads
 * other texels than a standing one, painted for it in their own tile.
 */
export function torchSideTile(state: number): number {
  return state & TORCH_WALL ? Tile.TorchWall : Tile.Torch;
}

/** A door's tile on its broad faces: the top half has the window. */
export function doorTile(state: number): number {
  return state & DOOR_UPPER ? Tile.DoorTop : Tile.DoorBottom;
}
