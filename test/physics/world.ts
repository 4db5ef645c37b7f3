/** Tiny worlds for physics tests: sets of solid and water cells, optionally over a floor. */
import { Cell, type Box16, type BoxesLookup, type CellKind, type CellLookup } from '../../src/physics';

export type CellXYZ = readonly [number, number, number];

/** Every cell of the inclusive box from (x0, y0, z0) to (x1, y1, z1). */
export function fill(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): CellXYZ[] {
  const cells: CellXYZ[] = [];
  for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
    for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) {
      for (let z = Math.min(z0, z1); z <= Math.max(z0, z1); z++) cells.push([x, y, z]);
    }
  }
  return cells;
}

export interface WorldSpec {
  solid?: Iterable<CellXYZ>;
  water?: Iterable<CellXYZ>;
  lava?: Iterable<CellXYZ>;
  /** Highest solid y of each column: cells at or below it are solid (its top is floor + 1). */
  floor?: (x: number, z: number) => number;
}

const key = (x: number, y: number, z: number) => `${x},${y},${z}`;

/** A lookup for the spec; it throws on a non-integer query, which physics must never make. */
export function makeWorld(spec: WorldSpec): CellLookup {
  const solid = new Set([...(spec.solid ?? [])].map(([x, y, z]) => key(x, y, z)));
  const water = new Set([...(spec.water ?? [])].map(([x, y, z]) => key(x, y, z)));
  const lava = new Set([...(spec.lava ?? [])].map(([x, y, z]) => key(x, y, z)));
  return (x, y, z): CellKind => {
    if (!Number.isInteger(x) || !Number.isInteger(y) || !Number.isInteger(z)) throw new Error(`non-integer cell ${x},${y},${z}`);
    if (solid.has(key(x, y, z))) return Cell.Solid;
    if (spec.floor && y <= spec.floor(x, z)) return Cell.Solid;
    if (water.has(key(x, y, z))) return Cell.Water;
    if (lava.has(key(x, y, z))) return Cell.Lava;
    return Cell.Empty;
  };
}

/** Solid at y <= 64 everywhere, so the ground's top is y = 65; plus any extra cells. */
export function flatWorld(extra: Omit<WorldSpec, 'floor'> = {}): CellLookup {
  return makeWorld({ ...extra, floor: () => 64 });
}

export const GROUND = 65;

/** A cell holding a shape: where, and the boxes it collides with (in sixteenths). */
export type ShapedCell = readonly [number, number, number, readonly Box16[]];

export interface ShapedWorld {
  lookup: CellLookup;
  boxesAt: BoxesLookup;
}

/**
 * A world of shapes over `base` (flat ground by default): each listed cell is Shaped (Empty
 * when it has no boxes, as a plant). boxesAt throws for any cell that is not Shaped: physics
 * must only ask for the boxes of cells the lookup called Shaped.
 */
export function shapedWorld(shapes: Iterable<ShapedCell>, base: CellLookup = flatWorld()): ShapedWorld {
  const boxes = new Map<string, readonly Box16[]>();
  for (const [x, y, z, b] of shapes) boxes.set(key(x, y, z), b);
  return {
    lookup: (x, y, z) => {
      const b = boxes.get(key(x, y, z));
      if (b === undefined) return base(x, y, z);
      return b.length > 0 ? Cell.Shaped : Cell.Empty;
    },
    boxesAt: (x, y, z) => {
      const b = boxes.get(key(x, y, z));
      if (b === undefined || b.length === 0) throw new Error(`boxes asked of a cell that is not Shaped: ${x},${y},${z}`);
      return b;
    },
  };
}
