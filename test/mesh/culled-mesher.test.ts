/**
 * Exact face counts on hand-made volumes, for both meshers: the culled mesher is the
 * reference the greedy one is checked against, so its own rules are pinned here.
 */
import { describe, expect, it } from 'vitest';
import { Block, Face, WORLD_HEIGHT } from '../../src/world';
import { meshColumnCulled, meshColumnGreedy, quadCountOf, type ColumnMeshData, type PaddedVolume } from '../../src/mesh';
import { unitFaces, volumeOf } from './mesh-helpers';

const { Stone, Water, Bedrock, Dirt } = Block;

const MESHERS: [string, (v: PaddedVolume) => ColumnMeshData][] = [
  ['culled', meshColumnCulled],
  ['greedy', meshColumnGreedy],
];

function counts(mesh: ColumnMeshData): { total: number; opaque: number; translucent: number; perFace: number[] } {
  const faces = unitFaces(mesh);
  const perFace = [0, 0, 0, 0, 0, 0];
  for (const f of faces) perFace[f.face]!++;
  const translucent = faces.filter((f) => f.pass === 2).length;
  return { total: faces.length, opaque: faces.length - translucent, translucent, perFace };
}

describe.each(MESHERS)('%s mesher face counts', (_name, mesh) => {
  it('emits nothing for an empty volume', () => {
    expect(quadCountOf(mesh(volumeOf([])))).toBe(0);
  });

  it('gives a lone block its six faces', () => {
    const c = counts(mesh(volumeOf([[5, 10, 5, Stone]])));
    expect(c.total).toBe(6);
    expect(c.perFace).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('hides the two faces between touching blocks (10 faces)', () => {
    const c = counts(mesh(volumeOf([[5, 10, 5, Stone], [6, 10, 5, Dirt]])));
    expect(c.total).toBe(10);
    expect(c.perFace).toEqual([1, 1, 2, 2, 2, 2]);
  });

  it('culls a border-edge face against a solid neighbour column (5 faces)', () => {
    expect(counts(mesh(volumeOf([[15, 10, 5, Stone], [16, 10, 5, Stone]]))).perFace).toEqual([0, 1, 1, 1, 1, 1]);
    expect(counts(mesh(volumeOf([[0, 10, 5, Stone], [-1, 10, 5, Stone]]))).perFace).toEqual([1, 0, 1, 1, 1, 1]);
    expect(counts(mesh(volumeOf([[3, 10, 15, Stone], [3, 10, 16, Stone]]))).perFace).toEqual([1, 1, 1, 1, 0, 1]);
    expect(counts(mesh(volumeOf([[3, 10, 0, Stone], [3, 10, -1, Stone]]))).perFace).toEqual([1, 1, 1, 1, 1, 0]);
  });

  it('shows a border-edge face against an air neighbour column (6 faces)', () => {
    expect(counts(mesh(volumeOf([[15, 10, 5, Stone]]))).total).toBe(6);
    expect(counts(mesh(volumeOf([[15, 10, 5, Stone], [16, 11, 5, Stone]]))).total).toBe(6);
  });

  it('never meshes border voxels themselves', () => {
    expect(quadCountOf(mesh(volumeOf([[16, 10, 5, Stone], [-1, 3, -1, Stone], [7, 4, 16, Water]])))).toBe(0);
  });

  it('emits no face between solid voxels across the borders: a full slab shows only its top and floor', () => {
    const slab: [number, number, number, number][] = [];
    for (let y = 0; y < 4; y++) for (let z = -1; z <= 16; z++) for (let x = -1; x <= 16; x++) slab.push([x, y, z, y === 0 ? Bedrock : Stone]);
    const c = counts(mesh(volumeOf(slab)));
    expect(c.perFace).toEqual([0, 0, 256, 256, 0, 0]);
  });

  it('shows the slab sides where the neighbour columns are air', () => {
    const slab: [number, number, number, number][] = [];
    for (let y = 0; y < 4; y++) for (let z = 0; z < 16; z++) for (let x = 0; x < 16; x++) slab.push([x, y, z, Stone]);
    // Below the world is air, so the bottom at y = 0 shows; 4 high sides of 16.
    expect(counts(mesh(volumeOf(slab))).perFace).toEqual([64, 64, 256, 256, 64, 64]);
  });

  it('water shows only against air; stone shows against water', () => {
    const alone = counts(mesh(volumeOf([[5, 10, 5, Water]])));
    expect(alone).toMatchObject({ total: 6, translucent: 6, opaque: 0 });

    const pair = counts(mesh(volumeOf([[5, 10, 5, Water], [6, 10, 5, Water]])));
    expect(pair).toMatchObject({ total: 10, translucent: 10 });

    // Water hides its face toward the stone; the stone keeps all six (seen through water).
    const shore = counts(mesh(volumeOf([[5, 10, 5, Water], [6, 10, 5, Stone]])));
    expect(shore).toMatchObject({ total: 11, translucent: 5, opaque: 6 });

    // Water across the border: no wall of water faces at the seam.
    const seam = counts(mesh(volumeOf([[15, 10, 5, Water], [16, 10, 5, Water]])));
    expect(seam).toMatchObject({ total: 5, translucent: 5 });
    expect(seam.perFace[Face.PosX]).toBe(0);
  });

  it('emits the bottom of the world at y = 0, unoccluded, and side AO open below it', () => {
    expect(counts(mesh(volumeOf([[3, 0, 3, Bedrock]]))).perFace).toEqual([1, 1, 1, 1, 1, 1]);
    expect(counts(mesh(volumeOf([[3, 0, 3, Water]]))).perFace).toEqual([1, 1, 1, 1, 1, 1]);
    const faces = unitFaces(mesh(volumeOf([[3, 0, 3, Bedrock]])));
    expect(faces).toHaveLength(6);
    for (const f of faces) expect(f.ao).toEqual([3, 3, 3, 3]);
  });

  it('emits the top face at y = 255, open to the sky, at height 256', () => {
    const faces = unitFaces(mesh(volumeOf([[3, WORLD_HEIGHT - 1, 3, Stone]])));
    expect(faces).toHaveLength(6);
    const top = faces.find((f) => f.face === Face.PosY)!;
    expect(top).toMatchObject({ x: 3, y: 255, z: 3 });
    expect(top.ao).toEqual([3, 3, 3, 3]);
  });
});
