/**
 * What building draws besides the terrain, in Node (three's objects without a renderer): the
 * crack stages, the break particles' buffers, and the placed-block cubes that must go in the
 * very call that puts their column's new mesh in, never a frame before or after.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { ColumnMeshData } from '../../src/mesh';
import { packMaterial, packVertex } from '../../src/mesh/vertex-format';
import { BuildEffects } from '../../src/render/build-effects';
import { ColumnMeshes } from '../../src/render/column-meshes';
import { crackOrder, paintCracks } from '../../src/render/crack-pattern';
import { PendingBlocks } from '../../src/render/pending-blocks';
import { Block } from '../../src/world';

const tiles = () => new THREE.DataArrayTexture(new Uint8Array(16 * 16 * 4 * 51), 16, 16, 51);
const material = () => new THREE.ShaderMaterial();

/** One opaque quad: enough for the layer to hold the column. */
function oneQuad(): ColumnMeshData {
  const vertices = new Uint32Array(4);
  const materials = new Uint16Array(4);
  [[0, 0], [16, 0], [16, 16], [0, 16]].forEach(([x, z], c) => {
    vertices[c] = packVertex(x!, 64, z!, 2, 3, 15);
    materials[c] = packMaterial(1, 0);
  });
  return { vertices, materials, indices: new Uint32Array([0, 1, 2, 0, 2, 3]), opaqueIndexCount: 6, cutoutIndexCount: 0, translucentIndexCount: 0 };
}

describe('crack pattern', () => {
  it('grows stage by stage: every crack of a stage is in the next, each darker', () => {
    const stages = 10;
    const size = 16;
    const pixels = paintCracks({ stages, size });
    const alpha = (s: number, i: number) => pixels[((Math.floor(i / size) * stages * size) + s * size + (i % size)) * 4 + 3]!;
    const order = crackOrder(size);
    expect(new Set(order).size).toBe(order.length);
    expect(order.length).toBeGreaterThan(size * size * 0.25);
    for (let s = 1; s < stages; s++) {
      for (let i = 0; i < size * size; i++) expect(alpha(s, i)).toBeGreaterThanOrEqual(alpha(s - 1, i));
    }
    const cracked = (s: number) => order.filter((i) => alpha(s, i) > 100).length;
    expect(cracked(0)).toBeLessThan(cracked(5));
    expect(cracked(stages - 1)).toBe(order.length);
    expect(paintCracks({ stages, size })).toEqual(pixels);
  });
});

describe('pending blocks', () => {
  it('draws a placed block until its own column gets a new mesh, and takes it away in that same call', () => {
    const pending = new PendingBlocks(tiles());
    let seenWithMesh: boolean | null = null;
    const columns = new ColumnMeshes(material(), material(), material(), 'test', (cx, cz) => {
      // The cube goes only once the new mesh is in: never a frame with neither.
      if (cx === 1 && cz === -1) seenWithMesh = columns.has(cx, cz);
      pending.columnMeshed(cx, cz);
    });
    columns.set(1, -1, oneQuad());
    pending.add(20, 64, -5, Block.Stone);
    expect(pending.object.count).toBe(1);
    // Neighbours (their light changed too) do not take it away.
    columns.set(0, -1, oneQuad());
    columns.set(2, -1, oneQuad());
    expect(pending.object.count).toBe(1);
    const before = pending.revision;
    columns.set(1, -1, oneQuad());
    expect(seenWithMesh).toBe(true);
    expect(pending.object.count).toBe(0);
    expect(pending.revision).toBeGreaterThan(before);
    columns.dispose();
    pending.dispose();
    pending.dispose();
  });

  it('puts the cubes at their cells, relative to the first, with the block’s tiles per face', () => {
    const pending = new PendingBlocks(tiles());
    pending.add(1_000_000, 70, -3, Block.Grass);
    pending.add(1_000_002, 71, -3, Block.Stone);
    expect(pending.object.position.toArray()).toEqual([1_000_000, 70, -3]);
    const m = new THREE.Matrix4();
    pending.object.getMatrixAt(1, m);
    expect(new THREE.Vector3().setFromMatrixPosition(m).toArray()).toEqual([2.5, 1.5, 0.5]);
    const a = pending.object.geometry.getAttribute('tilesA');
    expect(a.getZ(0)).not.toBe(a.getX(0)); // grass: top unlike side
    // Broken again before its mesh came: the cube goes at once.
    pending.add(1_000_000, 70, -3, Block.Air);
    expect(pending.object.count).toBe(1);
    pending.dispose();
  });

  it('drops a cube whose mesh never came', () => {
    const pending = new PendingBlocks(tiles(), { maxAgeSeconds: 1 });
    pending.add(0, 10, 0, Block.Dirt);
    pending.update(0.6);
    expect(pending.count).toBe(1);
    pending.update(0.6);
    expect(pending.count).toBe(0);
    pending.dispose();
  });
});

describe('break particles', () => {
  it('bursts 12 to 16 pieces of the block drawn in one range, changing the picture until the last is gone', () => {
    const effects = new BuildEffects(tiles());
    const particles = effects.particles;
    particles.burst(Block.Stone, 10, 64, -20);
    expect(particles.count).toBeGreaterThanOrEqual(12);
    expect(particles.count).toBeLessThanOrEqual(16);
    const r0 = effects.revision;
    effects.update(1 / 60, (_x, y) => y < 64);
    expect(effects.revision).toBeGreaterThan(r0);
    const geometry = particles.object.geometry;
    expect(geometry.drawRange.count).toBe(particles.count);
    // Relative to the block, so float32 keeps the fraction far from the origin.
    const pos = geometry.getAttribute('position');
    for (let i = 0; i < particles.count; i++) expect(Math.abs(pos.getX(i))).toBeLessThan(2);
    const piece = geometry.getAttribute('piece');
    expect(piece.getZ(0)).toBe(1); // the stone tile
    for (let t = 0; t < 80; t++) effects.update(1 / 60, (_x, y) => y < 64);
    expect(particles.count).toBe(0);
    expect(geometry.drawRange.count).toBe(0);
    const r1 = effects.revision;
    effects.update(1 / 60, () => false);
    expect(effects.revision).toBe(r1);
    effects.dispose();
    effects.dispose();
  });

  it('shows cracks of the stage asked for on the block, and hides them', () => {
    const effects = new BuildEffects(tiles());
    effects.cracks.show({ x: 3, y: 4, z: 5 }, 7);
    expect(effects.cracks.object.visible).toBe(true);
    expect(effects.cracks.object.position.toArray()).toEqual([3.5, 4.5, 5.5]);
    expect(effects.cracks.shownStage).toBe(7);
    const r = effects.revision;
    effects.cracks.show({ x: 3, y: 4, z: 5 }, 7);
    expect(effects.revision).toBe(r);
    effects.cracks.show(null, -1);
    expect(effects.cracks.object.visible).toBe(false);
    effects.dispose();
  });
});

describe('build effects by night', () => {
  it('break particles and placed cubes are lit by the time of day, as the terrain is', () => {
    const effects = new BuildEffects(tiles());
    const materials = [effects.particles.object.material, effects.pending.object.material] as THREE.ShaderMaterial[];
    for (const m of materials) expect(m.uniforms.daylight!.value).toBe(1);
    effects.setDaylight(0.2);
    for (const m of materials) {
      expect(m.uniforms.daylight!.value).toBe(0.2);
      expect(m.fragmentShader).toMatch(/gl_FragColor = vec4\([^;]*\* daylight, 1\.0\);/);
    }
    effects.dispose();
  });
});
