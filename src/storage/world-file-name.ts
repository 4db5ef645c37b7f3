/**
 * A file name to offer when exporting a world: its name in safe characters (lowercase ASCII
 * letters, digits and dashes), valid on every desktop and phone file system.
 */

/** Every exported world's file name ends so: JSON inside, and recognisably ours. */
export const WORLD_FILE_EXTENSION = '.world.json';

/** Longest name part, in characters; long names get unwieldy in a download bar. */
const MAX_STEM = 48;

/** Names Windows reserves for devices, even with an extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/;

/** "My World!" -> "my-world.world.json"; "Ærø Çastle" -> "aero-castle.world.json"; "世界" -> "world.world.json". */
export function worldFileName(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // accents split off by NFKD: é -> e
    .replace(/æ/gi, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_STEM)
    .replace(/^-+|-+$/g, '');
  if (stem.length === 0) return `world${WORLD_FILE_EXTENSION}`;
  return `${RESERVED.test(stem) ? `world-${stem}` : stem}${WORLD_FILE_EXTENSION}`;
}
