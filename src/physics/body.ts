/**
 * The player's body. Its position is the centre of the bottom face (the feet), so standing
 * on a block means y equals that block's top exactly, and the eye is y + eyeHeight.
 */
import type { Box } from './box';

export interface BodySize {
  /** Width along both x and z, in blocks. */
  readonly width: number;
  readonly height: number;
  /** Eye height above the feet. */
  readonly eyeHeight: number;
}

/** Minecraft's player: fits through a gap one block wide and two high, not through one block high. */
export const PLAYER_BODY: Readonly<BodySize> = Object.freeze({ width: 0.6, height: 1.8, eyeHeight: 1.62 });

/** The box a body with its feet at (x, y, z) fills. minY is y itself, untouched by arithmetic. */
export function bodyBox(x: number, y: number, z: number, body: BodySize = PLAYER_BODY): Box {
  const half = body.width / 2;
  return { minX: x - half, minY: y, minZ: z - half, maxX: x + half, maxY: y + body.height, maxZ: z + half };
}
