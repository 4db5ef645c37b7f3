/**
 * Wind above ground or the hum of a cave below: which bed of ambience plays, from a few
 * columns around the player. Pure (the caller hands in a block lookup), so Node tests it.
 *
 * "Underground" is a roof over most of the columns sampled (the player's and four around it):
 * a block that stops the sky between `cover` and `cover + reach` blocks above the eye. One roof
 * (a tree, a bridge, an overhang) is not a cave, and a cave mouth stays windy until the player
 * is well inside. Scanning up from the eye, not down from the sky, keeps it to a few dozen
 * lookups per column, and the caller asks a few times a second, not every frame.
 */

export type Ambience = 'wind' | 'cave';

export interface AmbienceOptions {
  /** Blocks above the eye a roof starts at (the player's own headroom is no roof). */
  cover: number;
  /** How far above that a roof is looked for. */
  reach: number;
  /** How far the four other samples are from the player, in blocks. */
  spread: number;
  /** How many of the five samples must be roofed for a cave. */
  roofed: number;
}

export const DEFAULT_AMBIENCE_OPTIONS: Readonly<AmbienceOptions> = Object.freeze({ cover: 3, reach: 40, spread: 6, roofed: 4 });

/** Whether a cell of column (x, z) from `y0` up to (not including) `y1` stops the sky. */
export function roofed(blocksSky: (x: number, y: number, z: number) => boolean, x: number, z: number, y0: number, y1: number): boolean {
  for (let y = y0; y < y1; y++) if (blocksSky(x, y, z)) return true;
  return false;
}

/**
 * The ambience for an eye at (x, eyeY, z) in a world `height` blocks tall; `blocksSky(x, y, z)`
 * says whether a cell stops the sky (an opaque block).
 */
export function chooseAmbience(blocksSky: (x: number, y: number, z: number) => boolean, x: number, eyeY: number, z: number, height: number, options: AmbienceOptions = DEFAULT_AMBIENCE_OPTIONS): Ambience {
  const bx = Math.floor(x);
  const bz = Math.floor(z);
  const y0 = Math.max(0, Math.floor(eyeY) + options.cover);
  const y1 = Math.min(height, y0 + options.reach);
  const s = options.spread;
  const samples = [[bx, bz], [bx + s, bz], [bx - s, bz], [bx, bz + s], [bx, bz - s]] as const;
  let count = 0;
  for (const [sx, sz] of samples) if (roofed(blocksSky, sx, sz, y0, y1)) count++;
  return count >= options.roofed ? 'cave' : 'wind';
}
