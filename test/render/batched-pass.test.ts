/**
 * BatchedPass sends only the instance matrices that changed, as update ranges of BatchedMesh's
 * matrix texture, once the GPU holds that texture; a texture the GPU has never had (a new
 * batch, a grown one, a restored context) goes whole. In Node, with a stand-in for the two
 * things of the renderer it reads: whether a texture was uploaded (properties) and the unpack
 * state cache. That three uploads exactly the ranges it is given is three's (WebGLTextures'
 * updateTexture); the e2e screenshots and the lost-context test see the result drawn.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { BatchedPass, type PassGeometry } from '../../src/render/batched-pass';

/** One quad, with the attributes a batch takes. */
function quad(): PassGeometry {
  return {
    attributes: {
      packedVertex: new THREE.Uint32BufferAttribute(new Uint32Array(4), 1),
      material: new THREE.Uint16BufferAttribute(new Uint16Array(4), 1),
    },
    index: new THREE.Uint32BufferAttribute([0, 1, 2, 0, 2, 3], 1),
    box: new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(16, 16, 16)),
  };
}

/** The renderer as BatchedPass reads it: uploaded textures answer a __version, as three's properties do. */
function fakeRenderer() {
  const uploaded = new WeakSet<object>();
  const stored = new Map<number, number>();
  const renderer = {
    properties: { get: (o: object) => (uploaded.has(o) ? { __version: 1 } : {}) },
    state: { pixelStorei: (name: number, value: number) => stored.set(name, value) },
    getContext: () => ({ UNPACK_ROW_LENGTH: 3314, UNPACK_SKIP_PIXELS: 3316, UNPACK_SKIP_ROWS: 3315 }),
  };
  return { renderer: renderer as unknown as THREE.WebGLRenderer, uploaded, stored };
}

const camera = new THREE.PerspectiveCamera();

/** What three does before drawing the batch: its onBeforeRender (ours wraps BatchedMesh's). */
function beforeDraw(pass: BatchedPass, renderer: THREE.WebGLRenderer): void {
  pass.mesh.onBeforeRender(renderer, new THREE.Scene(), camera, pass.mesh.geometry, pass.mesh.material as THREE.Material, null as never);
}

const matrices = (pass: BatchedPass) => (pass.mesh as unknown as { _matricesTexture: THREE.DataTexture })._matricesTexture;
const at = (x: number) => new THREE.Matrix4().makeTranslation(x, 0, 0);

describe('BatchedPass matrix uploads', () => {
  it('a texture the GPU has not had goes whole: no range is set', () => {
    const pass = new BatchedPass(new THREE.MeshBasicMaterial(), { quads: 64, instances: 16 });
    const { renderer } = fakeRenderer();
    pass.add(quad(), at(1));
    pass.add(quad(), at(2));
    beforeDraw(pass, renderer);
    expect(matrices(pass).updateRanges).toEqual([]);
    expect(matrices(pass).version).toBeGreaterThan(0); // three uploads it whole
    pass.dispose();
  });

  it('once uploaded, an added item and a moved one send their own 16 floats, and the unpack state is primed', () => {
    const pass = new BatchedPass(new THREE.MeshBasicMaterial(), { quads: 64, instances: 16 });
    const { renderer, uploaded, stored } = fakeRenderer();
    const first = pass.add(quad(), at(1));
    beforeDraw(pass, renderer);
    uploaded.add(matrices(pass));
    const second = pass.add(quad(), at(2));
    pass.setMatrix(first, at(5));
    beforeDraw(pass, renderer);
    const ranges = matrices(pass).updateRanges.map((r) => [r.start, r.count]).sort((a, b) => a[0]! - b[0]!);
    expect(ranges).toEqual([[first.instanceId * 16, 16], [second.instanceId * 16, 16]].sort((a, b) => a[0]! - b[0]!));
    // The texture's array holds the new matrices those ranges will send.
    expect(matrices(pass).image.data![first.instanceId * 16 + 12]).toBe(5);
    expect(matrices(pass).image.data![second.instanceId * 16 + 12]).toBe(2);
    expect([...stored]).toEqual([[3314, 0], [3316, 0], [3315, 0]]);
    // Nothing changed since: the next draw adds nothing.
    matrices(pass).clearUpdateRanges();
    beforeDraw(pass, renderer);
    expect(matrices(pass).updateRanges).toEqual([]);
    pass.dispose();
  });

  it('a grown instance count makes a new texture, which goes whole; so do changes past a quarter of the texture', () => {
    const pass = new BatchedPass(new THREE.MeshBasicMaterial(), { quads: 64, instances: 4 });
    const { renderer, uploaded } = fakeRenderer();
    for (let i = 0; i < 4; i++) pass.add(quad(), at(i));
    beforeDraw(pass, renderer);
    const old = matrices(pass);
    uploaded.add(old);
    pass.add(quad(), at(9)); // the fifth: the batch grows, with a new texture
    expect(matrices(pass)).not.toBe(old);
    beforeDraw(pass, renderer);
    expect(matrices(pass).updateRanges).toEqual([]);

    uploaded.add(matrices(pass));
    const floats = matrices(pass).image.data!.length;
    const slots = [];
    for (let i = 0; i < 3; i++) slots.push(pass.add(quad(), at(20 + i)));
    for (const slot of slots) for (let k = 0; k < floats / 64; k++) pass.setMatrix(slot, at(k));
    beforeDraw(pass, renderer);
    expect(matrices(pass).updateRanges).toEqual([]);
    pass.dispose();
  });
});
