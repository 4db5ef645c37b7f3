/**
 * Skylight (src/mesh/skylight.ts): the fast seeded relaxation must equal the definition
 * (sky exposure, then rounds of max(own, neighbour - STEP) until nothing changes) on random
 * boxes, caves, water and leaves, and on generated terrain.
 */
import { describe, expect, it } from 'vitest';
import { computeSkylight, computeSkylightReference, MAX_LIGHT, SKYLIGHT_STEP, UNDER_WATER_LIGHT } from '../../src/mesh/skylight';
import { Block, DEFAULT_WORLD_PARAMS, terrainFor, WORLD_HEIGHT } from '../../src/world';
import { mulberry32 } from '../support/random';

function maxYOf(blocks: Uint8Array, layer: number): number {
  for (let i = blocks.length - 1; i >= 0; i--) if (blocks[i] !== 0) return Math.floor(i / layer);
  return -1;
}

function fast(blocks: Uint8Array, w: number, d: number, h: number): Uint8Array {
  const light = new Uint8Array(blocks.length).fill(99);
  computeSkylight(blocks, light, w, d, h, maxYOf(blocks, w * d));
  return light;
}

function expectSameLight(actual: Uint8Array, expected: Uint8Array, w: number, d: number): void {
  const bad: string[] = [];
  for (let i = 0; i < expected.length && bad.length < 5; i++) {
    if (actual[i] !== expected[i]) {
      const y = Math.floor(i / (w * d));
      const c = i % (w * d);
      bad.push(`(${c % w}, ${y}, ${Math.floor(c / w)}): ${actual[i]} vs ${expected[i]}`);
    }
  }
  expect(bad).toEqual([]);
}

const PALETTE = [Block.Stone, Block.Stone, Block.Dirt, Block.Water, Block.Leaves, Block.SpruceLeaves, Block.Sand];

describe('computeSkylight', () => {
  it('equals the reference on random boxes of many densities', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = mulberry32(seed);
      const w = 3 + Math.floor(rand() * 14);
      const d = 3 + Math.floor(rand() * 14);
      const h = 4 + Math.floor(rand() * 30);
      const density = rand();
      const blocks = new Uint8Array(w * d * h);
      for (let i = 0; i < blocks.length; i++) if (rand() < density) blocks[i] = PALETTE[Math.floor(rand() * PALETTE.length)]!;
      expectSameLight(fast(blocks, w, d, h), computeSkylightReference(blocks, w, d, h), w, d);
    }
  });

  it('equals the reference on terrain with dug caves, overhangs, ponds and trees', () => {
    for (let seed = 100; seed < 120; seed++) {
      const rand = mulberry32(seed);
      const w = 20;
      const d = 20;
      const h = 40;
      const layer = w * d;
      const blocks = new Uint8Array(layer * h);
      for (let z = 0; z < d; z++) {
        for (let x = 0; x < w; x++) {
          const top = 18 + Math.floor(rand() * 4);
          for (let y = 0; y <= top; y++) blocks[x + w * z + layer * y] = Block.Stone;
        }
      }
      // Tunnels: random walks of air, some opening to the sky.
      for (let t = 0; t < 6; t++) {
        let x = Math.floor(rand() * w), y = 5 + Math.floor(rand() * 18), z = Math.floor(rand() * d);
        for (let s = 0; s < 60; s++) {
          blocks[x + w * z + layer * y] = rand() < 0.1 ? Block.Water : Block.Air;
          const dir = Math.floor(rand() * 6);
          if (dir === 0) x = Math.min(w - 1, x + 1);
          else if (dir === 1) x = Math.max(0, x - 1);
          else if (dir === 2) z = Math.min(d - 1, z + 1);
          else if (dir === 3) z = Math.max(0, z - 1);
          else if (dir === 4) y = Math.min(h - 1, y + 1);
          else y = Math.max(1, y - 1);
        }
      }
      // Leaf canopies and overhanging slabs.
      for (let t = 0; t < 4; t++) {
        const x0 = Math.floor(rand() * (w - 4)), z0 = Math.floor(rand() * (d - 4)), y0 = 24 + Math.floor(rand() * 8);
        const id = rand() < 0.5 ? Block.Leaves : Block.Stone;
        for (let z = z0; z < z0 + 4; z++) for (let x = x0; x < x0 + 4; x++) blocks[x + w * z + layer * y0] = id;
      }
      expectSameLight(fast(blocks, w, d, h), computeSkylightReference(blocks, w, d, h), w, d);
    }
  });

  it('equals the reference on generated terrain', () => {
    const w = 24;
    const terrain = terrainFor(DEFAULT_WORLD_PARAMS);
    for (const [x0, z0] of [[-4, -4], [300, -1200], [5000, 77]] as const) {
      const blocks = new Uint8Array(w * w * WORLD_HEIGHT);
      terrain.fillBlocks(blocks, x0, z0, w, w, WORLD_HEIGHT);
      expectSameLight(fast(blocks, w, w, WORLD_HEIGHT), computeSkylightReference(blocks, w, w, WORLD_HEIGHT), w, w);
    }
  });

  it('a sealed hollow is dark, open air is full, light spreads 3 blocks into a tunnel', () => {
    const w = 12, d = 3, h = 10, layer = w * d;
    const blocks = new Uint8Array(layer * h);
    const at = (x: number, y: number, z: number): number => x + w * z + layer * y;
    for (let y = 0; y <= 6; y++) for (let z = 0; z < d; z++) for (let x = 0; x < w; x++) blocks[at(x, y, z)] = Block.Stone;
    // A horizontal tunnel at y = 3 from a shaft at x = 0 (open to the sky), and a sealed hollow.
    for (let y = 3; y <= 6; y++) blocks[at(0, y, 1)] = Block.Air;
    for (let x = 1; x <= 6; x++) blocks[at(x, 3, 1)] = Block.Air;
    blocks[at(10, 2, 1)] = Block.Air;
    const light = fast(blocks, w, d, h);
    expect(light[at(0, 3, 1)]).toBe(MAX_LIGHT);
    expect([1, 2, 3, 4].map((x) => light[at(x, 3, 1)])).toEqual([15 - SKYLIGHT_STEP, 15 - 2 * SKYLIGHT_STEP, 15 - 3 * SKYLIGHT_STEP, 0]);
    expect(light[at(10, 2, 1)]).toBe(0);
    expect(light[at(5, 0, 1)]).toBe(0);
    expect(light[at(5, 8, 1)]).toBe(MAX_LIGHT);
  });

  it('water dims the sky one level a block down to UNDER_WATER_LIGHT, and a deep sea floor stays there', () => {
    // Three columns side by side, far enough apart that the spread cannot reach across:
    // x = 0 a sea 30 deep, x = 4 a pond 5 deep, x = 8 ten leaves over 20 of water.
    const w = 9, d = 1, h = 40, layer = w * d;
    const blocks = new Uint8Array(layer * h).fill(Block.Stone);
    const at = (x: number, y: number): number => x + layer * y;
    for (let y = 3; y < h; y++) blocks[at(0, y)] = y < 33 ? Block.Water : Block.Air;
    for (let y = 28; y < h; y++) blocks[at(4, y)] = y < 33 ? Block.Water : Block.Air;
    for (let y = 3; y < h; y++) blocks[at(8, y)] = y < 23 ? Block.Water : y < 33 ? Block.Leaves : Block.Air;
    const light = fast(blocks, w, d, h);
    expectSameLight(light, computeSkylightReference(blocks, w, d, h), w, d);
    expect(UNDER_WATER_LIGHT).toBeGreaterThan(0);
    expect(light[at(0, 32)]).toBe(14);
    expect(light[at(0, 32 - (14 - UNDER_WATER_LIGHT))]).toBe(UNDER_WATER_LIGHT);
    // The water over the sea floor (y = 2): dim, not dark.
    expect(light[at(0, 3)]).toBe(UNDER_WATER_LIGHT);
    expect(light[at(4, 28)]).toBe(10);
    // What leaves have already darkened below the floor, water does not darken further.
    expect(light[at(8, 23)]).toBe(5);
    expect(light[at(8, 3)]).toBe(5);
  });
});
