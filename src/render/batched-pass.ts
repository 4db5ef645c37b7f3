/**
 * One three.js BatchedMesh: every item of a layer that has quads in one pass (opaque, cut-out
 * or water), drawn with one material in one multi-draw call (WEBGL_multi_draw), each item
 * frustum-culled on its own by BatchedMesh (perObjectFrustumCulled) and, for water, sorted
 * back to front (sortObjects).
 *
 * Items come and go all the time (columns stream in and out), and uploads must stay
 * incremental. BatchedMesh's addGeometry always appends at the end of its buffers: space of a
 * deleted geometry is only found again by optimize(), which compacts and re-uploads
 * everything behind the first hole. So the space is managed here, in slots:
 * - A slot is a BatchedMesh geometry id with a reserved capacity of a size class
 *   (slot-classes.ts). When its item leaves, the instance is deleted but the geometry id
 *   and its reservation are kept, on a free list of its class.
 * - A new item takes a free slot of its class (or the next) with setGeometryAt, which
 *   uploads just that slot's ranges. Only when no slot fits is one appended with addGeometry.
 * - When the buffers are full: if free slots hold most of the reserved space, they are
 *   deleted and optimize() compacts the rest; otherwise the buffers double with
 *   setGeometrySize. Both re-upload the whole buffer, but rarely (geometric growth), so the
 *   cost per item stays constant on average.
 */
import * as THREE from 'three';
import { slotClassOf, slotQuads } from './slot-classes';

/** Vertices and indices per quad (src/mesh: two triangles over four corners). */
const VERTICES_PER_QUAD = 4;
const INDICES_PER_QUAD = 6;
/**
 * Growth factor of the vertex and index buffers, and of the instance count, when full.
 * Doubling keeps the re-uploads few (a growth re-creates the buffers: one bufferData each,
 * which in Chrome also blocks the main thread while a busy GPU process takes the data).
 */
const GROWTH = 2;

/** One pass's share of an item, in the batch's attribute layout. */
export interface PassGeometry {
  /** The attributes (name to data), one value per vertex, four vertices per quad. */
  attributes: Readonly<Record<string, THREE.BufferAttribute>>;
  /** Two triangles per quad, indexing `attributes` from 0. */
  index: THREE.BufferAttribute;
  /** Bounds in the item's local coordinates (the instance matrix places them). */
  box: THREE.Box3;
  /**
   * The sphere BatchedMesh culls the item by, in local coordinates, when the box's own sphere
   * would be wrong once placed: three scales a sphere's radius by the matrix's largest scale,
   * so under a non-uniform scale the box's sphere grows far too big (batched-layer.ts).
   */
  sphere?: THREE.Sphere;
}

/** Where an item's pass geometry lives in the batch. */
export interface PassSlot {
  readonly geometryId: number;
  readonly instanceId: number;
  readonly slotClass: number;
}

export interface BatchedPassOptions {
  /** Initial capacity in quads; the buffers grow when needed (unless `fixed`). */
  quads?: number;
  /** Initial instance capacity; grows when needed. */
  instances?: number;
  /**
   * The buffers never grow: `tryAdd` refuses an item that does not fit (the caller starts
   * another batch). Growing re-creates and re-uploads the whole buffer in one call.
   */
  fixed?: boolean;
}

export class BatchedPass {
  readonly mesh: THREE.BatchedMesh;
  /** Free geometry ids per slot class: reserved space with no instance drawing it. */
  private readonly freeSlots = new Map<number, number[]>();
  private freeQuads = 0;
  /** Quads reserved by slots, taken or free: where the next appended slot starts. */
  private reservedQuads = 0;
  /** Quads the vertex and index buffers hold. */
  private capacity: number;
  /** Attributes that reach the shader as integers (see keepGpuTypes). */
  private readonly gpuTypes = new Map<string, THREE.AttributeGPUType>();
  /** The geometry handed to BatchedMesh, refilled for every item (see stage). */
  private readonly staging = stagingGeometry();
  private readonly sphere = new THREE.Sphere();
  private readonly fixed: boolean;
  /** Geometry ids drawn in part (setDrawWindow): their window's first index. */
  private readonly windows = new Map<number, number>();
  /** Instances whose matrix changed since the last draw (see sendMatrixRanges). */
  private changedMatrices: number[] = [];
  private disposed = false;

  constructor(material: THREE.Material, options: BatchedPassOptions = {}) {
    const quads = options.quads ?? 16_384;
    this.capacity = quads;
    this.fixed = options.fixed ?? false;
    this.mesh = new THREE.BatchedMesh(options.instances ?? 1024, quads * VERTICES_PER_QUAD, quads * INDICES_PER_QUAD, material);
    // Each item is culled against the frustum on its own (perObjectFrustumCulled). The batch's
    // own bounding sphere would have to be recomputed over every item after every change to be
    // of any use, so the renderer's whole-object test is off, and the sphere is a fixed one
    // around the object's origin (it only gives the renderer a depth to sort the batch by).
    this.mesh.frustumCulled = false;
    this.mesh.boundingSphere = new THREE.Sphere(new THREE.Vector3(), Infinity);
    // three calls onBeforeRender (BatchedMesh's own: culling, the draw list) just before it
    // binds the batch's textures, and so uploads whatever they have pending.
    const prepare = this.mesh.onBeforeRender.bind(this.mesh);
    this.mesh.onBeforeRender = (renderer, ...rest) => {
      prepare(renderer, ...rest);
      this.sendMatrixRanges(renderer);
    };
  }

  /** Quads the buffers hold (live, free and slack at the end). */
  get capacityQuads(): number {
    return this.capacity;
  }

  /** Quads reserved by slots, taken or free. */
  get slotQuads(): number {
    return this.reservedQuads;
  }

  /** Quads reserved by free slots. */
  get freeSlotQuads(): number {
    return this.freeQuads;
  }

  /** Items drawn by this batch. */
  get instanceCount(): number {
    return this.mesh.instanceCount;
  }

  /** Puts a geometry in the batch, drawn with `matrix`; returns its slot. */
  add(geometry: PassGeometry, matrix: THREE.Matrix4): PassSlot {
    const slot = this.tryAdd(geometry, matrix);
    if (!slot) throw new Error('BatchedPass.add: a fixed batch is full (use tryAdd)');
    return slot;
  }

  /** As add, or null when a fixed batch has no room for it. */
  tryAdd(geometry: PassGeometry, matrix: THREE.Matrix4): PassSlot | null {
    const quads = geometry.index.count / INDICES_PER_QUAD;
    // A free slot of the item's class, or of the next one (a fifth more waste at most); else
    // a new slot of its class at the end.
    const wanted = slotClassOf(quads);
    const reused = this.takeFree(wanted) ?? this.takeFree(wanted + 1);
    if (!reused && this.fixed && this.reservedQuads + slotQuads(wanted) > this.capacity) return null;
    const staged = this.stage(geometry);
    let geometryId: number;
    let slotClass: number;
    if (reused) {
      ({ geometryId, slotClass } = reused);
      this.mesh.setGeometryAt(geometryId, staged);
    } else {
      slotClass = wanted;
      const reserve = slotQuads(slotClass);
      this.makeRoom(reserve);
      geometryId = this.mesh.addGeometry(staged, reserve * VERTICES_PER_QUAD, reserve * INDICES_PER_QUAD);
      this.reservedQuads += reserve;
      // The first addGeometry creates the batch's attributes.
      this.keepGpuTypes();
    }
    if (this.mesh.instanceCount >= this.mesh.maxInstanceCount) {
      this.mesh.setInstanceCount(Math.ceil(this.mesh.maxInstanceCount * GROWTH));
    }
    const instanceId = this.mesh.addInstance(geometryId);
    this.mesh.setMatrixAt(instanceId, matrix);
    this.changedMatrices.push(instanceId);
    return { geometryId, instanceId, slotClass };
  }

  /** Stops drawing a slot's geometry and keeps its space for the next item of its class. */
  release(slot: PassSlot): void {
    if (this.disposed) return;
    this.windows.delete(slot.geometryId);
    this.mesh.deleteInstance(slot.instanceId);
    let list = this.freeSlots.get(slot.slotClass);
    if (!list) this.freeSlots.set(slot.slotClass, (list = []));
    list.push(slot.geometryId);
    this.freeQuads += slotQuads(slot.slotClass);
  }

  setMatrix(slot: PassSlot, matrix: THREE.Matrix4): void {
    this.mesh.setMatrixAt(slot.instanceId, matrix);
    this.changedMatrices.push(slot.instanceId);
  }

  /**
   * Draws only indices [first, first + count) of a slot's geometry (cave-face culling,
   * column-meshes.ts); the whole again with (0, all of them). BatchedMesh has no setter for a
   * geometry's draw range, so this writes the start and count its multi-draw reads: setGeometryAt
   * resets them (a new item is drawn whole) and optimize() moves the start (put back there).
   */
  setDrawWindow(slot: PassSlot, first: number, count: number): void {
    const info = geometryInfoOf(this.mesh)[slot.geometryId]!;
    info.start = info.indexStart + first;
    info.count = count;
    if (first === 0 && count === info.indexCount) this.windows.delete(slot.geometryId);
    else this.windows.set(slot.geometryId, first);
  }

  setVisible(slot: PassSlot, visible: boolean): void {
    this.mesh.setVisibleAt(slot.instanceId, visible);
  }

  /** The bounding sphere BatchedMesh culls a slot with, in the batch object's frame. */
  worldSphere(slot: PassSlot, target: THREE.Sphere): THREE.Sphere {
    this.mesh.getBoundingSphereAt(slot.geometryId, target);
    return target.applyMatrix4(this.mesh.getMatrixAt(slot.instanceId, new THREE.Matrix4()));
  }

  /** Bytes of the GPU buffers: attribute and index arrays at capacity, and the batch's textures. */
  get gpuBytes(): number {
    if (this.disposed) return 0;
    const geometry = this.mesh.geometry;
    let bytes = geometry.index ? geometry.index.array.byteLength : 0;
    for (const attribute of Object.values(geometry.attributes)) bytes += attribute.array.byteLength;
    for (const texture of batchTextures(this.mesh)) bytes += texture.image.data?.byteLength ?? 0;
    return bytes;
  }

  /**
   * Forgets every slot of a batch that draws nothing (arena-pool.ts): the next items are
   * appended from the start again, into the same arrays. Its GPU buffers stay allocated, so
   * only the new items' ranges are sent (a new batch sends its whole arrays when first drawn).
   */
  reset(): void {
    if (this.disposed) return;
    if (this.mesh.instanceCount > 0) throw new Error('BatchedPass.reset: the batch still draws items');
    const infos = geometryInfoOf(this.mesh) as { active?: boolean }[];
    for (let id = 0; id < infos.length; id++) if (infos[id]!.active) this.mesh.deleteGeometry(id);
    // With no geometry left, optimize() moves nothing (so uploads nothing): it only rewinds the
    // point where addGeometry appends to the start of the buffers.
    this.mesh.optimize();
    this.freeSlots.clear();
    this.freeQuads = 0;
    this.reservedQuads = 0;
    this.windows.clear();
  }

  /** Frees the batch's buffers and textures (not the material). Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.mesh.dispose();
    this.freeSlots.clear();
  }

  /**
   * Turns the matrices changed since the last draw into update ranges of the matrix texture,
   * so three sends just those 64-byte rows (texSubImage2D per merged range) instead of the
   * whole texture (up to 0.5 MB for 8,192 instances) after every added item. Only when the
   * GPU holds this texture's earlier contents: a texture never uploaded (a new batch, a
   * batch whose instance count grew: a new texture) or lost with the context (three's
   * properties start afresh on restore) must go whole, and then no range is set. Past a
   * quarter of the texture, one whole upload is cheaper than many small ones.
   */
  private sendMatrixRanges(renderer: THREE.WebGLRenderer): void {
    const changed = this.changedMatrices;
    if (changed.length === 0) return;
    const texture = matricesTextureOf(this.mesh);
    const onGpu = (renderer.properties.get(texture) as { __version?: number }).__version !== undefined;
    if (onGpu && changed.length * MATRIX_FLOATS * 4 <= (texture.image.data?.length ?? 0)) {
      primeUnpackState(renderer);
      for (const id of changed) texture.addUpdateRange(id * MATRIX_FLOATS, MATRIX_FLOATS);
    }
    changed.length = 0;
  }

  private takeFree(slotClass: number): { geometryId: number; slotClass: number } | undefined {
    const geometryId = this.freeSlots.get(slotClass)?.pop();
    if (geometryId === undefined) return undefined;
    this.freeQuads -= slotQuads(slotClass);
    return { geometryId, slotClass };
  }

  /** Makes sure a slot of `quads` can be appended: compacts or grows the buffers if not. */
  private makeRoom(quads: number): void {
    if (this.reservedQuads + quads <= this.capacity) return;
    if (this.freeQuads * 2 >= this.reservedQuads) {
      // Mostly holes: drop the free slots and let optimize() close the gaps.
      for (const list of this.freeSlots.values()) for (const id of list) this.mesh.deleteGeometry(id);
      this.freeSlots.clear();
      this.reservedQuads -= this.freeQuads;
      this.freeQuads = 0;
      this.mesh.optimize();
      const infos = geometryInfoOf(this.mesh);
      for (const [id, first] of this.windows) infos[id]!.start = infos[id]!.indexStart + first;
      if (this.reservedQuads + quads <= this.capacity) return;
    }
    this.capacity = Math.max(Math.ceil(this.capacity * GROWTH), this.reservedQuads + quads);
    this.mesh.setGeometrySize(this.capacity * VERTICES_PER_QUAD, this.capacity * INDICES_PER_QUAD);
    this.keepGpuTypes();
  }

  /**
   * BatchedMesh creates its attributes (on the first addGeometry, and anew in
   * setGeometrySize) from array, itemSize and normalized only, dropping gpuType: an integer
   * attribute (our uint32 material; far terrain's uint16) would then be bound with vertexAttribPointer and reach a
   * `uint` shader input as garbage. Put the staged attributes' gpuType back.
   */
  private keepGpuTypes(): void {
    const attributes = this.mesh.geometry.attributes;
    for (const [name, gpuType] of this.gpuTypes) {
      const attribute = attributes[name];
      if (attribute instanceof THREE.BufferAttribute) attribute.gpuType = gpuType;
    }
  }

  /** Fills the staging geometry with `geometry`, for addGeometry or setGeometryAt to copy. */
  private stage(geometry: PassGeometry): THREE.BufferGeometry {
    const staging = this.staging;
    for (const [name, attribute] of Object.entries(geometry.attributes)) {
      staging.setAttribute(name, attribute);
      this.gpuTypes.set(name, attribute.gpuType);
    }
    staging.setIndex(geometry.index);
    // BatchedMesh copies these per geometry and culls each instance with them; without them
    // it would compute them from a `position` attribute, which packed vertices do not have.
    staging.boundingBox = geometry.box;
    staging.boundingSphere = geometry.sphere ?? geometry.box.getBoundingSphere(this.sphere);
    return staging;
  }
}

/**
 * The geometry handed to addGeometry and setGeometryAt. BatchedMesh counts a geometry's
 * vertices with `attributes.position.count`, and it gives the batch one attribute (a buffer
 * of full capacity, copied into and uploaded) for every attribute it finds by `for…in` over
 * the first geometry's `attributes`. Packed vertices have no float position: the uint32 word
 * is the position. So `position` here is a non-enumerable alias of `packedVertex`: it
 * answers the count, and `for…in` sees only packedVertex and material, so the batch holds no
 * useless third copy of the vertices. (The alternatives are worse: naming the packed
 * attribute `position` clashes with the `vec3 position` three declares for every
 * ShaderMaterial, and an extra real attribute would cost a full buffer.)
 */
function stagingGeometry(): THREE.BufferGeometry {
  const geometry = new THREE.BufferGeometry();
  Object.defineProperty(geometry.attributes, 'position', {
    enumerable: false,
    get: () => geometry.attributes.packedVertex,
  });
  return geometry;
}

/** BatchedMesh's private per-geometry draw ranges (what setDrawWindow writes). */
function geometryInfoOf(mesh: THREE.BatchedMesh): { start: number; count: number; indexStart: number; indexCount: number }[] {
  return (mesh as unknown as { _geometryInfo: { start: number; count: number; indexStart: number; indexCount: number }[] })._geometryInfo;
}

/** Floats of one instance matrix in BatchedMesh's matrix texture (four RGBA float texels). */
const MATRIX_FLOATS = 16;

/** BatchedMesh's private matrix texture (a new one whenever the instance count grows). */
function matricesTextureOf(mesh: THREE.BatchedMesh): THREE.DataTexture {
  return (mesh as unknown as { _matricesTexture: THREE.DataTexture })._matricesTexture;
}

/**
 * A ranged texture upload saves and restores the unpack state through three's state cache,
 * which asks the context (gl.getParameter, a synchronous round trip that waits for a busy GPU
 * process) for a value it has never set. Setting the GL defaults through the cache first
 * makes those reads free.
 */
function primeUnpackState(renderer: THREE.WebGLRenderer): void {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const state = renderer.state;
  state.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
  state.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
  state.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
}

/**
 * The batch's data textures (instance matrices, draw-to-instance ids, colours if any): GPU
 * memory too, but private fields of BatchedMesh, read here only to count their bytes.
 */
function batchTextures(mesh: THREE.BatchedMesh): THREE.DataTexture[] {
  const fields = mesh as unknown as Record<'_matricesTexture' | '_indirectTexture' | '_colorsTexture', THREE.DataTexture | null>;
  return [fields._matricesTexture, fields._indirectTexture, fields._colorsTexture].filter((t): t is THREE.DataTexture => t !== null);
}
