/**
 * The block registry: block ids are small integers and every property is a flat lookup
 * table indexed by id, so the mesher's inner loops read a typed array, not an object.
 */

export const Block = {
  Air: 0,
  Bedrock: 1,
  Stone: 2,
  Dirt: 3,
  Grass: 4,
  Sand: 5,
  Water: 6,
  Snow: 7,
  Gravel: 8,
  Log: 9,
  Leaves: 10,
} as const;
export type BlockId = (typeof Block)[keyof typeof Block];

export const BLOCK_COUNT = 11;

export const BLOCK_NAMES: readonly string[] = ['air', 'bedrock', 'stone', 'dirt', 'grass', 'sand', 'water', 'snow', 'gravel', 'log', 'leaves'];

/**
 * Texture tiles, in atlas order (assets/atlas.png is painted by scripts/paint-atlas.ts
 * in this order, one 16x16 tile each, left to right).
 */
export const Tile = {
  Bedrock: 0,
  Stone: 1,
  Dirt: 2,
  GrassTop: 3,
  GrassSide: 4,
  Sand: 5,
  Water: 6,
  Snow: 7,
  SnowSide: 8,
  Gravel: 9,
  LogSide: 10,
  LogTop: 11,
  Leaves: 12,
} as const;
export const TILE_COUNT = 13;
export const TILE_NAMES: readonly string[] = [
  'bedrock', 'stone', 'dirt', 'grass-top', 'grass-side', 'sand', 'water', 'snow', 'snow-side', 'gravel', 'log-side', 'log-top', 'leaves',
];

/** Face order used everywhere: +x, -x, +y, -y, +z, -z. */
export const Face = { PosX: 0, NegX: 1, PosY: 2, NegY: 3, PosZ: 4, NegZ: 5 } as const;
export const FACE_COUNT = 6;

/** 1 if light does not pass (faces behind it are hidden). */
export const BLOCK_OPAQUE = new Uint8Array(BLOCK_COUNT);
/** 1 if the block is drawn in the see-through pass (water). */
export const BLOCK_TRANSLUCENT = new Uint8Array(BLOCK_COUNT);
/** 1 if the block occludes ambient light at vertices (same as opaque today). */
export const BLOCK_SOLID = new Uint8Array(BLOCK_COUNT);
/** Tile per (block, face): BLOCK_FACE_TILE[block * 6 + face]. */
export const BLOCK_FACE_TILE = new Uint8Array(BLOCK_COUNT * FACE_COUNT);

function define(id: BlockId, kind: 'opaque' | 'translucent', tiles: { top: number; bottom?: number; side?: number }): void {
  BLOCK_OPAQUE[id] = kind === 'opaque' ? 1 : 0;
  BLOCK_SOLID[id] = kind === 'opaque' ? 1 : 0;
  BLOCK_TRANSLUCENT[id] = kind === 'translucent' ? 1 : 0;
  const side = tiles.side ?? tiles.top;
  const bottom = tiles.bottom ?? tiles.top;
  const faces = [side, side, tiles.top, bottom, side, side];
  for (let f = 0; f < FACE_COUNT; f++) BLOCK_FACE_TILE[id * FACE_COUNT + f] = faces[f]!;
}

define(Block.Bedrock, 'opaque', { top: Tile.Bedrock });
define(Block.Stone, 'opaque', { top: Tile.Stone });
define(Block.Dirt, 'opaque', { top: Tile.Dirt });
define(Block.Grass, 'opaque', { top: Tile.GrassTop, bottom: Tile.Dirt, side: Tile.GrassSide });
define(Block.Sand, 'opaque', { top: Tile.Sand });
define(Block.Water, 'translucent', { top: Tile.Water });
define(Block.Snow, 'opaque', { top: Tile.Snow, bottom: Tile.Dirt, side: Tile.SnowSide });
define(Block.Gravel, 'opaque', { top: Tile.Gravel });
define(Block.Log, 'opaque', { top: Tile.LogTop, side: Tile.LogSide });
define(Block.Leaves, 'opaque', { top: Tile.Leaves });

export function isValidBlockId(id: number): id is BlockId {
  return Number.isInteger(id) && id >= 0 && id < BLOCK_COUNT;
}
