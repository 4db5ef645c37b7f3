/**
 * Moving a box through the grid one axis at a time, stopping at the first solid cell. Each
 * move scans every layer of cells the leading face crosses rather than sub-stepping, so no
 * speed can tunnel through a block: a 100-block move stops at the first wall, exactly.
 */
import { Cell, type CellLookup } from './cells';
import { boxMax, boxMin, withSpan, type Axis, type Box } from './box';
import { firstCell, lastCell } from './overlap';

export interface AxisMove {
  /** How far the box went along the axis: the whole delta unless a solid cell stopped it. */
  readonly moved: number;
  /** Whether a solid cell stopped it short. */
  readonly hit: boolean;
  /**
   * Where the leading face (max for a positive delta, min for a negative one) ends up:
   * exactly the integer cell boundary when hit, so feet that land are exactly on the ground.
   */
  readonly face: number;
}

export interface BoxMove {
  readonly box: Box;
  readonly x: AxisMove;
  readonly y: AxisMove;
  readonly z: AxisMove;
}

const PERPENDICULAR: Readonly<Record<Axis, readonly [Axis, Axis]>> = Object.freeze({
  x: ['y', 'z'] as const,
  y: ['x', 'z'] as const,
  z: ['x', 'y'] as const,
});

/**
 * How far `box` can move by `delta` along `axis` before a solid cell stops it. Only cells
 * strictly ahead of the leading face count: a cell the box already overlaps (a block placed
 * inside the player, a spawn inside terrain) never traps it, so it can walk out. A delta
 * that is zero or not finite moves nothing. The cost grows with |delta| (one layer of cells
 * per block crossed), so callers keep velocities bounded.
 */
export function moveAxis(box: Box, axis: Axis, delta: number, lookup: CellLookup): AxisMove {
  const forward = delta > 0;
  const start = forward ? boxMax(box, axis) : boxMin(box, axis);
  if (delta === 0 || !Number.isFinite(delta)) return { moved: 0, hit: false, face: start };

  const [p, q] = PERPENDICULAR[axis];
  const p0 = firstCell(boxMin(box, p));
  const p1 = lastCell(boxMax(box, p));
  const q0 = firstCell(boxMin(box, q));
  const q1 = lastCell(boxMax(box, q));
  const layerIsSolid = (a: number): boolean => {
    for (let i = p0; i <= p1; i++) {
      for (let j = q0; j <= q1; j++) {
        if (lookupAlong(lookup, axis, a, i, j) === Cell.Solid) return true;
      }
    }
    return false;
  };

  const end = start + delta;
  if (forward) {
    // Layer a spans [a, a+1); the face enters it once it passes a.
    for (let a = lastCell(start) + 1, last = Math.ceil(end) - 1; a <= last; a++) {
      if (layerIsSolid(a)) return { moved: a - start, hit: true, face: a };
    }
  } else {
    for (let a = firstCell(start) - 1, last = Math.floor(end); a >= last; a--) {
      if (layerIsSolid(a)) return { moved: a + 1 - start, hit: true, face: a + 1 };
    }
  }
  return { moved: delta, hit: false, face: end };
}

/** Asks the lookup for the cell at `a` along `axis` and (i, j) along its two perpendiculars. */
function lookupAlong(lookup: CellLookup, axis: Axis, a: number, i: number, j: number) {
  if (axis === 'x') return lookup(a, i, j);
  if (axis === 'y') return lookup(i, a, j);
  return lookup(i, j, a);
}

/**
 * Moves `box` by (dx, dy, dz), y first, then x, then z, as Minecraft does: each axis sees
 * where the previous one left the box, so a body falling along a wall lands first and then
 * slides, and a blocked axis never stops the others (sliding along walls).
 */
export function moveBox(box: Box, dx: number, dy: number, dz: number, lookup: CellLookup): BoxMove {
  const y = moveAxis(box, 'y', dy, lookup);
  const afterY = shifted(box, 'y', dy, y);
  const x = moveAxis(afterY, 'x', dx, lookup);
  const afterX = shifted(afterY, 'x', dx, x);
  const z = moveAxis(afterX, 'z', dz, lookup);
  return { box: shifted(afterX, 'z', dz, z), x, y, z };
}

/** The box after `move`: the leading face where the move put it, the trailing one moved as far. */
function shifted(box: Box, axis: Axis, delta: number, move: AxisMove): Box {
  if (move.moved === 0 && !move.hit) return box;
  const min = boxMin(box, axis);
  const max = boxMax(box, axis);
  return delta > 0 ? withSpan(box, axis, min + move.moved, move.face) : withSpan(box, axis, move.face, max + move.moved);
}
