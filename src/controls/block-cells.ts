/** What the player's body meets in a block: solid ground, water to swim in, or nothing. */
import { Cell, type CellKind } from '../physics';
import { Block, BLOCK_COLLIDES } from '../world';

export function cellOfBlock(block: number): CellKind {
  return BLOCK_COLLIDES[block] ? Cell.Solid : block === Block.Water ? Cell.Water : Cell.Empty;
}
