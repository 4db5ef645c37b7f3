/**
 * Block colours for the terrain map, taken from the game's own textures: the mean colour of
 * each tile of assets/atlas.png, averaged in linear light (as the GPU's mipmaps average a
 * distant sRGB texture), so the map shows the colours the ground has from far away in the game
 * (grass and leaves in the temperate tint).
 */
import { BLOCK_COUNT, BLOCK_FACE_TILE, Face, FACE_COUNT, TEMPERATE_TINT, TILE_TINT, TileTint } from '../../world';
import { climateColor, FOLIAGE_CORNERS, GRASS_CORNERS } from '../../world/tint-colors';

/** sRGB bytes. */
export type Rgb = readonly [number, number, number];

export const TILE_SIZE = 16;

function toLinear(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

function toSrgbByte(linear: number): number {
  const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, c)) * 255);
}

/** Mean colour of each of `tileCount` 16 × 16 tiles in a horizontal strip of RGBA pixels (alpha ignored). */
export function tileMeanColours(pixels: ArrayLike<number>, atlasWidth: number, tileCount: number): Rgb[] {
  const colours: Rgb[] = [];
  for (let t = 0; t < tileCount; t++) {
    let r = 0;
    let g = 0;
    let b = 0;
    for (let y = 0; y < TILE_SIZE; y++) {
      for (let x = 0; x < TILE_SIZE; x++) {
        const i = (y * atlasWidth + t * TILE_SIZE + x) * 4;
        r += toLinear(pixels[i]!);
        g += toLinear(pixels[i + 1]!);
        b += toLinear(pixels[i + 2]!);
      }
    }
    const n = TILE_SIZE * TILE_SIZE;
    // Grass and leaves are painted grey and coloured by the climate in the game's shader; the
    // map has no climate, so it shows them in the temperate green the shader would (in linear light).
    const tint = TILE_TINT[t] === TileTint.Grass ? GRASS_CORNERS : TILE_TINT[t] === TileTint.Foliage ? FOLIAGE_CORNERS : null;
    const [tr, tg, tb] = tint ? climateColor(tint, TEMPERATE_TINT).map((c) => toLinear(c)) : [1, 1, 1];
    colours.push([toSrgbByte((r / n) * tr!), toSrgbByte((g / n) * tg!), toSrgbByte((b / n) * tb!)]);
  }
  return colours;
}

/** Per block id, the mean colour of its top face's tile (what a map seen from above shows). */
export function topFaceColours(tileColours: readonly Rgb[]): Rgb[] {
  const colours: Rgb[] = [];
  for (let id = 0; id < BLOCK_COUNT; id++) colours.push(tileColours[BLOCK_FACE_TILE[id * FACE_COUNT + Face.PosY]!] ?? [255, 0, 255]);
  return colours;
}
