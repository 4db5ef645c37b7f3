/**
 * The loaded columns of one world: a BatchedLayer (batched-layer.ts) keyed by column, plus
 * the full-detail mask (full-detail-mask.ts) that tells this world's far terrain where a
 * column is already drawn. Meshes come from the workers as they are; opaque, cut-out
 * (leaves) and water quads go to the layer's three batches, drawn in that order.
 */
import type * as THREE from 'three';
import type { ColumnMeshData } from '../mesh';
import { COLUMN_SIZE, columnKey } from '../world/coords';
import { BatchedLayer } from './batched-layer';
import { FullDetailMask } from './full-detail-mask';
import type { VoxelMaterial } from './voxel-material';

/**
 * A render region of columns: 32 x 32 of them (512 blocks). At R = 32 that is 9 to 16 regions,
 * each with its opaque arenas, a cut-out one and a water one (drawn twice): about a hundred
 * draw calls. An arriving column writes only its own slot of its region's arena
 * (batched-layer.ts says why that matters).
 */
export const COLUMN_BUCKET_BLOCKS = 32 * COLUMN_SIZE;

export class ColumnMeshes {
  readonly layer: BatchedLayer;
  /** Which columns are loaded, for LOD layers of the same world (WorldScene.createLodLayer). */
  readonly mask = new FullDetailMask();
  private disposed = false;

  constructor(opaque: VoxelMaterial, cutout: VoxelMaterial, water: VoxelMaterial, name = 'columns') {
    this.layer = new BatchedLayer({ name, materials: { opaque, cutout, water }, bucketBlocks: COLUMN_BUCKET_BLOCKS });
  }

  /** The scene object: the column batches (and any LOD layer of this world, added by the scene). */
  get group(): THREE.Group {
    return this.layer.group;
  }

  /** Columns with something to draw. */
  get count(): number {
    return this.layer.count;
  }

  /** Shows column (cx, cz) with this mesh, replacing any mesh it had. */
  set(cx: number, cz: number, data: ColumnMeshData): void {
    if (this.disposed) return;
    this.layer.set(columnKey(cx, cz), { x: cx * COLUMN_SIZE, z: cz * COLUMN_SIZE, scaleXZ: 1 }, data);
    // Loaded even when empty (all air): far terrain must not be drawn there either.
    this.mask.setLoaded(cx, cz, true);
  }

  has(cx: number, cz: number): boolean {
    return this.layer.has(columnKey(cx, cz));
  }

  remove(cx: number, cz: number): void {
    if (this.disposed) return;
    this.layer.remove(columnKey(cx, cz));
    this.mask.setLoaded(cx, cz, false);
  }

  clear(): void {
    this.layer.clear();
    this.mask.clear();
  }

  /** Keeps the batches' origin and the mask's center near the camera; once a frame. */
  follow(camera: THREE.Vector3): void {
    this.layer.follow(camera);
    this.mask.setCenter(Math.floor(camera.x / COLUMN_SIZE), Math.floor(camera.z / COLUMN_SIZE));
  }

  get gpuBytes(): number {
    return this.layer.gpuBytes + this.mask.gpuBytes;
  }

  /** Frees the batches and the mask. Materials are shared and belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.layer.dispose();
    this.mask.dispose();
  }
}
