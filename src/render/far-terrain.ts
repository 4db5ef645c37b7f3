/**
 * A world's far terrain (LOD regions) as drawn: a BatchedLayer of region meshes that leaves out
 * what the world's full-detail columns cover (docs/architecture.md §7, "Far terrain").
 *
 * Far terrain used to be drawn under the full-detail disc too, every fragment testing a
 * texture of loaded columns and discarding itself where one was loaded. That shaded the disc
 * twice over, and a `discard` anywhere in a shader turns off early depth rejection for the
 * whole draw (on GPUs and on SwiftShader alike), so far terrain hidden behind hills was shaded
 * as well. Now:
 * - regions up to LOD_PIECE_MAX_LEVEL (the level-1 band that hugs the full-detail edge and
 *   reaches under it) come as one set of items per column, and an item whose column is loaded
 *   is simply not drawn: its triangles never reach the GPU;
 * - coarser regions never reach a loaded column once the view has settled, and are drawn
 *   whole, or not at all when every one of their columns is loaded;
 * - so far terrain is drawn with the plain voxel shader, no `discard`, drawn after the
 *   columns' opaque pass so the depth test rejects what they hide before shading;
 * - each of those pieces (or whole regions) comes as one item per face direction, and a
 *   direction the camera sees only from behind is left out (its triangles would all be
 *   culled as back faces). Coarse regions are large and mostly far to one side, so about a
 *   third of far triangles go.
 * The LOD worker does that cutting and grouping (src/mesh/lod-split.ts), so no quad of an
 * arriving region is copied on this thread: this class only takes views of the worker's
 * arrays (far-items.ts) and places them.
 * The culling spheres of scaled regions are exact (batched-layer.ts, cullingSphere), so a
 * coarse region behind the camera is not drawn either.
 * Only while a coarser region that some loaded columns overlap is still drawn (flying faster
 * than far regions are rebuilt, or just after a teleport: the swap rule keeps the old region
 * until its replacements are in) does the layer switch to the masked materials, which discard
 * over loaded columns as before (full-detail-mask.ts); FarCover says when.
 */
import type * as THREE from 'three';
import type { LodSplit } from '../mesh/lod-split';
import { COLUMN_SIZE, Face } from '../world';
import { BatchedLayer, type Placement } from './batched-layer';
import type { ColumnMeshes } from './column-meshes';
import { FarCover } from './far-cover';
import { farItemMesh, groupFacesEye } from './far-items';

/** The two passes far terrain has, each in a plain and a masked (discarding) variant. */
export interface FarMaterials {
  opaque: THREE.Material;
  water: THREE.Material;
}

export interface FarTerrainOptions {
  name: string;
  /** The plain voxel materials (no discard): what is drawn once the view has settled. */
  plain: FarMaterials;
  /** The LOD materials that discard over loaded columns (bound to the columns' mask). */
  masked: FarMaterials;
  /** Side of a render region, in blocks (batched-layer.ts). */
  bucketBlocks: number;
}

/** One face direction of a region or of one column of it: a layer item. */
interface FaceItem {
  face: number;
  /** The group's lowest and highest plane in world blocks (x, y or z as the face's axis). */
  minPlane: number;
  maxPlane: number;
  /** Whether the camera sees some of its quads from the front (as of the last follow). */
  facing: boolean;
}

export class FarTerrain {
  readonly layer: BatchedLayer;
  private readonly cover: FarCover;
  /** Region key to its layer items: per face direction, of the region itself or of its columns' pieces. */
  private readonly regions = new Map<string, string[]>();
  private readonly items = new Map<string, FaceItem>();
  private readonly eye = { x: 0, y: 0, z: 0 };
  /** Plain material to masked, and back. */
  private readonly swap = new Map<THREE.Material, THREE.Material>();
  private readonly masked: ReadonlySet<THREE.Material>;
  private readonly stopListening: () => void;
  private materialSwaps = 0;
  private disposed = false;

  constructor(columns: ColumnMeshes, options: FarTerrainOptions) {
    const { plain, masked } = options;
    this.layer = new BatchedLayer({
      name: options.name,
      materials: { opaque: plain.opaque, water: plain.water },
      // LOD opaque after the columns' opaque (the depth test then rejects what near terrain
      // covers before shading), LOD water before the columns' water (farther away: back to
      // front, as blending needs).
      renderOrder: { opaque: 1, water: -1 },
      bucketBlocks: options.bucketBlocks,
    });
    for (const pass of ['opaque', 'water'] as const) {
      this.swap.set(plain[pass], masked[pass]);
      this.swap.set(masked[pass], plain[pass]);
    }
    this.masked = new Set([masked.opaque, masked.water]);
    this.cover = new FarCover((key) => this.show(key));
    this.stopListening = columns.listen({ loaded: (cx, cz, loaded) => this.cover.setLoaded(cx, cz, loaded) });
  }

  get group(): THREE.Group {
    return this.layer.group;
  }

  /** Changes to what this layer draws (BatchedLayer.revision), its material swaps included. */
  get revision(): number {
    return this.layer.revision + this.materialSwaps;
  }

  /** Regions held (drawn or not). */
  get count(): number {
    return this.regions.size;
  }

  /** Whether the layer draws with the masked materials now (some drawn region is partly covered). */
  get masking(): boolean {
    return this.cover.masking;
  }

  /** Shows region `key` as the worker split it (drawn, as far as loaded columns allow), replacing what it had. */
  set(key: string, placement: Placement, split: LodSplit): void {
    if (this.disposed) return;
    this.remove(key);
    const cx0 = Math.round(placement.x / COLUMN_SIZE);
    const cz0 = Math.round(placement.z / COLUMN_SIZE);
    const keys: string[] = [];
    for (const item of split.items) {
      const whole = item.size === placement.scaleXZ;
      const itemKey = whole ? `${key}|f${item.face}` : `${key}|${item.tx},${item.tz}|f${item.face}`;
      this.layer.set(itemKey, placement, farItemMesh(split, item));
      // The plane in world blocks: x and z are in cells of scaleXZ blocks from the placement.
      const [offset, scale] = item.face === Face.PosX || item.face === Face.NegX ? [placement.x, placement.scaleXZ] : item.face === Face.PosZ || item.face === Face.NegZ ? [placement.z, placement.scaleXZ] : [0, 1];
      const faceItem: FaceItem = { face: item.face, minPlane: offset + item.minPlane * scale, maxPlane: offset + item.maxPlane * scale, facing: false };
      faceItem.facing = groupFacesEye(faceItem.face, faceItem.minPlane, faceItem.maxPlane, this.eye);
      this.items.set(itemKey, faceItem);
      this.cover.add(itemKey, { cx0: cx0 + item.tx, cz0: cz0 + item.tz, size: item.size }, true);
      this.show(itemKey);
      keys.push(itemKey);
    }
    this.regions.set(key, keys);
  }

  remove(key: string): void {
    const items = this.regions.get(key);
    if (!items) return;
    for (const item of items) {
      this.layer.remove(item);
      this.cover.remove(item);
      this.items.delete(item);
    }
    this.regions.delete(key);
  }

  /** The swap rule's wish: region `key` drawn or held hidden (loaded columns still leave theirs out). */
  setVisible(key: string, visible: boolean): void {
    for (const item of this.regions.get(key) ?? []) {
      this.cover.setWanted(item, visible);
      this.show(item);
    }
  }

  /**
   * Once a frame before drawing: the batches' origin, the face directions the camera sees
   * from the front, and plain or masked materials as the cover needs.
   */
  follow(camera: THREE.Vector3): void {
    this.layer.follow(camera);
    const { eye } = this;
    if (eye.x !== camera.x || eye.y !== camera.y || eye.z !== camera.z) {
      eye.x = camera.x;
      eye.y = camera.y;
      eye.z = camera.z;
      for (const [key, item] of this.items) {
        const facing = groupFacesEye(item.face, item.minPlane, item.maxPlane, eye);
        if (facing === item.facing) continue;
        item.facing = facing;
        this.show(key);
      }
    }
    const masking = this.cover.masking;
    for (const child of this.layer.group.children) {
      const mesh = child as THREE.Mesh;
      const material = mesh.material as THREE.Material;
      if (this.masked.has(material) === masking) continue;
      mesh.material = this.swap.get(material) ?? material;
      this.materialSwaps++;
    }
  }

  get gpuBytes(): number {
    return this.layer.gpuBytes;
  }

  /** Emptied arenas kept for reuse (arena-pool.ts): geometries that draw nothing. */
  get pooledArenas(): number {
    return this.layer.pooledArenas;
  }

  /** Frees the batches and stops listening to the columns; materials belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopListening();
    this.layer.dispose();
    this.regions.clear();
  }

  /** Draws an item when its owner wants it, loaded columns leave some of it, and the camera faces it. */
  private show(itemKey: string): void {
    const item = this.items.get(itemKey);
    if (item) this.layer.setVisible(itemKey, item.facing && this.cover.isDrawn(itemKey));
  }
}
