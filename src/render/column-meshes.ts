/**
 * One three.js Mesh per loaded column, built from worker mesh data without copying: the
 * packed vertex array becomes a uint32 attribute, the materials a uint16 one, and the index
 * array is used as is. Opaque, cut-out (leaves) and water quads are three groups of one
 * geometry, drawn with three materials in that order.
 */
import * as THREE from 'three';
import type { ColumnMeshData } from '../mesh';
import { vertexField } from '../mesh/vertex-format';
import { COLUMN_SIZE, columnKey } from '../world/coords';
import type { VoxelMaterial } from './voxel-material';

export class ColumnMeshes {
  readonly group = new THREE.Group();
  private readonly meshes = new Map<string, THREE.Mesh>();
  private readonly materials: VoxelMaterial[];
  private disposed = false;

  constructor(opaque: VoxelMaterial, cutout: VoxelMaterial, water: VoxelMaterial) {
    this.group.name = 'columns';
    this.materials = [opaque, cutout, water];
  }

  get count(): number {
    return this.meshes.size;
  }

  /** Shows column (cx, cz) with this mesh, replacing (and freeing) any mesh it had. */
  set(cx: number, cz: number, data: ColumnMeshData): void {
    if (this.disposed) return;
    const key = columnKey(cx, cz);
    this.remove(cx, cz);
    const { opaqueIndexCount: opaque, cutoutIndexCount: cutout, translucentIndexCount: water } = data;
    if (opaque + cutout + water === 0) return;
    const geometry = new THREE.BufferGeometry();
    const packed = new THREE.BufferAttribute(data.vertices, 1);
    geometry.setAttribute('packedVertex', packed);
    const material = new THREE.BufferAttribute(data.materials, 1);
    // A uint16 attribute reaches a `uint` shader input only through vertexAttribIPointer.
    material.gpuType = THREE.IntType;
    geometry.setAttribute('material', material);
    geometry.setIndex(new THREE.BufferAttribute(data.indices, 1));
    if (opaque > 0) geometry.addGroup(0, opaque, 0);
    if (cutout > 0) geometry.addGroup(opaque, cutout, 1);
    if (water > 0) geometry.addGroup(opaque + cutout, water, 2);
    // No `position` attribute to compute bounds from: take them from the packed y range.
    let minY = 256;
    let maxY = 0;
    const v = data.vertices;
    for (let i = 0; i < v.length; i++) {
      const y = vertexField(v[i]!, 'y');
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    geometry.boundingBox = new THREE.Box3(new THREE.Vector3(0, minY, 0), new THREE.Vector3(COLUMN_SIZE, maxY, COLUMN_SIZE));
    geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new THREE.Sphere());
    const mesh = new THREE.Mesh(geometry, this.materials);
    mesh.name = `column ${key}`;
    mesh.position.set(cx * COLUMN_SIZE, 0, cz * COLUMN_SIZE);
    mesh.matrixAutoUpdate = false;
    mesh.updateMatrix();
    this.meshes.set(key, mesh);
    this.group.add(mesh);
    // The group never moves, so the world matrix is final now: culling against it (compare
    // mode's strips) needs no per-frame matrix update before the renderer's own.
    mesh.updateMatrixWorld();
  }

  has(cx: number, cz: number): boolean {
    return this.meshes.has(columnKey(cx, cz));
  }

  /** Removes a column's mesh and frees its GPU buffers. */
  remove(cx: number, cz: number): void {
    const key = columnKey(cx, cz);
    const mesh = this.meshes.get(key);
    if (!mesh) return;
    this.group.remove(mesh);
    mesh.geometry.dispose();
    this.meshes.delete(key);
  }

  clear(): void {
    for (const mesh of this.meshes.values()) {
      this.group.remove(mesh);
      mesh.geometry.dispose();
    }
    this.meshes.clear();
  }

  /** Frees every geometry. Materials are shared and belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.clear();
    this.disposed = true;
  }
}
