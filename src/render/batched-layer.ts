/**
 * A layer of terrain items (full-detail columns, or far LOD regions) drawn as one
 * BatchedMesh per pass (batched-pass.ts) for opaque, cut-out (leaves) and water quads: one
 * multi-draw call each, except water, which three draws twice (back faces, then front faces,
 * as for any double-sided transparent material), so four calls however many items. Items are keyed by string and placed in blocks; each pass's share of an item
 * is its own contiguous vertex range of the worker's mesh (src/mesh/mesh-data.ts stores
 * vertices in pass order), with its indices rebased to it, so nothing is duplicated.
 *
 * Precision: BatchedMesh keeps instance matrices in a float32 texture and multiplies them in
 * the shader, so an item 10^6 blocks from the origin would land on float32's 1/16-block grid
 * and the view transform would cancel large numbers there: the terrain would wobble. So the
 * batches' own position (an `origin` near the camera, in modelViewMatrix, which three
 * computes in double precision on the CPU) takes the large part, and instance matrices hold
 * only the offset from it. `follow` moves the origin (and rewrites the instance matrices)
 * when the camera is more than REBASE_DISTANCE away from it.
 */
import * as THREE from 'three';
import type { ColumnMeshData } from '../mesh';
import { vertexField } from '../mesh/vertex-format';
import { BatchedPass, type PassGeometry, type PassSlot } from './batched-pass';

/** Where an item goes: its local (packed) x and z times scaleXZ, plus (x, 0, z), in blocks. */
export interface Placement {
  x: number;
  z: number;
  scaleXZ: number;
}

/** The camera may wander this far (blocks, per axis) from the origin before it is moved. */
export const REBASE_DISTANCE = 2048;
/**
 * The origin is a multiple of this many blocks: whole columns, and exact in float32 up to
 * far beyond any reachable coordinate (the LOD shader reads it back from modelMatrix).
 */
export const ORIGIN_STEP = 1024;

/** The passes in draw order, as ColumnMeshData's index ranges come. */
const PASS_NAMES = ['opaque', 'cutout', 'water'] as const;
export type PassName = (typeof PASS_NAMES)[number];

export interface BatchedLayerOptions {
  name: string;
  /** A material per pass; a pass without one is not drawn (its quads are dropped). */
  materials: Partial<Record<PassName, THREE.Material>>;
  /** renderOrder of each pass's batch (three sorts by it first), 0 when absent. */
  renderOrder?: Partial<Record<PassName, number>>;
  /** Initial capacity of each pass's buffers, in quads (they grow when full): INITIAL_QUADS when absent. */
  initialQuads?: Partial<Record<PassName, number>>;
}

/**
 * Where the buffers start: about a quarter of what full detail at render distance 32 needs
 * for opaque quads (3 MB), a few growths' worth less for the rarer leaves and water.
 */
const INITIAL_QUADS: Record<PassName, number> = { opaque: 65_536, cutout: 8_192, water: 8_192 };

interface Item {
  placement: Placement;
  /** A slot per pass, null where the item has no quads in it (or the layer no such pass). */
  slots: (PassSlot | null)[];
  visible: boolean;
}

export class BatchedLayer {
  readonly group = new THREE.Group();
  /** Where the batches sit in the world; instance matrices are relative to it. */
  readonly origin = new THREE.Vector3();
  private readonly passes: (BatchedPass | null)[];
  private readonly items = new Map<string, Item>();
  private readonly matrix = new THREE.Matrix4();
  /** Rebased indices of the pass being added, reused across items. */
  private scratchIndices = new Uint32Array(0);
  private disposed = false;

  constructor(options: BatchedLayerOptions) {
    this.group.name = options.name;
    this.passes = PASS_NAMES.map((pass) => {
      const material = options.materials[pass];
      if (!material) return null;
      const batch = new BatchedPass(material, { quads: options.initialQuads?.[pass] ?? INITIAL_QUADS[pass] });
      batch.mesh.name = `${options.name} ${pass}`;
      batch.mesh.renderOrder = options.renderOrder?.[pass] ?? 0;
      this.group.add(batch.mesh);
      return batch;
    });
  }

  get count(): number {
    return this.items.size;
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Shows item `key` with this mesh at `placement`, replacing any mesh it had. An empty mesh just removes it. */
  set(key: string, placement: Placement, data: ColumnMeshData): void {
    if (this.disposed) return;
    this.remove(key);
    const counts = [data.opaqueIndexCount, data.cutoutIndexCount, data.translucentIndexCount];
    if (counts.every((c) => c === 0)) return;
    const matrix = this.matrixOf(placement);
    const slots: (PassSlot | null)[] = [];
    let firstIndex = 0;
    this.passes.forEach((batch, p) => {
      const count = counts[p]!;
      // Quads are stored in pass order, four vertices and six indices each, so the pass's
      // vertices are the range that its indices' quads occupy.
      const firstVertex = (firstIndex / 6) * 4;
      const endVertex = firstVertex + (count / 6) * 4;
      slots.push(batch && count > 0 ? batch.add(this.passGeometry(data, firstIndex, count, firstVertex, endVertex), matrix) : null);
      firstIndex += count;
    });
    this.items.set(key, { placement: { ...placement }, slots, visible: true });
  }

  /** Takes item `key` off (its space is kept for the next item of its size). */
  remove(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    item.slots.forEach((slot, p) => slot && this.passes[p]!.release(slot));
    this.items.delete(key);
  }

  /** Keeps item `key` but draws it or not. */
  setVisible(key: string, visible: boolean): void {
    const item = this.items.get(key);
    if (!item || item.visible === visible) return;
    item.visible = visible;
    item.slots.forEach((slot, p) => slot && this.passes[p]!.setVisible(slot, visible));
  }

  clear(): void {
    for (const key of [...this.items.keys()]) this.remove(key);
  }

  /**
   * Moves the origin near the camera once the camera is more than REBASE_DISTANCE blocks
   * from it (per axis), rewriting every instance matrix (a few thousand matrices, one
   * texture upload). Returns whether it moved. Call once a frame before rendering.
   */
  follow(camera: THREE.Vector3): boolean {
    if (this.disposed) return false;
    if (Math.abs(camera.x - this.origin.x) <= REBASE_DISTANCE && Math.abs(camera.z - this.origin.z) <= REBASE_DISTANCE) return false;
    this.origin.set(Math.round(camera.x / ORIGIN_STEP) * ORIGIN_STEP, 0, Math.round(camera.z / ORIGIN_STEP) * ORIGIN_STEP);
    for (const batch of this.passes) batch?.mesh.position.copy(this.origin);
    for (const item of this.items.values()) {
      const matrix = this.matrixOf(item.placement);
      item.slots.forEach((slot, p) => slot && this.passes[p]!.setMatrix(slot, matrix));
    }
    return true;
  }

  /** Item `key`'s bounding sphere per pass in world coordinates (null where it has none), as the batch culls it. */
  worldSpheres(key: string): (THREE.Sphere | null)[] {
    const item = this.items.get(key);
    if (!item) return [];
    return item.slots.map((slot, p) => {
      if (!slot) return null;
      return this.passes[p]!.worldSphere(slot, new THREE.Sphere()).translate(this.origin);
    });
  }

  /** The batch of a pass (for tests and render order), or null if the layer has no such pass. */
  batch(pass: PassName): BatchedPass | null {
    return this.passes[PASS_NAMES.indexOf(pass)] ?? null;
  }

  /** Bytes of GPU buffers and textures the batches hold (at capacity, not just what is used). */
  get gpuBytes(): number {
    return this.passes.reduce((sum, batch) => sum + (batch?.gpuBytes ?? 0), 0);
  }

  /** Frees every batch's buffers and textures; materials belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.items.clear();
    for (const batch of this.passes) {
      if (!batch) continue;
      this.group.remove(batch.mesh);
      batch.dispose();
    }
  }

  /** Local to the origin's frame: scale x and z, then move to the placement. */
  private matrixOf({ x, z, scaleXZ }: Placement): THREE.Matrix4 {
    return this.matrix.makeScale(scaleXZ, 1, scaleXZ).setPosition(x - this.origin.x, 0, z - this.origin.z);
  }

  /**
   * One pass's share of an item: views (not copies) of its vertex range, its indices rebased
   * to that range (BatchedMesh adds the slot's own start to them), and exact local bounds.
   */
  private passGeometry(data: ColumnMeshData, firstIndex: number, indexCount: number, firstVertex: number, endVertex: number): PassGeometry {
    if (this.scratchIndices.length < indexCount) this.scratchIndices = new Uint32Array(Math.max(indexCount, this.scratchIndices.length * 2));
    const indices = this.scratchIndices.subarray(0, indexCount);
    for (let i = 0; i < indexCount; i++) indices[i] = data.indices[firstIndex + i]! - firstVertex;
    const vertices = data.vertices.subarray(firstVertex, endVertex);
    const packed = new THREE.BufferAttribute(vertices, 1);
    const material = new THREE.BufferAttribute(data.materials.subarray(firstVertex, endVertex), 1);
    // A uint16 attribute reaches a `uint` shader input only through vertexAttribIPointer.
    material.gpuType = THREE.IntType;
    return { attributes: { packedVertex: packed, material }, index: new THREE.BufferAttribute(indices, 1), box: localBounds(vertices) };
  }
}

/** Bounds of packed vertices in local units (no float positions to compute them from). */
function localBounds(vertices: Uint32Array): THREE.Box3 {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < vertices.length; i++) {
    const v = vertices[i]!;
    const x = vertexField(v, 'x');
    const y = vertexField(v, 'y');
    const z = vertexField(v, 'z');
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return new THREE.Box3(new THREE.Vector3(minX, minY, minZ), new THREE.Vector3(maxX, maxY, maxZ));
}
