/**
 * A layer of terrain items (full-detail columns, or far LOD regions) drawn in render regions:
 * square buckets of the world (`bucketBlocks` on a side), each with one BatchedMesh per pass
 * (batched-pass.ts) for opaque, cut-out (leaves) and water quads, one multi-draw call each
 * (water two: three draws a double-sided transparent material back faces first). Items are
 * keyed by string and placed in blocks; each pass's share of an item is its own contiguous
 * vertex range of the worker's mesh (src/mesh/mesh-data.ts stores vertices in pass order),
 * with its indices rebased to it, so nothing is duplicated.
 *
 * Why buckets, not one batch per pass for the whole layer (as Sodium's render regions):
 * updating part of a buffer the GPU may still be reading makes the driver copy or wait for
 * the whole buffer. With one layer-wide arena, every arriving column touched a buffer of tens
 * of megabytes: on SwiftShader, loading R = 12 took 13 s instead of 5 s, and R = 32 took
 * 175 s instead of 59 s. A bucket's buffers are a few megabytes, and a column only touches
 * its own bucket's. A bucket's batches go back to a pool when its last item leaves, for the next
 * bucket to reuse with its GPU buffers still allocated (arena-pool.ts).
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
import { ArenaPool } from './arena-pool';
import { BatchedPass, type PassGeometry, type PassSlot } from './batched-pass';
import { slotClassOf, slotQuads } from './slot-classes';

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
  /** Capacity of each pass's arenas, in quads: ARENA_QUADS when absent. */
  arenaQuads?: Partial<Record<PassName, number>>;
  /** Side of a render region in blocks (items go by their placement's corner). */
  bucketBlocks: number;
  /** GPU bytes of emptied arenas kept for reuse (arena-pool.ts): POOL_BYTES when absent. */
  poolBytes?: number;
}

/**
 * Quads per batch ("arena") of a bucket's pass. Arenas never grow: a full one is followed by
 * another. three uploads a buffer's whole array when it creates it, and Chrome's main thread
 * waits while a busy GPU process takes it: growing a bucket's single batch by doubling
 * re-uploaded megabytes in one call (frames over 1 s in a flight on SwiftShader, 2.4 s of 25
 * in bufferData). A 32k-quad arena is 1.5 MB, uploaded whole once. (Allocating it with no
 * data and sending only its filled slots, bufferData by size then bufferSubData, sent 40% fewer
 * bytes but made the R = 32 load 2.4 times as long on SwiftShader: docs/architecture.md §7.)
 * (16k-quad arenas took R = 32 to 206 draw calls, over the tenth of its 1,418 of old.)
 */
const ARENA_QUADS: Record<PassName, number> = { opaque: 32_768, cutout: 8_192, water: 8_192 };
/**
 * Instances a bucket's batches start with (doubled when full). BatchedMesh re-uploads its
 * whole matrix texture (16 floats an instance) whenever an instance is added or moved, so
 * a texture sized for a thousand items cost 64 KB per arriving column. (Three's texture
 * update ranges could send only the changed matrices, but as one texSubImage2D with unpack
 * skips per matrix, for a texture of a few KB: not worth its risks, docs/architecture.md §7.)
 */
const INITIAL_INSTANCES = 32;
/**
 * Idle arenas a layer keeps for its next buckets, in GPU bytes: about a dozen opaque arenas,
 * so the buckets emptying behind a flying camera cover the ones filling ahead of it.
 */
const POOL_BYTES = 24 * 1024 * 1024;

/** One render region: per pass (null without a material), its arenas; and how many items it holds. */
interface Bucket {
  readonly key: string;
  readonly passes: (BatchedPass[] | null)[];
  items: number;
}

/** Where one pass of an item lives: its arena and slot there. */
interface ItemSlot {
  arena: BatchedPass;
  slot: PassSlot;
}

interface Item {
  placement: Placement;
  bucket: Bucket;
  /** A slot per pass, null where the item has no quads in it (or the layer no such pass). */
  slots: (ItemSlot | null)[];
  visible: boolean;
}

export class BatchedLayer {
  readonly group = new THREE.Group();
  /** Where the batches sit in the world; instance matrices are relative to it. */
  readonly origin = new THREE.Vector3();
  private readonly buckets = new Map<string, Bucket>();
  private readonly items = new Map<string, Item>();
  private readonly options: BatchedLayerOptions;
  private readonly matrix = new THREE.Matrix4();
  private readonly pool: ArenaPool;
  /** Rebased indices of the pass being added, reused across items. */
  private scratchIndices = new Uint32Array(0);
  private changes = 0;
  private disposed = false;

  constructor(options: BatchedLayerOptions) {
    this.group.name = options.name;
    this.options = options;
    this.pool = new ArenaPool(options.poolBytes ?? POOL_BYTES);
  }

  /**
   * Counts every change to what the layer draws (items, their visibility and windows, the
   * origin): equal revisions mean an unchanged picture (WorldScene skips such frames).
   */
  get revision(): number {
    return this.changes;
  }

  /** Render regions holding items (each up to a draw call per pass). */
  get bucketCount(): number {
    return this.buckets.size;
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
    const bucket = this.bucketFor(placement);
    const slots: (ItemSlot | null)[] = [];
    let firstIndex = 0;
    bucket.passes.forEach((arenas, p) => {
      const count = counts[p]!;
      // Quads are stored in pass order, four vertices and six indices each, so the pass's
      // vertices are the range that its indices' quads occupy.
      const firstVertex = (firstIndex / 6) * 4;
      const endVertex = firstVertex + (count / 6) * 4;
      slots.push(arenas && count > 0 ? this.place(bucket, p, arenas, this.passGeometry(data, firstIndex, count, firstVertex, endVertex, placement.scaleXZ), matrix) : null);
      firstIndex += count;
    });
    bucket.items++;
    this.items.set(key, { placement: { ...placement }, bucket, slots, visible: true });
    this.changes++;
  }

  /** Takes item `key` off (its space is kept for the next item of its size; an emptied bucket is freed). */
  remove(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    const { bucket } = item;
    item.slots.forEach((s, p) => {
      if (!s) return;
      s.arena.release(s.slot);
      // An emptied arena (not the bucket's first) gives its buffers back.
      const arenas = bucket.passes[p]!;
      if (s.arena.instanceCount === 0 && arenas.length > 1) {
        arenas.splice(arenas.indexOf(s.arena), 1);
        this.freeArena(p, s.arena);
      }
    });
    this.items.delete(key);
    if (--bucket.items === 0) this.freeBucket(bucket);
    this.changes++;
  }

  /** Keeps item `key` but draws it or not. */
  setVisible(key: string, visible: boolean): void {
    const item = this.items.get(key);
    if (!item || item.visible === visible) return;
    item.visible = visible;
    for (const s of item.slots) s?.arena.setVisible(s.slot, visible);
    this.changes++;
  }

  /**
   * Draws only indices [first, first + count) of pass `pass` of item `key`, counted from its
   * pass's own range (cave-face culling, column-meshes.ts). A new set() draws the item whole.
   */
  setPassWindow(key: string, pass: number, first: number, count: number): void {
    const s = this.items.get(key)?.slots[pass];
    if (!s) return;
    s.arena.setDrawWindow(s.slot, first, count);
    this.changes++;
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
    // Once a frame, so freeing what the pool holds over its bound never piles up in one frame.
    this.pool.trim();
    if (Math.abs(camera.x - this.origin.x) <= REBASE_DISTANCE && Math.abs(camera.z - this.origin.z) <= REBASE_DISTANCE) return false;
    this.origin.set(Math.round(camera.x / ORIGIN_STEP) * ORIGIN_STEP, 0, Math.round(camera.z / ORIGIN_STEP) * ORIGIN_STEP);
    for (const arena of this.arenas()) arena.mesh.position.copy(this.origin);
    for (const item of this.items.values()) {
      const matrix = this.matrixOf(item.placement);
      for (const s of item.slots) s?.arena.setMatrix(s.slot, matrix);
    }
    this.changes++;
    return true;
  }

  /** Item `key`'s bounding sphere per pass in world coordinates (null where it has none), as the batch culls it. */
  worldSpheres(key: string): (THREE.Sphere | null)[] {
    const item = this.items.get(key);
    if (!item) return [];
    return item.slots.map((s) => (s ? s.arena.worldSphere(s.slot, new THREE.Sphere()).translate(this.origin) : null));
  }

  /** The first batch of a pass in the bucket holding block (x, z) (for tests), or null if that bucket is empty or the layer has no such pass. */
  batch(pass: PassName, x = 0, z = 0): BatchedPass | null {
    return this.buckets.get(this.bucketKey(x, z))?.passes[PASS_NAMES.indexOf(pass)]?.[0] ?? null;
  }

  /** Batches of a pass in the bucket holding block (x, z) (for tests). */
  arenasOf(pass: PassName, x = 0, z = 0): readonly BatchedPass[] {
    return this.buckets.get(this.bucketKey(x, z))?.passes[PASS_NAMES.indexOf(pass)] ?? [];
  }

  /** Idle arenas kept for reuse (for tests and stats). */
  get pooledArenas(): number {
    return this.pool.size;
  }

  /** Bytes of GPU buffers and textures the batches hold (at capacity, not just what is used), idle ones included. */
  get gpuBytes(): number {
    let bytes = this.pool.gpuBytes;
    for (const arena of this.arenas()) bytes += arena.gpuBytes;
    return bytes;
  }

  /** Frees every batch's buffers and textures; materials belong to the caller. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.items.clear();
    // The pool first: disposed, it frees the buckets' arenas instead of keeping them.
    this.pool.dispose();
    for (const bucket of [...this.buckets.values()]) this.freeBucket(bucket);
  }

  /** The render region of an item placed at `placement`, created with its batches on first use. */
  private bucketKey(x: number, z: number): string {
    const size = this.options.bucketBlocks;
    return `${Math.floor(x / size)},${Math.floor(z / size)}`;
  }

  private bucketFor({ x, z }: Placement): Bucket {
    const key = this.bucketKey(x, z);
    let bucket = this.buckets.get(key);
    if (bucket) return bucket;
    const passes = PASS_NAMES.map((pass) => (this.options.materials[pass] ? [] : null));
    bucket = { key, passes, items: 0 };
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Puts one pass of an item in the first arena of its bucket with room, or in a new one. */
  private place(bucket: Bucket, p: number, arenas: BatchedPass[], geometry: PassGeometry, matrix: THREE.Matrix4): ItemSlot {
    for (const arena of arenas) {
      const slot = arena.tryAdd(geometry, matrix);
      if (slot) return { arena, slot };
    }
    const pass = PASS_NAMES[p]!;
    const { name, materials, renderOrder, arenaQuads } = this.options;
    // An item bigger than an arena gets one of its own size.
    const quads = Math.max(arenaQuads?.[pass] ?? ARENA_QUADS[pass], slotQuads(slotClassOf(geometry.index.count / 6) + 1));
    const pooled = this.pool.take(pass, quads);
    // A pooled arena may still have the material a caller swapped in (far-terrain.ts).
    if (pooled) pooled.mesh.material = materials[pass]!;
    const arena = pooled ?? new BatchedPass(materials[pass]!, { quads, instances: INITIAL_INSTANCES, fixed: true });
    arena.mesh.name = `${name} ${pass} ${bucket.key} #${arenas.length}`;
    arena.mesh.renderOrder = renderOrder?.[pass] ?? 0;
    arena.mesh.position.copy(this.origin);
    this.group.add(arena.mesh);
    arenas.push(arena);
    return { arena, slot: arena.add(geometry, matrix) };
  }

  private *arenas(): Iterable<BatchedPass> {
    for (const bucket of this.buckets.values()) for (const arenas of bucket.passes) if (arenas) yield* arenas;
  }

  /** Takes an emptied arena off the scene, into the pool (or freed, once the layer is disposed). */
  private freeArena(p: number, arena: BatchedPass): void {
    this.group.remove(arena.mesh);
    this.pool.give(PASS_NAMES[p]!, arena);
  }

  private freeBucket(bucket: Bucket): void {
    this.buckets.delete(bucket.key);
    bucket.passes.forEach((arenas, p) => {
      for (const arena of arenas ?? []) this.freeArena(p, arena);
    });
  }

  /** Local to the origin's frame: scale x and z, then move to the placement. */
  private matrixOf({ x, z, scaleXZ }: Placement): THREE.Matrix4 {
    return this.matrix.makeScale(scaleXZ, 1, scaleXZ).setPosition(x - this.origin.x, 0, z - this.origin.z);
  }

  /**
   * One pass's share of an item: views (not copies) of its vertex range, its indices rebased
   * to that range (BatchedMesh adds the slot's own start to them), and exact local bounds.
   */
  private passGeometry(data: ColumnMeshData, firstIndex: number, indexCount: number, firstVertex: number, endVertex: number, scaleXZ: number): PassGeometry {
    if (this.scratchIndices.length < indexCount) this.scratchIndices = new Uint32Array(Math.max(indexCount, this.scratchIndices.length * 2));
    const indices = this.scratchIndices.subarray(0, indexCount);
    for (let i = 0; i < indexCount; i++) indices[i] = data.indices[firstIndex + i]! - firstVertex;
    const vertices = data.vertices.subarray(firstVertex, endVertex);
    const packed = new THREE.BufferAttribute(vertices, 1);
    const material = new THREE.BufferAttribute(data.materials.subarray(firstVertex, endVertex), 1);
    // A uint16 attribute reaches a `uint` shader input only through vertexAttribIPointer.
    material.gpuType = THREE.IntType;
    const box = localBounds(vertices);
    return { attributes: { packedVertex: packed, material }, index: new THREE.BufferAttribute(indices, 1), box, sphere: cullingSphere(box, scaleXZ) };
  }
}

/**
 * The local sphere that, scaled by `scaleXZ` (three multiplies a sphere's radius by the
 * largest scale of the matrix), is exactly the placed box's bounding sphere. The box's own
 * sphere would have its height scaled too: a level-6 far region (x and z scaled by 64) 100
 * blocks tall got a sphere thousands of blocks wide, so it was drawn from every direction.
 */
function cullingSphere(box: THREE.Box3, scaleXZ: number): THREE.Sphere {
  const size = box.getSize(new THREE.Vector3());
  const radius = Math.hypot(size.x / 2, size.y / (2 * scaleXZ), size.z / 2);
  return new THREE.Sphere(box.getCenter(new THREE.Vector3()), radius);
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
