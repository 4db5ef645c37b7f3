/**
 * Block light (issue 23): the flood fill against the plain reference, a column's light against
 * the reference over a box holding all its neighbours, in any order and whatever edits the
 * request happens to carry, un-lighting, and which columns an edit re-meshes.
 */
import { describe, expect, it } from 'vitest';
import {
  Block, BLOCK_LIGHT_EMISSION, BLOCK_OPAQUE, COLUMN_SIZE, DEFAULT_WORLD_PARAMS, EditStore, terrainFor, WORLD_HEIGHT, type BlockEdit, type WorldParams,
} from '../../src/world';
import { computeBlockLight, computeBlockLightReference } from '../../src/mesh/block-light';
import { generatePaddedVolume, paddedIndex, type PaddedVolume } from '../../src/mesh';
import { mulberry32 } from '../support/random';

const SOURCES = [Block.Torch, Block.Glowstone, Block.Lava];

describe('computeBlockLight', () => {
  it('matches the reference on random boxes of walls, water, leaves and sources', () => {
    const palette = [Block.Stone, Block.Stone, Block.Water, Block.Leaves, Block.Glass, Block.StoneSlab, ...SOURCES];
    let lit = 0;
    for (let t = 0; t < 30; t++) {
      const rand = mulberry32(100 + t);
      const w = 4 + Math.floor(rand() * 20);
      const d = 4 + Math.floor(rand() * 20);
      const h = 4 + Math.floor(rand() * 20);
      const density = rand() * 0.6;
      const blocks = new Uint8Array(w * d * h);
      const sources: number[] = [];
      for (let i = 0; i < blocks.length; i++) {
        if (rand() < density) blocks[i] = palette[Math.floor(rand() * palette.length)]!;
        if (BLOCK_LIGHT_EMISSION[blocks[i]!]! > 0) sources.push(i);
      }
      const light = new Uint8Array(blocks.length);
      computeBlockLight(blocks, light, w, d, h, sources);
      expect(light).toEqual(computeBlockLightReference(blocks, w, d, h));
      lit += light.filter((l) => l > 0).length;
    }
    expect(lit).toBeGreaterThan(1000);
  });

  it('drops one level a block through air, stops at walls, and gives each source its own level', () => {
    const w = 31;
    const blocks = new Uint8Array(w);
    blocks[15] = Block.Torch;
    blocks[20] = Block.Stone;
    const light = new Uint8Array(w);
    computeBlockLight(blocks, light, w, 1, 1, [15]);
    expect(Array.from(light.subarray(10, 22))).toEqual([9, 10, 11, 12, 13, 14, 13, 12, 11, 10, 0, 0]);
    expect(light[1]).toBe(0);
    expect(light[2]).toBe(1);
    const glow = new Uint8Array(3);
    glow[1] = Block.Glowstone;
    const out = new Uint8Array(3);
    computeBlockLight(glow, out, 3, 1, 1, [1]);
    expect(Array.from(out)).toEqual([14, 15, 14]);
  });
});

/** A plains-ish world whose surface is near y 64 everywhere: torches there sit in the open and in dug caves. */
const PARAMS: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'light', amplitude: 8 };

/** Random sources and walls in and around columns (0, 0)..(1, 1), some underground. */
function randomEdits(seed: number, count: number): BlockEdit[] {
  const rand = mulberry32(seed);
  const edits = new Map<string, BlockEdit>();
  for (let i = 0; i < count; i++) {
    const x = Math.floor(rand() * 64) - 16;
    const z = Math.floor(rand() * 64) - 16;
    const y = 50 + Math.floor(rand() * 24);
    const r = rand();
    const block = r < 0.45 ? SOURCES[Math.floor(rand() * SOURCES.length)]! : r < 0.75 ? Block.Air : Block.Stone;
    edits.set(`${x},${y},${z}`, { x, y, z, block });
  }
  return [...edits.values()];
}

/**
 * The reference for column (cx, cz): the terrain of its 3 x 3 neighbourhood and all edits, and
 * the plain rounds over the layers the sources can reach (with a layer to spare each way).
 */
function referenceBlockLight(params: WorldParams, edits: readonly BlockEdit[], cx: number, cz: number): (x: number, y: number, z: number) => number {
  const size = 3 * COLUMN_SIZE;
  const x0 = (cx - 1) * COLUMN_SIZE;
  const z0 = (cz - 1) * COLUMN_SIZE;
  const full = new Uint8Array(size * size * WORLD_HEIGHT);
  terrainFor(params).fillBlocks(full, x0, z0, size, size, WORLD_HEIGHT);
  const layer = size * size;
  for (const e of edits) {
    const bx = e.x - x0;
    const bz = e.z - z0;
    if (bx >= 0 && bx < size && bz >= 0 && bz < size) full[bx + size * bz + layer * e.y] = e.block;
  }
  const lo = 30;
  const hi = 95;
  const slab = full.slice(layer * lo, layer * (hi + 1));
  const light = computeBlockLightReference(slab, size, size, hi - lo + 1);
  return (x, y, z) => (y < lo || y > hi ? 0 : light[x - x0 + size * (z - z0) + layer * (y - lo)]!);
}

function paddedBlockLight(volume: PaddedVolume): number[] {
  const out: number[] = [];
  for (let y = 30; y <= 95; y++) for (let z = -1; z <= 16; z++) for (let x = -1; x <= 16; x++) out.push(volume.hasBlockLight ? volume.blockLight[paddedIndex(x, y, z)]! : 0);
  return out;
}

describe('a column\'s block light', () => {
  it('matches the reference over its whole neighbourhood, with sources across its borders', () => {
    let lit = 0;
    for (let t = 0; t < 3; t++) {
      const edits = randomEdits(700 + t, 40);
      for (const [cx, cz] of [[0, 0], [1, 1], [0, 1]] as const) {
        const volume = generatePaddedVolume(PARAMS, cx, cz, undefined, edits);
        const reference = referenceBlockLight(PARAMS, edits, cx, cz);
        const expected: number[] = [];
        for (let y = 30; y <= 95; y++) for (let z = -1; z <= 16; z++) for (let x = -1; x <= 16; x++) expected.push(reference(cx * 16 + x, y, cz * 16 + z));
        expect(paddedBlockLight(volume)).toEqual(expected);
        expect(volume.hasBlockLight).toBe(expected.some((l) => l > 0));
        lit += expected.filter((l) => l > 0).length;
      }
    }
    expect(lit).toBeGreaterThan(5000);
  });

  it('is the same whatever else the request carries and whichever columns were built before', () => {
    const edits = randomEdits(800, 60);
    const store = new EditStore();
    for (const e of edits) store.set(e);
    const alone = paddedBlockLight(generatePaddedVolume(PARAMS, 0, 0, undefined, store.forPaddedColumn(0, 0)));
    // Other columns first, in two orders, through the same scratch buffers.
    for (const order of [[[1, 1], [-1, 0]], [[-1, 0], [1, 1], [0, 1]]] as const) {
      for (const [cx, cz] of order) generatePaddedVolume(PARAMS, cx, cz, undefined, store.forPaddedColumn(cx, cz));
      expect(paddedBlockLight(generatePaddedVolume(PARAMS, 0, 0, undefined, edits))).toEqual(alone);
      expect(paddedBlockLight(generatePaddedVolume(PARAMS, 0, 0, undefined, store.forPaddedColumn(0, 0)))).toEqual(alone);
    }
  });

  it('goes dark again when the torch is broken, and blocks and skylight never depend on the sources', () => {
    const torch = { x: 8, y: 70, z: 8, block: Block.Torch };
    const dark = generatePaddedVolume(PARAMS, 0, 0, undefined, []);
    const darkBlocks = dark.blocks.slice();
    const darkSky = dark.light.slice();
    const lit = generatePaddedVolume(PARAMS, 0, 0, undefined, [torch]);
    expect(lit.hasBlockLight).toBe(true);
    expect(lit.blockLight[paddedIndex(8, 70, 8)]).toBe(14);
    // A torch is no wall: the blocks but its own cell and the skylight are as before.
    const torchAt = paddedIndex(8, 70, 8);
    expect(lit.blocks.filter((b, i) => i !== torchAt && b !== darkBlocks[i]).length).toBe(0);
    expect(lit.light).toEqual(darkSky);
    const store = new EditStore();
    store.set(torch);
    store.delete(8, 70, 8);
    const again = generatePaddedVolume(PARAMS, 0, 0, undefined, store.forPaddedColumn(0, 0));
    expect(again.hasBlockLight).toBe(false);
    expect(again.blockLight.every((l) => l === 0)).toBe(true);
  });
});

describe('columns an edit re-meshes', () => {
  const key = (c: { cx: number; cz: number }) => `${c.cx},${c.cz}`;

  /** The columns among (-3..3)² whose padded volume differs after `edit`, given `before`. */
  function changedColumns(before: readonly BlockEdit[], edit: BlockEdit): Set<string> {
    const after = new EditStore();
    const base = new EditStore();
    for (const e of before) {
      base.set(e);
      after.set(e);
    }
    after.set(edit);
    const changed = new Set<string>();
    for (let cz = -3; cz <= 3; cz++) {
      for (let cx = -3; cx <= 3; cx++) {
        const a = generatePaddedVolume(PARAMS, cx, cz, undefined, base.forPaddedColumn(cx, cz));
        const snapshot = { blocks: a.blocks.slice(), light: a.light.slice(), blockLight: a.hasBlockLight ? a.blockLight.slice() : null };
        const b = generatePaddedVolume(PARAMS, cx, cz, undefined, after.forPaddedColumn(cx, cz));
        const same =
          snapshot.blocks.every((v, i) => v === b.blocks[i]) &&
          snapshot.light.every((v, i) => v === b.light[i]) &&
          (snapshot.blockLight === null ? !b.hasBlockLight : b.hasBlockLight && snapshot.blockLight.every((v, i) => v === b.blockLight[i]));
        if (!same) changed.add(`${cx},${cz}`);
      }
    }
    return changed;
  }

  it('a torch re-meshes every column its light reaches and only those, and so does a wall in its light', () => {
    const cases: { before: BlockEdit[]; edit: BlockEdit }[] = [
      // A torch in the open near a corner: its light crosses into three neighbours.
      { before: [], edit: { x: 2, y: 70, z: 3, block: Block.Torch } },
      // Glowstone in the middle of a column: 15 reaches 14 blocks, into all four sides.
      { before: [], edit: { x: 8, y: 69, z: 8, block: Block.Glowstone } },
      // A wall built next to a torch, and one far from any: only the first shades a neighbour.
      { before: [{ x: 14, y: 70, z: 8, block: Block.Torch }], edit: { x: 15, y: 70, z: 8, block: Block.Stone } },
    ];
    let changedInAll = 0;
    for (const { before, edit } of cases) {
      const store = new EditStore();
      for (const e of before) store.set(e);
      const said = new Set(store.set(edit).map(key));
      const changed = changedColumns(before, edit);
      changedInAll += changed.size;
      for (const c of changed) expect(said, `${JSON.stringify(edit)} changed ${c}`).toContain(c);
      // Exactly: every column said is within the light's reach, which a test of the sets pins.
      expect(said.size).toBeLessThanOrEqual(9);
    }
    expect(changedInAll).toBeGreaterThanOrEqual(10);
    const lone = new EditStore();
    expect(lone.set({ x: 8, y: 70, z: 8, block: Block.Stone })).toEqual([{ cx: 0, cz: 0 }]);
  });

  it('breaking a torch re-meshes the columns it lit', () => {
    const store = new EditStore();
    const lit = new Set(store.set({ x: 1, y: 70, z: 1, block: Block.Torch }).map(key));
    const unlit = new Set(store.delete(1, 70, 1).map(key));
    expect(unlit).toEqual(lit);
    expect(lit).toEqual(new Set(['0,0', '-1,0', '0,-1', '-1,-1']));
  });

  it('forPaddedColumn carries the walls around a source that lights the column', () => {
    const store = new EditStore();
    store.set({ x: -10, y: 70, z: 5, block: Block.Torch });
    store.set({ x: -9, y: 70, z: 5, block: Block.Stone });
    store.set({ x: -30, y: 70, z: 5, block: Block.Stone });
    const carried = store.forPaddedColumn(0, 0).map((e) => e.x).sort((a, b) => a - b);
    expect(carried).toEqual([-10, -9]);
    expect(BLOCK_OPAQUE[Block.Stone]).toBe(1);
  });
});
