/**
 * What a screenshot of the horizon should show, shared by the horizon and far-view tests: where
 * sea-level ground appears on screen, and how much of a band below it is sky (a hole).
 */
import { decodePng } from './screenshot-stats';

/** The camera's vertical field of view (WorldScene), degrees. */
const FOV = 70;
const SEA_LEVEL = 64;

/** A camera at height `y`, pitched by `pitch` radians (negative looks down). */
export interface HorizonCamera {
  y: number;
  pitch: number;
}

/** The screen row where ground at sea level `distance` blocks away appears, at the centre of the view. */
export function rowOfGroundAt(camera: HorizonCamera, distance: number, height: number): number {
  const elevation = -Math.atan((camera.y - SEA_LEVEL) / distance);
  const ndcY = Math.tan(elevation - camera.pitch) / Math.tan(((FOV / 2) * Math.PI) / 180);
  return Math.round(((1 - ndcY) / 2) * height);
}

/**
 * Share of sky-coloured pixels (the fog and horizon colour, SKY_COLOR) in the middle 60% of
 * the rows from `fromRow` down. Below the line where sea-level ground nearer than the fog
 * appears, every ray hits terrain or water, so a sky pixel there is a hole in the view.
 */
export function skyShareBelow(png: Buffer, fromRow: number): number {
  const { width, height, channels, pixels } = decodePng(png);
  let sky = 0;
  let n = 0;
  for (let y = Math.max(0, fromRow); y < height; y++) {
    for (let x = Math.round(width * 0.2); x < Math.round(width * 0.8); x++) {
      const i = (y * width + x) * channels;
      n++;
      if (Math.abs(pixels[i]! - 180) < 16 && Math.abs(pixels[i + 1]! - 212) < 16 && Math.abs(pixels[i + 2]! - 240) < 16) sky++;
    }
  }
  return n > 0 ? sky / n : 0;
}
