/**
 * A player's figure colours from their name: the same name gives the same colours on every
 * screen and in every session, with nothing sent. A hue from a hash of the name (FNV-1a with
 * Math.imul: 32-bit exact everywhere), then a body colour, a lighter head and darker legs of
 * that hue, so two players with different names are told apart at a glance.
 */

export interface FigureColours {
  /** 0xRRGGBB. */
  head: number;
  body: number;
  legs: number;
}

/** 32-bit FNV-1a of the name's UTF-16 units. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  // A final mix: names that differ in their last letter get hues far apart, not neighbours.
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** The hue of a name, 0..360 degrees. */
export function nameHue(name: string): number {
  return (nameHash(name) % 360 + 360) % 360;
}

/** HSL (hue in degrees, saturation and lightness 0..1) to 0xRRGGBB. */
export function hslToRgb(hue: number, saturation: number, lightness: number): number {
  const h = ((hue % 360) + 360) % 360 / 60;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
  const m = lightness - c / 2;
  const byte = (v: number) => Math.min(255, Math.max(0, Math.round((v + m) * 255)));
  return (byte(r) << 16) | (byte(g) << 8) | byte(b);
}

export function figureColours(name: string): FigureColours {
  const hue = nameHue(name);
  return { head: hslToRgb(hue, 0.45, 0.72), body: hslToRgb(hue, 0.6, 0.48), legs: hslToRgb(hue, 0.45, 0.28) };
}

/** 0xRRGGBB as CSS "#rrggbb". */
export function cssColour(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}
