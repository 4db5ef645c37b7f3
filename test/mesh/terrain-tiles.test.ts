/**
 * The kept terrain a worker builds lit columns' neighbourhoods from (terrain-tiles.ts): a tile
 * put back into a box is exactly what the terrain function generates there, the least recently
 * used tile goes first, and the two worlds of the swipe view keep their tiles apart.
 */
import { describe, expect, it } from 'vitest';
import { copyTileIntoBox, TerrainTiles, WorldTiles } from '../../src/mesh/terrain-tiles';
import { DEFAULT_WORLD_PARAMS, terrainFor, WORLD_HEIGHT } from '../../src/world';

describe('terrain tiles', () => {
  it('a tile cut from a 48 x 48 box and copied into another box is what fillBlocks gives that column', () => {
    const terrain = terrainFor({ ...DEFAULT_WORLD_PARAMS, seed: 'tiles' });
    const wide = new Uint8Array(48 * 48 * WORLD_HEIGHT);
    const heights = new Int16Array(48 * 48);
    const tints = new Uint8Array(48 * 48);
    const top = terrain.fillBlocks(wide, -16, -16, 48, 48, WORLD_HEIGHT, heights, tints);
    const tiles = new TerrainTiles();
    tiles.keepFromBox(1, 0, wide, heights, tints, 48, 48, top, 32, 16);
    const tile = tiles.get(1, 0)!;
    const alone = new Uint8Array(16 * 16 * WORLD_HEIGHT);
    const aloneHeights = new Int16Array(256);
    const aloneTints = new Uint8Array(256);
    terrain.fillBlocks(alone, 16, 0, 16, 16, WORLD_HEIGHT, aloneHeights, aloneTints);
    const box = new Uint8Array(20 * 20 * WORLD_HEIGHT).fill(99);
    const boxHeights = new Int16Array(400);
    const boxTints = new Uint8Array(400);
    copyTileIntoBox(tile, box, boxHeights, boxTints, 20, 20, 2, 3, WORLD_HEIGHT);
    for (let y = 0; y < WORLD_HEIGHT; y += 1) {
      for (let z = 0; z < 16; z++) {
        for (let x = 0; x < 16; x++) expect(box[2 + x + 20 * (3 + z) + 400 * y]).toBe(alone[x + 16 * z + 256 * y]);
      }
    }
    for (let i = 0; i < 256; i++) {
      expect(boxHeights[2 + (i % 16) + 20 * (3 + (i >> 4))]).toBe(aloneHeights[i]);
      expect(boxTints[2 + (i % 16) + 20 * (3 + (i >> 4))]).toBe(aloneTints[i]);
    }
    expect(tile.top).toBeLessThan(WORLD_HEIGHT - 1);
    expect(tile.blocks.length).toBe(256 * (tile.top + 1));
  });

  it('copied as 32-bit words into a 48-wide box at a multiple of 16 (the wide box of a lit column), it is the same as byte by byte', () => {
    const terrain = terrainFor({ ...DEFAULT_WORLD_PARAMS, seed: 'tiles' });
    const tiles = new TerrainTiles();
    const column = new Uint8Array(16 * 16 * WORLD_HEIGHT);
    const top = terrain.fillBlocks(column, 16, 0, 16, 16, WORLD_HEIGHT, new Int16Array(256), new Uint8Array(256));
    tiles.keepFromBox(1, 0, column, new Int16Array(256), new Uint8Array(256), 16, 16, top, 0, 0);
    const tile = tiles.get(1, 0)!;
    const box = new Uint8Array(48 * 48 * WORLD_HEIGHT).fill(99);
    const reference = box.slice();
    const layers = tile.top + 20;
    copyTileIntoBox(tile, box, new Int16Array(48 * 48), new Uint8Array(48 * 48), 48, 48, 16, 32, layers);
    for (let y = 0; y < layers; y++) {
      for (let z = 0; z < 16; z++) {
        for (let x = 0; x < 16; x++) reference[16 + x + 48 * (32 + z) + 2304 * y] = y <= tile.top ? tile.blocks[x + 16 * z + 256 * y]! : 0;
      }
    }
    expect(box).toEqual(reference);
  });

  it('forgets the least recently used tile beyond its capacity, and each world keeps its own', () => {
    const tiles = new TerrainTiles(2);
    const blocks = new Uint8Array(16 * 16 * 4).fill(1);
    const keep = (cx: number) => tiles.keepFromBox(cx, 0, blocks, new Int16Array(256), new Uint8Array(256), 16, 16, 3, 0, 0);
    keep(0);
    keep(1);
    tiles.get(0, 0);
    keep(2);
    expect(tiles.get(1, 0)).toBeUndefined();
    expect(tiles.get(0, 0)).toBeDefined();
    expect(tiles.size).toBe(2);
    const worlds = new WorldTiles();
    const a = worlds.of('a');
    const b = worlds.of('b');
    expect(worlds.of('a')).toBe(a);
    worlds.of('c');
    expect(worlds.of('a')).toBe(a);
    expect(worlds.of('b')).not.toBe(b);
  });
});
