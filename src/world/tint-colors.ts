/**
 * Climate colour maps, Minecraft-like: the grass and foliage colour (sRGB, 0..255) at the four
 * corners of (temperature, humidity), mixed bilinearly by the climate tint byte (biome.ts,
 * climateTint). Foliage is a little darker and bluer than grass. The shader
 * (src/render/voxel-material.ts) mixes the same corners in linear light; the hotbar icons
 * (src/ui/block-icon.ts) use climateColor below.
 */
export type Rgb = readonly [number, number, number];

/** Corners in the order cold-dry, cold-wet, hot-dry, hot-wet. */
export const GRASS_CORNERS: readonly Rgb[] = [
  [128, 180, 151], [104, 160, 122], [191, 183, 85], [72, 196, 52],
];
export const FOLIAGE_CORNERS: readonly Rgb[] = [
  [96, 161, 123], [74, 140, 104], [174, 164, 42], [40, 168, 16],
];

/** The colour of a climate tint byte on a map (bilinear in sRGB; the shader's is in linear light). */
export function climateColor(corners: readonly Rgb[], tint: number): Rgb {
  const t = ((tint >>> 4) & 15) / 15;
  const h = (tint & 15) / 15;
  const out = [0, 0, 0] as [number, number, number];
  for (let k = 0; k < 3; k++) {
    const cold = corners[0]![k]! + (corners[1]![k]! - corners[0]![k]!) * h;
    const hot = corners[2]![k]! + (corners[3]![k]! - corners[2]![k]!) * h;
    out[k] = cold + (hot - cold) * t;
  }
  return out;
}
