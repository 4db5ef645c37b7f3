/**
 * Inventory-style block icons: a cube seen from above at 45° around and 30° down (the angle
 * of Minecraft's inventory icons), so its top is a 2:1 rhombus and its two visible sides are
 * parallelograms. Each face is one 16x16 atlas tile drawn through a 2D canvas transform,
 * nearest-neighbour, with the sides darkened like a cube lit from above.
 *
 * The geometry and the pixel shading are pure (tested in Node); only `drawBlockIcon`
 * touches a canvas.
 */
import { TEMPERATE_TINT } from '../world/biome';
import { Block, BLOCK_FACE_TILE, BLOCK_NAMES, BLOCK_SHAPE, BLOCK_TRANSLUCENT, Face, FACE_COUNT, Shape, Tile, TILE_TINT, TileTint } from '../world/blocks';
import { Facing, shapeBoxes, type Box16 } from '../world/block-shapes';
import { climateColor, FOLIAGE_CORNERS, GRASS_CORNERS } from '../world/tint-colors';

/** Icons show grass and leaves in the temperate colour (the tiles are painted grey). */
const ICON_GRASS = climateColor(GRASS_CORNERS, TEMPERATE_TINT);
const ICON_FOLIAGE = climateColor(FOLIAGE_CORNERS, TEMPERATE_TINT);

/** Tiles are 16x16 texels, laid left to right in the atlas in `Tile` order. */
export const ICON_TILE_SIZE = 16;

/** A 2D affine map, canvas setTransform's (a, b, c, d, e, f): (u, v) -> (a·u + c·v + e, b·u + d·v + f). */
export type Affine = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/** Where a tile's texels (0..16 on each axis, v downward) land on an icon, per visible face. */
export interface IsoCubeFaces {
  top: Affine;
  left: Affine;
  right: Affine;
}

/**
 * Brightness of each visible face: the top lit fully, the left side (facing the viewer's
 * left) a little darker, the right side darker still, so the cube reads as a solid.
 */
export const FACE_SHADE = { top: 1, left: 0.8, right: 0.62 } as const;

/** Opacity of a see-through block (water) on its icon. */
export const TRANSLUCENT_ICON_ALPHA = 0.72;

/** Share of the icon's height the cube fills, so it does not touch the slot's frame. */
const FILL = 0.92;
/** Length of a vertical edge over the top rhombus's half-width: cos 30° · √2 at a 30° view. */
const EDGE_OVER_HALF_WIDTH = Math.cos(Math.PI / 6) * Math.SQRT2;

/**
 * The three visible faces of a cube centred in a `size` x `size` icon, as maps from a tile's
 * texel space: the top's texel (0, 0) is its back corner, u runs toward the right corner and
 * v toward the left one; a side's u runs left to right and v down, so a side tile's top row
 * (grass's green fringe) meets the top face.
 */
export function isoCubeFaces(size: number): IsoCubeFaces {
  // Height = top rhombus (w) + vertical edge (EDGE · w): fit it, centred.
  const w = (size * FILL) / (1 + EDGE_OVER_HALF_WIDTH);
  const h = w / 2;
  const edge = w * EDGE_OVER_HALF_WIDTH;
  const cx = size / 2;
  const y0 = (size - (2 * h + edge)) / 2;
  const t = ICON_TILE_SIZE;
  return {
    top: [w / t, h / t, -w / t, h / t, cx, y0],
    left: [w / t, h / t, 0, edge / t, cx - w, y0 + h],
    right: [w / t, -h / t, 0, edge / t, cx, y0 + 2 * h],
  };
}

/** Where an affine map sends the point (u, v). */
export function applyAffine(m: Affine, u: number, v: number): [number, number] {
  return [m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]];
}

/** The tiles an icon shows for `block`: its top, and the sides facing +z (left) and +x (right). */
export function iconTiles(block: number): { top: number; left: number; right: number } {
  const base = block * FACE_COUNT;
  return { top: BLOCK_FACE_TILE[base + Face.PosY]!, left: BLOCK_FACE_TILE[base + Face.PosZ]!, right: BLOCK_FACE_TILE[base + Face.PosX]! };
}

/**
 * One tile's RGBA pixels out of the atlas strip, tinted as the shader does (grass and
 * foliage tiles times the temperate colour; the grass side's tinted fringe laid over it),
 * colour scaled by `shade` and alpha by `alpha` (straight, not premultiplied: ready for
 * putImageData).
 */
export function shadedTilePixels(atlas: { pixels: Uint8ClampedArray; width: number }, tile: number, shade: number, alpha: number): Uint8ClampedArray<ArrayBuffer> {
  const t = ICON_TILE_SIZE;
  const out = new Uint8ClampedArray(t * t * 4);
  const kind = TILE_TINT[tile] ?? TileTint.None;
  const tint = kind === TileTint.Foliage ? ICON_FOLIAGE : kind === TileTint.None ? null : ICON_GRASS;
  const p = atlas.pixels;
  for (let y = 0; y < t; y++) {
    for (let x = 0; x < t; x++) {
      const src = (y * atlas.width + tile * t + x) * 4;
      const dst = (y * t + x) * 4;
      for (let k = 0; k < 3; k++) {
        let c = p[src + k]!;
        if (kind === TileTint.GrassOverlay) {
          const o = (y * atlas.width + Tile.GrassSideOverlay * t + x) * 4;
          const a = p[o + 3]! / 255;
          c = c + ((p[o + k]! * tint![k]!) / 255 - c) * a;
        } else if (tint) {
          c = (c * tint[k]!) / 255;
        }
        out[dst + k] = c * shade;
      }
      out[dst + 3] = p[src + 3]! * alpha;
    }
  }
  return out;
}

/** One face of an icon: a sub-rectangle of a tile (texels sx, sy, sw, sh) drawn through `affine` at the same texel place. */
export interface IconFace {
  tile: number;
  shade: number;
  affine: Affine;
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/**
 * Stairs on icons face left-back, as Minecraft's: the step stands at the back, the tread in
 * front. Slabs and stairs are drawn box by box, each box's three visible faces cut out of the
 * block's tiles where the box sits in its cell, back boxes first.
 */
const ICON_STAIRS_STATE = Facing.North;

/**
 * The faces to draw for `block` on a `size` icon: three per box of its shape (one box for a
 * cube), far boxes first; none for a block drawn flat (iconIsFlat).
 */
export function iconFaces(block: number, size: number): IconFace[] {
  const cube = isoCubeFaces(size);
  // The cube's faces as maps from 3D cell coordinates (sixteenths, y up): from the top face's
  // map, x runs along its u and z along its v; the sides drop by their v.
  const [a, b, c, d, e, f] = cube.top;
  const edge = cube.left[3];
  const project = (x: number, y: number, z: number): [number, number] => [a * x + c * z + e, b * x + d * z + f + (edge * (16 - y))];
  const tiles = iconTiles(block);
  const state = BLOCK_SHAPE[block] === Shape.Stairs ? ICON_STAIRS_STATE : 0;
  const boxes = [...shapeBoxes(block, state)].sort((p, q) => p[0] + p[2] - (q[0] + q[2]) || p[1] - q[1]);
  const out: IconFace[] = [];
  const at = (x: number, y: number, z: number) => project(x, y, z);
  for (const box of boxes as Box16[]) {
    const [x0, y0, z0, x1, y1, z1] = box;
    // Top, at y1: texel (u, v) is (x, z).
    const top = at(0, y1, 0);
    out.push({ tile: tiles.top, shade: FACE_SHADE.top, affine: [a, b, c, d, top[0], top[1]], sx: x0, sy: z0, sw: x1 - x0, sh: z1 - z0 });
    // Left (+z), at z1: u is x, v runs down from y = 16.
    const left = at(0, 16, z1);
    out.push({ tile: tiles.left, shade: FACE_SHADE.left, affine: [a, b, 0, edge, left[0], left[1]], sx: x0, sy: 16 - y1, sw: x1 - x0, sh: y1 - y0 });
    // Right (+x), at x1: u runs from z = 16 back to 0, v down from y = 16.
    const right = at(x1, 16, 16);
    out.push({ tile: tiles.right, shade: FACE_SHADE.right, affine: [-c, -d, 0, edge, right[0], right[1]], sx: 16 - z1, sy: 16 - y1, sw: z1 - z0, sh: y1 - y0 });
  }
  return out;
}

/** Plants, doors and torches are drawn flat, as Minecraft's items: their tile (a door's two halves stacked). */
export function iconIsFlat(block: number): boolean {
  return BLOCK_SHAPE[block] === Shape.Cross || BLOCK_SHAPE[block] === Shape.Door || BLOCK_SHAPE[block] === Shape.Torch;
}

/** Draws a flat icon: the block's tile, or a door's two halves one above the other, centred. */
function drawFlatIcon(ctx: CanvasRenderingContext2D, tileCtx: CanvasRenderingContext2D, tileCanvas: HTMLCanvasElement, atlas: { pixels: Uint8ClampedArray; width: number }, block: number, size: number): void {
  const halves = block === Block.OakDoor ? [Tile.DoorTop, Tile.DoorBottom] : [BLOCK_FACE_TILE[block * FACE_COUNT]!];
  const h = (size * 0.9) / halves.length;
  const w = halves.length > 1 ? h : size * 0.9;
  halves.forEach((tile, i) => {
    tileCtx.putImageData(new ImageData(shadedTilePixels(atlas, tile, 1, 1), ICON_TILE_SIZE, ICON_TILE_SIZE), 0, 0);
    ctx.drawImage(tileCanvas, (size - w) / 2, size * 0.05 + i * h, w, h);
  });
}

/**
 * Draws `block`'s icon filling `canvas` (whose backing store should be the icon's size in
 * device pixels, so each texel lands on whole pixels as nearly as it can).
 */
export function drawBlockIcon(canvas: HTMLCanvasElement, atlas: { pixels: Uint8ClampedArray; width: number }, block: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const size = Math.min(canvas.width, canvas.height);
  const alpha = BLOCK_TRANSLUCENT[block] ? TRANSLUCENT_ICON_ALPHA : 1;
  const tileCanvas = document.createElement('canvas');
  tileCanvas.width = tileCanvas.height = ICON_TILE_SIZE;
  const tileCtx = tileCanvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingEnabled = false;
  if (iconIsFlat(block)) {
    drawFlatIcon(ctx, tileCtx, tileCanvas, atlas, block, size);
    return;
  }
  for (const face of iconFaces(block, size)) {
    const pixels = shadedTilePixels(atlas, face.tile, face.shade, alpha);
    tileCtx.putImageData(new ImageData(pixels, ICON_TILE_SIZE, ICON_TILE_SIZE), 0, 0);
    ctx.setTransform(...face.affine);
    // A hair wider than the face: a transformed image's edges are anti-aliased, and two
    // faces meeting exactly would leave a faint seam of background between them.
    const bleed = alpha < 1 ? 0 : 0.12;
    ctx.drawImage(tileCanvas, face.sx, face.sy, face.sw, face.sh, face.sx - bleed, face.sy - bleed, face.sw + 2 * bleed, face.sh + 2 * bleed);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * Draws `block` on `icon` at the canvas's on-screen size in device pixels, so the texels stay
 * crisp; nothing while it has no size (hidden) or when that size is already drawn. Set the
 * canvas's width to 0 to have it drawn again (another block).
 */
export function drawBlockIconAtSize(icon: HTMLCanvasElement, atlas: { pixels: Uint8ClampedArray; width: number }, block: number): void {
  const box = icon.getBoundingClientRect();
  const size = Math.round(Math.min(box.width, box.height) * (window.devicePixelRatio || 1));
  if (size <= 0 || (icon.width === size && icon.height === size)) return;
  icon.width = icon.height = size;
  drawBlockIcon(icon, atlas, block);
}

/** A block's name as a label: "stone bricks" -> "Stone bricks". */
export function blockLabel(block: number): string {
  const name = BLOCK_NAMES[block] ?? String(block);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
