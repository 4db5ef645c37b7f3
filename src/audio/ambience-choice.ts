/**
 * Wind above ground or the hum of a cave below: which bed of ambience plays, from a few
 * columns around the player. Pure (the caller hands in a block lookup), so Node tests it.
 *
 * "Underground" is the eye being well below the top sky-blocking block of most of the columns
 * sampled (the player's and four around it): one roof (a tree, a bridge, an overhang) is not a
 * cave, and a cave mouth stays windy until the player is well inside.
 */

export type Ambience = 'wind' | 'cave';

export interface AmbienceOptions {
  /** Blocks of cover above the eye that count as a roof. */
  cover: number;
  /** How far the four other samples are from the player, in blocks. */
  spread: number;
  /** How many of the five samples must be roofed for a cave. */
  roofed: number;
}

export const DEFAULT_AMBIENCE_OPTIONS: Readonly<AmbienceOptions> = Object.freeze({ cover: 4, spread: 6, roofed: 4 });

/**
 * The height of the top block that stops the sky at column (x, z) scanning down from `top`
 * (exclusive), or -1 when the sky reaches the bottom. `blocksSky(x, y, z)` says whether a cell
 * stops it (an opaque block).
 */
export function skyTop(blocksSky: (x: number, y: number, z: number) => boolean, x: number, z: number, top: number): number {
  for (let y = top - 1; y >= 0; y--) if (blocksSky(x, y, z)) return y;
  return -1;
}

/** The ambience for an eye at (x, eyeY, z), given the same lookup as skyTop. */
export function chooseAmbience(blocksSky: (x: number, y: number, z: number) => boolean, x: number, eyeY: number, z: number, top: number, options: AmbienceOptions = DEFAULT_AMBIENCE_OPTIONS): Ambience {
  const bx = Math.floor(x);
  const bz = Math.floor(z);
  const s = options.spread;
  const samples = [[bx, bz], [bx + s, bz], [bx - s, bz], [bx, bz + s], [bx, bz - s]] as const;
  let roofed = 0;
  for (const [sx, sz] of samples) if (skyTop(blocksSky, sx, sz, top) >= eyeY + options.cover) roofed++;
  return roofed >= options.roofed ? 'cave' : 'wind';
}
