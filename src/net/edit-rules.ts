/**
 * Who may make an edit where: the rules the room enforces and the client can check first, so
 * it greys out what the room would refuse anyway.
 */
import type { BuildPolicy, NetLimits } from './protocol';

export interface Position {
  x: number;
  y: number;
  z: number;
}

/**
 * Whether the block (x, y, z) is within reach of a player at `eye`: the distance from the
 * block's centre, with `reachMargin` on top for a position report that is a little old.
 * Compared squared, so no square root.
 */
export function withinReach(eye: Position, block: Position, limits: Pick<NetLimits, 'reach' | 'reachMargin'>): boolean {
  const dx = block.x + 0.5 - eye.x;
  const dy = block.y + 0.5 - eye.y;
  const dz = block.z + 0.5 - eye.z;
  const r = limits.reach + limits.reachMargin;
  return dx * dx + dy * dy + dz * dz <= r * r;
}

/** Whether a player may build: anyone under 'visitors'; the owner and invited builders under 'invited'. */
export function mayBuild(policy: BuildPolicy, isOwner: boolean, invited: boolean): boolean {
  return policy === 'visitors' || isOwner || invited;
}

/**
 * A colour index (0..count-1) from a public player id: FNV-1a over its characters, so a
 * player keeps their colour across sessions and every client computes the same one.
 */
export function colourIndexOf(id: string, count: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % count;
}
