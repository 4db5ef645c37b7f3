/**
 * A world's worth of edits as a player makes them, for size and round-trip tests: hollow
 * houses and walls spread over ~100 columns, a dug tunnel, and scattered single blocks
 * from a seeded LCG (never Math.random, so every run builds the same world).
 */
import { lcg } from '../support/random';
import type { BlockEdit } from '../../src/world';

/** Exactly `total` edits, no two on the same block. */
export function realisticEdits(total: number, seed = 1): BlockEdit[] {
  const rand = lcg(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const edits = new Map<string, BlockEdit>();
  const put = (x: number, y: number, z: number, block: number) => {
    if (edits.size < total) edits.set(`${x},${y},${z}`, { x, y, z, block });
  };

  // Houses: hollow boxes (walls, floor, roof) of one material each, in a 160 x 160 area
  // around the origin: ~10 x 10 columns. Builds are about 70% of the edits.
  const builds = Math.floor(total * 0.7);
  while (edits.size < builds) {
    const x0 = int(-80, 70);
    const z0 = int(-80, 70);
    const y0 = int(60, 90);
    const w = int(4, 12);
    const d = int(4, 12);
    const h = int(3, 8);
    const wall = int(1, 8);
    const roof = int(1, 8);
    for (let y = y0; y <= y0 + h; y++) {
      for (let z = z0; z <= z0 + d; z++) {
        for (let x = x0; x <= x0 + w; x++) {
          const shell = x === x0 || x === x0 + w || z === z0 || z === z0 + d;
          if (y === y0 + h) put(x, y, z, roof);
          else if (y === y0 || shell) put(x, y, z, wall);
        }
      }
    }
    // A long wall now and then.
    if (rand() < 0.2) for (let x = x0; x < x0 + 40; x++) for (let y = y0; y < y0 + 4; y++) put(x, y, z0 - 3, wall);
  }

  // A tunnel dug east at y 40..42 (air edits).
  for (let x = -100; x < 100 && edits.size < total; x++) for (let y = 40; y <= 42; y++) for (let z = 0; z < 3; z++) put(x, y, z, 0);

  // Scattered single blocks over a 400 x 400 area.
  while (edits.size < total) put(int(-200, 199), int(30, 140), int(-200, 199), int(0, 10));
  return [...edits.values()];
}
