/**
 * The scene around the terrain: renderer, camera, the sky and light of the time of day
 * (day-sky.ts), distance fog matched to the render distance (so columns at the edge fade out
 * instead of popping). Terrain comes in column layers, one per world on screen: one normally,
 * two in compare mode, where each is drawn into its own strip of the canvas as a slice of
 * the same view (see `render`). A world may add a far-terrain (LOD) layer beside its columns
 * (`createLodLayer`). Every layer is batched: a few draw calls per layer, however many
 * columns (batched-layer.ts). Owns the GPU resources it creates; `dispose()` frees them.
 */
import * as THREE from 'three';
import { COLUMN_SIZE } from '../world/coords';
import { Block } from '../world/blocks';
import { BuildEffects } from './build-effects';
import { ColumnMeshes } from './column-meshes';
import { FarTerrain } from './far-terrain';
import { FrameSignature } from './frame-signature';
import { DrawingResolution } from './drawing-resolution';
import { GpuUploads, type UploadContext } from './gpu-uploads';
import { SelectionBox } from './selection-box';
import { DaySky } from './day-sky';
import { createTileTexture } from './tile-texture';
import { createVoxelMaterial, type VoxelMaterial } from './voxel-material';
import { lightUniformsOf, type LightUniforms } from './figure-material';

export { SKY_COLOR, UNDER_WATER_FOG } from './day-sky';

/** Side of a far-terrain render region, in blocks (batched-layer.ts). */
const LOD_BUCKET_BLOCKS = 2048;

export interface WorldSceneOptions {
  canvas: HTMLCanvasElement;
  atlas: { pixels: Uint8ClampedArray; width: number };
  tileCount: number;
  renderDistance: number;
  /** Fraction of the screen's resolution the world is drawn at, scaled up by the browser: 1 but on a software renderer (software-renderer.ts). */
  renderScale?: number;
}

export interface FrameStats {
  geometries: number;
  textures: number;
  /** Draw calls of the last frame, as three's renderer.info counts them: a multi-draw is one. */
  drawCalls: number;
  triangles: number;
  /** Bytes of the terrain layers' GPU buffers and textures (at capacity), idle pooled arenas included. */
  gpuBytes: number;
  /** Emptied arenas the layers keep for reuse (arena-pool.ts): counted in `geometries`, drawing nothing. */
  pooledArenas: number;
  /** Bytes handed to the GPU (buffer and texture data) since the scene was made, and in the last frame drawn. */
  uploadBytes: number;
  uploadBytesLastFrame: number;
  /** The eye is in water: the short blue fog is on. */
  underWater: boolean;
  /** Frames drawn, and frames skipped because nothing on screen changed (rendering on demand). */
  framesDrawn: number;
  framesSkipped: number;
}

/** A column layer drawn into the vertical strip [from, to) of the canvas (fractions of its width). */
export interface LayerView {
  layer: ColumnMeshes;
  from: number;
  to: number;
  /**
   * Draw only the sections of this layer's columns the eye can see (cave-face culling,
   * section-culling.ts). Only where its argument holds: the caller checks the cells around
   * the eye (src/stream/eye-cells.ts, with nearReach()).
   */
  cull?: boolean;
}

/** What one layer's pass submitted in the last frame. */
export interface PassStats {
  drawCalls: number;
  triangles: number;
}

export class WorldScene {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly selection = new SelectionBox();
  /** Break particles, cracks, and placed blocks shown until their mesh comes (build-effects.ts). */
  readonly effects: BuildEffects;
  /** Every upload of the renderer's context, counted. */
  readonly uploads: GpuUploads;
  private uploadBytesLastFrame = 0;
  private readonly layers = new Set<ColumnMeshes>();
  /** Far-terrain layers, each with the world's columns it gives way to and its own materials. */
  private readonly lodLayers = new Map<FarTerrain, { columns: ColumnMeshes; materials: VoxelMaterial[]; compiled: boolean }>();
  private lastPasses: PassStats[] = [];
  /** The camera of one compare strip: the main one with the strip as its view offset. */
  private readonly stripCamera = new THREE.PerspectiveCamera();
  private readonly canvasSize = new THREE.Vector2();
  private readonly bufferSize = new THREE.Vector2();
  /** Sky, lights and fog at the time of day, and the under-water fog. */
  private readonly day = new DaySky(this.scene);
  private readonly materials: VoxelMaterial[];
  private readonly tiles: THREE.DataArrayTexture;
  /** What the last drawn frame showed; a frame showing the same is skipped (frame-signature.ts). */
  private readonly signature = new FrameSignature();
  /** Changes to the picture the signature cannot see otherwise: fog, layers added or taken off. */
  private changes = 0;
  private framesDrawn = 0;
  private framesSkipped = 0;
  /** Draw every frame, changed or not (benchmarks timing a still view). */
  drawEveryFrame = false;
  private disposed = false;
  readonly resolution: DrawingResolution;

  constructor(options: WorldSceneOptions) {
    this.renderer = new THREE.WebGLRenderer({ canvas: options.canvas, antialias: true, powerPreference: 'high-performance' });
    // Before anything is uploaded, so every byte is counted.
    this.uploads = new GpuUploads(this.renderer.getContext() as unknown as UploadContext);
    this.resolution = new DrawingResolution(this.renderer, options.renderScale ?? 1);
    this.resolution.fit(window.innerWidth, window.innerHeight);
    this.camera = new THREE.PerspectiveCamera(70, window.innerWidth / window.innerHeight, 0.1, 1000);
    this.camera.rotation.order = 'YXZ';

    this.tiles = createTileTexture(options.atlas.pixels, options.atlas.width, options.tileCount, this.renderer.capabilities.getMaxAnisotropy());
    const opaque = createVoxelMaterial({ tiles: this.tiles, translucent: false });
    const cutout = createVoxelMaterial({ tiles: this.tiles, translucent: false, cutout: true });
    const water = createVoxelMaterial({ tiles: this.tiles, translucent: true });
    this.materials = [opaque, cutout, water];
    for (const m of this.materials) this.day.light(m);
    this.precompile(this.materials);
    this.scene.add(this.selection.object);
    this.scene.add((this.effects = new BuildEffects(this.tiles)).group);
    this.selection.setResolution(window.innerWidth, window.innerHeight);
    this.setViewDistances(options.renderDistance, 0);
  }

  /** Puts the camera at a position, looking along yaw and pitch (the 'YXZ' order set above). */
  setCameraPose(pose: { x: number; y: number; z: number; yaw: number; pitch: number }): void {
    this.camera.position.set(pose.x, pose.y, pose.z);
    this.camera.rotation.set(pose.pitch, pose.yaw, 0);
  }

  /**
   * The vertical field of view in degrees (the player's setting). Compare strips copy the
   * camera every frame, so they follow. A value that is no angle a camera can have changes nothing.
   */
  setFov(degrees: number): void {
    if (!Number.isFinite(degrees) || degrees <= 0 || degrees >= 180) return;
    this.camera.fov = degrees;
    this.camera.updateProjectionMatrix();
  }

  /**
   * Fog and far plane follow the farthest terrain drawn: the render distance R, or the far
   * distance F of the levels of detail when it reaches beyond (both in columns). The fog
   * starts halfway, so the horizon fades into the sky colour with no line where it ends.
   */
  setViewDistances(renderDistance: number, farDistance: number): void {
    const far = Math.max(renderDistance, farDistance) * COLUMN_SIZE;
    this.day.setFogReach(far * 0.5, far);
    this.changes++;
    this.camera.far = far + 2 * COLUMN_SIZE + 256;
    this.camera.updateProjectionMatrix();
  }

  /** The eye is in water: a short blue fog instead of the distance fog, and no sky dome (the water's colour behind). */
  setUnderWater(on: boolean): void {
    if (this.day.setUnderWater(on)) this.changes++;
  }

  /** The block the eye is in: water or lava closes the view in with its own fog (setUnderWater). */
  setEyeBlock(block: number): void {
    this.setUnderWater(block === Block.Water);
    if (this.day.setInLava(block === Block.Lava)) this.changes++;
  }

  get isUnderWater(): boolean {
    return this.day.isUnderWater;
  }

  /**
   * The time of day in hours (12 is noon; wrapped into 0..24): sky, fog and lights follow, and
   * every voxel material, far terrain's included, gets the new light. No re-mesh.
   */
  setTimeOfDay(hours: number): void {
    if (!this.day.setTime(hours)) return;
    for (const m of this.materials) this.day.light(m);
    for (const owner of this.lodLayers.values()) for (const m of owner.materials) this.day.light(m);
    this.effects.setDaylight(this.day.daylightShown);
    this.changes++;
  }

  /** The terrain's light uniforms, shared (not copied): a material holding them is lit as the terrain at any time. */
  get lightUniforms(): LightUniforms {
    return lightUniformsOf(this.materials[0]!);
  }

  /** The hour shown, 0..24. */
  get timeOfDay(): number {
    return this.day.time;
  }

  /**
   * How far from the eye the near plane reaches (its corners): what is nearer is clipped, so
   * a block there does not hide what is behind it (eye-cells.ts).
   */
  nearReach(): number {
    const c = this.camera;
    const t = Math.tan(((c.fov / 2) * Math.PI) / 180);
    return c.near * Math.sqrt(1 + t * t * (1 + c.aspect * c.aspect));
  }

  /** What the GPU can hold, for the default view distances (app/loading/device-budget.ts). */
  deviceLimits(): { maxTextureSize: number; maxElementsVertices: number } {
    const gl = this.renderer.getContext() as WebGL2RenderingContext;
    return { maxTextureSize: this.renderer.capabilities.maxTextureSize, maxElementsVertices: Number(gl.getParameter(gl.MAX_ELEMENTS_VERTICES)) };
  }

  /** Draws the world at `scale` of the screen's resolution from the next frame. */
  setRenderScale(scale: number): void {
    this.resolution.scale = scale;
    const css = this.renderer.getSize(this.canvasSize);
    this.resolution.fit(css.x, css.y);
    this.signature.forget();
  }

  resize(width: number, height: number): void {
    this.camera.aspect = width / Math.max(1, height);
    this.camera.updateProjectionMatrix();
    this.resolution.fit(width, height);
    // The outline's widths are in CSS pixels of the whole view (compare strips included).
    this.selection.setResolution(width, height);
  }

  /** A new, empty layer of column meshes (one per world on screen). */
  createColumnLayer(name: string): ColumnMeshes {
    const [opaque, cutout, water] = this.materials;
    const layer = new ColumnMeshes(opaque!, cutout!, water!, name, (cx, cz) => this.effects.pending.columnMeshed(cx, cz));
    this.layers.add(layer);
    this.scene.add(layer.group);
    this.changes++;
    return layer;
  }

  /** Takes a layer (and any LOD layer of its world) off the scene and frees its buffers. */
  removeColumnLayer(layer: ColumnMeshes): void {
    if (!this.layers.delete(layer)) return;
    for (const [lod, owner] of this.lodLayers) if (owner.columns === layer) this.removeLodLayer(lod);
    this.scene.remove(layer.group);
    layer.dispose();
    this.changes++;
  }

  /**
   * A new, empty far-terrain layer for the world of `columns`: opaque and water batches (no
   * cut-out pass) that leave out what `columns` has loaded (far-terrain.ts): drawn with the
   * plain voxel shader, or, while some drawn region is partly under loaded columns, with LOD
   * variants that discard there (reading the columns' mask). It is part of the column layer's
   * group, so it is shown, hidden and cut to a compare strip with it.
   */
  createLodLayer(columns: ColumnMeshes, name: string): FarTerrain {
    const materials = {
      plain: { opaque: createVoxelMaterial({ tiles: this.tiles, translucent: false, far: true }), water: createVoxelMaterial({ tiles: this.tiles, translucent: true, far: true }) },
      masked: { opaque: createVoxelMaterial({ tiles: this.tiles, translucent: false, lod: true }), water: createVoxelMaterial({ tiles: this.tiles, translucent: true, lod: true }) },
    };
    const all = [materials.plain.opaque, materials.plain.water, materials.masked.opaque, materials.masked.water];
    for (const m of all) this.day.light(m);
    // Far water is only ever seen from above: one pass, not three's two for double-sided
    // transparency (on SwiftShader an ocean to the horizon is the largest area drawn).
    materials.plain.water.side = THREE.FrontSide;
    materials.masked.water.side = THREE.FrontSide;
    columns.mask.bind(materials.masked.opaque);
    columns.mask.bind(materials.masked.water);
    // 2,048 blocks a region: a level-7 region each, 3 x 3 of them at most out to F = 128.
    const layer = new FarTerrain(columns, { name, ...materials, bucketBlocks: LOD_BUCKET_BLOCKS });
    this.lodLayers.set(layer, { columns, materials: all, compiled: false });
    columns.group.add(layer.group);
    this.changes++;
    return layer;
  }

  /**
   * Compiles materials for batched drawing now (in the background where the browser can),
   * rather than on the first frame that draws with them: a program first needed mid-flight
   * (leaves, the first far sea, the masked far-terrain variants) stalled that frame for
   * seconds on SwiftShader, the longest task of a throttled flight.
   */
  private precompile(materials: THREE.Material[]): void {
    const probes = new THREE.Group();
    for (const m of materials) probes.add(new THREE.BatchedMesh(1, 4, 6, m));
    const done = () => probes.children.forEach((p) => (p as THREE.BatchedMesh).dispose());
    this.renderer.compileAsync(probes, this.camera, this.scene).then(done, done);
  }

  /** Takes a LOD layer off the scene and frees its buffers and materials. */
  removeLodLayer(layer: FarTerrain): void {
    const owner = this.lodLayers.get(layer);
    if (!owner) return;
    this.lodLayers.delete(layer);
    layer.group.removeFromParent();
    layer.dispose();
    for (const m of owner.materials) m.dispose();
    this.changes++;
  }

  /** The next frame is drawn even if nothing it lists changed (the canvas lost its picture: a restored context). */
  invalidate(): void {
    this.signature.forget();
  }

  /**
   * Draws each view's layer into its strip [from, to) of the canvas. A strip is drawn with
   * a copy of the camera whose view offset (setViewOffset) is that strip of the full view,
   * into a viewport and scissor of the strip: every pixel is exactly what the whole view
   * shows there (one image cut in two, not two squeezed viewports), and the batches cull
   * their items against the strip's own frustum, so each side submits about its share of
   * the view. Sky, lights and the selection box are shared; layers in no view are not
   * drawn. A frame that would show what the last one drawn showed is skipped, unless
   * `force` (or drawEveryFrame). Returns what each pass submitted (in the last frame drawn).
   */
  render(views: readonly LayerView[], force = false): PassStats[] {
    if (this.disposed) return [];
    // three uploads what changed while it draws: this frame's share of the traffic.
    const uploadedBefore = this.uploads.bytes;
    this.day.dome.follow(this.camera);
    this.selection.follow(this.camera);
    this.effects.follow(this.camera, this.renderer.getDrawingBufferSize(this.bufferSize).y);
    for (const layer of this.layers) layer.follow(this.camera.position, views.find((v) => v.layer === layer)?.cull ?? false);
    for (const [layer, owner] of this.lodLayers) {
      layer.follow(this.camera.position);
      // All four far programs as soon as the layer holds a region (never with far terrain off:
      // compiling costs a software GPU a second of a load). Plain far water is one-sided, unlike
      // the columns' water, so it is a program of its own, first drawn mid-flight when the
      // first far sea comes into view: compiled then, it stalled that frame.
      if (!owner.compiled && layer.count > 0) {
        owner.compiled = true;
        this.precompile(owner.materials);
      }
    }
    if (!this.signOf(views).changed && !force && !this.drawEveryFrame) {
      this.uploadBytesLastFrame = 0;
      this.framesSkipped++;
      return this.lastPasses;
    }
    this.signature.commit();
    this.framesDrawn++;
    const info = this.renderer.info;
    const passes: PassStats[] = [];
    for (const layer of this.layers) layer.group.visible = false;
    const whole = views.length === 1 && views[0]!.from <= 0 && views[0]!.to >= 1;
    if (whole) {
      views[0]!.layer.group.visible = true;
      this.renderer.render(this.scene, this.camera);
      passes.push({ drawCalls: info.render.calls, triangles: info.render.triangles });
    } else {
      // Strips in drawing-buffer pixels, so the view offset and the viewport agree exactly;
      // viewport and scissor take CSS pixels (they multiply by the pixel ratio and round).
      const css = this.renderer.getSize(this.canvasSize);
      const buffer = this.renderer.getDrawingBufferSize(this.bufferSize);
      const ratio = this.renderer.getPixelRatio();
      this.camera.updateMatrixWorld();
      this.renderer.setScissorTest(true);
      for (const view of views) {
        const x0 = Math.round(Math.max(0, view.from) * buffer.x);
        const x1 = Math.round(Math.min(1, view.to) * buffer.x);
        if (x1 <= x0) {
          passes.push({ drawCalls: 0, triangles: 0 });
          continue;
        }
        const strip = this.stripCamera;
        strip.copy(this.camera);
        strip.setViewOffset(buffer.x, buffer.y, x0, 0, x1 - x0, buffer.y);
        this.renderer.setViewport(x0 / ratio, 0, (x1 - x0) / ratio, css.y);
        this.renderer.setScissor(x0 / ratio, 0, (x1 - x0) / ratio, css.y);
        // The outline's pixel widths are relative to the viewport, now the strip.
        this.selection.setResolution((x1 - x0) / ratio, css.y);
        view.layer.group.visible = true;
        // Each render() clears inside the scissor only, so the strips do not wipe each other.
        this.renderer.render(this.scene, strip);
        passes.push({ drawCalls: info.render.calls, triangles: info.render.triangles });
        view.layer.group.visible = false;
      }
      this.renderer.setScissorTest(false);
      this.renderer.setViewport(0, 0, css.x, css.y);
      this.selection.setResolution(css.x, css.y);
    }
    for (const layer of this.layers) layer.group.visible = true;
    this.lastPasses = passes;
    this.uploadBytesLastFrame = this.uploads.bytes - uploadedBefore;
    return passes;
  }

  /** This frame's signature: the camera, the canvas, the views and the revisions of all that is drawn. */
  private signOf(views: readonly LayerView[]): FrameSignature {
    this.camera.updateMatrixWorld();
    const css = this.renderer.getSize(this.canvasSize);
    const buffer = this.renderer.getDrawingBufferSize(this.bufferSize);
    const sign = this.signature.begin().addAll(this.camera.matrixWorld.elements).addAll(this.camera.projectionMatrix.elements);
    sign.add(css.x).add(css.y).add(buffer.x).add(buffer.y).add(this.changes).add(this.selection.revision).add(this.effects.revision);
    // Once a frame: no arrays made, no searches (a few layers, one or two views).
    let index = 0;
    for (const layer of this.layers) {
      sign.add(layer.revision);
      for (const view of views) if (view.layer === layer) sign.add(index).add(view.from).add(view.to).add(view.cull ? 1 : 0);
      index++;
    }
    for (const layer of this.lodLayers.keys()) sign.add(layer.revision);
    return sign;
  }

  /** GPU memory now, and draw calls and triangles of the last frame, every pass summed. */
  stats(): FrameStats {
    const info = this.renderer.info;
    let drawCalls = 0;
    let triangles = 0;
    for (const p of this.lastPasses) {
      drawCalls += p.drawCalls;
      triangles += p.triangles;
    }
    let gpuBytes = 0;
    let pooledArenas = 0;
    for (const layer of [...this.layers, ...this.lodLayers.keys()]) {
      gpuBytes += layer.gpuBytes;
      pooledArenas += layer.pooledArenas;
    }
    return {
      geometries: info.memory.geometries,
      textures: info.memory.textures,
      drawCalls,
      triangles,
      gpuBytes,
      pooledArenas,
      uploadBytes: this.uploads.bytes,
      uploadBytesLastFrame: this.uploadBytesLastFrame,
      underWater: this.day.isUnderWater,
      framesDrawn: this.framesDrawn,
      framesSkipped: this.framesSkipped,
    };
  }

  /** Frees columns, materials, textures and the WebGL context. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const layer of [...this.layers]) this.removeColumnLayer(layer);
    this.selection.dispose();
    this.effects.dispose();
    this.day.dispose();
    for (const m of this.materials) m.dispose();
    this.tiles.dispose();
    this.renderer.dispose();
    this.uploads.dispose();
  }
}
