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
import { SectionCulling } from './section-culling';
import type { VoxelMaterial } from './voxel-material';

/**
 * A render region of columns: 32 x 32 of them (512 blocks). At R = 32 that is 9 to 16 regions,
 * each with its opaque arenas, a cut-out one and a water one (drawn twice): about a hundred
 * draw calls. An arriving column writes only its own slot of its region's arena
 * (batched-layer.ts says why that matters).
 */
export const COLUMN_BUCKET_BLOCKS = 32 * COLUMN_SIZE;

/** Hears which columns are loaded at full detail (far terrain leaves them out: far-terrain.ts). */
export interface LoadedListener {
  loaded(cx: number, cz: number, loaded: boolean): void;
}

export class ColumnMeshes {
  readonly layer: BatchedLayer;
  /** Which columns are loaded, for LOD layers of the same world (WorldScene.createLodLayer). */
  readonly mask = new FullDetailMask();
  /** The loaded columns by key, to tell a new listener and to unload them all on clear. */
  private readonly loadedColumns = new Map<string, readonly [number, number]>();
  private readonly listeners = new Set<LoadedListener>();
  /** Which sections of each column are drawn (cave-face culling). */
  readonly culling: SectionCulling;
  private disposed = false;

  constructor(
    opaque: VoxelMaterial,
    cutout: VoxelMaterial,
    water: VoxelMaterial,
    name = 'columns',
    /** Told in the same call a column's mesh is replaced or removed (pending-blocks.ts: in the same frame). */
    private readonly meshChanged: (cx: number, cz: number) => void = () => {},
  ) {
    this.layer = new BatchedLayer({ name, materials: { opaque, cutout, water }, bucketBlocks: COLUMN_BUCKET_BLOCKS });
    this.culling = new SectionCulling(this.layer);
  }

  /** The scene object: the column batches (and any LOD layer of this world, added by the scene). */
  get group(): THREE.Group {
    return this.layer.group;
  }

  /** Changes to what this layer draws (BatchedLayer.revision), the mask's included. */
  get revision(): number {
    return this.layer.revision + this.mask.texture.version;
  }

  /** Columns with something to draw. */
  get count(): number {
    return this.layer.count;
  }

  /** Shows column (cx, cz) with this mesh, replacing any mesh it had. */
  set(cx: number, cz: number, data: ColumnMeshData): void {
    if (this.disposed) return;
    this.layer.set(columnKey(cx, cz), { x: cx * COLUMN_SIZE, z: cz * COLUMN_SIZE, scaleXZ: 1 }, data);
    this.culling.set(cx, cz, data.sectionStarts, data.sectionGraphs);
    // Loaded even when empty (all air): far terrain must not be drawn there either.
    this.setLoaded(cx, cz, true);
    this.meshChanged(cx, cz);
  }

  has(cx: number, cz: number): boolean {
    return this.layer.has(columnKey(cx, cz));
  }

  remove(cx: number, cz: number): void {
    if (this.disposed) return;
    this.layer.remove(columnKey(cx, cz));
    this.culling.remove(cx, cz);
    this.setLoaded(cx, cz, false);
    this.meshChanged(cx, cz);
  }

  clear(): void {
    this.layer.clear();
    for (const [cx, cz] of [...this.loadedColumns.values()]) this.setLoaded(cx, cz, false);
    this.culling.clear();
    this.mask.clear();
  }

  /**
   * Tells `listener` of every column loaded now and every change from now on, until the
   * returned function is called (safe twice).
   */
  listen(listener: LoadedListener): () => void {
    this.listeners.add(listener);
    for (const [cx, cz] of this.loadedColumns.values()) listener.loaded(cx, cz, true);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Keeps the batches' origin and the mask's center near the camera, and draws only the
   * sections the eye can see when `cull` (section-culling.ts); once a frame, before drawing.
   */
  follow(camera: THREE.Vector3, cull = false): void {
    this.layer.follow(camera);
    this.culling.update(camera, cull);
    this.mask.setCenter(Math.floor(camera.x / COLUMN_SIZE), Math.floor(camera.z / COLUMN_SIZE));
  }

  get gpuBytes(): number {
    return this.layer.gpuBytes + this.mask.gpuBytes;
  }

  /** Emptied arenas kept for reuse (arena-pool.ts): geometries that draw nothing. */
  get pooledArenas(): number {
    return this.layer.pooledArenas;
  }

  /** Frees the batches and the mask. Materials are shared and belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.layer.dispose();
    this.mask.dispose();
    this.listeners.clear();
    this.loadedColumns.clear();
  }

  private setLoaded(cx: number, cz: number, loaded: boolean): void {
    this.mask.setLoaded(cx, cz, loaded);
    const key = columnKey(cx, cz);
    if (loaded === this.loadedColumns.has(key)) return;
    if (loaded) this.loadedColumns.set(key, [cx, cz]);
    else this.loadedColumns.delete(key);
    for (const listener of this.listeners) listener.loaded(cx, cz, loaded);
  }
}
