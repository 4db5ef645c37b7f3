/**
 * Greyscale images for the noise report, written through the shared PNG encoder
 * (scripts/png.ts, RGBA). Noise values in [-1, 1] become grey levels; several images can be
 * tiled into one sheet so the README can show sources side by side.
 */
import { writeFileSync } from 'node:fs';
import { encodePng } from './png';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  grey: Uint8Array;
}

/** Maps values in [-1, 1] to grey levels 0..255 (clamped). */
export function greyFromNoise(values: ArrayLike<number>, width: number, height: number): GreyImage {
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) {
    const g = Math.round(((values[i]! + 1) / 2) * 255);
    grey[i] = g < 0 ? 0 : g > 255 ? 255 : g;
  }
  return { width, height, grey };
}

/** Tiles images of equal size into a grid, `gap` pixels of `background` grey between them. */
export function tile(images: GreyImage[], columns: number, gap = 8, background = 255): GreyImage {
  const first = images[0];
  if (!first) throw new RangeError('tile: no images');
  const rows = Math.ceil(images.length / columns);
  const width = columns * first.width + (columns + 1) * gap;
  const height = rows * first.height + (rows + 1) * gap;
  const grey = new Uint8Array(width * height).fill(background);
  images.forEach((img, k) => {
    const ox = gap + (k % columns) * (first.width + gap);
    const oy = gap + Math.floor(k / columns) * (first.height + gap);
    for (let y = 0; y < img.height; y++) grey.set(img.grey.subarray(y * img.width, (y + 1) * img.width), (oy + y) * width + ox);
  });
  return { width, height, grey };
}

export function writeGreyPng(path: string, image: GreyImage): void {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0; i < image.grey.length; i++) {
    const g = image.grey[i]!;
    rgba[4 * i] = g;
    rgba[4 * i + 1] = g;
    rgba[4 * i + 2] = g;
    rgba[4 * i + 3] = 255;
  }
  writeFileSync(path, encodePng(image.width, image.height, rgba));
}
