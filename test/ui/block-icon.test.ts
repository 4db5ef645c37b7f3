import { describe, expect, it } from 'vitest';
import { applyAffine, iconTiles, isoCubeFaces, shadedTilePixels, iconFaces, iconIsFlat } from '../../src/ui/block-icon';
import { Block, Tile } from '../../src/world';

const T = 16;

describe('isoCubeFaces', () => {
  const size = 40;
  const { top, left, right } = isoCubeFaces(size);
  const close = (a: [number, number], b: [number, number]) => {
    expect(a[0]).toBeCloseTo(b[0], 9);
    expect(a[1]).toBeCloseTo(b[1], 9);
  };

  it('joins the three faces at shared edges, with no gap or overlap', () => {
    // The front corner is shared by all three faces.
    close(applyAffine(top, T, T), applyAffine(left, T, 0));
    close(applyAffine(top, T, T), applyAffine(right, 0, 0));
    // Top's left and right corners are the sides' outer top corners.
    close(applyAffine(top, 0, T), applyAffine(left, 0, 0));
    close(applyAffine(top, T, 0), applyAffine(right, T, 0));
    // The front vertical edge is shared by the two sides.
    close(applyAffine(left, T, T), applyAffine(right, 0, T));
  });

  it('is a 30° isometric view: a 2:1 top, vertical side edges, centred in the icon', () => {
    const back = applyAffine(top, 0, 0);
    const front = applyAffine(top, T, T);
    const l = applyAffine(top, 0, T);
    const r = applyAffine(top, T, 0);
    expect(back[0]).toBeCloseTo(size / 2, 9);
    expect(front[0]).toBeCloseTo(size / 2, 9);
    expect(r[0] - l[0]).toBeCloseTo(2 * (front[1] - back[1]), 9);
    // Side tiles' v axis points straight down, so their top row meets the top face.
    expect(left[2]).toBe(0);
    expect(right[2]).toBe(0);
    expect(left[3]).toBeGreaterThan(0);
    const bottom = applyAffine(left, T, T)[1];
    expect(back[1] + bottom).toBeCloseTo(size, 9);
    expect(l[0] + r[0]).toBeCloseTo(size, 9);
    expect(l[0]).toBeGreaterThan(0);
    expect(back[1]).toBeGreaterThan(0);
    // A vertical edge is cos 30° of a block edge; the top's diagonal is √2 of one.
    const edge = bottom - front[1];
    expect(edge / (r[0] - l[0])).toBeCloseTo(Math.cos(Math.PI / 6) / Math.SQRT2, 9);
  });

  it('scales with the icon', () => {
    const small = isoCubeFaces(20);
    const big = isoCubeFaces(40);
    for (const face of ['top', 'left', 'right'] as const) for (let i = 0; i < 6; i++) expect(big[face][i]).toBeCloseTo(2 * small[face][i]!, 9);
  });
});

describe('iconTiles', () => {
  it('shows each block by its top and side tiles', () => {
    expect(iconTiles(Block.Grass)).toEqual({ top: Tile.GrassTop, left: Tile.GrassSide, right: Tile.GrassSide });
    expect(iconTiles(Block.Log)).toEqual({ top: Tile.LogTop, left: Tile.LogSide, right: Tile.LogSide });
    expect(iconTiles(Block.Snow)).toEqual({ top: Tile.Snow, left: Tile.SnowSide, right: Tile.SnowSide });
    expect(iconTiles(Block.Stone)).toEqual({ top: Tile.Stone, left: Tile.Stone, right: Tile.Stone });
  });
});

describe('shadedTilePixels', () => {
  // Three tiles side by side; every texel of tile t is (t·50 + x, y, 200, 255).
  const width = 3 * T;
  const pixels = new Uint8ClampedArray(width * T * 4);
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < width; x++) pixels.set([Math.floor(x / T) * 50 + (x % T), y, 200, 255], (y * width + x) * 4);
  }

  it('cuts its tile out of the strip', () => {
    const out = shadedTilePixels({ pixels, width }, 2, 1, 1);
    expect(out.length).toBe(T * T * 4);
    expect([...out.subarray(0, 4)]).toEqual([100, 0, 200, 255]);
    const last = (T * T - 1) * 4;
    expect([...out.subarray(last, last + 4)]).toEqual([115, 15, 200, 255]);
  });

  it('darkens colour and scales alpha, leaving the atlas alone', () => {
    const out = shadedTilePixels({ pixels, width }, 1, 0.5, 0.5);
    const at = (6 * T + 4) * 4;
    expect([...out.subarray(at, at + 4)]).toEqual([27, 3, 100, 128]);
    expect(pixels[(6 * width + T + 4) * 4]).toBe(54);
  });
});

describe('iconFaces', () => {
  it('draws a cube as the three faces of isoCubeFaces, whole tiles', () => {
    const cube = isoCubeFaces(64);
    const faces = iconFaces(Block.Stone, 64);
    expect(faces).toHaveLength(3);
    const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));
    close(faces[0]!.affine, cube.top);
    close(faces[1]!.affine, cube.left);
    close(faces[2]!.affine, cube.right);
    for (const f of faces) expect([f.sx, f.sy, f.sw, f.sh]).toEqual([0, 0, 16, 16]);
  });

  it('draws a slab half as tall: its top lowered by half a side, its sides the lower half of the tile', () => {
    const cube = isoCubeFaces(64);
    const [top, left, right] = iconFaces(Block.StoneSlab, 64);
    const halfSide = (cube.left[3] * 16) / 2;
    expect(top!.affine[5]).toBeCloseTo(cube.top[5] + halfSide, 9);
    expect([left!.sy, left!.sh, right!.sy, right!.sh]).toEqual([8, 8, 8, 8]);
  });

  it('draws stairs as two boxes, back first; plants and doors flat', () => {
    expect(iconFaces(Block.OakStairs, 64)).toHaveLength(6);
    expect(iconIsFlat(Block.Poppy)).toBe(true);
    expect(iconIsFlat(Block.OakDoor)).toBe(true);
    expect(iconIsFlat(Block.OakStairs)).toBe(false);
  });

  it('draws a torch flat, as its item, and glowstone and lava as cubes of their tiles', () => {
    expect(iconIsFlat(Block.Torch)).toBe(true);
    for (const [block, tile] of [[Block.Glowstone, Tile.Glowstone], [Block.Lava, Tile.Lava]] as const) {
      expect(iconIsFlat(block)).toBe(false);
      expect(iconTiles(block)).toEqual({ top: tile, left: tile, right: tile });
      expect(iconFaces(block, 64)).toHaveLength(3);
    }
  });
});
