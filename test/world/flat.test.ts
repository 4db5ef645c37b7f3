/** The `flat` world type: a superflat world, the same column everywhere. */
import { describe, expect, it } from 'vitest';
import { Block, blockIndex, DEFAULT_WORLD_PARAMS, findLandSpawn, flatHeight, generateColumn, hashChunk, NO_BIOME, TEMPERATE_TINT, terrainFor, WORLD_HEIGHT } from '../../src/world';

const FLAT = { ...DEFAULT_WORLD_PARAMS, type: 'flat' as const };

describe('flat world type', () => {
  it('bedrock, stone, three dirt and grass at seaLevel + 2; no water, no trees', () => {
    const h = flatHeight(FLAT);
    expect(h).toBe(FLAT.seaLevel + 2);
    const column = generateColumn(FLAT, 3, -9);
    for (let y = 0; y < WORLD_HEIGHT; y++) {
      const want = y === 0 ? Block.Bedrock : y < h - 3 ? Block.Stone : y < h ? Block.Dirt : y === h ? Block.Grass : Block.Air;
      for (const [x, z] of [[0, 0], [15, 7], [8, 15]] as const) expect(column.blocks[blockIndex(x, y, z)]).toBe(want);
    }
    expect(column.maxY).toBe(h);
    expect(hashChunk(generateColumn(FLAT, -100, 40))).toBe(hashChunk(column));
  });

  it('terrain queries agree with the blocks; no biome, temperate tint; spawn at the origin column', () => {
    const terrain = terrainFor(FLAT);
    expect(terrain.heightAt(123, -456)).toBe(flatHeight(FLAT));
    expect(terrain.biomeAt(0, 0)).toBe(NO_BIOME);
    const heights = new Int16Array(4);
    const tops = new Uint8Array(4);
    terrain.fillSurface(heights, tops, 10, 10, 2, 2, 8);
    expect([...heights]).toEqual(new Array(4).fill(flatHeight(FLAT)));
    expect([...tops]).toEqual(new Array(4).fill(Block.Grass));
    const tints = new Uint8Array(4);
    terrain.fillBlocks(new Uint8Array(4 * WORLD_HEIGHT), 0, 0, 2, 2, WORLD_HEIGHT, undefined, tints);
    expect([...tints]).toEqual(new Array(4).fill(TEMPERATE_TINT));
    const spawn = findLandSpawn(FLAT);
    expect([spawn.x, spawn.z]).toEqual([8, 8]);
    expect(spawn.y).toBeGreaterThan(flatHeight(FLAT));
  });
});
