/**
 * What a player's click does to the world, as rules simple enough to predict:
 * - placing goes against the aimed face, never onto a solid block or a torch (aiming from
 *   inside a block gives no face, so nothing is placed); water, lava and plants give way;
 * - the aim stops at solid blocks and at water the player placed, so placed water can be
 *   taken back; the sea is aimed through;
 * - breaking a block next to water (beside it or under it) lets the water in, so a hole dug
 *   under the sea fills instead of standing dry. No fluid simulation: only the broken block
 *   changes. Breaking water itself leaves air, as scooping it up would.
 */
import { Block, BLOCK_COLLIDES, BLOCK_SHAPE, Shape, BLOCK_PARTIAL } from './blocks';
import { selectionBoxes, type Box16 } from './block-shapes';
import type { RayHit } from './raycast';

export type BlockLookup = (x: number, y: number, z: number) => number;

export type Placement = { ok: true; x: number; y: number; z: number } | { ok: false; reason: string };

export function placementFor(hit: RayHit, blockAt: BlockLookup): Placement {
  // A plant gives way to the block placed on it, as tall grass does in Minecraft.
  if (BLOCK_SHAPE[blockAt(hit.x, hit.y, hit.z)] === Shape.Cross) return { ok: true, x: hit.x, y: hit.y, z: hit.z };
  if (hit.nx === 0 && hit.ny === 0 && hit.nz === 0) return { ok: false, reason: 'You are inside a block: move out of it to place one' };
  const x = hit.x + hit.nx;
  const y = hit.y + hit.ny;
  const z = hit.z + hit.nz;
  const there = blockAt(x, y, z);
  // A torch lets the player through, but a block placed there would not replace it (Minecraft's).
  if (BLOCK_COLLIDES[there] || BLOCK_SHAPE[there] === Shape.Torch) return { ok: false, reason: 'That space is already taken by a block' };
  return { ok: true, x, y, z };
}

/** Whether the aim stops at (x, y, z). `placedAt` is the player's edit there, if any. */
export function isAimTarget(block: number, placedAt: number | undefined): boolean {
  if (block === Block.Air) return false;
  if (block === Block.Water) return placedAt === Block.Water;
  return true;
}

/**
 * What the aim meets of block `block` in state `state` (raycastBlocks' boxesAt): a shape's
 * boxes or a plant's small box, null (the whole cell) for everything else.
 */
export function aimBoxes(block: number, state: number): readonly Box16[] | null {
  return BLOCK_PARTIAL[block] ? selectionBoxes(block, state) : null;
}

/** The block a broken block leaves behind. */
export function blockLeftByBreaking(x: number, y: number, z: number, blockAt: BlockLookup): number {
  if (blockAt(x, y, z) === Block.Water) return Block.Air;
  const wet =
    blockAt(x + 1, y, z) === Block.Water ||
    blockAt(x - 1, y, z) === Block.Water ||
    blockAt(x, y, z + 1) === Block.Water ||
    blockAt(x, y, z - 1) === Block.Water ||
    blockAt(x, y + 1, z) === Block.Water;
  return wet ? Block.Water : Block.Air;
}
