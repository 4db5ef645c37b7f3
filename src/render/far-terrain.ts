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
 *   reaches under it) are cut into one item per column (lod-pieces.ts), and an item whose
 *   column is loaded is simply not drawn: its triangles never reach the GPU;
 * - coarser regions never reach a loaded column once the view has settled, and are drawn
 *   whole, or not at all when every one of their columns is loaded;
 * - so far terrain is drawn with the plain voxel shader, no `discard`, drawn after the
 *   columns' opaque pass so the depth test rejects what they hide before shading.
 * Only while a coarser region that some loaded columns overlap is still drawn (flying faster
 * than far regions are rebuilt, or just after a teleport: the swap rule keeps the old region
 * until its replacements are in) does the layer switch to the masked materials, which discard
 * over loaded columns as before (full-detail-mask.ts); FarCover says when.
 */
import type * as THREE from 'three';
import type { ColumnMeshData } from '../mesh';
import { cutLodPieces } from '../mesh/lod-pieces';
import { COLUMN_SIZE, LOD_PIECE_MAX_LEVEL } from '../world';
import { BatchedLayer, type Placement } from './batched-layer';
import type { ColumnMeshes } from './column-meshes';
import { FarCover } from './far-cover';

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

export class FarTerrain {
  readonly layer: BatchedLayer;
  private readonly cover: FarCover;
  /** Region key to its layer items: the region itself, or its columns' pieces. */
  private readonly regions = new Map<string, string[]>();
  /** Plain material to masked, and back. */
  private readonly swap = new Map<THREE.Material, THREE.Material>();
  private readonly masked: ReadonlySet<THREE.Material>;
  private readonly stopListening: () => void;
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
    this.cover = new FarCover((key, drawn) => this.layer.setVisible(key, drawn));
    this.stopListening = columns.listen({ loaded: (cx, cz, loaded) => this.cover.setLoaded(cx, cz, loaded) });
  }

  get group(): THREE.Group {
    return this.layer.group;
  }

  /** Regions held (drawn or not). */
  get count(): number {
    return this.regions.size;
  }

  /** Whether the layer draws with the masked materials now (some drawn region is partly covered). */
  get masking(): boolean {
    return this.cover.masking;
  }

  /** Shows region `key` with this mesh (drawn, as far as loaded columns allow), replacing any mesh it had. */
  set(key: string, placement: Placement, data: ColumnMeshData): void {
    if (this.disposed) return;
    this.remove(key);
    const columns = placement.scaleXZ;
    const cx0 = Math.round(placement.x / COLUMN_SIZE);
    const cz0 = Math.round(placement.z / COLUMN_SIZE);
    const items: string[] = [];
    if (Math.log2(columns) <= LOD_PIECE_MAX_LEVEL) {
      for (const piece of cutLodPieces(data, columns, COLUMN_SIZE / columns)) {
        const itemKey = `${key}|${piece.tx},${piece.tz}`;
        this.place(itemKey, placement, piece.mesh, { cx0: cx0 + piece.tx, cz0: cz0 + piece.tz, size: 1 });
        items.push(itemKey);
      }
    } else {
      this.place(key, placement, data, { cx0, cz0, size: columns });
      items.push(key);
    }
    this.regions.set(key, items);
  }

  remove(key: string): void {
    const items = this.regions.get(key);
    if (!items) return;
    for (const item of items) {
      this.layer.remove(item);
      this.cover.remove(item);
    }
    this.regions.delete(key);
  }

  /** The swap rule's wish: region `key` drawn or held hidden (loaded columns still leave theirs out). */
  setVisible(key: string, visible: boolean): void {
    for (const item of this.regions.get(key) ?? []) this.layer.setVisible(item, this.cover.setWanted(item, visible));
  }

  /** Once a frame before drawing: the batches' origin, and plain or masked materials as the cover needs. */
  follow(camera: THREE.Vector3): void {
    this.layer.follow(camera);
    const masking = this.cover.masking;
    for (const child of this.layer.group.children) {
      const mesh = child as THREE.Mesh;
      const material = mesh.material as THREE.Material;
      if (this.masked.has(material) !== masking) mesh.material = this.swap.get(material) ?? material;
    }
  }

  get gpuBytes(): number {
    return this.layer.gpuBytes;
  }

  /** Frees the batches and stops listening to the columns; materials belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopListening();
    this.layer.dispose();
    this.regions.clear();
  }

  private place(itemKey: string, placement: Placement, data: ColumnMeshData, square: { cx0: number; cz0: number; size: number }): void {
    this.layer.set(itemKey, placement, data);
    if (!this.layer.has(itemKey)) return; // nothing to draw
    if (!this.cover.add(itemKey, square, true)) this.layer.setVisible(itemKey, false);
  }
}
