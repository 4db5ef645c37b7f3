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

  it('leaves keep the faces between them (fancy leaves) and show against water; stone shows against leaves', () => {
    const Leaves = Block.Leaves;
    // Two leaves side by side: 12 faces, the two facing each other included, all in the cut-out pass.
    const pair = unitFaces(mesh(volumeOf([[5, 10, 5, Leaves], [6, 10, 5, Leaves]])));
    expect(pair).toHaveLength(12);
    expect(pair.every((f) => f.pass === 1)).toBe(true);
    expect(pair.filter((f) => f.x === 5 && f.face === Face.PosX)).toHaveLength(1);
    expect(pair.filter((f) => f.x === 6 && f.face === Face.NegX)).toHaveLength(1);
    // A 3x3x3 bush: every leaf shows all six faces (27 * 6), the hidden centre too.
    const bush: [number, number, number, number][] = [];
    for (let y = 10; y < 13; y++) for (let z = 4; z < 7; z++) for (let x = 4; x < 7; x++) bush.push([x, y, z, Leaves]);
    expect(unitFaces(mesh(volumeOf(bush)))).toHaveLength(27 * 6);
    // Stone under a leaf shows its top (the leaf hides nothing); the stone hides the leaf's bottom.
    const stacked = unitFaces(mesh(volumeOf([[5, 10, 5, Block.Stone], [5, 11, 5, Leaves]])));
    expect(stacked).toHaveLength(11);
    expect(stacked.filter((f) => f.face === Face.PosY && f.y === 10)).toHaveLength(1);
    // Water beside a leaf: the leaf shows its face toward the water, the water none toward the leaf.
    const pond = unitFaces(mesh(volumeOf([[5, 10, 5, Water], [6, 10, 5, Leaves]])));
    expect(pond.filter((f) => f.pass === 1)).toHaveLength(6);
    expect(pond.filter((f) => f.pass === 2)).toHaveLength(5);
  });

  it("oak leaves and grass carry their column tint (not grass's dirt bottom); other blocks carry 0", () => {
    const volume = volumeOf([[5, 10, 5, Block.Leaves], [8, 10, 8, Block.Grass], [11, 10, 11, Block.Stone], [2, 10, 2, Block.SpruceLeaves]]);
    volume.tints.fill(0x3c);
    for (const f of unitFaces(mesh(volume))) {
      const tinted = (f.x === 5 && f.z === 5) || (f.x === 8 && f.z === 8 && f.face !== Face.NegY);
      expect(f.tint, `${f.x},${f.z}`).toBe(tinted ? 0x3c : 0);
    }
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
