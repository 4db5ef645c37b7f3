/**
 * Physics cost per 2000 walking steps (issue 22): on open ground of full cubes (no cell is
 * Shaped, so the boxes lookup is never asked), among pillars it cannot climb (every blocked
 * step also tries a step-up), and over slabs (boxes asked, steps taken).
 *
 *   npx vitest bench --run --project unit test/bench/physics.bench.ts
 *
 * Measured against the whole-cell physics before shapes (a copy run side by side, best of 40
 * rounds under tsx on the shared, busy 2-core machine, three runs): open ground 0.92x, 1.02x
 * and 1.3x of its time (noise), pressing into pillars 2.1x to 2.4x, which is the step-up
 * attempt (three more axis sweeps per blocked step, as Minecraft's; with stepHeight 0 it
 * measured 0.86x): a few microseconds per step either way.
 */
import { bench, describe } from 'vitest';
import { Cell, createPlayerState, DEFAULT_PHYSICS_OPTIONS, NO_INPUT, stepPlayer, type Box16, type BoxesLookup, type CellKind, type CellLookup } from '../../src/physics';

const open = (_x: number, y: number): CellKind => (y <= 64 ? Cell.Solid : Cell.Empty);
/** Pillars two blocks high on a grid: a body walking in circles keeps running into them. */
const pillars = (x: number, y: number, z: number): CellKind => (y <= 64 || (y <= 66 && (x & 3) === 0 && (z & 3) === 0) ? Cell.Solid : Cell.Empty);
/** Bottom slabs on every other cell of the ground. */
const slabs = (x: number, y: number, z: number): CellKind => (y <= 64 ? Cell.Solid : y === 65 && ((x + z) & 1) === 0 ? Cell.Shaped : Cell.Empty);
const SLAB: readonly Box16[] = [[0, 0, 0, 16, 8, 16]];
const slabBoxes: BoxesLookup = () => SLAB;

const inputs = Array.from({ length: 2000 }, (_, i) => ({ ...NO_INPUT, forward: true, forwardX: Math.cos(i * 0.01), forwardZ: Math.sin(i * 0.01) }));
let sink = 0;

function walk(lookup: CellLookup, boxesAt?: BoxesLookup): void {
  const s = createPlayerState(2.5, 65, 2.5);
  for (let i = 0; i < inputs.length; i++) stepPlayer(s, inputs[i]!, lookup, DEFAULT_PHYSICS_OPTIONS, 1 / 60, boxesAt);
  sink += s.x + s.y + s.z;
}

describe('2000 walking steps', () => {
  bench('open ground', () => walk(open));
  bench('among pillars', () => walk(pillars));
  bench('over slabs', () => walk(slabs, slabBoxes));
});

export { sink };
