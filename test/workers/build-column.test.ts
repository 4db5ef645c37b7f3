/**
 * buildColumn is what a worker runs for one request. Run in Node, its result must equal
 * the main-thread path: the same hashChunk as generateColumn, the same mesh as meshing
 * the padded volume directly, and buffers that transfer without copying.
 */
import { describe, expect, it } from 'vitest';
import { generatePaddedVolume, meshColumnGreedy, paddedIndex, type ColumnMeshData } from '../../src/mesh';
import { transferablesOf, type BlockEdit, type BuildColumnRequest, type BuildColumnResult } from '../../src/workers';
import { buildColumn } from '../../src/workers/build-column';
import { unitFaces } from '../mesh/mesh-helpers';
import { Block, BLOCK_COUNT, BLOCK_OPAQUE, blockIndex, COLUMN_SIZE, DEFAULT_WORLD_PARAMS, generateColumn, hashChunk, terrainFor, WORLD_HEIGHT, type NoiseSource, type WorldParams } from '../../src/world';

const zeroClock = (): number => 0;

/** Unit faces a mesh covers (a merged quad w x h counts w * h); plants' crosses set aside. */
function unitFaceCount(mesh: ColumnMeshData): number {
  return unitFaces(mesh, []).length;
}

function request(params: WorldParams, cx: number, cz: number, edits: BlockEdit[] = [], id = 1): BuildColumnRequest {
  return { type: 'build', id, generation: 0, revision: 0, params, cx, cz, edits };
}

function build(params: WorldParams, cx: number, cz: number, edits: BlockEdit[] = []): BuildColumnResult {
  return buildColumn(request(params, cx, cz, edits), zeroClock);
}

function expectSameMesh(a: ColumnMeshData, b: ColumnMeshData): void {
  expect(a.opaqueIndexCount).toBe(b.opaqueIndexCount);
  expect(a.translucentIndexCount).toBe(b.translucentIndexCount);
  expect(a.indices.constructor).toBe(b.indices.constructor);
  expect(Array.from(a.vertices)).toEqual(Array.from(b.vertices));
  expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
}

function meshesEqual(a: ColumnMeshData, b: ColumnMeshData): boolean {
  return (
    a.opaqueIndexCount === b.opaqueIndexCount &&
    a.translucentIndexCount === b.translucentIndexCount &&
    a.vertices.length === b.vertices.length &&
    a.vertices.every((v, i) => v === b.vertices[i]) &&
    a.indices.length === b.indices.length &&
    a.indices.every((v, i) => v === b.indices[i])
  );
}

const SEEDS = ['voxel', '12345', '', 'ünïcødé 🌍'];
const NOISES: NoiseSource[] = ['perlin', 'simplex'];
const COLUMNS: [number, number][] = [[0, 0], [-1, -1], [3, -7], [-1_000_000, 999_999]];

describe('buildColumn vs the main thread', () => {
  for (const noise of NOISES) {
    it(`hash === hashChunk(generateColumn(...)) for several seeds and columns (${noise})`, () => {
      const hashes = new Set<string>();
      for (const seed of SEEDS) {
        const params: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed, noise };
        for (const [cx, cz] of COLUMNS) {
          const result = build(params, cx, cz);
          expect(result.hash, `${seed} ${cx},${cz}`).toMatch(/^[0-9a-f]{16}$/);
          expect(result.hash, `${seed} ${cx},${cz}`).toBe(hashChunk(generateColumn(params, cx, cz)));
          hashes.add(result.hash);
        }
      }
      // Different seeds and columns give different columns: the comparison is not vacuous.
      expect(hashes.size).toBe(SEEDS.length * COLUMNS.length);
    });
  }

  it('the two noise sources give different worlds', () => {
    const perlin = build({ ...DEFAULT_WORLD_PARAMS, noise: 'perlin' }, 2, 2);
    const simplex = build({ ...DEFAULT_WORLD_PARAMS, noise: 'simplex' }, 2, 2);
    expect(perlin.hash).not.toBe(simplex.hash);
  });

  it('non-default parameters too', () => {
    const params: WorldParams = { ...DEFAULT_WORLD_PARAMS, seed: 'hills', octaves: 3, persistence: 0.7, lacunarity: 2.5, scale: 64, amplitude: 120, seaLevel: 90 };
    for (const [cx, cz] of COLUMNS) expect(build(params, cx, cz).hash).toBe(hashChunk(generateColumn(params, cx, cz)));
  });

  it('the mesh equals meshing the padded volume on the main thread', () => {
    for (const [cx, cz] of COLUMNS.slice(0, 3)) {
      const result = build({ ...DEFAULT_WORLD_PARAMS }, cx, cz);
      expectSameMesh(result.mesh, meshColumnGreedy(generatePaddedVolume({ ...DEFAULT_WORLD_PARAMS }, cx, cz)));
    }
  });

  it('is deterministic: building twice gives identical results', () => {
    const a = build({ ...DEFAULT_WORLD_PARAMS }, -5, 8);
    const b = build({ ...DEFAULT_WORLD_PARAMS }, -5, 8);
    expect(a.hash).toBe(b.hash);
    expectSameMesh(a.mesh, b.mesh);
  });

  it('echoes id, generation, revision and coordinates; reports quads and times from the clock', () => {
    const ticks = [100, 103, 105, 110];
    const clock = (): number => {
      const t = ticks.shift();
      if (t === undefined) throw new Error('clock read more than four times');
      return t;
    };
    const result = buildColumn({ type: 'build', id: 42, generation: 7, revision: 3, params: { ...DEFAULT_WORLD_PARAMS }, cx: -2, cz: 9, edits: [] }, clock);
    // Hashing (for the test API) is timed on its own, not as part of generating.
    expect(result).toMatchObject({ type: 'built', id: 42, generation: 7, revision: 3, cx: -2, cz: 9, generateMs: 3, hashMs: 2, meshMs: 5 });
    expect(ticks).toEqual([]);
    expect(result.quads).toBe(result.mesh.vertices.length / 4);
    expect(result.quads).toBeGreaterThan(0);
  });
});

describe('buildColumn mesh data', () => {
  const result = build({ ...DEFAULT_WORLD_PARAMS }, 1, -3);
  const { mesh } = result;

  it('is typed arrays with consistent counts', () => {
    expect(mesh.vertices).toBeInstanceOf(Uint32Array);
    expect(mesh.indices instanceof Uint16Array || mesh.indices instanceof Uint32Array).toBe(true);
    expect(mesh.vertices.length % 4).toBe(0);
    expect(mesh.indices.length).toBe((mesh.vertices.length / 4) * 6);
    expect(mesh.materials).toBeInstanceOf(Uint32Array);
    expect(mesh.materials.length).toBe(mesh.vertices.length);
    expect(mesh.opaqueIndexCount + mesh.cutoutIndexCount + mesh.translucentIndexCount).toBe(mesh.indices.length);
    expect(Math.max(...mesh.indices)).toBeLessThan(mesh.vertices.length);
  });

  it('transferablesOf lists exactly the buffers of the three arrays, distinct and whole', () => {
    const transfer = transferablesOf(result);
    expect(transfer).toHaveLength(3);
    expect(transfer[0]).toBe(mesh.vertices.buffer);
    expect(transfer[1]).toBe(mesh.materials.buffer);
    expect(transfer[2]).toBe(mesh.indices.buffer);
    expect(new Set(transfer).size).toBe(3); // a buffer listed twice makes postMessage throw
    for (const b of transfer) expect(b).toBeInstanceOf(ArrayBuffer);
    // No hidden spare capacity is shipped along.
    expect(mesh.vertices.buffer.byteLength).toBe(mesh.vertices.byteLength);
    expect(mesh.materials.buffer.byteLength).toBe(mesh.materials.byteLength);
    expect(mesh.indices.buffer.byteLength).toBe(mesh.indices.byteLength);
  });

  it('transfers without copying: the clone has the data, the originals are detached', () => {
    const own = build({ ...DEFAULT_WORLD_PARAMS }, 1, -3);
    const vertices = Array.from(own.mesh.vertices);
    const indices = Array.from(own.mesh.indices);
    const clone = structuredClone(own, { transfer: transferablesOf(own) });
    expect(own.mesh.vertices.byteLength).toBe(0);
    expect(own.mesh.indices.byteLength).toBe(0);
    expect(Array.from(clone.mesh.vertices)).toEqual(vertices);
    expect(Array.from(clone.mesh.indices)).toEqual(indices);
    expect(clone.hash).toBe(own.hash);
    expect(clone.mesh.vertices).toBeInstanceOf(Uint32Array);
  });
});

describe('buildColumn edits', () => {
  const params: WorldParams = { ...DEFAULT_WORLD_PARAMS };
  const cx = 2;
  const cz = -1;
  const x0 = cx * COLUMN_SIZE;
  const z0 = cz * COLUMN_SIZE;
  const baseline = build(params, cx, cz);
  const column = generateColumn(params, cx, cz);

  it('an edit inside the column changes the hash to that of the edited column', () => {
    const y = WORLD_HEIGHT - 6;
    expect(column.blocks[blockIndex(3, y, 5)]).toBe(Block.Air);
    const edited = build(params, cx, cz, [{ x: x0 + 3, y, z: z0 + 5, block: Block.Stone }]);
    const expected = generateColumn(params, cx, cz);
    expected.blocks[blockIndex(3, y, 5)] = Block.Stone;
    expect(edited.hash).toBe(hashChunk(expected));
    expect(edited.hash).not.toBe(baseline.hash);
    // A floating block adds its six faces (and its shadow may split a few ground quads).
    expect(edited.quads).toBeGreaterThanOrEqual(baseline.quads + 6);
    expect(unitFaceCount(edited.mesh)).toBe(unitFaceCount(baseline.mesh) + 6);
  });

  it('edits are applied in order (the last one wins)', () => {
    const y = WORLD_HEIGHT - 6;
    const e = { x: x0 + 3, y, z: z0 + 5 };
    const edited = build(params, cx, cz, [{ ...e, block: Block.Stone }, { ...e, block: Block.Air }]);
    expect(edited.hash).toBe(baseline.hash);
    expectSameMesh(edited.mesh, baseline.mesh);
  });

  /** A y where the column's edge block and the neighbour's block beside it are both opaque. */
  function buriedY(lx: number, lz: number, nx: number, nz: number): number {
    const volume = generatePaddedVolume(params, cx, cz);
    for (let y = 5; y < WORLD_HEIGHT; y++) {
      const inner = volume.blocks[paddedIndex(lx, y, lz)]!;
      const outer = volume.blocks[paddedIndex(nx, y, nz)]!;
      const above = volume.blocks[paddedIndex(nx, y + 1, nz)]!;
      if (BLOCK_OPAQUE[inner] && BLOCK_OPAQUE[outer] && BLOCK_OPAQUE[above]) return y;
    }
    throw new Error('no buried block found');
  }

  const BORDERS: { name: string; lx: number; lz: number; nx: number; nz: number }[] = [
    { name: 'west (x = -1)', lx: 0, lz: 8, nx: -1, nz: 8 },
    { name: 'east (x = 16)', lx: 15, lz: 8, nx: 16, nz: 8 },
    { name: 'north (z = -1)', lx: 8, lz: 0, nx: 8, nz: -1 },
    { name: 'south (z = 16)', lx: 8, lz: 15, nx: 8, nz: 16 },
  ];

  for (const b of BORDERS) {
    it(`an edit in the ${b.name} border cell changes the mesh but not the hash`, () => {
      const y = buriedY(b.lx, b.lz, b.nx, b.nz);
      const edit = { x: x0 + b.nx, y, z: z0 + b.nz, block: Block.Air };
      const edited = build(params, cx, cz, [edit]);
      // The border belongs to the neighbour: this column's blocks are unchanged.
      expect(edited.hash).toBe(baseline.hash);
      // Digging out the neighbour's block exposes this column's edge block.
      expect(meshesEqual(edited.mesh, baseline.mesh)).toBe(false);
      // Exactly what meshing the edited volume on the main thread gives.
      expectSameMesh(edited.mesh, meshColumnGreedy(generatePaddedVolume(params, cx, cz, undefined, [edit])));
    });
  }

  it('edits with an invalid block id are ignored', () => {
    const y = buriedY(0, 8, -1, 8);
    for (const block of [-1, BLOCK_COUNT, 99, 255, 2.5, NaN]) {
      const edited = build(params, cx, cz, [
        { x: x0 + 3, y: WORLD_HEIGHT - 6, z: z0 + 5, block },
        { x: x0 - 1, y, z: z0 + 8, block },
      ]);
      expect(edited.hash, `block ${block}`).toBe(baseline.hash);
      expectSameMesh(edited.mesh, baseline.mesh);
    }
  });

  it('edits beyond LIGHT_MARGIN of the column are ignored', () => {
    const outside: BlockEdit[] = [
      { x: x0 - 5, y: 120, z: z0 + 8, block: Block.Stone },
      { x: x0 + 20, y: 120, z: z0 + 8, block: Block.Stone },
      { x: x0 + 8, y: 120, z: z0 - 5, block: Block.Stone },
      { x: x0 + 8, y: 120, z: z0 + 20, block: Block.Stone },
      { x: x0 + 8, y: -1, z: z0 + 8, block: Block.Stone },
      { x: x0 + 8, y: WORLD_HEIGHT, z: z0 + 8, block: Block.Stone },
      { x: x0 + 500, y: 20, z: z0 + 8, block: Block.Air },
    ];
    const edited = build(params, cx, cz, outside);
    expect(edited.hash).toBe(baseline.hash);
    expectSameMesh(edited.mesh, baseline.mesh);
  });

  it('edits with non-integer or non-finite coordinates are ignored, not written to another block', () => {
    // paddedIndex(0, y + 0.5, 8) is a whole number: the index of block (0, y + 1, -1).
    const y = buriedY(0, 8, -1, 8);
    const bad: BlockEdit[] = [
      { x: x0, y: y + 0.5, z: z0 + 8, block: Block.Air },
      { x: x0 + 0.5, y: 20, z: z0 - 1 + 1 / 36, block: Block.Air },
      { x: x0 + 3.25, y: 20, z: z0 + 5, block: Block.Air },
      { x: NaN, y: 20, z: z0 + 5, block: Block.Air },
      { x: x0 + 3, y: Number.POSITIVE_INFINITY, z: z0 + 5, block: Block.Air },
    ];
    for (const edit of bad) {
      const edited = build(params, cx, cz, [edit]);
      expect(edited.hash, JSON.stringify(edit)).toBe(baseline.hash);
      expect(meshesEqual(edited.mesh, baseline.mesh), JSON.stringify(edit)).toBe(true);
    }
  });

  it('edits of other columns do not leak into this one (negative coordinates)', () => {
    const ncx = -3;
    const ncz = -4;
    const nx0 = ncx * COLUMN_SIZE;
    const nz0 = ncz * COLUMN_SIZE;
    const base = build(params, ncx, ncz);
    const y = WORLD_HEIGHT - 6;
    // Block x = -48 is local x 0 of column -3; x = -33 is local x 15.
    const inside = build(params, ncx, ncz, [{ x: nx0 + 15, y, z: nz0, block: Block.Sand }]);
    const expected = generateColumn(params, ncx, ncz);
    expected.blocks[blockIndex(15, y, 0)] = Block.Sand;
    expect(inside.hash).toBe(hashChunk(expected));
    const neighbour = build(params, ncx, ncz, [{ x: nx0 + 16, y, z: nz0, block: Block.Sand }]);
    expect(neighbour.hash).toBe(base.hash); // border only: the mesh may change, the blocks do not
  });
});

describe('buildColumn surface summary', () => {
  for (const noise of ['perlin', 'simplex'] as NoiseSource[]) {
    it(`summarises the column's own 256 terrain heights (${noise}), edits left out`, () => {
      const params = { ...DEFAULT_WORLD_PARAMS, noise };
      const heights = new Int16Array(COLUMN_SIZE * COLUMN_SIZE);
      terrainFor(params).fillHeights(heights, -3 * COLUMN_SIZE, 7 * COLUMN_SIZE, COLUMN_SIZE, COLUMN_SIZE);
      let sum = 0;
      let sumSquares = 0;
      let land = 0;
      for (const h of heights) {
        sum += h;
        sumSquares += h * h;
        if (h >= params.seaLevel) land++;
      }
      const plain = build(params, -3, 7).surface;
      expect(plain).toEqual({ count: 256, sum, sumSquares, land });
      // A player's tower changes the blocks, not the terrain's statistics.
      const tower = Array.from({ length: 20 }, (_, y) => ({ x: -40, y: 200 + y, z: 120, block: Block.Stone }));
      expect(build(params, -3, 7, tower).surface).toEqual(plain);
    });
  }
});
