/**
 * Biome names and the climate tint byte. A biome is what the HUD names and what shapes the
 * ground, its blocks and its trees; the tint byte is what colours grass and leaves, so
 * colours follow the climate smoothly across biome borders instead of switching with them.
 */

export const Biome = {
  Ocean: 0,
  DeepOcean: 1,
  Beach: 2,
  Plains: 3,
  Forest: 4,
  BirchForest: 5,
  Desert: 6,
  Savanna: 7,
  Swamp: 8,
  Taiga: 9,
  SnowyPlains: 10,
  Mountains: 11,
  SnowyPeaks: 12,
  River: 13,
} as const;
export type BiomeId = (typeof Biome)[keyof typeof Biome];
export const BIOME_COUNT = 14;
export const BIOME_NAMES: readonly string[] = [
  'ocean', 'deep ocean', 'beach', 'plains', 'forest', 'birch forest', 'desert', 'savanna', 'swamp', 'taiga', 'snowy plains', 'mountains',
  'snowy peaks', 'river',
];
/** What biomeAt answers for world types without biomes (classic, flat). */
export const NO_BIOME = -1;

/**
 * The climate tint byte of a block column: temperature level << 4 | humidity level, each
 * 0 (cold, dry) .. 15 (hot, wet). The shader turns it into a grass or foliage colour.
 */
export function climateTint(temperatureLevel: number, humidityLevel: number): number {
  return ((temperatureLevel & 15) << 4) | (humidityLevel & 15);
}
/** The tint of worlds without a climate: temperate and moderately wet, today's green. */
export const TEMPERATE_TINT = climateTint(9, 9);
