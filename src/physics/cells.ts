/**
 * What physics needs to know about a block: whether it stops a body, slows it as water or
 * (thicker) lava, or lets it through. The game maps its block ids onto these and answers Solid for columns
 * that are not loaded yet, so the player can neither fall through nor walk into a world
 * that is still arriving.
 *
 * A block that fills only part of its cell (a slab, a stair, a door) is Shaped: its boxes
 * come from a second lookup, asked only for Shaped cells, so air, water and full cubes cost
 * what they always did.
 */
export const Cell = { Empty: 0, Solid: 1, Water: 2, Shaped: 3, Lava: 4 } as const;

export type CellKind = 0 | 1 | 2 | 3 | 4;

/**
 * The kind of the block at integer cell (x, y, z), which fills [x, x+1) × [y, y+1) × [z, z+1).
 * Physics only ever asks for integer coordinates. What lies outside the world's height is the
 * caller's policy; the game treats y < 0 as Solid and y >= 256 as Empty.
 */
export type CellLookup = (x: number, y: number, z: number) => CellKind;

/**
 * A box in sixteenths of a block within its cell: x0, y0, z0, x1, y1, z1 (0..16), the same
 * layout as the world's shape tables, so the game hands those over as they are.
 */
export type Box16 = readonly [number, number, number, number, number, number];

/** The boxes a Shaped cell at (x, y, z) collides with; none lets the body through. */
export type BoxesLookup = (x: number, y: number, z: number) => readonly Box16[];

const WHOLE_CELL: readonly Box16[] = [[0, 0, 0, 16, 16, 16]];

/** Without a boxes lookup a Shaped cell is taken whole: never less solid than it should be. */
export const WHOLE_CELLS: BoxesLookup = () => WHOLE_CELL;
