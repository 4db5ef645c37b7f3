/**
 * The aimed-block outline: which edges it draws for where the eye is, and the pull toward
 * the eye that must leave the picture unchanged.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { edgeFaces, facesTowardEye, SelectionBox, visibleEdges } from '../../src/render/selection-box';

const PX = 1 << 0;
const PY = 1 << 2;
const PZ = 1 << 4;
const NX = 1 << 1;

describe('outline edges', () => {
  it('has twelve edges, each between two faces on different axes, four per face', () => {
    const perFace = new Array(6).fill(0);
    for (let e = 0; e < 12; e++) {
      const [a, b] = edgeFaces(e);
      expect(a >> 1).not.toBe(b >> 1);
      perFace[a]++;
      perFace[b]++;
    }
    expect(perFace).toEqual([4, 4, 4, 4, 4, 4]);
  });

  it('finds the faces turned toward the eye', () => {
    expect(facesTowardEye({ x: 3, y: 2, z: 1 })).toBe(PX | PY | PZ);
    expect(facesTowardEye({ x: -3, y: 0.2, z: 0 })).toBe(NX);
    expect(facesTowardEye({ x: 0.1, y: -0.2, z: 0.4 })).toBe(0);
  });

  it('draws the edges of those faces: 4 for one, 7 for two, 9 for three, all 12 from inside', () => {
    expect(visibleEdges(PY)).toHaveLength(4);
    expect(visibleEdges(PY | PX)).toHaveLength(7);
    expect(visibleEdges(PX | PY | PZ)).toHaveLength(9);
    expect(visibleEdges(0)).toHaveLength(12);
    for (const e of visibleEdges(PY)) expect(edgeFaces(e)).toContain(2);
  });
});

describe('SelectionBox', () => {
  const camera = new THREE.PerspectiveCamera(70, 16 / 9, 0.1, 1000);
  camera.position.set(10.3, 20.7, -4.2);
  camera.updateMatrixWorld();

  it('draws only the edges toward the eye, pulled toward it along the eye rays', () => {
    const box = new SelectionBox();
    box.setResolution(1280, 720);
    box.show({ x: 4, y: 15, z: -9 });
    box.follow(camera);
    expect(box.object.visible).toBe(true);
    const line = box.object.children[0] as THREE.Mesh;
    expect((line.geometry as THREE.InstancedBufferGeometry).instanceCount).toBe(9);

    // A box corner lands on the same ray from the eye, a little nearer.
    box.object.updateMatrixWorld();
    const corner = new THREE.Vector3(0.502, 0.502, 0.502);
    const placed = corner.clone().applyMatrix4(box.object.matrixWorld);
    const unpulled = new THREE.Vector3(4.5, 15.5, -8.5).add(corner);
    const toPlaced = placed.clone().sub(camera.position);
    const toUnpulled = unpulled.clone().sub(camera.position);
    expect(toPlaced.clone().normalize().distanceTo(toUnpulled.clone().normalize())).toBeLessThan(1e-9);
    const ratio = toPlaced.length() / toUnpulled.length();
    expect(ratio).toBeLessThan(1);
    expect(ratio).toBeGreaterThan(0.98);

    box.dispose();
    box.dispose();
  });

  it('outlines only the aimed part of a shape: a bottom slab is half a block tall, on the floor of its cell', () => {
    const box = new SelectionBox();
    box.setResolution(1280, 720);
    const before = box.revision;
    box.show({ x: 4, y: 15, z: -9, bounds: [0, 0, 0, 16, 8, 16] });
    box.follow(camera);
    box.object.updateMatrixWorld();
    const top = new THREE.Vector3(0.5, 0.5, 0.5).applyMatrix4(box.object.matrixWorld);
    const bottom = new THREE.Vector3(-0.5, -0.5, -0.5).applyMatrix4(box.object.matrixWorld);
    // Pulled a hair toward the eye, so only near 15 .. 15.5: half a block tall, a block wide.
    expect(Math.abs(bottom.y - 15)).toBeLessThan(0.1);
    expect(Math.abs(top.y - 15.5)).toBeLessThan(0.1);
    expect((top.y - bottom.y) / (top.x - bottom.x)).toBeCloseTo(0.5, 6);
    // The whole block at the same place is another outline.
    box.show({ x: 4, y: 15, z: -9 });
    expect(box.revision).toBe(before + 2);
    box.dispose();
  });

  it('hides with null', () => {
    const box = new SelectionBox();
    box.show({ x: 0, y: 0, z: 0 });
    box.show(null);
    expect(box.object.visible).toBe(false);
    box.dispose();
  });
});

describe('outline revision', () => {
  it('changes when the outline is shown, moved to another block or hidden; not when asked for the same', () => {
    const box = new SelectionBox();
    const revisions = [box.revision];
    const step = (block: { x: number; y: number; z: number } | null) => {
      box.show(block);
      revisions.push(box.revision);
    };
    step(null); // hidden already
    step({ x: 1, y: 2, z: 3 });
    step({ x: 1, y: 2, z: 3 });
    step({ x: 1, y: 3, z: 3 });
    step(null);
    step(null);
    const changes = revisions.slice(1).map((r, i) => r !== revisions[i]);
    expect(changes).toEqual([false, true, false, true, true, false]);
    box.dispose();
  });
});

