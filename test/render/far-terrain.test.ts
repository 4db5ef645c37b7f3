/**
 * FarTerrain in Node (BatchedMesh keeps its instances in plain arrays until drawn): a level-1
 * region is drawn column by column and loses a column while that column is loaded; a coarser
 * region partly under loaded columns switches the layer to the masked materials, and back;
 * the swap rule's hide wins over everything; a face direction the camera sees only from
 * behind is not drawn; dispose stops listening, and is safe twice.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { meshLodRegion } from '../../src/mesh';
import { splitLodRegion } from '../../src/mesh/lod-split';
import { ColumnMeshes } from '../../src/render/column-meshes';
import { FarTerrain } from '../../src/render/far-terrain';
import { DEFAULT_WORLD_PARAMS, sampleLodRegion, terrainFor } from '../../src/world';

const FLAT = { ...DEFAULT_WORLD_PARAMS, type: 'flat' as const };
const basic = () => new THREE.MeshBasicMaterial();

function setup() {
  // ColumnMeshes takes voxel materials; any material does for its bookkeeping.
  const shader = () => new THREE.ShaderMaterial();
  const columns = new ColumnMeshes(shader(), shader(), shader());
  const plain = { opaque: basic(), water: basic() };
  const masked = { opaque: basic(), water: basic() };
  const far = new FarTerrain(columns, { name: 'far', plain, masked, bucketBlocks: 2048 });
  // High above the flat world's ground: its tops face the camera.
  far.follow(new THREE.Vector3(0, 200, 0));
  return { columns, far, plain, masked };
}

function regionMesh(level: number, rx: number, rz: number) {
  return meshLodRegion(sampleLodRegion(terrainFor(FLAT), level, rx, rz, []), FLAT.seaLevel);
}

function put(far: FarTerrain, level: number, rx: number, rz: number): string {
  const key = `${level}:${rx},${rz}`;
  const span = 16 * 2 ** level;
  far.set(key, { x: rx * span, z: rz * span, scaleXZ: 2 ** level }, splitLodRegion(regionMesh(level, rx, rz), level));
  return key;
}

/** Instances the layer's batches would draw (BatchedMesh's private instance list: visible and active). */
function drawnInstances(far: FarTerrain): number {
  let n = 0;
  for (const child of far.group.children) {
    const info = (child as unknown as { _instanceInfo: { active: boolean; visible: boolean }[] })._instanceInfo;
    n += info.filter((i) => i.active && i.visible).length;
  }
  return n;
}

const materialsOf = (far: FarTerrain) => far.group.children.map((c) => (c as THREE.Mesh).material);

describe('FarTerrain', () => {
  it('draws a level-1 region column by column, leaving out loaded columns', () => {
    const { columns, far } = setup();
    columns.set(-2, 4, regionMesh(1, 0, 0)); // any mesh: column (-2, 4) is loaded
    put(far, 1, -1, 2); // columns -2..-1 x 4..5
    expect(far.count).toBe(1);
    expect(drawnInstances(far)).toBe(3);
    columns.set(-1, 5, regionMesh(1, 0, 0));
    expect(drawnInstances(far)).toBe(2);
    columns.remove(-2, 4);
    expect(drawnInstances(far)).toBe(3);
    expect(far.masking).toBe(false);
    columns.clear();
    expect(drawnInstances(far)).toBe(4);
  });

  it('the swap rule hides a region whatever is loaded, and shows only its uncovered columns again', () => {
    const { columns, far } = setup();
    const key = put(far, 1, 0, 0);
    columns.set(0, 0, regionMesh(1, 0, 0));
    far.setVisible(key, false);
    expect(drawnInstances(far)).toBe(0);
    columns.remove(0, 0);
    expect(drawnInstances(far)).toBe(0);
    columns.set(1, 1, regionMesh(1, 0, 0));
    far.setVisible(key, true);
    expect(drawnInstances(far)).toBe(3);
    far.remove(key);
    expect(drawnInstances(far)).toBe(0);
    expect(far.count).toBe(0);
  });

  it('draws a coarser region whole, with the masked materials only while loaded columns lie in it', () => {
    const { columns, far, plain, masked } = setup();
    put(far, 2, 0, 0); // columns 0..3
    far.follow(new THREE.Vector3());
    expect(materialsOf(far)).toEqual([plain.opaque]);
    const plainRevision = far.revision;
    far.follow(new THREE.Vector3());
    expect(far.revision).toBe(plainRevision); // nothing changed: the same picture
    columns.set(3, 3, regionMesh(1, 0, 0));
    const beforeSwap = far.revision;
    far.follow(new THREE.Vector3());
    expect(far.masking).toBe(true);
    expect(materialsOf(far)).toEqual([masked.opaque]);
    expect(far.revision).toBeGreaterThan(beforeSwap); // the swap changes the picture (drawing on demand)
    columns.remove(3, 3);
    far.follow(new THREE.Vector3());
    expect(materialsOf(far)).toEqual([plain.opaque]);
    // Every column loaded: not drawn at all, and no mask needed.
    for (let z = 0; z < 4; z++) for (let x = 0; x < 4; x++) columns.set(x, z, regionMesh(1, 0, 0));
    expect(drawnInstances(far)).toBe(0);
    expect(far.masking).toBe(false);
  });

  it('leaves out the face directions the camera sees from behind', () => {
    const { far } = setup();
    put(far, 2, 0, 0);
    expect(drawnInstances(far)).toBe(1);
    // Below the flat ground: its tops face away.
    far.follow(new THREE.Vector3(30, 10, 30));
    expect(drawnInstances(far)).toBe(0);
    far.follow(new THREE.Vector3(30, 200, 30));
    expect(drawnInstances(far)).toBe(1);
  });

  it('stops listening to the columns on dispose, which is safe twice', () => {
    const { columns, far } = setup();
    put(far, 1, 0, 0);
    far.dispose();
    far.dispose();
    expect(() => columns.set(0, 0, regionMesh(1, 0, 0))).not.toThrow();
    columns.dispose();
    columns.dispose();
  });
});
