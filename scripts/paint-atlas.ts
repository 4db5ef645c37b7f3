/**
 * Paints assets/atlas.png: the block textures, one 16x16 tile each, in the order of
 * `Tile` in src/world/blocks.ts. Painted from our own hash so the art is reproducible and
 * needs no download; every tile wraps seamlessly, since merged quads repeat it.
 *
 *   npm run assets
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashInts } from '../src/noise';
import { Tile, TILE_COUNT, TILE_NAMES, WOOL_COLOURS } from '../src/world';
import { encodePng } from './png';

const S = 16;
type RGB = readonly [number, number, number];

/** White noise in [0, 1) per pixel of a tile. */
function grain(seed: number, x: number, y: number): number {
  return (hashInts(seed, x & (S - 1), y & (S - 1)) >>> 8) / 16777216;
}

/** Smooth noise in [0, 1) that wraps every 16 pixels: value noise on a 4x4 lattice, mod 4. */
function blotch(seed: number, x: number, y: number, cells = 4): number {
  const size = S / cells;
  const gx = x / size;
  const gy = y / size;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const fx = gx - x0;
  const fy = gy - y0;
  const v = (i: number, j: number) => (hashInts(seed, ((i % cells) + cells) % cells, ((j % cells) + cells) % cells) >>> 8) / 16777216;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = v(x0, y0) + sx * (v(x0 + 1, y0) - v(x0, y0));
  const b = v(x0, y0 + 1) + sx * (v(x0 + 1, y0 + 1) - v(x0, y0 + 1));
  return a + sy * (b - a);
}

function shade(c: RGB, f: number): RGB {
  return [c[0] * f, c[1] * f, c[2] * f];
}

type Painter = (x: number, y: number) => [number, number, number, number];

const DIRT: RGB = [134, 96, 67];
/**
 * Tinted tiles (grass top, the grass side's fringe, oak leaves) are painted in grey: the
 * shader multiplies them by the climate's grass or foliage colour (src/world/tint-colors.ts).
 */
const TINT_GREY: RGB = [200, 200, 200];
const SNOW: RGB = [240, 246, 252];
const STONE: RGB = [128, 128, 132];
type RGBA = [number, number, number, number];

const stone: Painter = (x, y) => {
  const f = 0.78 + 0.2 * blotch(3, x, y) + 0.1 * grain(4, x, y);
  const crack = blotch(5, x, y, 8) > 0.8 ? 0.82 : 1;
  return [...shade(STONE, f * crack), 255] as RGBA;
};

/** Stone with clusters of coloured specks (ores). */
function ore(color: RGB, seed: number): Painter {
  return (x, y) => {
    const cluster = blotch(seed, x, y, 8);
    if (cluster > 0.66 && grain(seed + 1, x, y) > 0.3) return [...shade(color, 0.8 + 0.3 * grain(seed + 2, x, y)), 255] as RGBA;
    return stone(x, y);
  };
}

/**
 * Leaves with real holes: about a quarter of the pixels are transparent. A hole keeps the
 * leaf's colour (alpha 0), so mipmaps averaging across it do not darken the edges.
 */
function leaves(color: RGB, seed: number, holes = 0.24): Painter {
  return (x, y) => {
    const f = 0.6 + 0.35 * blotch(seed, x, y, 8) + 0.2 * grain(seed + 1, x, y);
    const hole = grain(seed + 2, x, y) < holes * (0.6 + 0.8 * blotch(seed + 3, x, y, 4));
    return [...shade(color, hole ? 0.8 : f), hole ? 0 : 255] as RGBA;
  };
}

const dirt: Painter = (x, y) => {
  const f = 0.82 + 0.22 * blotch(11, x, y) + 0.12 * grain(12, x, y);
  const pebble = grain(13, x, y) > 0.93 ? 0.75 : 1;
  return [...shade(DIRT, f * pebble), 255] as [number, number, number, number];
};

/** A dirt side with a fringe of `top` colour hanging 3-5 pixels down. */
function sideWithFringe(top: RGB, seed: number): Painter {
  const fringe = fringeOverlay(top, seed);
  return (x, y) => {
    const f = fringe(x, y);
    return f[3] > 0 ? f : dirt(x, y);
  };
}

/** Only the fringe of sideWithFringe, transparent below it (the grass side's tinted overlay). */
function fringeOverlay(top: RGB, seed: number): Painter {
  return (x, y) => {
    const depth = 3 + Math.floor(grain(seed, x, 0) * 3);
    const c = shade(top, 0.86 + 0.18 * grain(seed + 1, x, y));
    return [...c, y < depth ? 255 : 0] as RGBA;
  };
}

/** Boards 4 pixels tall with dark seams between them and staggered end joints; grain along each board. */
function planks(color: RGB, seed: number): Painter {
  return (x, y) => {
    const board = y >> 2;
    const joint = (board * 7 + 3) & 15;
    if (y % 4 === 3 || x === joint) return [...shade(color, 0.62), 255] as RGBA;
    const streak = 0.9 + 0.12 * blotch(seed, x, board * 4, 8) + 0.06 * grain(seed + 1, x, y);
    return [...shade(color, streak * (board % 2 === 0 ? 1 : 0.95)), 255] as RGBA;
  };
}

/**
 * 16 jittered points, one per 4 x 4 cell of a tile (wrapping), each with `tagOf` its hash: the
 * cells of cobblestone and glowstone. `nearest` gives, for a texel, the squared distance to the
 * nearest point and to the second nearest (texels almost as near both are a seam), and the
 * nearest point's tag.
 */
function jitteredCells(seed: number, tagOf: (h: number) => number): (x: number, y: number) => { best: number; second: number; tag: number } {
  const points: [number, number, number][] = [];
  for (let j = 0; j < 4; j++) {
    for (let i = 0; i < 4; i++) {
      const h = hashInts(seed, i, j) >>> 0;
      points.push([i * 4 + 0.5 + ((h & 7) / 7) * 3, j * 4 + 0.5 + (((h >>> 3) & 7) / 7) * 3, tagOf(h)]);
    }
  }
  return (x, y) => {
    let best = Infinity;
    let second = Infinity;
    let tag = 0;
    for (const [px, py, t] of points) {
      for (const ox of [-16, 0, 16]) {
        for (const oy of [-16, 0, 16]) {
          const dx = x + 0.5 - px - ox;
          const dy = y + 0.5 - py - oy;
          const d = dx * dx + dy * dy;
          if (d < best) {
            second = best;
            best = d;
            tag = t;
          } else if (d < second) second = d;
        }
      }
    }
    return { best, second, tag };
  };
}

/**
 * Rounded stones in mortar: each pixel belongs to the nearest of 16 jittered points (one per
 * 4 x 4 cell, wrapping), and pixels almost as near a second point are the mortar between.
 */
function cobble(seed: number, moss = 0): Painter {
  const cells = jitteredCells(seed, (h) => 0.72 + ((h >>> 6) & 15) / 40);
  return (x, y) => {
    const { best, second, tag: tone } = cells(x, y);
    const mortar = second - best < 2.2;
    if (moss > 0 && blotch(seed + 5, x, y) > 1 - moss && grain(seed + 6, x, y) > 0.2) {
      return [...shade([76, 112, 52], 0.8 + 0.3 * grain(seed + 7, x, y)), 255] as RGBA;
    }
    const f = mortar ? 0.55 : tone * (0.9 + 0.12 * grain(seed + 4, x, y));
    return [...shade([122, 122, 122], f), 255] as RGBA;
  };
}

/** Courses `rows` pixels tall of bricks `long` wide, every other course offset by half; mortar of `mortar`. */
function masonry(rows: number, long: number, color: RGB, mortar: RGB, seed: number): Painter {
  return (x, y) => {
    const course = Math.floor(y / rows);
    const offset = course % 2 === 0 ? 0 : long / 2;
    const bx = (x + offset) % long;
    if (y % rows === rows - 1 || bx === long - 1) return [...shade(mortar, 0.94 + 0.08 * grain(seed, x, y)), 255] as RGBA;
    const brick = Math.floor((x + offset) / long) + 4 * course;
    const tone = 0.86 + 0.16 * ((hashInts(seed + 1, brick, 0) >>> 24) / 255);
    // A lit top edge and a shaded bottom edge give each brick some depth.
    const edge = y % rows === 0 ? 1.1 : y % rows === rows - 2 ? 0.88 : 1;
    return [...shade(color, tone * edge * (0.94 + 0.08 * grain(seed + 2, x, y))), 255] as RGBA;
  };
}

const OAK: RGB = [162, 130, 78];
const WOOL: Record<string, RGB> = {
  white: [233, 236, 236], orange: [240, 118, 19], magenta: [189, 68, 179], 'light blue': [58, 175, 217],
  yellow: [248, 198, 39], lime: [112, 185, 25], pink: [237, 141, 172], gray: [62, 68, 71],
  'light gray': [142, 142, 134], cyan: [21, 137, 145], purple: [121, 42, 172], blue: [53, 57, 157],
  brown: [114, 71, 40], green: [84, 109, 27], red: [160, 39, 34], black: [28, 29, 33],
};

/** Knitted wool: a fine diagonal weave over soft blotches. */
function wool(color: RGB, seed: number): Painter {
  return (x, y) => {
    const weave = (x + y) % 2 === 0 ? 1.02 : 0.97;
    const f = weave * (0.9 + 0.1 * blotch(seed, x, y) + 0.06 * grain(seed + 1, x, y));
    return [...shade(color, f), 255] as RGBA;
  };
}

/** A painter turned a quarter: a log's bark for logs lying on their side. */
function turned(paint: Painter): Painter {
  return (x, y) => paint(y, 15 - x);
}

const logSide: Painter = (x, y) => {
  // Vertical bark ridges: darker every few columns, with knots.
  const ridge = (x % 4 === 0 ? 0.78 : 1) * (0.88 + 0.16 * grain(21, x, y >> 2));
  return [...shade([104, 78, 48], ridge), 255] as RGBA;
};
const birchLogSide: Painter = (x, y) => {
  // White bark with short black dashes across it.
  const mark = grain(70, x >> 2, y) > 0.8 && grain(71, x, y) > 0.2;
  const f = 0.9 + 0.1 * grain(72, x, y);
  return [...shade(mark ? [40, 38, 36] : [226, 224, 214], f), 255] as RGBA;
};
const spruceLogSide: Painter = (x, y) => {
  const ridge = (x % 3 === 0 ? 0.75 : 1) * (0.86 + 0.16 * grain(73, x, y >> 2));
  return [...shade([70, 50, 30], ridge), 255] as RGBA;
};

/**
 * A door half: a frame of oak boards around two recessed panels (the bottom) or around a
 * window of four panes with clear holes (the top, drawn as a cut-out).
 */
function doorHalf(top: boolean): Painter {
  const wood = planks(OAK, 100);
  return (x, y) => {
    const frame = x <= 1 || x >= 14 || (top ? y <= 1 : y >= 14);
    if (frame) return [...shade(OAK, 0.8 + 0.08 * grain(180, x, y)), 255] as RGBA;
    if (top && y >= 3 && y <= 12 && x >= 3 && x <= 12) {
      const bar = x === 7 || x === 8 || y === 7 || y === 8;
      return bar ? [...shade(OAK, 0.78), 255] as RGBA : [200, 220, 230, 0];
    }
    const inset = !top && ((y >= 2 && y <= 6) || (y >= 9 && y <= 12)) && x >= 3 && x <= 12;
    const [r, g, b] = wood(x, y);
    return [...shade([r, g, b], inset ? 0.86 : 1.02), 255] as RGBA;
  };
}

/** Grass blades from the bottom edge on clear ground, grey for the grass tint. */
function blades(seed: number, count: number, color: RGB): Painter {
  const stems = Array.from({ length: count }, (_, i) => {
    const h = hashInts(seed, i, 0) >>> 0;
    return { x: 1 + ((h & 15) % 14), height: 7 + ((h >>> 4) % 8), lean: ((h >>> 8) % 3) - 1 };
  });
  return (x, y) => {
    const up = 15 - y;
    for (const s of stems) {
      if (up > s.height) continue;
      const at = s.x + Math.floor((s.lean * up) / 6);
      if (x === at) {
        // Darker than the grass top: blades stand in each other's shade.
        return [...shade(color, 0.5 + 0.3 * (up / 15) + 0.08 * grain(seed + 1, x, y)), 255] as RGBA;
      }
    }
    return [0, 0, 0, 0];
  };
}

/** Fern fronds: three stems with leaflets slanting up from them, grey for the grass tint. */
function fern(seed: number): Painter {
  const stems = [[4, 10], [8, 14], [12, 9]] as const;
  return (x, y) => {
    const up = 15 - y;
    for (const [sx, height] of stems) {
      if (up > height) continue;
      const spread = Math.min(3, Math.floor((height - up) / 3) + 1);
      const dx = Math.abs(x - sx);
      // Leaflets: diagonal strokes rising away from the stem, every other row.
      if (dx === 0 || (dx <= spread && (up - dx) % 3 === 0)) {
        return [...shade(TINT_GREY, 0.5 + 0.3 * (up / 15) + 0.06 * grain(seed, x, y)), 255] as RGBA;
      }
    }
    return [0, 0, 0, 0];
  };
}

/** A flower: a green stem with two leaves and a head of `petals` around a `centre`. */
function flower(petals: RGB, centre: RGB, seed: number, headY: number): Painter {
  const stem: RGB = [70, 120, 40];
  return (x, y) => {
    const dx = x - 7.5;
    const dy = y - headY;
    const d2 = dx * dx + dy * dy;
    if (d2 < 2.5) return [...shade(centre, 0.9 + 0.15 * grain(seed, x, y)), 255] as RGBA;
    if (d2 < 10 && grain(seed + 1, x, y) > 0.12) return [...shade(petals, 0.82 + 0.25 * grain(seed + 2, x, y)), 255] as RGBA;
    if (y > headY + 2 && (x === 7 || x === 8)) return [...shade(stem, 0.9 + 0.1 * grain(seed + 3, x, y)), 255] as RGBA;
    const leafRow = y - (headY + 6);
    if (leafRow >= 0 && leafRow < 3 && ((x >= 4 && x < 7 && x - 4 === leafRow) || (x > 8 && x <= 11 && 11 - x === leafRow))) {
      return [...shade(stem, 1.05), 255] as RGBA;
    }
    return [0, 0, 0, 0];
  };
}

/** A torch's flame and stick, top to bottom, from row `top` of a column on the stick. */
function torchStick(top: number, x: number, y: number): RGBA {
  const row = y - top;
  // The stick's left texel catches the light; each pixel a little grain.
  const side = (x & 1) === 0 ? 1 : 0.84;
  if (row === 0) return [255, 248, 190, 255];
  if (row === 1) return [...shade([255, 206, 72], side), 255] as RGBA;
  if (row === 2) return [...shade([230, 110, 30], side), 255] as RGBA;
  return [...shade([128, 92, 52], side * (0.9 + 0.12 * grain(214, x, y))), 255] as RGBA;
}

/**
 * The torch: a stick 2 texels wide and 10 tall with its flame on top, on clear ground, where a
 * standing torch's sides read it (the box 7..9 wide and 0..10 high reads columns 7-8 and rows
 * 6..15, since v runs down from the top of the block). Also the inventory's flat icon.
 */
const torch: Painter = (x, y) => (x === 7 || x === 8) && y >= 6 ? torchStick(6, x, y) : [0, 0, 0, 0];

/**
 * A wall torch's sides: its stick 3 higher (rows 3..12), and against a wall it reads columns
 * 0-1, 7-8 or 14-15 by where it stands in its cell, so the stick is in all three. The bottom
 * faces of both kinds read wood here too (columns 7-8 rows 0-1, 7-8 and 14-15, and rows 7-8
 * of the side columns).
 */
const torchWall: Painter = (x, y) => {
  const column = x <= 1 || x === 7 || x === 8 || x >= 14;
  if (column && y >= 3 && y <= 12) return torchStick(3, x, y);
  if ((x === 7 || x === 8) && (y <= 1 || y >= 14)) return torchStick(-10, x, y);
  return [0, 0, 0, 0];
};

/** The top of a torch's stick: flame wherever a 2x2 top is read. */
const torchFlame: Painter = (x, y) => [...shade([255, 226, 120], 0.94 + 0.08 * grain(216, x, y)), 255] as RGBA;

/**
 * Glowstone: warm yellow crystals (each texel belongs to the nearest of 16 jittered points, as
 * cobblestone) with dark amber seams between them and a bright glint in some.
 */
function glowstone(seed: number): Painter {
  const cells = jitteredCells(seed, (h) => (h >>> 6) % 3);
  const tones: RGB[] = [[255, 240, 170], [252, 212, 112], [232, 172, 80]];
  return (x, y) => {
    const { best, second, tag: tone } = cells(x, y);
    if (second - best < 1.2) return [...shade([150, 96, 44], 0.9 + 0.15 * grain(seed + 1, x, y)), 255] as RGBA;
    const glint = best < 0.8 && tone === 0 ? 1.08 : 1;
    return [...shade(tones[tone]!, glint * (0.92 + 0.1 * grain(seed + 2, x, y))), 255] as RGBA;
  };
}

/** Lava: bright orange running to yellow where it is hottest, crossed by swirls of dark crust. */
const lava: Painter = (x, y) => {
  const heat = 0.7 * blotch(220, x, y, 2) + 0.3 * blotch(221, x, y, 4);
  const band = heat * 4 - Math.floor(heat * 4);
  const crust = band < 0.2 ? 1 - band / 0.2 : 0;
  if (crust > 0.35) return [...shade([150, 38, 8], 0.75 + 0.25 * (1 - crust) + 0.1 * grain(222, x, y)), 255] as RGBA;
  const hot = band;
  const c: RGB = [255, 70 + 150 * hot * hot, 10 + 60 * hot * hot * hot];
  return [...shade(c, 0.92 + 0.08 * grain(224, x, y)), 255] as RGBA;
};

const PAINTERS: Record<number, Painter> = {
  [Tile.Bedrock]: (x, y) => {
    const f = 0.25 + 0.45 * blotch(1, x, y, 8) + 0.15 * grain(2, x, y);
    return [...shade([120, 120, 124], f), 255] as [number, number, number, number];
  },
  [Tile.Stone]: stone,
  [Tile.Dirt]: dirt,
  [Tile.GrassTop]: (x, y) => {
    const f = 0.8 + 0.2 * blotch(6, x, y) + 0.16 * grain(7, x, y);
    return [...shade(TINT_GREY, f), 255] as [number, number, number, number];
  },
  // The side's base is plain dirt; the fringe is the overlay tile, tinted and laid over it.
  [Tile.GrassSide]: dirt,
  [Tile.GrassSideOverlay]: fringeOverlay(TINT_GREY, 8),
  [Tile.Sand]: (x, y) => {
    const f = 0.9 + 0.08 * blotch(9, x, y) + 0.08 * grain(10, x, y);
    return [...shade([219, 207, 163], f), 255] as [number, number, number, number];
  },
  [Tile.Water]: (x, y) => {
    const f = 0.85 + 0.2 * blotch(14, x, y, 2) + 0.05 * grain(15, x, y);
    return [...shade([34, 78, 168], f), 210] as [number, number, number, number];
  },
  [Tile.Snow]: (x, y) => {
    const f = 0.93 + 0.06 * blotch(16, x, y) + 0.03 * grain(17, x, y);
    return [...shade(SNOW, f), 255] as [number, number, number, number];
  },
  [Tile.SnowSide]: sideWithFringe(SNOW, 18),
  [Tile.LogSide]: logSide,
  [Tile.LogTop]: (x, y) => {
    // Growth rings around the centre, bark at the rim (squared distance: no sqrt needed).
    const dx = x - 7.5;
    const dy = y - 7.5;
    const d2 = dx * dx + dy * dy;
    if (d2 > 52) return [...shade([104, 78, 48], 0.85 + 0.1 * grain(22, x, y)), 255] as [number, number, number, number];
    const ring = Math.floor(d2 / 9) % 2 === 0 ? 1 : 0.86;
    return [...shade([176, 142, 94], ring * (0.94 + 0.08 * grain(23, x, y))), 255] as [number, number, number, number];
  },
  [Tile.Leaves]: leaves(TINT_GREY, 24),
  [Tile.BirchLeaves]: leaves([112, 150, 72], 60),
  [Tile.SpruceLeaves]: leaves([58, 92, 62], 64, 0.18),
  [Tile.BirchLogSide]: birchLogSide,
  [Tile.SpruceLogSide]: spruceLogSide,
  [Tile.LogSideTurned]: turned(logSide),
  [Tile.BirchLogSideTurned]: turned(birchLogSide),
  [Tile.SpruceLogSideTurned]: turned(spruceLogSide),
  [Tile.DoorTop]: doorHalf(true),
  [Tile.DoorBottom]: doorHalf(false),
  [Tile.TallGrass]: blades(190, 13, TINT_GREY),
  [Tile.Fern]: fern(194),
  [Tile.Dandelion]: flower([246, 214, 40], [230, 160, 30], 200, 6),
  [Tile.Poppy]: flower([200, 36, 30], [40, 30, 20], 204, 5),
  [Tile.Cornflower]: flower([70, 110, 220], [40, 50, 120], 208, 6),
  [Tile.Torch]: torch,
  [Tile.TorchWall]: torchWall,
  [Tile.TorchFlame]: torchFlame,
  [Tile.Glowstone]: glowstone(212),
  [Tile.Lava]: lava,
  [Tile.CactusSide]: (x, y) => {
    // Dark ribs every 4 pixels, lighter flesh, pale spines.
    if (grain(74, x, y) > 0.93 && x % 4 !== 0) return [222, 222, 180, 255];
    const f = (x % 4 === 0 ? 0.72 : 1) * (0.88 + 0.14 * grain(75, x, y));
    return [...shade([74, 132, 48], f), 255] as RGBA;
  },
  [Tile.CactusTop]: (x, y) => {
    const rim = x === 0 || y === 0 || x === 15 || y === 15;
    const f = (rim ? 0.75 : 1) * (0.9 + 0.12 * grain(76, x, y));
    const dot = (x & 3) === 2 && (y & 3) === 2;
    return [...shade(dot ? [200, 210, 150] : [96, 150, 62], f), 255] as RGBA;
  },
  [Tile.Sandstone]: (x, y) => {
    // Sand-coloured layers, a darker band every 4 rows.
    const band = y % 4 === 3 ? 0.86 : 1;
    const f = band * (0.92 + 0.06 * blotch(77, x, y) + 0.05 * grain(78, x, y));
    return [...shade([216, 200, 150], f), 255] as RGBA;
  },
  [Tile.CoalOre]: ore([30, 30, 32], 80),
  [Tile.IronOre]: ore([214, 170, 136], 84),
  [Tile.GoldOre]: ore([246, 212, 60], 88),
  [Tile.Clay]: (x, y) => {
    const f = 0.9 + 0.08 * blotch(92, x, y) + 0.05 * grain(93, x, y);
    return [...shade([158, 164, 178], f), 255] as RGBA;
  },
  [Tile.OakPlanks]: planks(OAK, 100),
  [Tile.BirchPlanks]: planks([206, 190, 132], 104),
  [Tile.SprucePlanks]: planks([112, 82, 50], 108),
  [Tile.Cobblestone]: cobble(112),
  [Tile.MossyCobblestone]: cobble(112, 0.45),
  [Tile.Bricks]: masonry(4, 8, [150, 74, 58], [180, 172, 160], 120),
  [Tile.StoneBricks]: masonry(8, 16, [124, 124, 126], [84, 84, 86], 124),
  [Tile.BookshelfSide]: (x, y) => {
    // Oak boards at the top, middle and bottom; two rows of books between them.
    if (y <= 1 || y >= 14 || y === 7 || y === 8) return planks(OAK, 100)(x, y === 7 || y === 8 ? y - 4 : y);
    const shelf = y < 7 ? 0 : 1;
    const book = Math.floor((x + shelf * 2) / 2);
    const h = hashInts(130 + shelf, book, 0) >>> 0;
    const colours: RGB[] = [[120, 40, 34], [46, 70, 120], [52, 96, 50], [150, 120, 60], [90, 50, 90], [60, 40, 30]];
    const top = shelf === 0 ? 2 + (h & 1) : 9 + ((h >>> 1) & 1);
    if (y < top) return [40, 28, 18, 255];
    const spine = (x + shelf * 2) % 2 === 1 ? 0.8 : 1;
    const band = y === top + 1 ? 1.25 : 1;
    return [...shade(colours[(h >>> 4) % colours.length]!, spine * band * (0.92 + 0.1 * grain(131, x, y))), 255] as RGBA;
  },
  [Tile.Glass]: (x, y) => {
    // A frame two texels wide (so it survives mipmapping: the cut-out test keeps coverage
    // down to a quarter of the texels), two short glints, and clear glass (alpha 0) between.
    const edge = Math.min(x, y, 15 - x, 15 - y);
    const glint = (x - y === 3 && x > 4 && x < 9) || (x - y === 6 && x > 9 && x < 13);
    if (edge === 0) return [...shade([214, 234, 240], 0.92 + 0.08 * grain(140, x, y)), 255] as RGBA;
    if (edge === 1) return [...shade([170, 200, 212], 0.92 + 0.08 * grain(141, x, y)), 255] as RGBA;
    if (glint) return [236, 246, 250, 255];
    return [206, 228, 236, 0];
  },
  [Tile.Ice]: (x, y) => {
    // Pale blue, a few lighter cracks; drawn blended like water.
    const crack = blotch(150, x, y, 8) > 0.78 && grain(151, x, y) > 0.3;
    const f = 0.92 + 0.08 * blotch(152, x, y) + 0.04 * grain(153, x, y);
    return [...shade(crack ? [226, 240, 252] : [150, 190, 240], f), 190] as RGBA;
  },
  ...Object.fromEntries(WOOL_COLOURS.map((colour, i) => [Tile.Wool + i, wool(WOOL[colour]!, 160 + 4 * i)])),
  [Tile.Gravel]: (x, y) => {
    const f = 0.6 + 0.4 * blotch(19, x, y, 8) + 0.1 * grain(20, x, y);
    return [...shade([136, 126, 122], f), 255] as [number, number, number, number];
  },
};

export function paintAtlas(): { width: number; height: number; rgba: Uint8Array } {
  const width = S * TILE_COUNT;
  const rgba = new Uint8Array(width * S * 4);
  for (let t = 0; t < TILE_COUNT; t++) {
    const paint = PAINTERS[t];
    if (!paint) throw new Error(`no painter for tile ${t} (${TILE_NAMES[t]})`);
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) {
        const [r, g, b, a] = paint(x, y);
        const i = (y * width + t * S + x) * 4;
        rgba[i] = Math.max(0, Math.min(255, Math.round(r)));
        rgba[i + 1] = Math.max(0, Math.min(255, Math.round(g)));
        rgba[i + 2] = Math.max(0, Math.min(255, Math.round(b)));
        rgba[i + 3] = a;
      }
    }
  }
  return { width, height: S, rgba };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { width, height, rgba } = paintAtlas();
  const out = fileURLToPath(new URL('../assets/atlas.png', import.meta.url));
  writeFileSync(out, encodePng(width, height, rgba));
  console.log(`wrote ${out} (${TILE_COUNT} tiles: ${TILE_NAMES.join(', ')})`);
}
