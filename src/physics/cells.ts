/**
 * What physics needs to know about a block: whether it stops a body, slows it as water,
 * or lets it through. The game maps its block ids onto these and answers Solid for columns
 * that are not loaded yet, so the player can neither fall through nor walk into a world
 * that is still arriving.
 */
export const Cell = { Empty: 0, Solid: 1, Water: 2 } as const;

export type CellKind = 0 | 1 | 2;

/**
 * The kind of the block at integer cell (x, y, z), which fills [x, x+1) × [y, y+1) × [z, z+1).
 * Physics only ever asks for integer coordinates. What lies outside the world's height is the
 * caller's policy; the game treats y < 0 as Solid and y >= 256 as Empty.
 */
export type CellLookup = (x: number, y: number, z: number) => CellKind;
