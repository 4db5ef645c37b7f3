/**
 * Plants by biome (issue 22): tall grass, ferns and flowers on grass above the sea, placed by a
 * hash of (seed, x, z) like trees, so a plant is a pure function of its column and every box
 * agrees about it. Flowers grow in patches: a low-frequency value noise of integer hashes
 * (bilinear over PATCH_CELL-block cells, integer weights, so every engine gets the same bits)
 * says where a patch is, and the patch's cell which flower it holds.
 */
import { hashInts } from '../../noise';
import { BIOME_COUNT } from '../biome';
import { Block } from '../blocks';

/** Per mille of suitable columns per biome: tall grass, ferns, and flowers inside a patch. */
interface PlantShare {
  grass: number;
  fern: number;
  flowers: number;
}

const NONE: PlantShare = { grass: 0, fern: 0, flowers: 0 };

/** By biome id (Biome order). Snow, sand and rock tops get nothing whatever this says. */
const PLANTS: readonly PlantShare[] = [
  NONE, // ocean
  NONE, // deep ocean
  NONE, // beach
  { grass: 220, fern: 0, flowers: 260 }, // plains
  { grass: 120, fern: 50, flowers: 60 }, // forest
  { grass: 130, fern: 30, flowers: 60 }, // birch forest
  NONE, // desert
  { grass: 200, fern: 0, flowers: 0 }, // savanna
  { grass: 90, fern: 40, flowers: 0 }, // swamp
  { grass: 25, fern: 110, flowers: 0 }, // taiga
  NONE, // snowy plains
  { grass: 50, fern: 0, flowers: 0 }, // mountains (grass only grows below the rock line)
  NONE, // snowy peaks
  NONE, // river
];

/** 1 where a biome has any plant: the generator skips the rest without a hash. */
export const BIOME_HAS_PLANTS = new Uint8Array(BIOME_COUNT);
PLANTS.forEach((p, biome) => {
  BIOME_HAS_PLANTS[biome] = p.grass + p.fern + p.flowers > 0 ? 1 : 0;
});

/** Side of a patch-noise cell, in blocks (a power of two: cells are found with a shift). */
const PATCH_SHIFT = 3;
const PATCH_CELL = 1 << PATCH_SHIFT;
/** Patch noise (0..255 * PATCH_CELL²) at or above this is inside a flower patch. */
const PATCH_THRESHOLD = 168 * PATCH_CELL * PATCH_CELL;

/** The patch value noise at (wx, wz): 0 .. 255 * PATCH_CELL², integers only. */
export function patchNoise(patchSeed: number, wx: number, wz: number): number {
  const cx = wx >> PATCH_SHIFT;
  const cz = wz >> PATCH_SHIFT;
  const fx = wx - cx * PATCH_CELL;
  const fz = wz - cz * PATCH_CELL;
  const c00 = hashInts(patchSeed, cx, cz) & 255;
  const c10 = hashInts(patchSeed, cx + 1, cz) & 255;
  const c01 = hashInts(patchSeed, cx, cz + 1) & 255;
  const c11 = hashInts(patchSeed, cx + 1, cz + 1) & 255;
  const gx = PATCH_CELL - fx;
  const gz = PATCH_CELL - fz;
  return c00 * gx * gz + c10 * fx * gz + c01 * gx * fz + c11 * fx * fz;
}

/**
 * The flower of the patch around (wx, wz): one kind per patch, from the cell centred on the
 * patch noise's lattice point nearest the block (the noise peaks there). Cornflowers are rarer.
 */
function patchFlower(patchSeed: number, wx: number, wz: number): number {
  const pick = (hashInts(patchSeed ^ 0x7f4a7c15, (wx + (PATCH_CELL >> 1)) >> PATCH_SHIFT, (wz + (PATCH_CELL >> 1)) >> PATCH_SHIFT) >>> 0) % 10;
  return pick < 4 ? Block.Dandelion : pick < 8 ? Block.Poppy : Block.Cornflower;
}

/**
 * The plant on the grass column at (wx, wz) of `biome`, or Air. The caller checks the rest:
 * a grass top above the sea with air over it (so never on a trunk's cell, in water or on snow).
 */
export function plantAt(plantSeed: number, biome: number, wx: number, wz: number): number {
  const share = PLANTS[biome];
  if (share === undefined) return Block.Air;
  const hash = hashInts(plantSeed, wx, wz) >>> 0;
  const roll = hash % 1000;
  if (roll < share.flowers && patchNoise(plantSeed ^ 0x2c1b3c6d, wx, wz) >= PATCH_THRESHOLD) return patchFlower(plantSeed, wx, wz);
  // An independent roll for the greenery, so patches do not thin the grass around them.
  const green = (hash >>> 10) % 1000;
  if (green < share.grass) return Block.TallGrass;
  if (green < share.grass + share.fern) return Block.Fern;
  return Block.Air;
}

/** Plants any biome may grow, for tests and tools. */
export const PLANT_BLOCKS: readonly number[] = [Block.TallGrass, Block.Fern, Block.Dandelion, Block.Poppy, Block.Cornflower];
/** Biomes that never grow a plant. */
export const BARREN_BIOMES: readonly number[] = PLANTS.flatMap((p, biome) => (p.grass + p.fern + p.flowers > 0 ? [] : [biome]));
