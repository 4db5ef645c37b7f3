/**
 * meshLodRegion: quads read back from the packed vertices must draw each sampled cell (its
 * top, its water, its walls) and leave no gap where regions of neighbouring levels, or full
 * detail columns, meet a region.
 */
import { describe, expect, it } from 'vitest';
import { LOD_FACE_TILE, MeshPass, meshLodRegion, VERTEX_FIELDS, type ColumnMeshData } from '../../src/mesh';
import {
  Block, BLOCK_FACE_TILE, BLOCK_TINTED, DEFAULT_WORLD_PARAMS, Face, FACE_COUNT, LOD_CUT_WALL_MAX_LEVEL, LOD_GRID, LOD_SIDE_COUNT, lodCellSize,
  lodGridIndex, NO_FLOOR, sampleLodRegion, terrainFor, TEMPERATE_TINT, Tile, WORLD_HEIGHT, type LodSamples, type WorldParams,
} from '../../src/world';
import { lodQuads, wallCovers, type LodQuad } from './lod-quads';

const BIOMES: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: 'voxel' };
const BIOMES_SIMPLEX: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'biomes', seed: '12345', noise: 'simplex' };
const RIDGED: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'classic', seed: '12345', noise: 'simplex', style: 'ridged' };
const FLAT: WorldParams = { ...DEFAULT_WORLD_PARAMS, type: 'flat' };

interface Built {
  params: WorldParams;
  samples: LodSamples;
  mesh: ColumnMeshData;
  quads: LodQuad[];
}

function build(params: WorldParams, level: number, rx: number, rz: number): Built {
  const samples = sampleLodRegion(terrainFor(params), level, rx, rz, []);
  const mesh = meshLodRegion(samples, params.seaLevel);
  return { params, samples, mesh, quads: lodQuads(mesh) };
}

/** The region of `level` holding block (x, z). */
function regionAt(params: WorldParams, level: number, x: number, z: number): Built {
  const span = 16 * lodCellSize(level);
  return build(params, level, Math.floor(x / span), Math.floor(z / span));
}

/**
 * Places to build regions at: [name, world, small level k, block x, z]. Mountains (the
 * roughest level-3 regions of two worlds), an ocean, a far negative spot, a coast.
 */
const PLACES: readonly [string, WorldParams, number, number, number][] = [
  ['biomes forest, k = 1', BIOMES, 1, 40, 8],
  ['biomes mountains, k = 1', BIOMES, 1, 1728, -576],
  ['biomes mountains, k = 2', BIOMES, 2, 1700, -600],
  ['biomes mountains, k = 3', BIOMES, 3, 1728, -576],
  ['ridged mountains, k = 1', RIDGED, 1, 704, -320],
  ['ridged mountains, k = 4', RIDGED, 4, 704, -320],
  ['biomes ocean, k = 3', BIOMES, 3, -700, -2000],
  ['biomes simplex far, k = 1', BIOMES_SIMPLEX, 1, -1280000, 3000],
  ['biomes simplex, k = 6', BIOMES_SIMPLEX, 6, 5000, -9000],
];

/** Unit top quads of a mesh per region cell, as [y, tile, tint] lists (a cell may be drawn at most once). */
function rasterTops(quads: readonly LodQuad[], pass: number): [number, number, number][][] {
  const cells: [number, number, number][][] = Array.from({ length: 256 }, () => []);
  for (const q of quads) {
    if (q.face !== Face.PosY || q.pass !== pass) continue;
    for (let z = q.min[2]; z < q.max[2]; z++) for (let x = q.min[0]; x < q.max[0]; x++) cells[x + 16 * z]!.push([q.min[1], q.tile, q.tint]);
  }
  return cells;
}

function expectSaneMesh(mesh: ColumnMeshData, quads: readonly LodQuad[]): void {
  const vertexCount = mesh.vertices.length;
  expect(mesh.indices.length).toBe((vertexCount / 4) * 6);
  expect(mesh.opaqueIndexCount + mesh.cutoutIndexCount + mesh.translucentIndexCount).toBe(mesh.indices.length);
  expect(mesh.cutoutIndexCount).toBe(0);
  for (const index of mesh.indices) expect(index).toBeLessThan(vertexCount);
  // The spare bits stay 0.
  const used = (1 << (VERTEX_FIELDS.light.shift + 4)) - 1;
  for (const v of mesh.vertices) expect(v & ~used).toBe(0);
  for (const q of quads) {
    for (const a of [0, 2]) {
      expect(q.min[a]!).toBeGreaterThanOrEqual(0);
      expect(q.max[a]!).toBeLessThanOrEqual(16);
    }
    expect(q.min[1]).toBeGreaterThanOrEqual(0);
    expect(q.max[1]).toBeLessThanOrEqual(WORLD_HEIGHT);
    // Flat along its normal, and never of zero size in the other two axes.
    const axis = q.face >> 1;
    expect(q.min[axis]).toBe(q.max[axis]);
    for (let a = 0; a < 3; a++) if (a !== axis) expect(q.max[a]).toBeGreaterThan(q.min[a]!);
    // Open AO, but leaves' walls darken towards their foot (CANOPY_WALL_AO).
    const canopyWall = q.face !== Face.PosY && [Tile.Leaves, Tile.BirchLeaves, Tile.SpruceLeaves].includes(q.tile as never);
    expect(q.ao).toEqual(canopyWall ? q.cornerY.map((y) => (y === q.min[1] ? 1 : 3)) : [3, 3, 3, 3]);
    expect(q.light).toEqual([15, 15, 15, 15]);
    const water = q.tile === Tile.Water;
    expect(q.pass === MeshPass.Translucent).toBe(water);
    if (water) expect(q.face).toBe(Face.PosY);
  }
}

/** Checks of the walls between neighbours; `lower` counts those where the neighbour was lower (the check had teeth). */
interface WallStats {
  lower: number;
}

/**
 * Wherever a cell of `neighbour` across `region`'s border is lower than the region's border
 * cell beside it, that cell's wall must cover the drop. Neighbours are edge-adjacent regions
 * whose level differs by at most one.
 */
function expectSkirtsCover(region: Built, neighbour: Built, stats: WallStats): void {
  const { level, rx, rz } = region.samples;
  const s = lodCellSize(level);
  const span = 16 * s;
  const ns = lodCellSize(neighbour.samples.level);
  const nspan = 16 * ns;
  const nx0 = neighbour.samples.rx * nspan;
  const nz0 = neighbour.samples.rz * nspan;
  const inNeighbour = (x: number, z: number): boolean => x >= nx0 && x < nx0 + nspan && z >= nz0 && z < nz0 + nspan;
  const sides = [
    { face: Face.PosX, cell: (c: number) => [15, c], outside: (b: number) => [rx * span + span, rz * span + b] },
    { face: Face.NegX, cell: (c: number) => [0, c], outside: (b: number) => [rx * span - 1, rz * span + b] },
    { face: Face.PosZ, cell: (c: number) => [c, 15], outside: (b: number) => [rx * span + b, rz * span + span] },
    { face: Face.NegZ, cell: (c: number) => [c, 0], outside: (b: number) => [rx * span + b, rz * span - 1] },
  ];
  let shared = 0;
  for (const { face, cell, outside } of sides) {
    for (let b = 0; b < span; b++) {
      const [x, z] = outside(b);
      if (!inNeighbour(x!, z!)) continue;
      shared++;
      const c = Math.floor(b / s);
      const [i, j] = cell(c);
      const h = region.samples.heights[lodGridIndex(i!, j!)]!;
      const nh = neighbour.samples.heights[lodGridIndex(Math.floor(x! / ns) - neighbour.samples.rx * 16, Math.floor(z! / ns) - neighbour.samples.rz * 16)]!;
      if (nh >= h) continue;
      stats.lower++;
      const plane = face === Face.PosX || face === Face.PosZ ? 16 : 0;
      expect(wallCovers(region.quads, face, plane, c, nh + 1, h + 1), `level ${level} (${rx}, ${rz}) face ${face} cell ${c}: ${h} over ${nh}`).toBe(true);
    }
  }
  expect(shared, 'the regions share an edge').toBeGreaterThan(0);
}

/**
 * Up to LOD_CUT_WALL_MAX_LEVEL, every cell side on a column boundary covers the drop to the
 * real height of each block across it.
 */
function expectCutWallsCover(region: Built, stats: WallStats): void {
  const { level, rx, rz } = region.samples;
  const terrain = terrainFor(region.params);
  const s = lodCellSize(level);
  const x0 = rx * 16 * s;
  const z0 = rz * 16 * s;
  for (let j = 0; j < 16; j++) {
    for (let i = 0; i < 16; i++) {
      const h = region.samples.heights[lodGridIndex(i, j)]!;
      const bx = x0 + i * s;
      const bz = z0 + j * s;
      const sides = [
        { face: Face.PosX, onBoundary: (bx + s) % 16 === 0, plane: i + 1, along: j, across: (m: number) => [bx + s, bz + m] },
        { face: Face.NegX, onBoundary: bx % 16 === 0, plane: i, along: j, across: (m: number) => [bx - 1, bz + m] },
        { face: Face.PosZ, onBoundary: (bz + s) % 16 === 0, plane: j + 1, along: i, across: (m: number) => [bx + m, bz + s] },
        { face: Face.NegZ, onBoundary: bz % 16 === 0, plane: j, along: i, across: (m: number) => [bx + m, bz - 1] },
      ];
      for (const { face, onBoundary, plane, along, across } of sides) {
        if (!onBoundary) continue;
        for (let m = 0; m < s; m++) {
          const [x, z] = across(m);
          const real = terrain.heightAt(x!, z!);
          if (real >= h) continue;
          stats.lower++;
          expect(wallCovers(region.quads, face, plane, along, real + 1, h + 1), `level ${level} cell (${i}, ${j}) face ${face}: ${h} over real ${real}`).toBe(true);
        }
      }
    }
  }
}

describe('meshLodRegion', () => {
  for (const [name, params, level, x, z] of PLACES) {
    it(`${name}: draws every cell's top and water once, walls between cells, and a sane mesh`, () => {
      const region = regionAt(params, level, x, z);
      const { samples, mesh, quads } = region;
      expectSaneMesh(mesh, quads);
      const tops = rasterTops(quads, MeshPass.Opaque);
      const water = rasterTops(quads, MeshPass.Translucent);
      for (let j = 0; j < 16; j++) {
        for (let i = 0; i < 16; i++) {
          const k = lodGridIndex(i, j);
          const top = samples.tops[k]!;
          const tint = BLOCK_TINTED[top] ? samples.tints[k]! : 0;
          expect(tops[i + 16 * j]).toEqual([[samples.heights[k]! + 1, LOD_FACE_TILE[top * FACE_COUNT + Face.PosY], tint]]);
          expect(water[i + 16 * j]).toEqual(samples.underWater[k] ? [[params.seaLevel + 1, Tile.Water, 0]] : []);
        }
      }
      // Inside the region, the higher of two neighbouring cells has a wall down to the lower.
      let steps = 0;
      for (let j = 0; j < 16; j++) {
        for (let i = 0; i < 16; i++) {
          const h = samples.heights[lodGridIndex(i, j)]!;
          if (i < 15) {
            const e = samples.heights[lodGridIndex(i + 1, j)]!;
            if (e !== h) steps++;
            if (e < h) expect(wallCovers(quads, Face.PosX, i + 1, j, e + 1, h + 1)).toBe(true);
            if (h < e) expect(wallCovers(quads, Face.NegX, i + 1, j, h + 1, e + 1)).toBe(true);
          }
          if (j < 15) {
            const s = samples.heights[lodGridIndex(i, j + 1)]!;
            if (s < h) expect(wallCovers(quads, Face.PosZ, j + 1, i, s + 1, h + 1)).toBe(true);
            if (h < s) expect(wallCovers(quads, Face.NegZ, j + 1, i, h + 1, s + 1)).toBe(true);
          }
        }
      }
      expect(steps).toBeGreaterThan(0);
      // Walls use the top block's side tile (snow: its top, LOD_FACE_TILE) and tint.
      for (const q of quads) {
        if (q.face === Face.PosY) continue;
        const i = q.face === Face.PosX ? q.min[0] - 1 : q.min[0];
        const j = q.face === Face.PosZ ? q.min[2] - 1 : q.min[2];
        const k = lodGridIndex(i, j);
        const top = samples.tops[k]!;
        expect(q.tile).toBe(LOD_FACE_TILE[top * FACE_COUNT + q.face]);
        expect(q.tint).toBe(BLOCK_TINTED[top] ? samples.tints[k] : 0);
        expect(q.max[1]).toBe(samples.heights[k]! + 1);
      }
    });

    it(`${name}: skirts cover the drop to every edge neighbour at levels k and k + 1, both ways`, () => {
      const stats = { lower: 0 };
      const big = regionAt(params, level + 1, x, z);
      const { rx: RX, rz: RZ } = big.samples;
      // The level k regions along each side of the level k + 1 region, two per side.
      const smalls = [
        [2 * RX + 2, 2 * RZ], [2 * RX + 2, 2 * RZ + 1], [2 * RX - 1, 2 * RZ], [2 * RX - 1, 2 * RZ + 1],
        [2 * RX, 2 * RZ + 2], [2 * RX + 1, 2 * RZ + 2], [2 * RX, 2 * RZ - 1], [2 * RX + 1, 2 * RZ - 1],
      ].map(([sx, sz]) => build(params, level, sx!, sz!));
      for (const small of smalls) {
        expectSkirtsCover(big, small, stats);
        expectSkirtsCover(small, big, stats);
      }
      // Same level: a small region and its four edge neighbours, both ways.
      const centre = smalls[0]!;
      const { rx, rz } = centre.samples;
      for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const other = build(params, level, rx + dx!, rz + dz!);
        expectSkirtsCover(centre, other, stats);
        expectSkirtsCover(other, centre, stats);
      }
      expect(stats.lower).toBeGreaterThan(0);
    });

    if (level <= LOD_CUT_WALL_MAX_LEVEL) {
      it(`${name}: cut walls on column boundaries cover the drop to the real terrain across them`, () => {
        const stats = { lower: 0 };
        expectCutWallsCover(regionAt(params, level, x, z), stats);
        expect(stats.lower).toBeGreaterThan(0);
      });
    }
  }

  it('level 1 over a forest: canopy cells are drawn opaque at the canopy with the tree top tile and the column tint, walls leaves', () => {
    const { samples, quads } = regionAt(BIOMES, 1, 40, 8);
    const tops = rasterTops(quads, MeshPass.Opaque);
    let leaves = 0;
    for (let j = 0; j < 16; j++) {
      for (let i = 0; i < 16; i++) {
        const k = lodGridIndex(i, j);
        if (samples.tops[k] !== Block.Leaves) continue;
        leaves++;
        expect(tops[i + 16 * j]).toEqual([[samples.heights[k]! + 1, Tile.Leaves, samples.tints[k]]]);
      }
    }
    expect(leaves).toBeGreaterThan(10);
    const walls = quads.filter((q) => q.face !== Face.PosY && q.tile === Tile.Leaves);
    expect(walls.length).toBeGreaterThan(0);
    for (const q of walls) expect(q.pass).toBe(MeshPass.Opaque);
  });

  it('far snow is white on every side: LOD_FACE_TILE is the blocks\' own tiles but snow\'s sides, which are its top', () => {
    for (let b = 0; b < LOD_FACE_TILE.length / FACE_COUNT; b++) {
      for (let f = 0; f < FACE_COUNT; f++) {
        const own = BLOCK_FACE_TILE[b * FACE_COUNT + f];
        expect(LOD_FACE_TILE[b * FACE_COUNT + f], `block ${b} face ${f}`).toBe(b === Block.Snow ? Tile.Snow : own);
      }
    }
  });

  it('a snowy peak (biomes "voxel" around block (-32, 32)): snow walls show the snow tile, never the dirt-fringed snow side', () => {
    for (const level of [1, 2, 3]) {
      const { samples, quads } = regionAt(BIOMES, level, -32, 32);
      const walls = quads.filter((q) => q.face !== Face.PosY);
      const snowWalls = walls.filter((q) => {
        const i = q.face === Face.PosX ? q.min[0] - 1 : q.min[0];
        const j = q.face === Face.PosZ ? q.min[2] - 1 : q.min[2];
        return samples.tops[lodGridIndex(i, j)] === Block.Snow;
      });
      expect(snowWalls.length, `level ${level}`).toBeGreaterThan(0);
      for (const q of snowWalls) expect(q.tile).toBe(Tile.Snow);
      expect(quads.some((q) => q.tile === Tile.SnowSide)).toBe(false);
    }
  });

  it('level 1 over birch and spruce forests: their canopies too are opaque quads (far terrain has no cut-out pass)', () => {
    const birch = regionAt(BIOMES, 1, 128, 160).quads;
    const spruce = build(BIOMES_SIMPLEX, 1, 2, -1).quads;
    for (const [quads, tile] of [[birch, Tile.BirchLeaves], [spruce, Tile.SpruceLeaves]] as const) {
      const leaves = quads.filter((q) => q.tile === tile);
      expect(leaves.filter((q) => q.face === Face.PosY).length, `tile ${tile}`).toBeGreaterThan(3);
      for (const q of leaves) expect(q.pass).toBe(MeshPass.Opaque);
    }
  });

  it('a flat world region is one quad, an ocean region one water quad', () => {
    const flat = build(FLAT, 3, -5, 9);
    expect(flat.quads.length).toBe(1);
    expect(flat.quads[0]!.tint).toBe(TEMPERATE_TINT);
    const ocean = regionAt(BIOMES, 3, -700, -2000);
    expect(ocean.quads.filter((q) => q.pass === MeshPass.Translucent).length).toBe(1);
  });

  it('keeps y in 0..256: a top at the build limit and a cell edited down to nothing', () => {
    const n = LOD_GRID * LOD_GRID;
    const samples: LodSamples = {
      level: 1,
      rx: 0,
      rz: 0,
      heights: new Int16Array(n).fill(40),
      tops: new Uint8Array(n).fill(Block.Stone),
      tints: new Uint8Array(n),
      underWater: new Uint8Array(n),
      sideFloors: new Int16Array(LOD_SIDE_COUNT * 256).fill(NO_FLOOR),
    };
    samples.heights[lodGridIndex(3, 3)] = WORLD_HEIGHT - 1;
    samples.heights[lodGridIndex(8, 8)] = -1;
    samples.tops[lodGridIndex(8, 8)] = Block.Air;
    const mesh = meshLodRegion(samples, 62);
    const quads = lodQuads(mesh);
    expectSaneMesh(mesh, quads);
    expect(quads.some((q) => q.max[1] === WORLD_HEIGHT)).toBe(true);
    // The hole's four neighbours wall down to y = 0; the hole itself has no top.
    expect(wallCovers(quads, Face.PosX, 8, 8, 0, 41)).toBe(true);
    expect(wallCovers(quads, Face.NegZ, 9, 8, 0, 41)).toBe(true);
    expect(rasterTops(quads, MeshPass.Opaque)[8 + 16 * 8]).toEqual([]);
  });
});
