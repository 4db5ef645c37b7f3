/**
 * Paints the app's icons into public/icons/: a grass block seen as in the hotbar (the same
 * isometric faces and tinted atlas tiles as src/ui/block-icon.ts) over a sky gradient. The
 * tiles come from paintAtlas, not from decoding assets/atlas.png, so the icons follow the
 * atlas painter exactly. No randomness and no clock: every run writes the same bytes.
 *
 *   npm run assets
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyAffine, FACE_SHADE, ICON_TILE_SIZE, iconTiles, isoCubeFaces, shadedTilePixels, type Affine, type IsoCubeFaces } from '../src/ui/block-icon';
import { Block } from '../src/world';
import { paintAtlas } from './paint-atlas';
import { encodePng } from './png';

type Rgb = readonly [number, number, number];

export interface IconOptions {
  /** Width and height in pixels. */
  size: number;
  /**
   * Radius of the sky square's rounded corners, as a share of the size. 0 paints every pixel
   * (full bleed), which maskable and Apple touch icons need: the platform cuts its own shape.
   */
  cornerRadius: number;
  /** Radius of the circle around the cube (its six outer corners), as a share of the size. */
  cubeRadius: number;
  /** Sub-samples per pixel along each axis, averaged: smooth edges without blurring texels. */
  samples: number;
  /** The sky's colour at the top and at the bottom of the icon. */
  skyTop: Rgb;
  skyBottom: Rgb;
  /** Flat blocky clouds behind the cube, as rectangles on a 32 x 32 grid over the icon. */
  clouds: readonly CloudBox[];
}

/** A cloud rectangle [x0, y0, x1, y1] in 32nds of the icon's size (Minecraft's clouds are boxes). */
export type CloudBox = readonly [number, number, number, number];

/** The game's sky (index.html's background, #b4d4f0) at the bottom, a deeper blue above it. */
export const DEFAULT_ICON_OPTIONS: IconOptions = {
  size: 192,
  cornerRadius: 0.2,
  cubeRadius: 0.42,
  samples: 4,
  skyTop: [74, 140, 214],
  skyBottom: [180, 212, 240],
  clouds: [
    [2, 4, 10, 6], [4, 3, 8, 4],
    [22, 26, 30, 28], [24, 25, 28, 26],
  ],
};

/** Cloud white, a little see-through so the sky tints it. */
const CLOUD: Rgb = [250, 252, 255];
const CLOUD_ALPHA = 0.9;

/** A maskable icon's safe zone: the circle of radius 40% of the size (W3C manifest spec). */
export const MASKABLE_SAFE_RADIUS = 0.4;

/** The icons the manifest and index.html name, with their files under public/icons/. */
export const APP_ICONS: readonly { file: string; options: Partial<IconOptions> }[] = [
  { file: 'icon-192.png', options: { size: 192 } },
  { file: 'icon-512.png', options: { size: 512 } },
  // Inside the safe zone with a margin, so no launcher's mask cuts the cube; no clouds for a
  // round mask to cut in half.
  { file: 'icon-maskable-512.png', options: { size: 512, cornerRadius: 0, cubeRadius: 0.36, clouds: [] } },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', options: { size: 180, cornerRadius: 0 } },
  // At 32 px every pixel counts: a bigger cube, little sky.
  { file: 'favicon-32.png', options: { size: 32, cornerRadius: 0.16, cubeRadius: 0.5, clouds: [] } },
];

/** The inverse of a face's map: icon pixels (x, y) back to its texels (u, v). */
function invert(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (det === 0) throw new Error('a cube face is degenerate (zero area)');
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/**
 * The cube's faces for an icon of `size` pixels, centred, with its six outer corners on a
 * circle of `radius` pixels. isoCubeFaces is linear in its size, so one unit cube is scaled.
 */
export function placeCube(size: number, radius: number): IsoCubeFaces {
  const unit = isoCubeFaces(1);
  const reach = Math.max(...cubeCorners(unit).map(([x, y]) => Math.hypot(x - 0.5, y - 0.5)));
  const scale = radius / reach;
  const shift = size / 2 - scale / 2;
  const place = (m: Affine): Affine => [m[0] * scale, m[1] * scale, m[2] * scale, m[3] * scale, m[4] * scale + shift, m[5] * scale + shift];
  return { top: place(unit.top), left: place(unit.left), right: place(unit.right) };
}

/** Every corner of the three faces, in icon pixels. */
export function cubeCorners(faces: IsoCubeFaces): [number, number][] {
  const t = ICON_TILE_SIZE;
  return (['top', 'left', 'right'] as const).flatMap((face) => [applyAffine(faces[face], 0, 0), applyAffine(faces[face], t, 0), applyAffine(faces[face], 0, t), applyAffine(faces[face], t, t)]);
}

/** Whether (x, y) lies inside a `size` square whose corners are rounded by `r` pixels. */
function insideRoundedSquare(x: number, y: number, size: number, r: number): boolean {
  if (x < 0 || y < 0 || x >= size || y >= size) return false;
  const dx = Math.max(r - x, x - (size - r), 0);
  const dy = Math.max(r - y, y - (size - r), 0);
  return dx * dx + dy * dy <= r * r;
}

function checkOptions(o: IconOptions): void {
  if (!Number.isInteger(o.size) || o.size < 16 || o.size > 4096) throw new RangeError(`icon size must be a whole number of pixels from 16 to 4096, got ${o.size}`);
  if (!(o.cornerRadius >= 0 && o.cornerRadius <= 0.5)) throw new RangeError(`cornerRadius is a share of the size from 0 to 0.5, got ${o.cornerRadius}`);
  if (!(o.cubeRadius > 0 && o.cubeRadius <= 0.5)) throw new RangeError(`cubeRadius is a share of the size above 0 and at most 0.5 (the cube must fit), got ${o.cubeRadius}`);
  if (!Number.isInteger(o.samples) || o.samples < 1 || o.samples > 16) throw new RangeError(`samples must be a whole number from 1 to 16, got ${o.samples}`);
}

type Rgba = [r: number, g: number, b: number, a: number];

/** The sky square with its clouds at (x, y) in pixels; transparent outside its rounded corners. */
function skyAt(o: IconOptions, x: number, y: number): Rgba {
  if (!insideRoundedSquare(x, y, o.size, o.cornerRadius * o.size)) return [0, 0, 0, 0];
  const k = y / o.size;
  const sky: Rgba = [0, 1, 2].map((c) => o.skyTop[c]! + (o.skyBottom[c]! - o.skyTop[c]!) * k) as Rgba;
  sky[3] = 1;
  const gx = (x / o.size) * 32;
  const gy = (y / o.size) * 32;
  if (!o.clouds.some(([x0, y0, x1, y1]) => gx >= x0 && gx < x1 && gy >= y0 && gy < y1)) return sky;
  return [0, 1, 2].map((c) => sky[c]! + (CLOUD[c]! - sky[c]!) * CLOUD_ALPHA).concat(1) as Rgba;
}

/** A face of the cube, ready to sample: the map from icon pixels to its texels, and the texels. */
interface FaceLayer {
  toTexel: Affine;
  texels: Uint8ClampedArray;
}

/** Lays the cube's faces over `under` at (x, y), nearest texel, as the hotbar draws them. */
function overCube(layers: readonly FaceLayer[], x: number, y: number, under: Rgba): Rgba {
  const t = ICON_TILE_SIZE;
  const out = under;
  for (const { toTexel: m, texels } of layers) {
    const u = m[0] * x + m[2] * y + m[4];
    const v = m[1] * x + m[3] * y + m[5];
    if (u < 0 || v < 0 || u >= t || v >= t) continue;
    const i = (Math.floor(v) * t + Math.floor(u)) * 4;
    const a = texels[i + 3]! / 255;
    for (let c = 0; c < 3; c++) out[c] = texels[i + c]! * a + out[c]! * (1 - a);
    out[3] = a + out[3] * (1 - a);
  }
  return out;
}

/** Paints one icon: straight (not premultiplied) RGBA, rows top to bottom, as encodePng takes. */
export function paintIcon(options: Partial<IconOptions> = {}): { width: number; height: number; rgba: Uint8Array } {
  const o: IconOptions = { ...DEFAULT_ICON_OPTIONS, ...options };
  checkOptions(o);
  const { size, samples } = o;
  const atlas = paintAtlas();
  const atlasView = { pixels: new Uint8ClampedArray(atlas.rgba.buffer, atlas.rgba.byteOffset, atlas.rgba.length), width: atlas.width };
  const tiles = iconTiles(Block.Grass);
  const faces = placeCube(size, o.cubeRadius * size);
  // Back to front as the hotbar draws them (the faces only share edges anyway).
  const layers = (['right', 'left', 'top'] as const).map((face) => ({
    toTexel: invert(faces[face]),
    texels: shadedTilePixels(atlasView, tiles[face], FACE_SHADE[face], 1),
  }));
  const rgba = new Uint8Array(size * size * 4);
  const sum: Rgba = [0, 0, 0, 0];
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      sum.fill(0);
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = px + (sx + 0.5) / samples;
          const y = py + (sy + 0.5) / samples;
          const [r, g, b, a] = overCube(layers, x, y, skyAt(o, x, y));
          // Summed premultiplied, so a half-covered sample at a rounded corner adds no dark fringe.
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) rgba[i + c] = sum[3] > 0 ? Math.round(sum[c]! / sum[3]) : 0;
      rgba[i + 3] = Math.round((sum[3] / (samples * samples)) * 255);
    }
  }
  return { width: size, height: size, rgba };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  for (const { file, options } of APP_ICONS) {
    const { width, height, rgba } = paintIcon(options);
    writeFileSync(dir + file, encodePng(width, height, rgba));
    console.log(`wrote ${dir}${file} (${width}x${height})`);
  }
}
