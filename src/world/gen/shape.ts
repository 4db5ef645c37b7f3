/**
 * Height blending: the surface height as a continuous function of the climate fields and two
 * relief noises, so no biome border is a cliff. Rather than switching per-biome height
 * parameters, each parameter is a smooth function of the climate (the way Minecraft 1.18
 * drives its terrain splines from continentalness, erosion and peaks):
 *
 *   relief = base(continent)                     ocean floors .. coasts .. inland plateaus
 *          + detail * detailAmp(continent, hills) the fBm: low plains to rolling hills
 *          + mountain * (ridged + 1) * MOUNTAIN    ridged crests where `peaks` is high inland
 *   (pulled towards flat, sea-level ground where the swamp weight is high)
 *   height = seaLevel + relief * amplitude / 104
 *
 * and then rivers pull it down towards seaLevel - 1 .. - 3 where |river| is small, fading
 * out over the sea (nothing to carve) and into the mountains (no trench through a range).
 */
import { lerp, smoothRamp, spline } from './math';

/** Relief at amplitude 104 (the default), in blocks above sea level, by continentalness. */
export const BASE_C = [-1, -0.55, -0.25, -0.08, 0, 0.15, 0.45, 1];
export const BASE_H = [-42, -30, -14, -4, 1, 4, 10, 18];
/** Detail fBm amplitude: over the sea, on flat land, on the hilliest land. */
export const SEA_DETAIL = 6;
export const FLAT_DETAIL = 4;
export const HILL_DETAIL = 22;
/** Height of a ridged crest over the mountains' foot (at amplitude 104). */
export const MOUNTAIN = 48;
/** |river| below this is a river valley; below half of it, the channel itself. */
export const RIVER_WIDTH = 0.07;

/** The weight of the mountains: peaks high and well inland. */
export function mountainWeight(continent: number, peaks: number): number {
  return smoothRamp(peaks, 0.25, 0.6) * smoothRamp(continent, 0.02, 0.25);
}

/** The weight of the swamp: wet, temperate to warm, on land. Matches the biome table's swamp. */
export function swampWeight(continent: number, temperature: number, humidity: number): number {
  return smoothRamp(humidity, 0.3, 0.5) * smoothRamp(temperature, -0.2, -0.05) * (1 - smoothRamp(temperature, 0.5, 0.65)) * smoothRamp(continent, 0, 0.15);
}

/** How far inland: 0 over the sea, 1 on the continent. */
export function landWeight(continent: number): number {
  return smoothRamp(continent, -0.1, 0.15);
}

/**
 * The surface height before rivers, as a float (floored later), at amplitude scale `a`. The
 * generator uses its batch form (shape-fill.ts), which must stay the same arithmetic.
 */
export function blendedHeight(
  seaLevel: number, a: number, continent: number, temperature: number, humidity: number, hills: number, mountain: number, detail: number, ridged: number,
): number {
  const land = landWeight(continent);
  const swamp = swampWeight(continent, temperature, humidity) * (1 - mountain);
  const detailAmp = lerp(SEA_DETAIL, lerp(FLAT_DETAIL, HILL_DETAIL, smoothRamp(hills, -0.4, 0.45)), land);
  let relief = spline(continent, BASE_C, BASE_H) + detail * detailAmp;
  relief = lerp(relief, 1 + detail * 1.5, swamp);
  if (mountain > 0) relief += mountain * (ridged + 1) * MOUNTAIN;
  return seaLevel + relief * a;
}

/**
 * How strongly the river cuts at this column, 0..1: its channel in the middle, sloped banks
 * out to |river| = RIVER_WIDTH, faded out over the sea and into the mountains.
 */
export function riverStrength(continent: number, mountain: number, river: number): number {
  const r = 1 - Math.abs(river) / RIVER_WIDTH;
  if (r <= 0) return 0;
  // Foothills keep their rivers full to the brim; only a real range (mountain weight past
  // about a half) fades them out, so a river is water along its length, not a dry trench
  // with a pool wherever the hills happen to dip.
  return smoothRamp(r, 0, 0.5) * smoothRamp(continent, -0.06, 0.08) * (1 - smoothRamp(mountain, 0.35, 0.75));
}

/** The height with the river cut into it: pulled down to seaLevel - 1 .. - 3 by `strength`. */
export function carveRiver(height: number, seaLevel: number, strength: number, river: number): number {
  if (strength <= 0) return height;
  const centre = 1 - Math.abs(river) / RIVER_WIDTH;
  const target = seaLevel - 1 - 2 * centre;
  return height > target ? height + (target - height) * strength : height;
}
