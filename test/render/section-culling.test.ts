/**
 * Cave-face culling in the layer, in Node (BatchedMesh keeps its draw ranges in plain
 * arrays): a column is drawn from its lowest reached section to its highest, each pass its
 * own window, whole again when culling is off; and a window survives the batch compacting.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { computeSectionGraphs, createPaddedVolume, meshColumnGreedy, paddedIndex, updatePaddedMaxY, type ColumnMeshData } from '../../src/mesh';
import { BatchedLayer } from '../../src/render/batched-layer';
import { BatchedPass } from '../../src/render/batched-pass';
import { SectionCulling } from '../../src/render/section-culling';
import { Block } from '../../src/world';

/** Ground at y = 40 over stone, with a sealed cave at y 6..12 and a pond at y 40 (water in the third pass). */
function column(): ColumnMeshData {
  const volume = createPaddedVolume();
  for (let y = 0; y <= 40; y++) {
    for (let z = -1; z <= 16; z++) {
      for (let x = -1; x <= 16; x++) {
        const cave = y >= 6 && y <= 12 && x >= 3 && x <= 9 && z >= 3 && z <= 9;
        const pond = y === 40 && x >= 11 && x <= 13 && z >= 11 && z <= 13;
        volume.blocks[paddedIndex(x, y, z)] = cave ? Block.Air : pond ? Block.Water : y === 40 ? Block.Grass : Block.Stone;
      }
    }
  }
  updatePaddedMaxY(volume);
  const mesh = meshColumnGreedy(volume);
  mesh.sectionGraphs = computeSectionGraphs(volume);
  return mesh;
}

function layerWith(mesh: ColumnMeshData): { layer: BatchedLayer; culling: SectionCulling } {
  const m = () => new THREE.MeshBasicMaterial();
  const layer = new BatchedLayer({ name: 'test', materials: { opaque: m(), cutout: m(), water: m() }, bucketBlocks: 1 << 30 });
  const culling = new SectionCulling(layer);
  layer.set('0,0', { x: 0, z: 0, scaleXZ: 1 }, mesh);
  culling.set(0, 0, mesh.sectionStarts, mesh.sectionGraphs);
  return { layer, culling };
}

/** What the batch of `pass` draws of the one item: [start, count] in indices from its slot's start. */
function drawn(layer: BatchedLayer, pass: 'opaque' | 'water'): [number, number] {
  const mesh = layer.batch(pass)!.mesh;
  const range = mesh.getGeometryRangeAt(0);
  return [range.start - range.indexStart, range.count];
}

describe('section culling in the layer', () => {
  it('from above, draws the surface section only; in the cave, its sections only; off, everything', () => {
    const mesh = column();
    const starts = mesh.sectionStarts!;
    const { layer, culling } = layerWith(mesh);
    const opaqueAll = mesh.opaqueIndexCount;
    // Slot k holds section 15 - k (top first).
    const quadsIn = (s: number) => starts[16 - s]! - starts[15 - s]!;
    expect(quadsIn(0)).toBeGreaterThan(0);
    expect(quadsIn(2)).toBeGreaterThan(0);

    culling.update({ x: 8, y: 60, z: 8 }, true);
    // Sections 2 (the ground, y 32..47) and above, stored first: the cave in section 0 is left out.
    expect(drawn(layer, 'opaque')).toEqual([0, 6 * (starts[14]! - starts[0]!)]);
    // Water: one section (2), which is its whole range.
    expect(drawn(layer, 'water')).toEqual([0, mesh.translucentIndexCount]);

    culling.update({ x: 5.5, y: 8.5, z: 5.5 }, true);
    expect(drawn(layer, 'opaque')).toEqual([6 * (starts[14]! - starts[0]!), 6 * quadsIn(0)]);
    expect(drawn(layer, 'water')[1]).toBe(0);

    culling.update({ x: 5.5, y: 8.5, z: 5.5 }, false);
    expect(drawn(layer, 'opaque')).toEqual([0, opaqueAll]);
    expect(drawn(layer, 'water')).toEqual([0, mesh.translucentIndexCount]);

    // On again at the same eye: the windows come back without a new walk.
    culling.update({ x: 5.5, y: 8.5, z: 5.5 }, true);
    expect(drawn(layer, 'opaque')).toEqual([6 * (starts[14]! - starts[0]!), 6 * quadsIn(0)]);
  });

  it('a new mesh for the column is drawn whole until the next update', () => {
    const mesh = column();
    const { layer, culling } = layerWith(mesh);
    culling.update({ x: 5.5, y: 8.5, z: 5.5 }, true);
    const again = column();
    layer.set('0,0', { x: 0, z: 0, scaleXZ: 1 }, again);
    culling.set(0, 0, again.sectionStarts, again.sectionGraphs);
    expect(drawn(layer, 'opaque')).toEqual([0, again.opaqueIndexCount]);
    culling.update({ x: 5.5, y: 8.5, z: 5.5 }, true);
    expect(drawn(layer, 'opaque')[1]).toBeLessThan(again.opaqueIndexCount);
  });

  it('a window survives the batch compacting its slots (optimize moves the start)', () => {
    const pass = new BatchedPass(new THREE.MeshBasicMaterial(), { quads: 64, instances: 4 });
    const geometry = (quads: number) => {
      const vertices = new Uint32Array(quads * 4);
      const index = new Uint32Array(quads * 6).map((_, i) => Math.floor(i / 6) * 4 + [0, 1, 2, 0, 2, 3][i % 6]!);
      const packed = new THREE.BufferAttribute(vertices, 1);
      return { attributes: { packedVertex: packed }, index: new THREE.BufferAttribute(index, 1), box: new THREE.Box3(new THREE.Vector3(), new THREE.Vector3(16, 16, 16)) };
    };
    const matrix = new THREE.Matrix4();
    const a = pass.add(geometry(20), matrix);
    const b = pass.add(geometry(20), matrix);
    pass.setDrawWindow(b, 12, 30);
    pass.release(a);
    // No room for 40 more: the free slot is most of the reserved space, so the batch compacts.
    pass.add(geometry(40), matrix);
    const range = pass.mesh.getGeometryRangeAt(b.geometryId);
    expect(range.indexStart).toBe(0);
    expect([range.start - range.indexStart, range.count]).toEqual([12, 30]);
  });
});
