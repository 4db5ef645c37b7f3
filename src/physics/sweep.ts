/**
 * Moving a box through the grid one axis at a time, stopping at the first solid cell or box
 * of a Shaped cell. Each move scans every layer of cells the leading face crosses rather than
 * sub-stepping, so no speed can tunnel through a block or a slab: a 100-block move stops at
 * the first wall, exactly, and a box's faces are sixteenths, exact in floating point too.
 */
import { Cell, WHOLE_CELLS, type Box16, type BoxesLookup, type CellLookup } from './cells';
import { boxMax, boxMin, withSpan, type Axis, type Box } from './box';
import { CELL_EPSILON, firstCell, lastCell } from './overlap';

export interface AxisMove {
  /** How far the box went along the axis: the whole delta unless a solid cell or a shape's box stopped it. */
  readonly moved: number;
  /** Whether a solid cell stopped it short. */
  readonly hit: boolean;
  /**
   * Where the leading face (max for a positive delta, min for a negative one) ends up:
   * exactly the cell boundary or the box's face (a whole sixteenth) when hit, so feet that
   * land are exactly on the ground, a slab's top included.
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
 * How far `box` can move by `delta` along `axis` before a solid cell or a box of a Shaped
 * cell stops it. Only what lies strictly ahead of the leading face counts: a cell or box the
 * box already overlaps (a block placed inside the player, a spawn inside terrain) never
 * traps it, so it can walk out. A delta that is zero or not finite moves nothing. The cost
 * grows with |delta| (one layer of cells per block crossed), so callers keep velocities
 * bounded; Shaped cells ask `boxesAt` for their boxes, the others never do.
 */
export function moveAxis(box: Box, axis: Axis, delta: number, lookup: CellLookup, boxesAt: BoxesLookup = WHOLE_CELLS): AxisMove {
  const forward = delta > 0;
  const start = forward ? boxMax(box, axis) : boxMin(box, axis);
  if (delta === 0 || !Number.isFinite(delta)) return { moved: 0, hit: false, face: start };

  const [p, q] = PERPENDICULAR[axis];
  const end = start + delta;
  const pMin = boxMin(box, p);
  const pMax = boxMax(box, p);
  const qMin = boxMin(box, q);
  const qMax = boxMax(box, q);
  const p0 = firstCell(pMin);
  const p1 = lastCell(pMax);
  const q0 = firstCell(qMin);
  const q1 = lastCell(qMax);
  // Made on the first Shaped cell met: moves among cubes never build it.
  let span: Span | undefined;
  /**
   * The nearest face in layer a that stops the move, or NaN. A solid cell's face is the
   * nearest any cell of the layer can offer, so it ends the search; the layer the face is
   * already in (`solidStops` false) only holds boxes of Shaped cells that may still be ahead.
   */
  const layerStop = (a: number, solidStops: boolean): number => {
    let stop = NaN;
    for (let i = p0; i <= p1; i++) {
      for (let j = q0; j <= q1; j++) {
        const kind = lookupAlong(lookup, axis, a, i, j);
        if (kind === Cell.Solid) {
          if (solidStops) return forward ? a : a + 1;
        } else if (kind === Cell.Shaped) {
          span ??= { axis, forward, start, end, pMin, pMax, qMin, qMax };
          const face = boxesStop(span, boxesAlong(boxesAt, axis, a, i, j), a, i, j);
          if (!Number.isNaN(face) && !(forward ? stop <= face : stop >= face)) stop = face;
        }
      }
    }
    return stop;
  };
  if (forward) {
    // Boxes in the layer the face is in start at most 15/16 into it.
    const current = lastCell(start);
    if (start - current <= 15 / 16 + CELL_EPSILON) {
      const face = layerStop(current, false);
      if (!Number.isNaN(face)) return { moved: face - start, hit: true, face };
    }
    // Layer a spans [a, a+1); the face enters it once it passes a.
    for (let a = current + 1, last = Math.ceil(end) - 1; a <= last; a++) {
      const face = layerStop(a, true);
      if (!Number.isNaN(face)) return { moved: face - start, hit: true, face };
    }
  } else {
    const current = firstCell(start);
    if (start - current >= 1 / 16 - CELL_EPSILON) {
      const face = layerStop(current, false);
      if (!Number.isNaN(face)) return { moved: face - start, hit: true, face };
    }
    for (let a = current - 1, last = Math.floor(end); a >= last; a--) {
      const face = layerStop(a, true);
      if (!Number.isNaN(face)) return { moved: face - start, hit: true, face };
    }
  }
  return { moved: delta, hit: false, face: end };
}

/** One axis move as the boxes of a Shaped cell see it. */
interface Span {
  readonly axis: Axis;
  readonly forward: boolean;
  /** Where the leading face starts and where the whole delta would take it. */
  readonly start: number;
  readonly end: number;
  /** The moving box across the two perpendicular axes (PERPENDICULAR order). */
  readonly pMin: number;
  readonly pMax: number;
  readonly qMin: number;
  readonly qMax: number;
}

const AXIS_INDEX: Readonly<Record<Axis, number>> = Object.freeze({ x: 0, y: 1, z: 2 });
const SIXTEENTH = 1 / 16;

/**
 * The nearest face among `boxes` of the cell at a (along the axis), i and j (across it) that
 * the move reaches: a box overlapping the moving box across the axis (touching is not
 * overlapping) whose near face lies ahead of the leading face (within CELL_EPSILON, as a
 * cell's would) and short of where the move ends. NaN when none does.
 */
function boxesStop(span: Span, boxes: readonly Box16[], a: number, i: number, j: number): number {
  const [p, q] = PERPENDICULAR[span.axis];
  const k = AXIS_INDEX[span.axis];
  const kp = AXIS_INDEX[p];
  const kq = AXIS_INDEX[q];
  let stop = NaN;
  for (const b of boxes) {
    if (i + b[kp + 3]! * SIXTEENTH <= span.pMin + CELL_EPSILON || i + b[kp]! * SIXTEENTH >= span.pMax - CELL_EPSILON) continue;
    if (j + b[kq + 3]! * SIXTEENTH <= span.qMin + CELL_EPSILON || j + b[kq]! * SIXTEENTH >= span.qMax - CELL_EPSILON) continue;
    if (span.forward) {
      const face = a + b[k]! * SIXTEENTH;
      if (face > span.start - CELL_EPSILON && face < span.end && !(stop <= face)) stop = face;
    } else {
      const face = a + b[k + 3]! * SIXTEENTH;
      if (face < span.start + CELL_EPSILON && face > span.end && !(stop >= face)) stop = face;
    }
  }
  return stop;
}

/** Asks the lookup for the cell at `a` along `axis` and (i, j) along its two perpendiculars. */
function lookupAlong(lookup: CellLookup, axis: Axis, a: number, i: number, j: number) {
  if (axis === 'x') return lookup(a, i, j);
  if (axis === 'y') return lookup(i, a, j);
  return lookup(i, j, a);
}

function boxesAlong(boxesAt: BoxesLookup, axis: Axis, a: number, i: number, j: number): readonly Box16[] {
  if (axis === 'x') return boxesAt(a, i, j);
  if (axis === 'y') return boxesAt(i, a, j);
  return boxesAt(i, j, a);
}

/**
 * Moves `box` by (dx, dy, dz), y first, then x, then z, as Minecraft does: each axis sees
 * where the previous one left the box, so a body falling along a wall lands first and then
 * slides, and a blocked axis never stops the others (sliding along walls).
 */
export function moveBox(box: Box, dx: number, dy: number, dz: number, lookup: CellLookup, boxesAt: BoxesLookup = WHOLE_CELLS): BoxMove {
  const y = moveAxis(box, 'y', dy, lookup, boxesAt);
  const afterY = shifted(box, 'y', dy, y);
  const x = moveAxis(afterY, 'x', dx, lookup, boxesAt);
  const afterX = shifted(afterY, 'x', dx, x);
  const z = moveAxis(afterX, 'z', dz, lookup, boxesAt);
  return { box: shifted(afterX, 'z', dz, z), x, y, z };
}

/** The box after `move`: the leading face where the move put it, the trailing one moved as far. */
function shifted(box: Box, axis: Axis, delta: number, move: AxisMove): Box {
  if (move.moved === 0 && !move.hit) return box;
  const min = boxMin(box, axis);
  const max = boxMax(box, axis);
  return delta > 0 ? withSpan(box, axis, min + move.moved, move.face) : withSpan(box, axis, move.face, max + move.moved);
}
