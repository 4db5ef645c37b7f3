/**
 * The pool of emptied arenas, in Node (BatchedMesh keeps its buffers, ranges and matrices in
 * plain arrays until a renderer uploads them): an emptied region's arenas are reused by the
 * next region with their buffers, a reused arena draws only its new items and marks only
 * their ranges for upload, the pool stays within its bound a frame at a time, and dispose()
 * frees everything, twice safely.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { ColumnMeshData } from '../../src/mesh';
import { packMaterial, packVertex } from '../../src/mesh/vertex-format';
import { ArenaPool } from '../../src/render/arena-pool';
import { BatchedLayer } from '../../src/render/batched-layer';
import { BatchedPass } from '../../src/render/batched-pass';

const material = () => new THREE.MeshBasicMaterial();

/** `opaque` opaque quads and `water` water quads, quad k at height y0 + k, tagged by material `tag`. */
function meshOf(opaque: number, water: number, y0 = 10, tag = 1): ColumnMeshData {
  const quads = opaque + water;
  const vertices = new Uint32Array(quads * 4);
  const materials = new Uint16Array(quads * 4);
  const indices = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    [[0, 0], [16, 0], [16, 16], [0, 16]].forEach(([x, z], c) => {
      vertices[q * 4 + c] = packVertex(x!, (y0 + q) % 200, z!, 2, 3, 15);
      materials[q * 4 + c] = packMaterial(tag, 0);
    });
    [0, 1, 2, 0, 2, 3].forEach((o, i) => (indices[q * 6 + i] = q * 4 + o));
  }
  return { vertices, materials, indices, opaqueIndexCount: opaque * 6, cutoutIndexCount: 0, translucentIndexCount: water * 6 };
}

function regionLayer(poolBytes?: number): BatchedLayer {
  return new BatchedLayer({ name: 'pool', materials: { opaque: material(), water: material() }, bucketBlocks: 256, poolBytes });
}

/** BatchedMesh's private per-instance and per-geometry state: what its multi-draw is built from. */
function drawState(mesh: THREE.BatchedMesh) {
  const m = mesh as unknown as {
    _instanceInfo: { active: boolean; visible: boolean; geometryIndex: number }[];
    _geometryInfo: { active: boolean; vertexStart: number; vertexCount: number }[];
  };
  return { instances: m._instanceInfo.filter((i) => i.active), geometries: m._geometryInfo.filter((g) => g.active) };
}

describe('arena pool', () => {
  it("gives an emptied region's arenas to the next region, with their buffers, drawing only the new items", () => {
    const layer = regionLayer();
    for (let i = 0; i < 6; i++) layer.set(`a${i}`, { x: i * 16, z: 0, scaleXZ: 1 }, meshOf(200 + i * 50, 20, 10, 1));
    layer.setVisible('a2', false);
    const opaque = layer.batch('opaque', 0, 0)!;
    const water = layer.batch('water', 0, 0)!;
    const buffers = opaque.mesh.geometry.getAttribute('packedVertex') as THREE.BufferAttribute;
    for (let i = 0; i < 6; i++) layer.remove(`a${i}`);
    expect(layer.bucketCount).toBe(0);
    expect(layer.group.children).toHaveLength(0);
    expect(layer.pooledArenas).toBe(2);
    // What a renderer would send from here on: clear the ranges the first items marked.
    buffers.clearUpdateRanges();

    layer.set('b', { x: 1024, z: -512, scaleXZ: 1 }, meshOf(120, 0, 50, 7));
    expect(layer.pooledArenas).toBe(1);
    const reused = layer.batch('opaque', 1024, -512)!;
    expect(reused).toBe(opaque);
    expect(reused.mesh.geometry.getAttribute('packedVertex')).toBe(buffers);
    expect(reused.mesh.position.equals(layer.origin)).toBe(true);
    expect(layer.group.children).toEqual([reused.mesh]);
    // One instance, visible (the hidden item's id may be reused), of the one geometry there is.
    const { instances, geometries } = drawState(reused.mesh);
    expect(instances).toEqual([{ active: true, visible: true, geometryIndex: instances[0]!.geometryIndex }]);
    expect(geometries).toHaveLength(1);
    expect(geometries[0]).toMatchObject({ vertexStart: 0, vertexCount: 120 * 4 });
    expect(reused.slotQuads).toBeLessThan(200);
    expect(reused.freeSlotQuads).toBe(0);
    // Only the new item's slot is marked for upload, from the start of the buffer.
    expect(buffers.updateRanges).toHaveLength(1);
    expect(buffers.updateRanges[0]!.start).toBe(0);
    expect(buffers.updateRanges[0]!.count).toBe(reused.slotQuads * 4);
    expect(buffers.array[0]).toBe(meshOf(120, 0, 50, 7).vertices[0]);
    // The water arena waits in the pool; the next region with water takes it.
    layer.set('c', { x: -1024, z: 0, scaleXZ: 1 }, meshOf(3, 4));
    expect(layer.batch('water', -1024, 0)).toBe(water);
    expect(layer.batch('opaque', -1024, 0)).not.toBe(opaque);
    expect(layer.pooledArenas).toBe(0);
    layer.dispose();
  });

  it('puts the layer material back on a pooled arena that had another swapped in', () => {
    const layer = regionLayer();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(10, 0));
    const mesh = layer.batch('opaque')!.mesh;
    const plain = mesh.material;
    mesh.material = material();
    layer.remove('a');
    layer.set('b', { x: 512, z: 0, scaleXZ: 1 }, meshOf(10, 0));
    expect(layer.batch('opaque', 512, 0)!.mesh).toBe(mesh);
    expect(mesh.material).toBe(plain);
    layer.dispose();
  });

  it('takes only an arena of the same pass and capacity, the most recently returned first', () => {
    const pool = new ArenaPool(Infinity);
    const m = material();
    const small = new BatchedPass(m, { quads: 1024, fixed: true });
    const older = new BatchedPass(m, { quads: 4096, fixed: true });
    const newer = new BatchedPass(m, { quads: 4096, fixed: true });
    pool.give('opaque', small);
    pool.give('opaque', older);
    pool.give('opaque', newer);
    expect(pool.take('water', 4096)).toBeNull();
    expect(pool.take('opaque', 2048)).toBeNull();
    expect(pool.take('opaque', 4096)).toBe(newer);
    expect(pool.take('opaque', 4096)).toBe(older);
    expect(pool.take('opaque', 4096)).toBeNull();
    expect(pool.size).toBe(1);
    pool.dispose();
  });

  it('refuses to reset an arena that still draws', () => {
    const arena = new BatchedPass(material(), { quads: 1024, fixed: true });
    const data = meshOf(4, 0);
    const geometry = {
      attributes: { packedVertex: new THREE.BufferAttribute(data.vertices, 1), material: new THREE.BufferAttribute(data.materials, 1) },
      index: new THREE.BufferAttribute(data.indices, 1),
      box: new THREE.Box3(new THREE.Vector3(), new THREE.Vector3(16, 16, 16)),
    };
    const slot = arena.add(geometry, new THREE.Matrix4());
    expect(() => arena.reset()).toThrow();
    arena.release(slot);
    arena.reset();
    expect(arena.slotQuads).toBe(0);
    arena.dispose();
  });

  it('frees what is over its bound one arena a trim, oldest first, and everything on dispose (twice safely)', () => {
    const m = material();
    const arenas = Array.from({ length: 5 }, () => new BatchedPass(m, { quads: 1024, fixed: true }));
    const disposed = new Set<BatchedPass>();
    for (const a of arenas) a.mesh.geometry.addEventListener('dispose', () => disposed.add(a));
    const pool = new ArenaPool(2 * arenas[0]!.gpuBytes);
    for (const a of arenas) pool.give('opaque', a);
    expect(pool.gpuBytes).toBe(5 * arenas[0]!.gpuBytes);
    expect(pool.trim()).toBe(true);
    expect([...disposed]).toEqual([arenas[0]]);
    expect(pool.trim()).toBe(true);
    expect(pool.trim()).toBe(true);
    expect(pool.trim()).toBe(false);
    expect([...disposed]).toEqual(arenas.slice(0, 3));
    expect(pool.size).toBe(2);
    pool.dispose();
    pool.dispose();
    expect(disposed.size).toBe(5);
    expect(pool.size).toBe(0);
    expect(pool.gpuBytes).toBe(0);
    // Given after dispose: freed at once, not kept.
    const late = new BatchedPass(m, { quads: 1024, fixed: true });
    let lateDisposed = false;
    late.mesh.geometry.addEventListener('dispose', () => (lateDisposed = true));
    pool.give('opaque', late);
    expect(lateDisposed).toBe(true);
    expect(pool.size).toBe(0);
  });

  it('a layer trims its pool once a frame (follow) and frees it on dispose', () => {
    const layer = regionLayer(0);
    for (let i = 0; i < 3; i++) layer.set(`r${i}`, { x: i * 256, z: 0, scaleXZ: 1 }, meshOf(10, 2));
    for (let i = 0; i < 3; i++) layer.remove(`r${i}`);
    expect(layer.pooledArenas).toBe(6);
    expect(layer.gpuBytes).toBeGreaterThan(0);
    layer.follow(new THREE.Vector3());
    expect(layer.pooledArenas).toBe(5);
    layer.dispose();
    layer.dispose();
    expect(layer.pooledArenas).toBe(0);
    expect(layer.gpuBytes).toBe(0);
  });
});
