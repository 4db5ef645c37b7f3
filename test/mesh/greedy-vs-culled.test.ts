/**
 * The greedy mesher must cover exactly the culled mesher's unit faces, each with the same
 * tile, pass and four corner AO values (issue 4): on random volumes of many densities and
 * shapes, and on generated terrain from both noise sources.
 */
import { describe, expect, it } from 'vitest';
import { Block, BLOCK_COUNT, DEFAULT_WORLD_PARAMS, Tile, WORLD_HEIGHT, type NoiseSource } from '../../src/world';
import {
  createPaddedVolume,
  generatePaddedVolume,
  meshColumnCulled,
  meshColumnGreedy,
  paddedIndex,
  quadCountOf,
  updatePaddedMaxY,
  type PaddedVolume,
} from '../../src/mesh';
import { mulberry32 } from '../support/random';
import { expectSameFaceSet, lightVolume, unitFaces } from './mesh-helpers';

const PALETTE = [Block.Stone, Block.Dirt, Block.Grass, Block.Sand, Block.Water, Block.Snow, Block.Gravel, Block.Bedrock];

/** Independent random blocks (border included) in layers y0..y1, filled with probability density. */
function noiseVolume(seed: number, density: number, y0: number, y1: number, palette: readonly number[]): PaddedVolume {
  const rand = mulberry32(seed);
  const volume = createPaddedVolume();
  for (let y = y0; y <= y1; y++) {
    for (let z = -1; z <= 16; z++) {
      for (let x = -1; x <= 16; x++) {
        if (rand() < density) volume.blocks[paddedIndex(x, y, z)] = palette[Math.floor(rand() * palette.length)]!;
      }
    }
  }
  updatePaddedMaxY(volume);
  return volume;
}

/**
 * A random heightfield with few materials and water up to a level: big coplanar areas that
 * the greedy mesher really merges, with terraces and overhang-free AO patterns like terrain.
 */
function terraceVolume(seed: number, base: number, relief: number, waterLevel: number): PaddedVolume {
  const rand = mulberry32(seed);
  const volume = createPaddedVolume();
  const step = 1 + Math.floor(rand() * 6);
  const cells = new Map<string, number>();
  for (let z = -1; z <= 16; z++) {
    for (let x = -1; x <= 16; x++) {
      const key = `${Math.floor((x + 1) / step)},${Math.floor((z + 1) / step)}`;
      if (!cells.has(key)) cells.set(key, base + Math.floor(rand() * relief));
      const h = Math.min(WORLD_HEIGHT - 1, cells.get(key)!);
      for (let y = 0; y <= h; y++) volume.blocks[paddedIndex(x, y, z)] = y === 0 ? Block.Bedrock : y === h ? Block.Grass : Block.Stone;
      for (let y = h + 1; y <= waterLevel; y++) volume.blocks[paddedIndex(x, y, z)] = Block.Water;
    }
  }
  updatePaddedMaxY(volume);
  return volume;
}

/**
 * Layers that are each full (border included), empty, or noisy: exercises the mesher's
 * skipping of all-opaque layers, e.g. a full layer over a cave still shows its bottom.
 */
function slabStackVolume(seed: number, layers: number): PaddedVolume {
  const rand = mulberry32(seed);
  const volume = createPaddedVolume();
  for (let y = 0; y < layers; y++) {
    const kind = rand();
    for (let z = -1; z <= 16; z++) {
      for (let x = -1; x <= 16; x++) {
        const filled = kind < 0.5 || (kind < 0.8 && rand() < 0.9);
        if (filled) volume.blocks[paddedIndex(x, y, z)] = kind < 0.3 ? Block.Stone : PALETTE[Math.floor(rand() * PALETTE.length)]!;
      }
    }
  }
  updatePaddedMaxY(volume);
  return volume;
}

function expectSameFaces(volume: PaddedVolume): { culled: number; greedy: number } {
  const culled = meshColumnCulled(volume);
  const greedy = meshColumnGreedy(volume);
  expectSameFaceSet(greedy, culled);
  return { culled: quadCountOf(culled), greedy: quadCountOf(greedy) };
}

describe('greedy mesher covers exactly the culled unit faces', () => {
  it.each([0.02, 0.15, 0.4, 0.7, 0.95])('random noise volumes at density %f', (density) => {
    for (let i = 0; i < 4; i++) {
      const seed = Math.floor(density * 1000) * 100 + i;
      const rand = mulberry32(seed ^ 0x9e3779b9);
      const y0 = Math.floor(rand() * 30);
      expectSameFaces(noiseVolume(seed, density, y0, y0 + 4 + Math.floor(rand() * 12), PALETTE));
    }
  });

  it('random volumes of one material merge a lot and still match', () => {
    let culled = 0;
    let greedy = 0;
    for (let i = 0; i < 6; i++) {
      const r = expectSameFaces(noiseVolume(7000 + i, 0.85, 1, 10, [Block.Stone]));
      culled += r.culled;
      greedy += r.greedy;
    }
    // Guards against a test that passes because nothing was merged.
    expect(greedy).toBeLessThan(culled);
  });

  it('touches the world floor and ceiling (y = 0 and y = 255)', () => {
    expectSameFaces(noiseVolume(11, 0.5, 0, 6, PALETTE));
    expectSameFaces(noiseVolume(12, 0.5, WORLD_HEIGHT - 7, WORLD_HEIGHT - 1, PALETTE));
    expectSameFaces(noiseVolume(13, 0.3, 0, WORLD_HEIGHT - 1, [Block.Stone, Block.Water]));
  });

  it('stacks of full, empty and noisy layers', () => {
    for (let i = 0; i < 12; i += 2) expectSameFaces(slabStackVolume(900 + i, 8 + i * 3));
  });

  it('random terraced heightfields with water', () => {
    let culled = 0;
    let greedy = 0;
    for (let i = 0; i < 8; i++) {
      const rand = mulberry32(500 + i);
      const base = 1 + Math.floor(rand() * 200);
      const r = expectSameFaces(terraceVolume(500 + i, base, 1 + Math.floor(rand() * 12), base + Math.floor(rand() * 6)));
      culled += r.culled;
      greedy += r.greedy;
    }
    expect(greedy).toBeLessThan(culled * 0.8);
  });

  it('a tall volume meshed right after a short one, and back (shared scratch buffers)', () => {
    expectSameFaces(noiseVolume(21, 0.3, 0, 200, PALETTE));
    expectSameFaces(noiseVolume(22, 0.3, 0, 3, PALETTE));
    expectSameFaces(noiseVolume(23, 0.6, 100, 120, PALETTE));
    expectSameFaces(createPaddedVolume());
    expectSameFaces(noiseVolume(24, 0.2, 0, 20, PALETTE));
  });

  const COLUMNS: [number, number][] = [[0, 0], [-1, -1], [3, -7], [-12, 5], [250, -300], [-1_000_000, 999_999]];
  const SOURCES: NoiseSource[] = ['perlin', 'simplex'];
  describe.each(SOURCES)('generated terrain (%s)', (noise) => {
    it.each(['voxel', '12345', ''])('seed %j', (seed) => {
      const params = { ...DEFAULT_WORLD_PARAMS, noise, seed };
      for (const [cx, cz] of COLUMNS) expectSameFaces(generatePaddedVolume(params, cx, cz));
    });
  });

  const LEAFY = [Block.Stone, Block.Grass, Block.Leaves, Block.Leaves, Block.BirchLeaves, Block.SpruceLeaves, Block.Water, Block.Log, Block.Dirt];

  /** Random tints per block column, so tinted faces differ by climate and untinted ones must not. */
  function tinted(volume: PaddedVolume, seed: number): PaddedVolume {
    const rand = mulberry32(seed);
    const palette = [0x99, 0x99, 0x99, 0x3c, 0xf0];
    for (let i = 0; i < volume.tints.length; i++) volume.tints[i] = palette[Math.floor(rand() * palette.length)]!;
    return volume;
  }

  it('with varying light, tints and leaves (random volumes lit by their own skylight)', () => {
    let culled = 0;
    let greedy = 0;
    let dim = 0;
    for (let i = 0; i < 10; i++) {
      const rand = mulberry32(3100 + i);
      const y0 = Math.floor(rand() * 40);
      const volume = tinted(lightVolume(noiseVolume(3100 + i, 0.1 + 0.8 * rand(), y0, y0 + 6 + Math.floor(rand() * 20), LEAFY)), 77 + i);
      const r = expectSameFaces(volume);
      culled += r.culled;
      greedy += r.greedy;
      dim += unitFaces(meshColumnCulled(volume)).filter((f) => f.light.some((l) => l < 15)).length;
    }
    // Light really varies, and merging still happens.
    expect(dim).toBeGreaterThan(1000);
    expect(greedy).toBeLessThan(culled);
  });

  it('terraces with leaf canopies and caves under them, lit and tinted', () => {
    for (let i = 0; i < 8; i++) {
      const volume = terraceVolume(4200 + i, 30, 8, 33);
      const rand = mulberry32(4200 + i);
      // Canopies and dug tunnels.
      for (let t = 0; t < 6; t++) {
        const x0 = Math.floor(rand() * 14) - 1, z0 = Math.floor(rand() * 14) - 1, y = 42 + Math.floor(rand() * 6);
        for (let dz = 0; dz < 4; dz++) for (let dx = 0; dx < 4; dx++) if (x0 + dx <= 16 && z0 + dz <= 16) volume.blocks[paddedIndex(x0 + dx, y, z0 + dz)] = Block.Leaves;
        const ty = 10 + Math.floor(rand() * 20);
        for (let x = -1; x <= 16; x++) volume.blocks[paddedIndex(x, ty, z0 + 1)] = Block.Air;
      }
      updatePaddedMaxY(volume);
      expectSameFaces(tinted(lightVolume(volume), 900 + i));
    }
  });

  it('torch-lit caves: no merged quad spans a change of block light', () => {
    let culled = 0;
    let greedy = 0;
    let torchLit = 0;
    for (let i = 0; i < 8; i++) {
      const rand = mulberry32(6100 + i);
      const volume = terraceVolume(6100 + i, 40, 6, 0);
      // Caves dug under the terraces, with torches, glowstone and lava in them.
      for (let t = 0; t < 4; t++) {
        const z = Math.floor(rand() * 16);
        const y = 10 + Math.floor(rand() * 20);
        for (let x = -1; x <= 16; x++) for (let dy = 0; dy < 3; dy++) volume.blocks[paddedIndex(x, y + dy, z)] = Block.Air;
        const sources = [Block.Torch, Block.Glowstone, Block.Lava];
        volume.blocks[paddedIndex(Math.floor(rand() * 16), y, z)] = sources[t % 3]!;
      }
      updatePaddedMaxY(volume);
      const r = expectSameFaces(lightVolume(volume));
      culled += r.culled;
      greedy += r.greedy;
      torchLit += unitFaces(meshColumnGreedy(volume), []).filter((f) => f.blockLight.some((l) => l > 0)).length;
    }
    expect(torchLit).toBeGreaterThan(500);
    expect(greedy).toBeLessThan(culled);
  });

  it('rough generated terrain (high amplitude, small scale, low sea)', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, amplitude: 127, scale: 24, seaLevel: 20, octaves: 8 };
    for (const [cx, cz] of COLUMNS) expectSameFaces(generatePaddedVolume(params, cx, cz));
  });

  it('every block of the registry, glass beside glass and ice in water among them', () => {
    const every = Array.from({ length: BLOCK_COUNT - 1 }, (_, i) => i + 1);
    const seeThrough = [Block.Glass, Block.Glass, Block.Ice, Block.Water, Block.Water, Block.Leaves, Block.Stone];
    for (let i = 0; i < 8; i++) {
      const rand = mulberry32(5300 + i);
      const y0 = Math.floor(rand() * 40);
      expectSameFaces(tinted(lightVolume(noiseVolume(5300 + i, 0.2 + 0.7 * rand(), y0, y0 + 10, i % 2 === 0 ? every : seeThrough)), 31 + i));
    }
  });
});

describe('see-through neighbours', () => {
  /** Unit faces of a volume holding `blocks` (x, y, z, id), per block id. */
  function facesOf(blocks: [number, number, number, number][]): Map<number, number> {
    const volume = createPaddedVolume();
    for (const [x, y, z, b] of blocks) volume.blocks[paddedIndex(x, y, z)] = b;
    updatePaddedMaxY(volume);
    const count = new Map<number, number>();
    const culled = meshColumnCulled(volume);
    const greedy = meshColumnGreedy(volume);
    expectSameFaceSet(greedy, culled);
    for (const f of unitFaces(culled)) count.set(f.tile, (count.get(f.tile) ?? 0) + 1);
    return count;
  }

  it('two glass blocks side by side show 10 faces, not 12; two leaves keep all 12', () => {
    const glass = facesOf([[4, 20, 4, Block.Glass], [5, 20, 4, Block.Glass]]);
    expect([...glass.values()].reduce((a, b) => a + b, 0)).toBe(10);
    const leaves = facesOf([[4, 20, 4, Block.Leaves], [5, 20, 4, Block.Leaves]]);
    expect([...leaves.values()].reduce((a, b) => a + b, 0)).toBe(12);
  });

  it('ice in water shows all six faces and the water its six toward the ice; water beside water shows none', () => {
    const around: [number, number, number, number][] = [];
    for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) around.push([6 + dx, 30 + dy, 6 + dz, dx === 0 && dy === 0 && dz === 0 ? Block.Ice : Block.Water]);
    const faces = facesOf(around);
    expect(faces.get(Tile.Ice)).toBe(6);
    // The 3 x 3 x 3 of water: 54 outer faces toward air, and 6 inner ones toward the ice.
    expect(faces.get(Tile.Water)).toBe(54 + 6);
  });

  it('lava beside water shows its face, water none toward the lava; two lavas hide the faces between them', () => {
    const faces = facesOf([[4, 20, 4, Block.Lava], [5, 20, 4, Block.Water], [4, 20, 5, Block.Lava]]);
    // Each lava: 6 faces less the one toward the other; the face toward the water stays.
    expect(faces.get(Tile.Lava)).toBe(10);
    // The water: 5 faces toward air, none toward the lava.
    expect(faces.get(Tile.Water)).toBe(5);
  });
});
