/**
 * What the player's body meets in a block: solid ground, water or lava to swim in, nothing,
 * or a shape (a slab, a stair, a door) whose boxes depend on the block's state.
 */
import { Cell, type Box16, type CellKind } from '../physics';
import { Block, BLOCK_COLLIDES, BLOCK_PARTIAL, collisionBoxes } from '../world';

export function cellOfBlock(block: number): CellKind {
  if (!BLOCK_COLLIDES[block]) return block === Block.Water ? Cell.Water : block === Block.Lava ? Cell.Lava : Cell.Empty;
  return BLOCK_PARTIAL[block] ? Cell.Shaped : Cell.Solid;
}

/** The boxes a Shaped block in state `state` (block-shapes.ts) collides with: the physics' boxesAt. */
export function collisionBoxesOf(block: number, state: number): readonly Box16[] {
  return collisionBoxes(block, state);
}
