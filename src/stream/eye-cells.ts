/**
 * Whether the section walk may start at the eye (section-walk.ts): its argument holds only
 * for lines of sight that run through see-through cells from the eye on. Geometry nearer than
 * the camera's near plane is clipped, so a line can also start inside an opaque block there
 * (the eye in a wall with no-clip, or just touching one) and show what lies behind it. So
 * every cell within `reach` of the eye (the near plane's farthest corner) must be see-through,
 * and the eye inside the world or above it.
 */
import { BLOCK_OPAQUE } from '../world';

export type BlockAt = (x: number, y: number, z: number) => number;

export function eyeInOpenCells(blockAt: BlockAt, x: number, y: number, z: number, reach: number): boolean {
  if (!(y - reach >= 0)) return false;
  for (let bx = Math.floor(x - reach); bx <= Math.floor(x + reach); bx++) {
    for (let by = Math.floor(y - reach); by <= Math.floor(y + reach); by++) {
      for (let bz = Math.floor(z - reach); bz <= Math.floor(z + reach); bz++) if (BLOCK_OPAQUE[blockAt(bx, by, bz)]) return false;
    }
  }
  return true;
}
