/**
 * The batched layer's bookkeeping, in Node (BatchedMesh keeps its buffers, ranges and
 * matrices in plain arrays until a renderer uploads them): slots are reused, a change uploads
 * only its own ranges, bounds and placement are right, and re-basing moves nothing on screen.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { ColumnMeshData } from '../../src/mesh';
import { packMaterial, packVertex } from '../../src/mesh/vertex-format';
import { BatchedLayer, ORIGIN_STEP, REBASE_DISTANCE, type PassName } from '../../src/render/batched-layer';
import { slotClassOf, slotQuads } from '../../src/render/slot-classes';
import { mulberry32 } from '../support/random';

const material = () => new THREE.MeshBasicMaterial();

function columnLayer(): BatchedLayer {
  // One render region holds everything here; the bucket test below uses small ones.
  return new BatchedLayer({ name: 'test', materials: { opaque: material(), cutout: material(), water: material() }, bucketBlocks: 1 << 30 });
}

/**
 * A mesh with the given quad counts per pass, laid out as the meshers do: vertices in pass
 * order, four per quad, two triangles (six indices) per quad. Quad k of a pass spans
 * x 0..16, z 0..16 at height yMin + (k mod (yMax - yMin + 1)), so the y range is exact.
 */
function meshOf(opaque: number, cutout: number, water: number, yMin = 10, yMax = 70, tag = 0): ColumnMeshData {
  const quads = opaque + cutout + water;
  const vertices = new Uint32Array(quads * 4);
  const materials = new Uint16Array(quads * 4);
  const indices = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    const y = yMin + (q % (yMax - yMin + 1));
    const corners = [[0, 0], [16, 0], [16, 16], [0, 16]] as const;
    corners.forEach(([x, z], c) => {
      vertices[q * 4 + c] = packVertex(x, y, z, 2, 3, 15);
      materials[q * 4 + c] = packMaterial((q + tag) % 200, tag % 256);
    });
    [0, 1, 2, 0, 2, 3].forEach((o, i) => (indices[q * 6 + i] = q * 4 + o));
  }
  return { vertices, materials, indices, opaqueIndexCount: opaque * 6, cutoutIndexCount: cutout * 6, translucentIndexCount: water * 6 };
}

const PASSES: PassName[] = ['opaque', 'cutout', 'water'];

function batchAttributes(layer: BatchedLayer, pass: PassName): THREE.BufferAttribute[] {
  const geometry = layer.batch(pass)!.mesh.geometry;
  return [...Object.values(geometry.attributes), geometry.index!] as THREE.BufferAttribute[];
}

describe('batched layer', () => {
  it('reuses freed slots: 1,000 random sets and removes keep the reserved space under twice the live quads', () => {
    const layer = columnLayer();
    const random = mulberry32(7);
    const live = new Map<string, [number, number, number]>();
    for (let step = 0; step < 1000; step++) {
      const key = `k${Math.floor(random() * 120)}`;
      if (live.has(key) && random() < 0.4) {
        layer.remove(key);
        live.delete(key);
      } else {
        const counts: [number, number, number] = [1 + Math.floor(random() * 2000), Math.floor(random() * 300), Math.floor(random() * 80)];
        layer.set(key, { x: 0, z: 0, scaleXZ: 1 }, meshOf(...counts));
        live.set(key, counts);
      }
    }
    expect(layer.count).toBe(live.size);
    PASSES.forEach((pass, p) => {
      const arenas = layer.arenasOf(pass);
      const sum = (f: (a: (typeof arenas)[number]) => number) => arenas.reduce((total, a) => total + f(a), 0);
      const liveQuads = [...live.values()].reduce((total, c) => total + c[p]!, 0);
      // Slots round up to their class (a fifth at most) and some are free, waiting.
      expect(sum((a) => a.slotQuads)).toBeLessThan(2 * liveQuads + arenas.length * slotQuads(4));
      expect(sum((a) => a.slotQuads - a.freeSlotQuads)).toBeGreaterThanOrEqual(liveQuads);
      expect(sum((a) => a.mesh.instanceCount)).toBe([...live.values()].filter((c) => c[p]! > 0).length);
    });
  });

  it('a replaced item uploads only its own slot, not the buffer', () => {
    const layer = columnLayer();
    for (let i = 0; i < 40; i++) layer.set(`c${i}`, { x: i * 16, z: 0, scaleXZ: 1 }, meshOf(500 + i * 7, 20, 10));
    for (const pass of PASSES) for (const a of batchAttributes(layer, pass)) a.clearUpdateRanges();
    layer.set('c17', { x: 17 * 16, z: 0, scaleXZ: 1 }, meshOf(505, 22, 9, 10, 70, 5));
    for (const pass of PASSES) {
      const mesh = layer.batch(pass)!.mesh;
      for (const attribute of batchAttributes(layer, pass)) {
        expect(attribute.updateRanges.length).toBeGreaterThan(0);
        for (const range of attribute.updateRanges) {
          const perQuad = attribute === mesh.geometry.index ? 6 : 4;
          expect(range.count).toBeLessThanOrEqual(slotQuads(slotClassOf(600)) * perQuad);
          expect(range.count).toBeLessThan(attribute.array.length / 10);
        }
      }
    }
  });

  it('copies each pass its own vertex range, indices rebased into its slot, and keeps materials integer', () => {
    const layer = columnLayer();
    const data = meshOf(30, 12, 5, 20, 40, 3);
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, data);
    let firstVertex = 0;
    PASSES.forEach((pass, p) => {
      const mesh = layer.batch(pass)!.mesh;
      const geometry = mesh.geometry;
      // Only the two real attributes: the `position` alias is not copied into the batch.
      expect(Object.keys(geometry.attributes).sort()).toEqual(['material', 'packedVertex']);
      expect((geometry.getAttribute('material') as THREE.BufferAttribute).gpuType).toBe(THREE.IntType);
      const range = mesh.getGeometryRangeAt(0);
      const quads = [30, 12, 5][p]!;
      expect(range.vertexCount).toBe(quads * 4);
      expect(range.indexCount).toBe(quads * 6);
      const packed = geometry.getAttribute('packedVertex').array;
      const materials = geometry.getAttribute('material').array;
      for (let v = 0; v < quads * 4; v++) {
        expect(packed[range.vertexStart + v]).toBe(data.vertices[firstVertex + v]);
        expect(materials[range.vertexStart + v]).toBe(data.materials[firstVertex + v]);
      }
      const index = geometry.index!.array;
      const first = [0, 30 * 6, 42 * 6][p]!;
      for (let i = 0; i < quads * 6; i++) expect(index[range.indexStart + i]).toBe(range.vertexStart + data.indices[first + i]! - firstVertex);
      firstVertex += quads * 4;
    });
  });

  it('a full arena is followed by another: nothing is re-created or copied, and the material attribute stays an integer', () => {
    const layer = columnLayer();
    const first = meshOf(3000, 0, 0, 0, 200, 1);
    layer.set('first', { x: 0, z: 0, scaleXZ: 1 }, first);
    const opaque = layer.batch('opaque')!;
    const geometry = opaque.mesh.geometry;
    const capacity = opaque.capacityQuads;
    for (let i = 0; i < 30; i++) layer.set(`more${i}`, { x: 0, z: 0, scaleXZ: 1 }, meshOf(3000, 0, 0));
    const arenas = layer.arenasOf('opaque');
    expect(arenas.length).toBeGreaterThan(3);
    // The first arena kept its buffers: the same geometry, the same size, the first item in place.
    expect(opaque.mesh.geometry).toBe(geometry);
    expect(opaque.capacityQuads).toBe(capacity);
    for (const arena of arenas) {
      expect(arena.slotQuads).toBeLessThanOrEqual(arena.capacityQuads);
      expect((arena.mesh.geometry.getAttribute('material') as THREE.BufferAttribute).gpuType).toBe(THREE.IntType);
    }
    const range = opaque.mesh.getGeometryRangeAt(0);
    const packed = geometry.getAttribute('packedVertex').array;
    for (let v = 0; v < first.vertices.length; v += 97) expect(packed[range.vertexStart + v]).toBe(first.vertices[v]);
    // An item bigger than an arena gets an arena of its own size.
    layer.set('huge', { x: 0, z: 0, scaleXZ: 1 }, meshOf(40_000, 0, 0));
    expect(layer.arenasOf('opaque').some((a) => a.capacityQuads >= 40_000)).toBe(true);
    // Emptied arenas (all but the first) are freed.
    for (let i = 0; i < 30; i++) layer.remove(`more${i}`);
    layer.remove('huge');
    expect(layer.arenasOf('opaque')).toHaveLength(1);
  });

  it('bounds each item exactly from its packed y range, scaled and placed by its instance (LOD items)', () => {
    const layer = new BatchedLayer({ name: 'lod', materials: { opaque: material(), water: material() }, bucketBlocks: 1 << 30 });
    layer.set('region', { x: 1024, z: -2048, scaleXZ: 4 }, meshOf(50, 7, 6, 12, 90));
    const [opaque, cutout, water] = layer.worldSpheres('region');
    expect(cutout).toBeNull();
    // Local box 0..16 x 12..61 x 0..16 (50 quads from y 12), scaled by 4 in x and z.
    const box = new THREE.Box3(new THREE.Vector3(1024, 12, -2048), new THREE.Vector3(1024 + 64, 61, -2048 + 64));
    const expected = box.getBoundingSphere(new THREE.Sphere());
    expect(opaque!.center.distanceTo(expected.center)).toBeLessThan(1e-3);
    // Exactly the placed box's sphere: not the local box's scaled by the largest scale, whose
    // height would be scaled by 4 too (far too big to cull a coarse far region by).
    expect(opaque!.radius).toBeCloseTo(expected.radius, 3);
    // Water is the last six quads, 57..62: y 69..74 (meshOf counts quads across passes).
    expect(water!.center.y).toBeCloseTo((69 + 74) / 2, 3);
  });

  it('hides and shows an item without dropping it', () => {
    const layer = columnLayer();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(10, 2, 1));
    layer.set('b', { x: 16, z: 0, scaleXZ: 1 }, meshOf(10, 2, 1));
    const visible = (pass: PassName) => [0, 1].map((id) => layer.batch(pass)!.mesh.getVisibleAt(id));
    layer.setVisible('a', false);
    for (const pass of PASSES) expect(visible(pass)).toEqual([false, true]);
    expect(layer.has('a')).toBe(true);
    layer.setVisible('a', true);
    for (const pass of PASSES) expect(visible(pass)).toEqual([true, true]);
  });

  it('an empty mesh removes the item; clear() empties every region (its arenas wait in the pool)', () => {
    const layer = columnLayer();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(10, 0, 0));
    expect(layer.has('a')).toBe(true);
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(0, 0, 0));
    expect(layer.has('a')).toBe(false);
    layer.set('b', { x: 0, z: 0, scaleXZ: 1 }, meshOf(10, 0, 0));
    expect(layer.gpuBytes).toBeGreaterThan(0);
    layer.clear();
    expect(layer.count).toBe(0);
    expect(layer.bucketCount).toBe(0);
    expect(layer.group.children).toHaveLength(0);
    expect(layer.pooledArenas).toBe(1);
  });

  it('re-basing moves the origin near the camera and leaves every item where it was', () => {
    const layer = columnLayer();
    const far = 1_000_000;
    layer.set('near', { x: 32, z: -48, scaleXZ: 1 }, meshOf(10, 3, 2));
    layer.set('far', { x: far + 160, z: -2 * far, scaleXZ: 2 }, meshOf(10, 3, 2));
    const before = ['near', 'far'].map((k) => layer.worldSpheres(k));
    expect(layer.follow(new THREE.Vector3(100, 80, 100))).toBe(false);
    expect(layer.follow(new THREE.Vector3(far + 100, 80, -2 * far + 7))).toBe(true);
    // A multiple of ORIGIN_STEP, the nearest to the camera.
    expect(Math.abs(layer.origin.x % ORIGIN_STEP)).toBe(0);
    expect(Math.abs(layer.origin.z % ORIGIN_STEP)).toBe(0);
    expect(Math.abs(layer.origin.x - (far + 100))).toBeLessThanOrEqual(ORIGIN_STEP / 2);
    expect(Math.abs(layer.origin.z - (-2 * far + 7))).toBeLessThanOrEqual(ORIGIN_STEP / 2);
    // Both items are in the one region z < 0 of this layer: the far one is instance 1.
    const mesh = layer.batch('opaque', far + 160, -2 * far)!.mesh;
    expect(mesh.position.equals(layer.origin)).toBe(true);
    // The far item's instance translation is small now: exact in float32.
    const m = mesh.getMatrixAt(1, new THREE.Matrix4());
    expect(new THREE.Vector3().setFromMatrixPosition(m).toArray()).toEqual([far + 160 - layer.origin.x, 0, -2 * far - layer.origin.z]);
    expect(Math.abs(m.elements[12]!)).toBeLessThan(REBASE_DISTANCE);
    const after = ['near', 'far'].map((k) => layer.worldSpheres(k));
    after.forEach((spheres, i) =>
      spheres.forEach((s, p) => {
        expect(s!.center.distanceTo(before[i]![p]!.center)).toBeLessThan(1e-6);
        expect(s!.radius).toBeCloseTo(before[i]![p]!.radius, 6);
      }),
    );
    // Within REBASE_DISTANCE it stays.
    expect(layer.follow(new THREE.Vector3(layer.origin.x + REBASE_DISTANCE - 1, 0, layer.origin.z))).toBe(false);
  });

  it('its revision counts every change to what it draws, and nothing else (rendering on demand)', () => {
    const layer = columnLayer();
    let seen = layer.revision;
    const changed = () => {
      const moved = layer.revision !== seen;
      seen = layer.revision;
      return moved;
    };
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(10, 2, 1));
    expect(changed()).toBe(true);
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(4, 0, 0)); // replaced
    expect(changed()).toBe(true);
    layer.setVisible('a', false);
    expect(changed()).toBe(true);
    layer.setVisible('a', false); // already hidden
    expect(changed()).toBe(false);
    layer.setPassWindow('a', 0, 0, 6);
    expect(changed()).toBe(true);
    layer.setPassWindow('missing', 0, 0, 6);
    expect(changed()).toBe(false);
    expect(layer.follow(new THREE.Vector3(10, 0, 10))).toBe(false); // no re-base: same picture
    expect(changed()).toBe(false);
    expect(layer.follow(new THREE.Vector3(REBASE_DISTANCE * 4, 0, 0))).toBe(true);
    expect(changed()).toBe(true);
    layer.remove('missing');
    expect(changed()).toBe(false);
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(0, 0, 0)); // an empty mesh removes it
    expect(changed()).toBe(true);
    layer.set('b', { x: 0, z: 0, scaleXZ: 1 }, meshOf(3, 0, 0));
    changed();
    layer.clear();
    expect(changed()).toBe(true);
  });

  it('counts its GPU bytes and disposes twice safely', () => {
    const layer = columnLayer();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(100, 10, 10));
    const opaque = layer.batch('opaque')!;
    // Six bytes a vertex (uint32 + uint16), four per quad, and the index (uint32 past 65,535 vertices).
    expect(opaque.gpuBytes).toBeGreaterThanOrEqual(opaque.capacityQuads * (4 * 6 + 6 * 2));
    expect(layer.gpuBytes).toBeGreaterThan(opaque.gpuBytes);
    layer.dispose();
    layer.dispose();
    expect(layer.gpuBytes).toBe(0);
    layer.set('b', { x: 0, z: 0, scaleXZ: 1 }, meshOf(1, 0, 0));
    expect(layer.count).toBe(0);
  });

  it('puts items in render regions by placement: each region its own batches, pooled with its last item', () => {
    const layer = new BatchedLayer({ name: 'regions', materials: { opaque: material(), water: material() }, bucketBlocks: 256 });
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, meshOf(10, 0, 2));
    layer.set('b', { x: 240, z: 16, scaleXZ: 1 }, meshOf(5, 0, 0));
    layer.set('c', { x: -16, z: 0, scaleXZ: 1 }, meshOf(7, 0, 0));
    expect(layer.bucketCount).toBe(2);
    expect(layer.batch('opaque', 0, 0)!.mesh.instanceCount).toBe(2);
    expect(layer.batch('opaque', -1, 0)!.mesh.instanceCount).toBe(1);
    // The meshes of the layer are its regions' batches, one per pass with quads there.
    expect(layer.group.children).toHaveLength(3);
    layer.remove('c');
    expect(layer.bucketCount).toBe(1);
    expect(layer.batch('opaque', -1, 0)).toBeNull();
    expect(layer.group.children).toHaveLength(2);
    expect(layer.pooledArenas).toBe(1);
    layer.remove('a');
    layer.remove('b');
    expect(layer.bucketCount).toBe(0);
    expect(layer.group.children).toHaveLength(0);
    expect(layer.pooledArenas).toBe(3);
    layer.dispose();
    expect(layer.gpuBytes).toBe(0);
  });
});
