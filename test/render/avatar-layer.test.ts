import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { AvatarLayer, type AvatarPlayer } from '../../src/render/avatar-layer';
import type { TagCanvas, TagContext } from '../../src/render/name-tag';

/** A canvas stand-in: records the text drawn, measures 10 px a character. */
function fakeCanvas(drawn: string[]): TagCanvas {
  const context: TagContext = {
    font: '', fillStyle: '', textAlign: 'left', textBaseline: 'alphabetic',
    measureText: (text) => ({ width: text.length * 10 }),
    clearRect: () => undefined,
    fillRect: () => undefined,
    fillText: (text) => void drawn.push(text),
  };
  return { width: 0, height: 0, getContext: () => context };
}

const ann = (x: number, more: Partial<AvatarPlayer> = {}): AvatarPlayer => ({ id: 's1', name: 'Ann', x, y: 71.62, z: 0, yaw: 0, pitch: 0, ...more });

function layer(drawn: string[] = []) {
  const scene = new THREE.Scene();
  return { scene, drawn, layer: new AvatarLayer(scene, { createCanvas: () => fakeCanvas(drawn), now: () => 0 }) };
}

/** Every material and texture under `root`, each with a flag set when it is disposed. */
function watchDisposal(root: THREE.Object3D) {
  const freed = new Map<THREE.EventDispatcher<{ dispose: object }>, boolean>();
  root.traverse((o) => {
    const material = (o as THREE.Mesh).material as THREE.Material | undefined;
    if (!material) return;
    const things: THREE.EventDispatcher<{ dispose: object }>[] = [material];
    const map = (material as THREE.SpriteMaterial).map;
    if (map) things.push(map);
    for (const t of things) {
      if (freed.has(t)) continue;
      freed.set(t, false);
      t.addEventListener('dispose', () => freed.set(t, true));
    }
  });
  return freed;
}

describe('AvatarLayer', () => {
  it('adds a figure with its name on a tag, drawn with fillText', () => {
    const { scene, layer: avatars, drawn } = layer();
    avatars.add(ann(0));
    expect(scene.getObjectByName('players')).toBe(avatars.group);
    expect(avatars.size).toBe(1);
    expect(drawn).toEqual(['Ann']);
    const figure = avatars.group.children[0]!;
    expect(figure.getObjectByName('name tag')).toBeInstanceOf(THREE.Sprite);
    expect(figure.visible).toBe(false);
    avatars.update(0);
    expect(figure.visible).toBe(true);
    // Feet an eye height under the pose.
    expect(figure.position.y).toBeCloseTo(70);
  });

  it('moves the figure between updates, 100 ms behind, and reports the change', () => {
    const { layer: avatars } = layer();
    avatars.add(ann(0), 0);
    avatars.change(ann(1), 100);
    expect(avatars.update(150)).toBe(true);
    expect(avatars.drawnPose('s1')!.x).toBeCloseTo(0.5);
    const revision = avatars.revision;
    avatars.update(200);
    expect(avatars.drawnPose('s1')!.x).toBeCloseTo(1);
    expect(avatars.revision).toBeGreaterThan(revision);
  });

  it('stays still (nothing to redraw) once updates stop and the limbs rest', () => {
    const { layer: avatars } = layer();
    avatars.add(ann(0), 0);
    avatars.change(ann(1), 100);
    let t = 100;
    for (; t < 3000; t += 16) avatars.update(t);
    expect(avatars.update(t)).toBe(false);
    expect(avatars.drawnPose('s1')!.x).toBe(1);
  });

  it('swings the legs while walking, not while standing', () => {
    const { layer: avatars } = layer();
    avatars.add(ann(0), 0);
    for (let i = 1; i <= 10; i++) avatars.change(ann(i * 0.4), i * 100);
    for (let t = 0; t <= 800; t += 16) avatars.update(t);
    const limbs = avatars.group.children[0]!.children.filter((c) => c instanceof THREE.Group && c.name === '');
    expect(limbs.some((limb) => Math.abs(limb.rotation.x) > 0.05)).toBe(true);
  });

  it('renames: a new tag, the old texture freed', () => {
    const { layer: avatars, drawn } = layer();
    avatars.add(ann(0));
    const freed = watchDisposal(avatars.group.children[0]!.getObjectByName('name tag')!);
    avatars.change(ann(0, { name: 'Bo' }));
    expect(drawn).toEqual(['Ann', 'Bo']);
    expect([...freed.values()]).toEqual([true, true]);
    expect(avatars.group.children[0]!.children.filter((c) => c.name === 'name tag')).toHaveLength(1);
  });

  it('removing a player frees its materials and tag texture, not the shared geometries', () => {
    const { layer: avatars } = layer();
    avatars.add(ann(0));
    avatars.add(ann(0, { id: 's2', name: 'Bo' }));
    const first = avatars.group.children[0]!;
    const freed = watchDisposal(first);
    const geometry = (first.children.find((c) => c instanceof THREE.Mesh) as THREE.Mesh).geometry;
    let geometryFreed = false;
    geometry.addEventListener('dispose', () => (geometryFreed = true));
    avatars.remove('s1');
    expect(avatars.size).toBe(1);
    expect(first.parent).toBeNull();
    // Three colour materials, the tag's material and texture; the eyes' material is shared.
    expect([...freed.values()].filter(Boolean)).toHaveLength(5);
    expect(geometryFreed).toBe(false);
    avatars.dispose();
    expect(geometryFreed).toBe(true);
  });

  it('dispose frees everything, takes the group off the scene, and is safe twice', () => {
    const { scene, layer: avatars } = layer();
    avatars.add(ann(0));
    const freed = watchDisposal(avatars.group);
    avatars.dispose();
    avatars.dispose();
    expect([...freed.values()].every(Boolean)).toBe(true);
    expect(scene.children).not.toContain(avatars.group);
    avatars.add(ann(0));
    expect(avatars.size).toBe(0);
  });
});

describe('figure light', () => {
  it("shares the terrain's light uniforms, so the time of day reaches figures", async () => {
    const { createFigureMaterial, lightUniformsOf, noonLight } = await import('../../src/render/figure-material');
    const { createVoxelMaterial } = await import('../../src/render/voxel-material');
    const terrain = createVoxelMaterial({ tiles: new THREE.DataArrayTexture(), translucent: false });
    const light = lightUniformsOf(terrain);
    const figure = createFigureMaterial(0xff0000, light);
    terrain.uniforms.daylight!.value = 0.2;
    expect(figure.uniforms.daylight!.value).toBe(0.2);
    expect(figure.uniforms.sunColor).toBe(terrain.uniforms.sunColor);
    expect(createFigureMaterial(0, noonLight()).uniforms.fogColor).toBeDefined();
  });
});
