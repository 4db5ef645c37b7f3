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
  BirchLog: 11,
  BirchLeaves: 12,
  SpruceLog: 13,
  SpruceLeaves: 14,
  Cactus: 15,
  Sandstone: 16,
  CoalOre: 17,
  IronOre: 18,
  GoldOre: 19,
  Clay: 20,
  // Building blocks (issue 22): never generated, only placed.
  OakPlanks: 21,
  BirchPlanks: 22,
  SprucePlanks: 23,
  Cobblestone: 24,
  MossyCobblestone: 25,
  Bricks: 26,
  StoneBricks: 27,
  Bookshelf: 28,
  Glass: 29,
  Ice: 30,
  // Wool in Minecraft's sixteen dye colours, in its order.
  WhiteWool: 31,
  OrangeWool: 32,
  MagentaWool: 33,
  LightBlueWool: 34,
  YellowWool: 35,
  LimeWool: 36,
  PinkWool: 37,
  GrayWool: 38,
  LightGrayWool: 39,
  CyanWool: 40,
  PurpleWool: 41,
  BlueWool: 42,
  BrownWool: 43,
  GreenWool: 44,
  RedWool: 45,
  BlackWool: 46,
  // Shapes beyond the cube (block-shapes.ts): their state byte says which way they face.
  StoneSlab: 47,
  OakSlab: 48,
  BrickSlab: 49,
  CobblestoneSlab: 50,
  StoneBrickSlab: 51,
  StoneStairs: 52,
  OakStairs: 53,
  BrickStairs: 54,
  CobblestoneStairs: 55,
  StoneBrickStairs: 56,
  OakDoor: 57,
  // Plants: cross-shaped cut-outs the biomes generator scatters; nothing collides with them.
  TallGrass: 58,
  Fern: 59,
  Dandelion: 60,
  Poppy: 61,
  Cornflower: 62,
  // Light sources (issue 23): never generated, only placed, so every emitter is an edit.
  Torch: 63,
  Glowstone: 64,
  Lava: 65,
} as const;
export type BlockId = (typeof Block)[keyof typeof Block];

/** Ids are never reused or reordered: saved edits and world files store them. */
export const BLOCK_COUNT = 66;

/** The wool colours, in the order of their ids from Block.WhiteWool. */
export const WOOL_COLOURS: readonly string[] = [
  'white', 'orange', 'magenta', 'light blue', 'yellow', 'lime', 'pink', 'gray',
  'light gray', 'cyan', 'purple', 'blue', 'brown', 'green', 'red', 'black',
];

export const BLOCK_NAMES: readonly string[] = [
  'air', 'bedrock', 'stone', 'dirt', 'grass', 'sand', 'water', 'snow', 'gravel', 'log', 'leaves',
  'birch log', 'birch leaves', 'spruce log', 'spruce leaves', 'cactus', 'sandstone', 'coal ore', 'iron ore', 'gold ore', 'clay',
  'oak planks', 'birch planks', 'spruce planks', 'cobblestone', 'mossy cobblestone', 'bricks', 'stone bricks', 'bookshelf', 'glass', 'ice',
  ...WOOL_COLOURS.map((colour) => `${colour} wool`),
  'stone slab', 'oak slab', 'brick slab', 'cobblestone slab', 'stone brick slab',
  'stone stairs', 'oak stairs', 'brick stairs', 'cobblestone stairs', 'stone brick stairs', 'oak door',
  'tall grass', 'fern', 'dandelion', 'poppy', 'cornflower', 'torch', 'glowstone', 'lava',
];

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
  /** The grass fringe of a grass block's side, drawn tinted over the dirt (Minecraft's overlay). */
  GrassSideOverlay: 13,
  BirchLogSide: 14,
  BirchLeaves: 15,
  SpruceLogSide: 16,
  SpruceLeaves: 17,
  CactusSide: 18,
  CactusTop: 19,
  Sandstone: 20,
  CoalOre: 21,
  IronOre: 22,
  GoldOre: 23,
  Clay: 24,
  OakPlanks: 25,
  BirchPlanks: 26,
  SprucePlanks: 27,
  Cobblestone: 28,
  MossyCobblestone: 29,
  Bricks: 30,
  StoneBricks: 31,
  BookshelfSide: 32,
  Glass: 33,
  Ice: 34,
  /** The first of sixteen wool tiles, in WOOL_COLOURS order. */
  Wool: 35,
  DoorTop: 51,
  DoorBottom: 52,
  /** Log sides turned a quarter, for logs lying along x or z (block-shapes.ts, pillarTile). */
  LogSideTurned: 53,
  BirchLogSideTurned: 54,
  SpruceLogSideTurned: 55,
  TallGrass: 56,
  Fern: 57,
  Dandelion: 58,
  Poppy: 59,
  Cornflower: 60,
  Torch: 61,
  Glowstone: 62,
  Lava: 63,
  // A torch's stick as a wall torch's sides read it, and its flame seen from above (block-shapes.ts, torchSideTile).
  TorchWall: 64,
  TorchFlame: 65,
} as const;
export const TILE_COUNT = 66;
export const TILE_NAMES: readonly string[] = [
  'bedrock', 'stone', 'dirt', 'grass-top', 'grass-side', 'sand', 'water', 'snow', 'snow-side', 'gravel', 'log-side', 'log-top', 'leaves',
  'grass-side-overlay', 'birch-log-side', 'birch-leaves', 'spruce-log-side', 'spruce-leaves', 'cactus-side', 'cactus-top', 'sandstone',
  'coal-ore', 'iron-ore', 'gold-ore', 'clay', 'oak-planks', 'birch-planks', 'spruce-planks', 'cobblestone', 'mossy-cobblestone', 'bricks',
  'stone-bricks', 'bookshelf-side', 'glass', 'ice', ...WOOL_COLOURS.map((colour) => `${colour.replace(' ', '-')}-wool`),
  'door-top', 'door-bottom', 'log-side-turned', 'birch-log-side-turned', 'spruce-log-side-turned',
  'tall-grass', 'fern', 'dandelion', 'poppy', 'cornflower', 'torch', 'glowstone', 'lava',
  'torch-wall', 'torch-flame',
];

/**
 * How a tile is coloured by the biome's tint (the vertex's climate byte, see ClimateTint):
 * not at all, as grass, as foliage, or as the grass overlay drawn over dirt.
 */
export const TileTint = { None: 0, Grass: 1, Foliage: 2, GrassOverlay: 3 } as const;
export const TILE_TINT = new Uint8Array(TILE_COUNT);
TILE_TINT[Tile.GrassTop] = TileTint.Grass;
TILE_TINT[Tile.GrassSide] = TileTint.GrassOverlay;
TILE_TINT[Tile.Leaves] = TileTint.Foliage;
TILE_TINT[Tile.TallGrass] = TileTint.Grass;
TILE_TINT[Tile.Fern] = TileTint.Grass;

/** Face order used everywhere: +x, -x, +y, -y, +z, -z. */
export const Face = { PosX: 0, NegX: 1, PosY: 2, NegY: 3, PosZ: 4, NegZ: 5 } as const;
export const FACE_COUNT = 6;

/** 1 if light does not pass (faces behind it are hidden). */
export const BLOCK_OPAQUE = new Uint8Array(BLOCK_COUNT);
/** 1 if the block is drawn in the see-through pass (water). */
export const BLOCK_TRANSLUCENT = new Uint8Array(BLOCK_COUNT);
/** 1 if the block occludes ambient light at vertices (opaque blocks and leaves, not glass). */
export const BLOCK_SOLID = new Uint8Array(BLOCK_COUNT);
/**
 * 1 if the player collides with the block and nothing can be placed into it: every block
 * but air and water (ice and glass included, though light passes them).
 */
export const BLOCK_COLLIDES = new Uint8Array(BLOCK_COUNT);
/**
 * 1 for see-through blocks that hide their faces toward the same block (glass): a wall of
 * glass is drawn as its outer faces, not as a lattice of panes. Leaves keep theirs.
 */
export const BLOCK_CULLS_SELF = new Uint8Array(BLOCK_COUNT);
/**
 * 1 for alpha-tested blocks with holes (leaves): they hide nothing behind them, and their
 * faces show against every non-opaque neighbour, other leaves included (Minecraft's "fancy"
 * leaves). Drawn in the opaque pass's cut-out range.
 */
export const BLOCK_CUTOUT = new Uint8Array(BLOCK_COUNT);
/**
 * Skylight lost passing through one block: 0 for air and glass, 1 for water, ice and leaves,
 * 15 (all of it) for opaque blocks.
 */
export const BLOCK_SKY_FILTER = new Uint8Array(BLOCK_COUNT);
/** 1 where the block's climate tint varies (grass, oak leaves): its faces carry the tint byte. */
export const BLOCK_TINTED = new Uint8Array(BLOCK_COUNT);
/**
 * 1 where a face's tile takes the climate tint, BLOCK_FACE_TINTED[block * 6 + face]: a grass
 * block's top and sides, not its dirt bottom. Only these faces carry the tint byte; on the
 * others the byte holds a shape's sixteenths (src/mesh/vertex-format.ts).
 */
export const BLOCK_FACE_TINTED = new Uint8Array(BLOCK_COUNT * FACE_COUNT);
/** Tile per (block, face): BLOCK_FACE_TILE[block * 6 + face]. */
export const BLOCK_FACE_TILE = new Uint8Array(BLOCK_COUNT * FACE_COUNT);

/**
 * How a block is drawn and collides (block-shapes.ts holds the boxes). Cubes and pillars (logs,
 * a cube whose state turns its grain) fill their cell and go through the greedy mesher; the
 * rest are emitted box by box (src/mesh/shape-quads.ts), see-through to their neighbours.
 */
export const Shape = { Cube: 0, Pillar: 1, Slab: 2, Stairs: 3, Door: 4, Cross: 5, Torch: 6 } as const;
export type ShapeId = (typeof Shape)[keyof typeof Shape];
export const BLOCK_SHAPE = new Uint8Array(BLOCK_COUNT);
/** 1 for blocks that do not fill their cell (slabs, stairs, doors, plants): meshed box by box. */
export const BLOCK_PARTIAL = new Uint8Array(BLOCK_COUNT);
/**
 * The full block a block stands for where shapes are not drawn (far terrain): a stone slab or
 * stairs reads as stone, a door as planks; plants as air (too small to see from afar).
 */
export const BLOCK_FULL_FORM = new Uint8Array(BLOCK_COUNT);
/**
 * Block light a block gives off, 0..15 (Minecraft's levels): a torch 14, glowstone and lava 15.
 * Light sources are never generated, so a column's emitters are all among its edits
 * (src/mesh/block-light.ts).
 */
export const BLOCK_LIGHT_EMISSION = new Uint8Array(BLOCK_COUNT);

/** What a few blocks do differently from the rest of their kind. */
interface BlockTraits {
  /** Not a cube (default Shape.Cube). */
  shape?: ShapeId;
  /** For partial shapes: the full block it reads as from afar (block-shapes.ts, BLOCK_FULL_FORM). */
  fullForm?: number;
  /** Collides although translucent (ice; water does not). */
  collides?: boolean;
  /** Hides faces toward the same block (glass). */
  cullsSelf?: boolean;
  /** Lets skylight through unchanged and casts no ambient occlusion (glass). */
  clear?: boolean;
  /** A liquid the player sinks into, though it looks and shades like an opaque block (lava). */
  fluid?: boolean;
  /** Block light it gives off (BLOCK_LIGHT_EMISSION). */
  emits?: number;
}

function define(id: BlockId, kind: 'opaque' | 'cutout' | 'translucent', tiles: { top: number; bottom?: number; side?: number }, traits: BlockTraits = {}): void {
  BLOCK_OPAQUE[id] = kind === 'opaque' ? 1 : 0;
  BLOCK_SOLID[id] = kind === 'translucent' || traits.clear ? 0 : 1;
  BLOCK_COLLIDES[id] = (kind !== 'translucent' && !traits.fluid) || traits.collides ? 1 : 0;
  BLOCK_LIGHT_EMISSION[id] = traits.emits ?? 0;
  BLOCK_CULLS_SELF[id] = traits.cullsSelf ? 1 : 0;
  BLOCK_CUTOUT[id] = kind === 'cutout' ? 1 : 0;
  BLOCK_TRANSLUCENT[id] = kind === 'translucent' ? 1 : 0;
  BLOCK_SKY_FILTER[id] = kind === 'opaque' ? 15 : traits.clear ? 0 : 1;
  const side = tiles.side ?? tiles.top;
  const bottom = tiles.bottom ?? tiles.top;
  const faces = [side, side, tiles.top, bottom, side, side];
  for (let f = 0; f < FACE_COUNT; f++) {
    BLOCK_FACE_TILE[id * FACE_COUNT + f] = faces[f]!;
    BLOCK_FACE_TINTED[id * FACE_COUNT + f] = TILE_TINT[faces[f]!] !== TileTint.None ? 1 : 0;
  }
  BLOCK_TINTED[id] = faces.some((tile) => TILE_TINT[tile] !== TileTint.None) ? 1 : 0;
  const shape = traits.shape ?? Shape.Cube;
  BLOCK_SHAPE[id] = shape;
  BLOCK_FULL_FORM[id] = id;
  if (shape !== Shape.Cube && shape !== Shape.Pillar) {
    // A partial block hides nothing behind it and shades no corner: light and AO reach past it.
    BLOCK_PARTIAL[id] = 1;
    BLOCK_OPAQUE[id] = 0;
    BLOCK_SOLID[id] = 0;
    BLOCK_COLLIDES[id] = shape === Shape.Cross || shape === Shape.Torch ? 0 : 1;
    BLOCK_SKY_FILTER[id] = shape === Shape.Cross || shape === Shape.Torch ? 0 : 1;
    BLOCK_FULL_FORM[id] = traits.fullForm ?? Block.Air;
  }
}

define(Block.Bedrock, 'opaque', { top: Tile.Bedrock });
define(Block.Stone, 'opaque', { top: Tile.Stone });
define(Block.Dirt, 'opaque', { top: Tile.Dirt });
define(Block.Grass, 'opaque', { top: Tile.GrassTop, bottom: Tile.Dirt, side: Tile.GrassSide });
define(Block.Sand, 'opaque', { top: Tile.Sand });
define(Block.Water, 'translucent', { top: Tile.Water });
define(Block.Snow, 'opaque', { top: Tile.Snow, bottom: Tile.Dirt, side: Tile.SnowSide });
define(Block.Gravel, 'opaque', { top: Tile.Gravel });
define(Block.Log, 'opaque', { top: Tile.LogTop, side: Tile.LogSide }, { shape: Shape.Pillar });
define(Block.Leaves, 'cutout', { top: Tile.Leaves });
define(Block.BirchLog, 'opaque', { top: Tile.LogTop, side: Tile.BirchLogSide }, { shape: Shape.Pillar });
define(Block.BirchLeaves, 'cutout', { top: Tile.BirchLeaves });
define(Block.SpruceLog, 'opaque', { top: Tile.LogTop, side: Tile.SpruceLogSide }, { shape: Shape.Pillar });
define(Block.SpruceLeaves, 'cutout', { top: Tile.SpruceLeaves });
define(Block.Cactus, 'opaque', { top: Tile.CactusTop, side: Tile.CactusSide });
define(Block.Sandstone, 'opaque', { top: Tile.Sandstone });
define(Block.CoalOre, 'opaque', { top: Tile.CoalOre });
define(Block.IronOre, 'opaque', { top: Tile.IronOre });
define(Block.GoldOre, 'opaque', { top: Tile.GoldOre });
define(Block.Clay, 'opaque', { top: Tile.Clay });
define(Block.OakPlanks, 'opaque', { top: Tile.OakPlanks });
define(Block.BirchPlanks, 'opaque', { top: Tile.BirchPlanks });
define(Block.SprucePlanks, 'opaque', { top: Tile.SprucePlanks });
define(Block.Cobblestone, 'opaque', { top: Tile.Cobblestone });
define(Block.MossyCobblestone, 'opaque', { top: Tile.MossyCobblestone });
define(Block.Bricks, 'opaque', { top: Tile.Bricks });
define(Block.StoneBricks, 'opaque', { top: Tile.StoneBricks });
define(Block.Bookshelf, 'opaque', { top: Tile.OakPlanks, side: Tile.BookshelfSide });
define(Block.Glass, 'cutout', { top: Tile.Glass }, { cullsSelf: true, clear: true });
define(Block.Ice, 'translucent', { top: Tile.Ice }, { collides: true });
for (let c = 0; c < WOOL_COLOURS.length; c++) define((Block.WhiteWool + c) as BlockId, 'opaque', { top: Tile.Wool + c });
/** Slabs and stairs, in id order from the first of each, with the full block and its tile. */
const SHAPED_MATERIALS: readonly [BlockId, number][] = [
  [Block.Stone, Tile.Stone], [Block.OakPlanks, Tile.OakPlanks], [Block.Bricks, Tile.Bricks],
  [Block.Cobblestone, Tile.Cobblestone], [Block.StoneBricks, Tile.StoneBricks],
];
SHAPED_MATERIALS.forEach(([full, tile], i) => {
  define((Block.StoneSlab + i) as BlockId, 'opaque', { top: tile }, { shape: Shape.Slab, fullForm: full });
  define((Block.StoneStairs + i) as BlockId, 'opaque', { top: tile }, { shape: Shape.Stairs, fullForm: full });
});
// The door's sides and edges are its planks; its faces the door tiles (block-shapes.ts, doorTile).
define(Block.OakDoor, 'cutout', { top: Tile.OakPlanks, side: Tile.DoorBottom }, { shape: Shape.Door, fullForm: Block.OakPlanks });
define(Block.TallGrass, 'cutout', { top: Tile.TallGrass }, { shape: Shape.Cross });
define(Block.Fern, 'cutout', { top: Tile.Fern }, { shape: Shape.Cross });
define(Block.Dandelion, 'cutout', { top: Tile.Dandelion }, { shape: Shape.Cross });
define(Block.Poppy, 'cutout', { top: Tile.Poppy }, { shape: Shape.Cross });
define(Block.Cornflower, 'cutout', { top: Tile.Cornflower }, { shape: Shape.Cross });
// Its flame on top; its bottom, a wall torch's only (a standing one's is on the ground), is wood in TorchWall.
define(Block.Torch, 'cutout', { top: Tile.TorchFlame, bottom: Tile.TorchWall, side: Tile.Torch }, { shape: Shape.Torch, emits: 14 });
define(Block.Glowstone, 'opaque', { top: Tile.Glowstone }, { emits: 15 });
define(Block.Lava, 'opaque', { top: Tile.Lava }, { fluid: true, emits: 15 });

/**
 * The leaves: cut-outs whose holes are smaller than a pixel from afar, so far terrain draws them
 * solid and shades them as a crown (unlike glass, plants and doors, the other cut-outs).
 */
export const LEAF_BLOCKS: readonly BlockId[] = [Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves];

export function isValidBlockId(id: number): id is BlockId {
  return Number.isInteger(id) && id >= 0 && id < BLOCK_COUNT;
}
