/**
 * The dominant biome of a column, from its climate and its final height: what biomeAt
 * answers, what picks the surface blocks and the trees. Heights never depend on it (they are
 * blended, see shape.ts), so a border here changes blocks and trees, never the ground's shape.
 * Thresholds sit at the midpoints of the matching blend weights (mountains, swamp, land).
 */
import { Biome, climateTint } from '../biome';
import { CLIMATE_FIELDS, Field } from './climate';

export function selectBiome(
  seaLevel: number, h: number, snowLine: number, continent: number, temperature: number, humidity: number, mountain: number, river: number,
): number {
  if (h < seaLevel && river > 0.5) return Biome.River;
  if (continent < -0.1 || (h < seaLevel && continent < 0.02)) return continent < -0.5 ? Biome.DeepOcean : Biome.Ocean;
  if (mountain > 0.5) return h >= snowLine ? Biome.SnowyPeaks : Biome.Mountains;
  if (h <= seaLevel + 2 && continent < 0.1) return Biome.Beach;
  if (temperature < -0.55) return Biome.SnowyPlains;
  if (temperature < -0.25) return Biome.Taiga;
  if (humidity >= 0.4 && temperature >= -0.125 && temperature < 0.575) return Biome.Swamp;
  if (temperature < 0.3) {
    if (humidity < -0.3) return Biome.Plains;
    if (humidity < 0.15) return Biome.Forest;
    return Biome.BirchForest;
  }
  if (temperature < 0.55) return humidity < -0.1 ? Biome.Savanna : Biome.Plains;
  return humidity < 0.15 ? Biome.Desert : Biome.Savanna;
}

/**
 * biomes[k] = selectBiome of point k, for n points (clim as Climate.interpolate fills it):
 * a loop of its own, so V8 inlines selectBiome into it instead of boxing its arguments
 * (see shape-fill.ts).
 */
export function fillBiomes(
  biomes: Int8Array, seaLevel: number, heights: Int16Array, snowLine: number, clim: Float64Array, mountain: Float64Array, riverCut: Float64Array, n: number,
): void {
  for (let k = 0; k < n; k++) {
    const o = k * CLIMATE_FIELDS;
    biomes[k] = selectBiome(seaLevel, heights[k]!, snowLine, clim[o + Field.Continent]!, clim[o + Field.Temperature]!, clim[o + Field.Humidity]!, mountain[k]!, riverCut[k]!);
  }
}

/**
 * level16 of values[i]: the same expressions, but taking the array and an index, so a call
 * V8 does not inline passes no double (a heap number each, two per column in the tint loop).
 */
export function level16At(values: Float64Array, i: number): number {
  const q = Math.floor((values[i]! + 1) * 8);
  return q < 0 ? 0 : q > 15 ? 15 : q;
}

/** tints[k] = climateTint(level16(temperature), level16(humidity)) of point k, for n points (clim as Climate.interpolate fills it). */
export function fillTints(tints: Uint8Array, clim: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) {
    const o = k * CLIMATE_FIELDS;
    tints[k] = climateTint(level16At(clim, o + Field.Temperature), level16At(clim, o + Field.Humidity));
  }
}
