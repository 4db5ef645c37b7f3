/**
 * A world's worth of edits as a player makes them, for size and round-trip tests: hollow
 * houses and walls spread over ~100 columns, a dug tunnel, and scattered single blocks
 * from a seeded LCG (never Math.random, so every run builds the same world).
 *
 * With `states`, the same builds carry block states the way shaped blocks would: roofs of
 * stairs facing out from the house (a facing 0..3 and an upside-down bit), log pillars at the
 * corners (an axis), a two-block door (facing, upper half, open), slab floors (top or
 * bottom), and a state on a third of the scattered blocks. The states come from a second LCG,
 * so the positions and blocks are the same as without them.
 */
import { lcg } from '../support/random';
import type { BlockEdit } from '../../src/world';

export interface RealisticWorldOptions {
  seed: number;
  /** Give the edits block states (see above); without, no edit has a `state`. */
  states: boolean;
}

/** Exactly `total` edits, no two on the same block. */
export function realisticEdits(total: number, options: number | Partial<RealisticWorldOptions> = {}): BlockEdit[] {
  const { seed, states } = { seed: 1, states: false, ...(typeof options === 'number' ? { seed: options } : options) };
  const rand = lcg(seed);
  const stateRand = lcg(seed + 7919);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const edits = new Map<string, BlockEdit>();
  const put = (x: number, y: number, z: number, block: number, state = 0) => {
    if (edits.size >= total) return;
    const edit: BlockEdit = { x, y, z, block };
    if (states && state !== 0) edit.state = state;
    edits.set(`${x},${y},${z}`, edit);
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
    const slabFloor = stateRand() < 0.5 ? 1 : 2;
    const doorFacing = Math.floor(stateRand() * 4);
    const doorOpen = stateRand() < 0.3 ? 8 : 0;
    for (let y = y0; y <= y0 + h; y++) {
      for (let z = z0; z <= z0 + d; z++) {
        for (let x = x0; x <= x0 + w; x++) {
          const shell = x === x0 || x === x0 + w || z === z0 || z === z0 + d;
          const corner = (x === x0 || x === x0 + w) && (z === z0 || z === z0 + d);
          const door = z === z0 && x === x0 + 2 && (y === y0 + 1 || y === y0 + 2);
          if (y === y0 + h) put(x, y, z, roof, roofStair(x - x0, z - z0, w, d));
          else if (y === y0) put(x, y, z, wall, slabFloor);
          else if (door) put(x, y, z, wall, doorFacing | (y === y0 + 2 ? 4 : 0) | doorOpen);
          else if (corner) put(x, y, z, wall, 2); // a log standing up: axis y
          else if (shell) put(x, y, z, wall);
        }
      }
    }
    // A long wall now and then.
    if (rand() < 0.2) for (let x = x0; x < x0 + 40; x++) for (let y = y0; y < y0 + 4; y++) put(x, y, z0 - 3, wall);
  }

  // A tunnel dug east at y 40..42 (air edits).
  for (let x = -100; x < 100 && edits.size < total; x++) for (let y = 40; y <= 42; y++) for (let z = 0; z < 3; z++) put(x, y, z, 0);

  // Scattered single blocks over a 400 x 400 area.
  while (edits.size < total) put(int(-200, 199), int(30, 140), int(-200, 199), int(0, 10), stateRand() < 1 / 3 ? 1 + Math.floor(stateRand() * 255) : 0);
  return [...edits.values()];
}

/** A roof stair at (dx, dz) of a w x d roof: facing out over the nearest edge, upside down along the ridge. */
function roofStair(dx: number, dz: number, w: number, d: number): number {
  const toEdge = [dz, w - dx, d - dz, dx];
  const nearest = toEdge.indexOf(Math.min(...toEdge));
  const ridge = toEdge[nearest]! >= Math.min(w, d) / 2 - 0.5;
  return nearest | (ridge ? 4 : 0);
}
