/**
 * What a batch arena really sends to the GPU, in Node: a batched layer with GpuUploads over a
 * fake context, uploaded by three's own WebGLAttributes (what the renderer runs for every
 * buffer it draws). A new arena sends its filled slots only, not 1.5 MB; an arriving item
 * sends its own slot; a buffer created again (a restored context) sends every live item.
 */
import * as THREE from 'three';
import { WebGLAttributes } from 'three/src/renderers/webgl/WebGLAttributes.js';
import { describe, expect, it } from 'vitest';
import type { ColumnMeshData } from '../../src/mesh';
import { packMaterial, packVertex } from '../../src/mesh/vertex-format';
import { BatchedLayer } from '../../src/render/batched-layer';
import type { BatchedPass } from '../../src/render/batched-pass';
import { GpuUploads } from '../../src/render/gpu-uploads';
import { slotClassOf, slotQuads } from '../../src/render/slot-classes';
import { FakeGl } from './fake-gl';

const ARRAY_BUFFER = 0x8892;
const ELEMENT_ARRAY_BUFFER = 0x8893;
/** A packed vertex word, a uint16 material and a 32-bit index: 4 x 4 + 4 x 2 + 6 x 4 bytes a quad. */
const BYTES_PER_QUAD = 48;

class BufferGl extends FakeGl {
  createBuffer(): object {
    return {};
  }
  bindBuffer(): void {}
  deleteBuffer(): void {}
}

/** `quads` opaque quads, laid out as the meshers do. */
function opaqueMesh(quads: number): ColumnMeshData {
  const vertices = new Uint32Array(quads * 4);
  const materials = new Uint16Array(quads * 4);
  const indices = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    for (let c = 0; c < 4; c++) {
      vertices[q * 4 + c] = packVertex(c & 1 ? 16 : 0, 10 + (q % 50), c & 2 ? 16 : 0, 2, 3, 15);
      materials[q * 4 + c] = packMaterial(q % 20, 0);
    }
    [0, 1, 2, 0, 2, 3].forEach((o, i) => (indices[q * 6 + i] = q * 4 + o));
  }
  return { vertices, materials, indices, opaqueIndexCount: quads * 6, cutoutIndexCount: 0, translucentIndexCount: 0 };
}

function setup() {
  const gl = new BufferGl();
  const uploads = new GpuUploads(gl);
  const layer = new BatchedLayer({ name: 'test', materials: { opaque: new THREE.MeshBasicMaterial() }, bucketBlocks: 1 << 30, uploads });
  let buffers = new WebGLAttributes(gl as unknown as WebGLRenderingContext);
  /** What the renderer does to the batch's buffers when it draws it; returns the bytes sent. */
  const draw = (pass: BatchedPass): number => {
    const before = uploads.bytes;
    const geometry = pass.mesh.geometry;
    for (const attribute of Object.values(geometry.attributes)) buffers.update(attribute as THREE.BufferAttribute, ARRAY_BUFFER);
    buffers.update(geometry.index!, ELEMENT_ARRAY_BUFFER);
    return uploads.bytes - before;
  };
  /** A restored context: three's buffer bookkeeping starts again from nothing. */
  const restore = () => {
    buffers = new WebGLAttributes(gl as unknown as WebGLRenderingContext);
    gl.canvas.dispatchEvent(new Event('webglcontextrestored'));
  };
  return { gl, uploads, layer, draw, restore };
}

describe('batched uploads', () => {
  it('a new arena is allocated whole but sends only its filled slot', () => {
    const { gl, uploads, layer, draw } = setup();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, opaqueMesh(300));
    const arena = layer.batch('opaque')!;
    const sent = draw(arena);
    expect(sent).toBe(slotQuads(slotClassOf(300)) * BYTES_PER_QUAD);
    expect(uploads.skippedBytes).toBe(arena.capacityQuads * BYTES_PER_QUAD - sent);
    // Three allocations by size (vertex word, material, index), each followed by its prefix.
    const allocations = gl.calls.filter((c) => c[0] === 'bufferData');
    expect(allocations.map((c) => typeof c[2])).toEqual(['number', 'number', 'number']);
    // Drawn again with nothing new: nothing is sent (the creation carried the pending ranges).
    expect(draw(arena)).toBe(0);
    layer.dispose();
    uploads.dispose();
  });

  it('an arriving item sends its own slot, and a reused slot is sent again', () => {
    const { layer, draw, uploads } = setup();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, opaqueMesh(300));
    const arena = layer.batch('opaque')!;
    draw(arena);
    layer.set('b', { x: 16, z: 0, scaleXZ: 1 }, opaqueMesh(500));
    expect(draw(arena)).toBe(slotQuads(slotClassOf(500)) * BYTES_PER_QUAD);
    layer.remove('b');
    layer.set('c', { x: 32, z: 0, scaleXZ: 1 }, opaqueMesh(450)); // b's slot class
    expect(layer.arenasOf('opaque')).toHaveLength(1);
    expect(draw(arena)).toBe(slotQuads(slotClassOf(500)) * BYTES_PER_QUAD);
    layer.dispose();
    uploads.dispose();
  });

  it('after a restored context the buffers are created again with every live item', () => {
    const { layer, draw, restore, uploads } = setup();
    layer.set('a', { x: 0, z: 0, scaleXZ: 1 }, opaqueMesh(300));
    const arena = layer.batch('opaque')!;
    draw(arena);
    layer.set('b', { x: 16, z: 0, scaleXZ: 1 }, opaqueMesh(500));
    draw(arena);
    restore();
    expect(draw(arena)).toBe(arena.slotQuads * BYTES_PER_QUAD);
    expect(arena.slotQuads).toBe(slotQuads(slotClassOf(300)) + slotQuads(slotClassOf(500)));
    layer.dispose();
    uploads.dispose();
  });
});
