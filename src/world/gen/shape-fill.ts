/**
 * shape.ts's height formulas over whole arrays of interpolated climate: the batch path of the
 * biomes generator's heights. Each value is computed by the same operations on the same
 * operands, in the same order, as the per-point functions (blendedHeight, riverStrength,
 * carveRiver), so the bits are the same; test/world/gen/shape-fill.test.ts checks it.
 *
 * Why not just call blendedHeight per point: it takes nine numbers and calls five helpers,
 * too much for V8 to inline into the loop over a box, and a call that is not inlined passes
 * every double boxed, as a heap number. A column's box allocated thousands of them, and the
 * garbage collector cost more than the arithmetic (CPU profile of generatePaddedVolume). Here
 * each loop calls only small helpers, which V8 inlines, so no number is boxed.
 */
import { CLIMATE_FIELDS, Field } from './climate';
import { lerp, smoothRamp, spline } from './math';
import { BASE_C, BASE_H, FLAT_DETAIL, HILL_DETAIL, landWeight, MOUNTAIN, mountainWeight, riverStrength, SEA_DETAIL, swampWeight, carveRiver } from './shape';

/** mountain[k] = mountainWeight of point k's climate (clim as Climate.interpolate fills it); true if any is above 0. */
export function fillMountainWeights(mountain: Float64Array, clim: Float64Array, n: number): boolean {
  let any = false;
  for (let k = 0; k < n; k++) {
    const o = k * CLIMATE_FIELDS;
    const m = mountainWeight(clim[o + Field.Continent]!, clim[o + Field.Peaks]!);
    mountain[k] = m;
    if (m > 0) any = true;
  }
  return any;
}

/**
 * raw[k] = blendedHeight(seaLevel, a, continent, temperature, humidity, hills, mountain[k],
 * detail[k], mountain[k] > 0 ? ridged[k] : 0) of point k (ridged is only read where the
 * mountain weight is above 0).
 */
export function fillBlendedHeights(
  raw: Float64Array, clim: Float64Array, mountain: Float64Array, detail: Float64Array, ridged: Float64Array, n: number, seaLevel: number, a: number,
): void {
  for (let k = 0; k < n; k++) {
    const o = k * CLIMATE_FIELDS;
    const continent = clim[o + Field.Continent]!;
    const m = mountain[k]!;
    const d = detail[k]!;
    // blendedHeight's body, line by line.
    const land = landWeight(continent);
    const swamp = swampWeight(continent, clim[o + Field.Temperature]!, clim[o + Field.Humidity]!) * (1 - m);
    const detailAmp = lerp(SEA_DETAIL, lerp(FLAT_DETAIL, HILL_DETAIL, smoothRamp(clim[o + Field.Hills]!, -0.4, 0.45)), land);
    let relief = spline(continent, BASE_C, BASE_H) + d * detailAmp;
    relief = lerp(relief, 1 + d * 1.5, swamp);
    if (m > 0) relief += m * (ridged[k]! + 1) * MOUNTAIN;
    raw[k] = seaLevel + relief * a;
  }
}

/**
 * The final ground heights: riverCut[k] = riverStrength of point k, and heights[k] its raw
 * height with the river carved in, floored and clamped to [minY, maxY] (NaN to minY).
 */
export function fillCarvedHeights(
  heights: Int16Array, riverCut: Float64Array, raw: Float64Array, clim: Float64Array, mountain: Float64Array, n: number, seaLevel: number, minY: number, maxY: number,
): void {
  for (let k = 0; k < n; k++) {
    const o = k * CLIMATE_FIELDS;
    const r = clim[o + Field.River]!;
    const strength = riverStrength(clim[o + Field.Continent]!, mountain[k]!, r);
    riverCut[k] = strength;
    let h = Math.floor(carveRiver(raw[k]!, seaLevel, strength, r));
    // `!(h >= min)` also catches NaN, which must never reach the block arrays.
    if (!(h >= minY)) h = minY;
    else if (h > maxY) h = maxY;
    heights[k] = h;
  }
}
